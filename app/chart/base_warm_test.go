package chart

import "testing"

// TestWarmBasesTouchNoCache: WarmBases' steps run, and leave the cache of
// bases and its seeding (base_seeds.go) as they were: a base they cached,
// or a miss that stopped the seeding, would change what a first visit draws.
func TestWarmBasesTouchNoCache(t *testing.T) {
	saved := seeding
	defer func() { seeding = saved }()
	emptyBaseCache(t)
	seeding = true
	for _, step := range warmBaseSteps {
		step()
	}
	if n := len(CachedBases()); n != 0 || !seeding {
		t.Errorf("after the steps: %d bases cached, seeding %v; want none and true", n, seeding)
	}
}
