//go:build amd64 && !purego

package attention

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// teamCase is one forward that forwardTeam takes.
type teamCase struct {
	n, m, d, heads, dv int
	wo, cross          bool
	opt                Options
	special            string // "", "zeros" (zeros in X and Wq), "inf" (zeros in X, ±Inf in Wq and Wo)
}

func (c teamCase) String() string {
	return fmt.Sprintf("n%d_m%d_d%d_h%d_dv%d_wo%v_cross%v_%+v_%s", c.n, c.m, c.d, c.heads, c.dv, c.wo, c.cross, c.opt, c.special)
}

// input returns the case's Input, from rnd.
func (c teamCase) input(rnd *rand.Rand) *Input {
	dense := func(r, cols int) *mat.Dense {
		m := mat.NewDense(r, cols, nil)
		for i := range r {
			for j := range cols {
				m.Set(i, j, 2*rnd.Float64()-1)
			}
		}
		return m
	}
	dk := c.d / c.heads
	in := &Input{X: dense(c.n, c.d), Wq: dense(c.d, c.heads*dk), Wk: dense(c.d, c.heads*dk),
		Wv: dense(c.d, c.heads*c.dv), Heads: c.heads, Options: c.opt}
	if c.cross {
		in.XKV = dense(c.m, c.d)
	}
	if c.wo {
		in.Wo = dense(c.heads*c.dv, c.d)
	}
	if c.special != "" {
		in.X.Set(1, 2, 0)
		in.X.Set(c.n-1, 0, 0)
		in.Wq.Set(3, 1, 0)
	}
	if c.special == "inf" {
		in.Wq.Set(2, 0, math.Inf(1))
		if in.Wo != nil {
			in.Wo.Set(0, 1, math.Inf(-1))
		}
	}
	return in
}

// TestForwardTeamSameBits: Forward with its heads on the team gives every
// matrix of the Result the bits of the serial path, for masks, temperatures,
// cross-attention, d_v ≠ d_k, no Wo, zeros in X (where the assembly kernel
// may still be used against a finite Wq) and infinities in Wq and Wo (where
// it must not be); a busy team is left to Forward's own path.
func TestForwardTeamSameBits(t *testing.T) {
	cases := []teamCase{
		{n: 32, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Valid: 32, Scale: true}},
		{n: 33, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Causal: true, Valid: 30, Scale: true, Temperature: 0.7}},
		{n: 21, m: 45, d: 48, heads: 3, dv: 24, wo: true, cross: true, opt: Options{Valid: 40, Scale: true}},
		{n: 40, d: 64, heads: 2, dv: 8, wo: false, opt: Options{Causal: true, Valid: 40, Temperature: 2}},
		{n: 32, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Valid: 32, Scale: true}, special: "zeros"},
		{n: 32, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Valid: 32, Scale: true}, special: "inf"},
		{n: 17, d: 80, heads: 5, dv: 16, wo: true, opt: Options{Valid: 0, Scale: true}},
		{n: 128, d: 128, heads: 8, dv: 16, wo: true, opt: Options{Causal: true, Valid: 128, Scale: true}},
	}
	if team.start.Do(startTeam); team.workers == 0 {
		t.Skip("no team: GOMAXPROCS was 1 at the first forward")
	}
	rnd := rand.New(rand.NewPCG(11, 12))
	defer func() { teamOn = true }()
	for _, c := range cases {
		if c.m == 0 {
			c.m = c.n
		}
		in := c.input(rnd)
		var want Result
		teamOn = false
		Forward(&want, in)
		teamOn = true
		if forwardMACs(want.shape) < teamMinMACs {
			t.Fatalf("%v: too small for the team", c)
		}
		var got Result
		Forward(&got, in) // sizes got
		for i := range got.Heads {
			got.Heads[i].Weights.Set(0, 0, math.NaN()) // overwritten below
		}
		team.busy.Lock()
		team.calm.Store(0)
		team.rest = 0 // no rest: use the workers
		team.busy.Unlock()
		if !forwardTeam(&got, in) {
			t.Fatalf("%v: forwardTeam did not take it", c)
		}
		sameResult(t, c.String(), &got, &want)
		team.busy.Lock()
		took := forwardTeam(&got, in)
		team.busy.Unlock()
		if took {
			t.Fatalf("%v: forwardTeam took it while the team was busy", c)
		}
	}
}

// sameResult fails unless got and want have the same bits in every matrix.
func sameResult(t *testing.T, name string, got, want *Result) {
	t.Helper()
	same := func(what string, a, b *mat.Dense) {
		t.Helper()
		ar, ac := a.Dims()
		br, bc := b.Dims()
		if ar != br || ac != bc {
			t.Fatalf("%s %s: %d×%d, want %d×%d", name, what, ar, ac, br, bc)
		}
		for i := range ar {
			for j := range ac {
				if x, y := a.At(i, j), b.At(i, j); math.Float64bits(x) != math.Float64bits(y) {
					t.Fatalf("%s %s[%d][%d] = %v, want %v", name, what, i, j, x, y)
				}
			}
		}
	}
	same("WeightsMean", got.WeightsMean, want.WeightsMean)
	same("Concat", got.Concat, want.Concat)
	same("Output", got.Output, want.Output)
	for i := range want.Heads {
		g, w := got.Heads[i], want.Heads[i]
		for _, m := range []struct {
			what string
			a, b *mat.Dense
		}{{"Q", g.Q, w.Q}, {"K", g.K, w.K}, {"V", g.V, w.V}, {"Scores", g.Scores, w.Scores},
			{"Logits", g.Logits, w.Logits}, {"Weights", g.Weights, w.Weights}, {"Output", g.Output, w.Output}} {
			same(fmt.Sprintf("head %d %s", i, m.what), m.a, m.b)
		}
	}
}

// TestForwardTeamRepeated: forwards one after the other, as the bench runs
// them, with the workers awake or asleep between them, keep their bits.
func TestForwardTeamRepeated(t *testing.T) {
	c := teamCase{n: 32, m: 32, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Valid: 32, Scale: true}}
	in := c.input(rand.New(rand.NewPCG(5, 6)))
	var want, got Result
	teamOn = false
	Forward(&want, in)
	teamOn = true
	for i := range 300 {
		if i%100 == 99 {
			time.Sleep(2 * teamSpin) // the workers nap
		}
		Forward(&got, in)
		if math.Float64bits(got.Output.At(31, 63)) != math.Float64bits(want.Output.At(31, 63)) {
			t.Fatalf("forward %d differs", i)
		}
	}
	sameResult(t, "after 300", &got, &want)
}

// TestTeamParks: after a long idle every worker parks (nothing wakes the
// process any more), and the next forward wakes them and keeps its bits.
func TestTeamParks(t *testing.T) {
	if team.start.Do(startTeam); team.workers == 0 {
		t.Skip("no team: GOMAXPROCS was 1 at the first forward")
	}
	old := teamPark.Load()
	teamPark.Store(int64(time.Millisecond))
	defer teamPark.Store(old)
	c := teamCase{n: 32, m: 32, d: 64, heads: 4, dv: 16, wo: true, opt: Options{Valid: 32, Scale: true}}
	in := c.input(rand.New(rand.NewPCG(7, 8)))
	var want, got Result
	teamOn = false
	Forward(&want, in)
	teamOn = true
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for start := time.Now(); !ok(); time.Sleep(time.Millisecond) {
			if time.Since(start) > 30*time.Second {
				t.Fatalf("%s: %d of %d workers parked after 30 s", what, team.parked.Load(), team.workers)
			}
		}
	}
	waitFor("idle", func() bool { return int(team.parked.Load()) == team.workers })
	teamPark.Store(old) // awake workers nap, not park, while forwards run
	for range 50 {
		team.busy.Lock()
		team.calm.Store(0)
		team.rest = 0
		team.busy.Unlock()
		Forward(&got, in)
	}
	waitFor("forwarding", func() bool { return team.parked.Load() == 0 })
	sameResult(t, "after the park", &got, &want)
}
