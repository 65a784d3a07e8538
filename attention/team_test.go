//go:build amd64 && !purego

package attention

import (
	"testing"
	"time"
)

// teamState sets the team's debt and rest, clears its rest's end, and
// returns a function that puts back what they were; it holds team.busy
// meanwhile, so that no forward uses the team.
func teamState(t *testing.T, debt, rest time.Duration) func() {
	t.Helper()
	team.busy.Lock()
	oldDebt, oldRest, oldCalm := team.debt, team.rest, team.calm.Load()
	team.debt, team.rest = debt, rest
	team.calm.Store(0)
	return func() {
		team.debt, team.rest = oldDebt, oldRest
		team.calm.Store(oldCalm)
		team.busy.Unlock()
	}
}

// TestTeamAccount: a single stall of a scheduler tick does not rest the
// team; stalls over teamMaxDebt do, for teamRest; stalls soon after a rest
// double it; sets on time pay the debt off and then halve the rest.
func TestTeamAccount(t *testing.T) {
	defer teamState(t, 0, 0)()
	const own = 20 * time.Microsecond
	teamAccount(own, own+teamLate) // not a stall: waited no more than allowed
	if team.debt != 0 || teamResting() > 0 {
		t.Fatalf("a wait within teamLate: debt %v, resting %v", team.debt, teamResting())
	}
	teamAccount(own, 4*time.Millisecond) // a tick's pause
	if team.debt <= 0 || teamResting() > 0 {
		t.Fatalf("one 4 ms stall: debt %v, resting %v; want a debt and no rest", team.debt, teamResting())
	}
	teamAccount(own, teamMaxDebt) // stalls add up past the limit
	if r := teamResting(); r <= 0 || r > teamRest || team.rest != teamRest || team.debt != teamMaxDebt*2/3 {
		t.Fatalf("past the limit: resting %v, rest %v, debt %v; want a rest of %v and two thirds of the limit owed", r, team.rest, team.debt, teamRest)
	}
	team.calm.Store(0)
	teamAccount(own, 4*time.Millisecond) // two thirds owed: one more tick's pause rests again
	if team.rest != 2*teamRest || teamResting() <= teamRest {
		t.Fatalf("a stall right after a rest: rest %v, resting %v; want %v", team.rest, teamResting(), 2*teamRest)
	}
	team.calm.Store(0)
	sets := 0
	for ; team.debt > 0; sets++ {
		if sets > 1e6 {
			t.Fatalf("the debt is never paid off: %v left", team.debt)
		}
		teamAccount(30*time.Microsecond, time.Microsecond)
	}
	if team.rest != teamRest {
		t.Fatalf("the debt paid off (%d sets): rest %v, want it halved to %v", sets, team.rest, teamRest)
	}
	if teamResting() > 0 {
		t.Fatalf("sets on time started a rest")
	}
}

// TestTeamNapsEndWithRest: a worker napping while the team rests looks
// again when the rest ends, rather than napping on (and parking) while
// no forward holds the team.
func TestTeamNapsEndWithRest(t *testing.T) {
	if team.start.Do(startTeam); team.workers == 0 {
		t.Skip("no team: GOMAXPROCS was 1 at the first forward")
	}
	oldPark := teamPark.Load()
	teamPark.Store(int64(time.Hour)) // never park within the test
	defer teamPark.Store(oldPark)
	restore := teamState(t, 0, teamRest)
	defer restore()
	seen := team.gen.Load()
	type naps struct {
		g  uint64
		ok bool
	}
	out := make(chan naps, 1)
	go func() {
		// The rest starts here, not before the goroutine runs: on a busy
		// machine it could be over before teamNaps looks, and a nap with no
		// rest to end goes on (rightly) until the park.
		team.calm.Store(teamClock() + int64(20*time.Millisecond))
		g, ok := teamNaps(seen)
		out <- naps{g, ok}
	}()
	select {
	case r := <-out:
		if r.ok || teamResting() > 0 {
			t.Errorf("teamNaps = %d, %v, with %v of the rest left; want it to return, not ok, once the rest is over", r.g, r.ok, teamResting())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("teamNaps still napping 30 s after a 20 ms rest ended")
	}
}
