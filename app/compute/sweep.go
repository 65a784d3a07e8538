package compute

import (
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// DKChoices are the widths the sweep runs: every d_k the settings offer.
var DKChoices = state.DKChoices

// Sweep is the saturation of a sentence over the query/key width, the
// scaling view's line charts (attention.SweepWeights).
type Sweep struct {
	Points []SweepPoint // by d_k; a width the engine rejects is left out
	Tokens int          // the sentence's tokens
}

// SweepPoint is the saturation at one d_k: the mean over heads and rows of
// the largest weight and of the entropy, with and without scaling.
type SweepPoint struct {
	DK                int
	MaxScaled, MaxRaw float64
	EntScaled, EntRaw float64
}

// sweeper computes Sweeps a run of the engine at a time (SweepStep), so that
// the page stays responsive: a whole sweep at 128 tokens takes too long for
// one task (docs/performance.md).
type sweeper struct {
	engine  attention.Engine
	weights attention.SweepWeights
	done    *Sweep      // the last whole sweep
	doneKey state.Input // what it is of
	next    sweepRun    // the sweep being computed
	gen     int         // numbers the sweeps queued
}

// sweepRun is a sweep being computed: two runs for each of DKChoices.
type sweepRun struct {
	key    state.Input
	gen    int // 0 when no sweep is being computed
	spec   *attention.Spec
	tokens int
	points []SweepPoint
	runs   int // the widths and scalings done

	// The heads of the current width and scaling done, and the sums of
	// their saturations: each head is a run of its own (SweepStep).
	head           int
	sumMax, sumEnt float64
}

// sweepKey is the part of s a sweep is of: its input, but the widths and
// the scaling, which the sweep varies.
func sweepKey(s state.State) state.Input {
	k := s.Input
	k.DK, k.NoScale, k.Matrices = 0, false, ""
	return k
}

// update queues the sweep of s if it is not the one shown or being
// computed, and returns the last whole sweep.
func (w *sweeper) update(s state.State, tokens int) *Sweep {
	switch k := sweepKey(s); {
	case w.done != nil && k == w.doneKey:
		w.next = sweepRun{} // back to the settings shown: a sweep pending is stale
	case w.next.gen != 0 && k == w.next.key:
	default:
		w.gen++
		w.next = sweepRun{key: k, gen: w.gen, spec: s.Spec(), tokens: tokens}
	}
	return w.done
}

// SweepPending returns the number of the sweep being computed, and false
// when there is none. A new number means new settings: the page waits for
// them to rest before it runs SweepStep.
func (c *Computer) SweepPending() (gen int, ok bool) {
	return c.sweep.next.gen, c.sweep.next.gen != 0
}

// SweepStep runs the next run of the engine of the pending sweep, one head
// at one width, and reports whether the sweep is whole now: Update's
// Results then show it. A whole run of every head at d_k 128 and 128
// tokens took a task of about 300 ms in Chromium (docs/performance.md).
func (c *Computer) SweepStep() bool {
	w := &c.sweep
	run := &w.next
	if run.gen == 0 {
		return false
	}
	// Run 2k is d_k DKChoices[k] scaled, run 2k+1 the same unscaled, each
	// a step per head.
	k, scale := run.runs/2, run.runs%2 == 0
	if scale && run.head == 0 {
		run.points = append(run.points, SweepPoint{DK: DKChoices[k]})
	}
	last := &run.points[len(run.points)-1]
	mx, ent, err := w.weights.SaturationHead(&w.engine, run.spec, last.DK, scale, run.head)
	if err == nil {
		run.sumMax, run.sumEnt = run.sumMax+mx, run.sumEnt+ent
		if run.head++; run.head < max(run.spec.Heads, 1) {
			return false
		}
		n := float64(run.head)
		mx, ent = run.sumMax/n, run.sumEnt/n
	}
	run.head, run.sumMax, run.sumEnt = 0, 0, 0
	switch {
	case err != nil:
		run.points = run.points[:len(run.points)-1] // a width the engine rejects is left out
		if scale {
			run.runs++ // and so is its other half
		}
	case scale:
		last.MaxScaled, last.EntScaled = mx, ent
	default:
		last.MaxRaw, last.EntRaw = mx, ent
	}
	if run.runs++; run.runs < 2*len(DKChoices) {
		return false
	}
	w.done, w.doneKey = &Sweep{Points: run.points, Tokens: run.tokens}, run.key
	w.next = sweepRun{}
	return true
}
