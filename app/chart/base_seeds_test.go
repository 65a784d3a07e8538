package chart

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestBaseSeeds: on a miss of the cache, a heatmap takes the seed of its
// key; a miss with no seed stops the seeding, and its base is made afresh.
func TestBaseSeeds(t *testing.T) {
	h := Heatmap{
		Name: "seeded", Values: mat.NewDense(2, 2, []float64{0.25, 0.75, 1, 0}),
		Rows: []string{"a", "b"}, Cols: []string{"a", "b"}, Min: 0, Max: 1, CellLabels: true,
	}
	ResetBases()
	fresh, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	seeds := CachedBases()
	if len(seeds) != 1 {
		t.Fatalf("%d bases cached, want 1", len(seeds))
	}
	for k := range seeds {
		seeds[k] = `{"seeded":"attnviz:data"}`
	}
	saved := firstBases
	defer func() { firstBases, seeding = saved, false }()
	firstBases, seeding = seeds, true
	emptyBaseCache(t)
	p, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if p.Base != `{"seeded":"attnviz:data"}` {
		t.Fatalf("base %.80q, want the seed", p.Base)
	}
	other := h
	other.Name = "not seeded"
	q, err := other.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if seeding || q.Base == "" || q.Base == p.Base {
		t.Fatalf("after a miss without a seed: seeding %v, base %.80q", seeding, q.Base)
	}
	if again, _ := h.Parts(); again.Base != fresh.Base {
		t.Fatalf("once seeding stopped, the base is %.80q, want the one made afresh", again.Base)
	}
}

// emptyBaseCache empties the cache only.
func emptyBaseCache(t *testing.T) {
	t.Helper()
	baseCache.mu.Lock()
	defer baseCache.mu.Unlock()
	clear(baseCache.m)
}
