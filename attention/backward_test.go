package attention_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// gradCase is a random problem for the gradient tests.
type gradCase struct {
	in         *attention.Input
	gradOutput *mat.Dense
}

func (c gradCase) String() string {
	n, d := c.in.X.Dims()
	m := n
	if c.in.XKV != nil {
		m, _ = c.in.XKV.Dims()
	}
	_, hk := c.in.Wq.Dims()
	_, hv := c.in.Wv.Dims()
	return fmt.Sprintf("n=%d m=%d cross=%v d_model=%d heads=%d d_k=%d d_v=%d wo=%v %+v",
		n, m, c.in.XKV != nil, d, c.in.Heads, hk/c.in.Heads, hv/c.in.Heads, c.in.Wo != nil, c.in.Options)
}

// randomGradCase draws shapes, options and values: 1–3 heads, d_k and d_v
// 1–4, n 1–6, d_model 1–5, with and without Wo, causal or not, valid 0…m,
// scale on or off, temperatures from 0.3 to 3; in a third of the cases
// cross-attention, with m 1–6 rows of XKV (m = n otherwise).
func randomGradCase(rnd *rand.Rand) gradCase {
	n, d, h := 1+rnd.IntN(6), 1+rnd.IntN(5), 1+rnd.IntN(3)
	m, cross := n, rnd.IntN(3) == 0
	if cross {
		m = 1 + rnd.IntN(6)
	}
	dk, dv := 1+rnd.IntN(4), 1+rnd.IntN(4)
	fill := func(r, c int, scale float64) *mat.Dense {
		m := mat.NewDense(r, c, nil)
		raw := m.RawMatrix().Data
		for i := range raw {
			raw[i] = scale * rnd.NormFloat64()
		}
		return m
	}
	in := &attention.Input{
		X:     fill(n, d, 1),
		Wq:    fill(d, h*dk, 0.8),
		Wk:    fill(d, h*dk, 0.8),
		Wv:    fill(d, h*dv, 0.8),
		Heads: h,
		Options: attention.Options{
			Causal:      rnd.IntN(2) == 0,
			Valid:       rnd.IntN(m + 1),
			Scale:       rnd.IntN(2) == 0,
			Temperature: []float64{0, 1, 0.3, 0.5, 2, 3}[rnd.IntN(6)],
		},
	}
	if rnd.IntN(4) == 0 {
		in.Options.Valid = m
	}
	if cross {
		in.XKV = fill(m, d, 1)
	}
	dOut := h * dv
	if rnd.IntN(3) != 0 {
		dOut = 1 + rnd.IntN(5)
		in.Wo = fill(h*dv, dOut, 0.8)
	}
	return gradCase{in: in, gradOutput: fill(n, dOut, 1)}
}

// loss is Σ Output ⊙ gradOutput of a Forward of in.
func loss(in *attention.Input, gradOutput *mat.Dense) float64 {
	var res attention.Result
	attention.Forward(&res, in)
	return mat.Sum(elemMul(res.Output, gradOutput))
}

func elemMul(a, b *mat.Dense) *mat.Dense {
	var p mat.Dense
	p.MulElem(a, b)
	return &p
}

// TestBackwardFiniteDifferences: on random shapes and options, every
// gradient Backward gives agrees with the central difference
// (L(θ+ε) − L(θ−ε)) / 2ε of every input entry, to 1e-6 absolute or
// relative. One Gradients is reused across every shape.
func TestBackwardFiniteDifferences(t *testing.T) {
	rnd := rand.New(rand.NewPCG(12, 1))
	var g attention.Gradients
	const eps = 1e-5
	trials := 300
	if testing.Short() {
		trials = 60
	}
	for trial := range trials {
		c := randomGradCase(rnd)
		var res attention.Result
		attention.Forward(&res, c.in)
		attention.Backward(&g, &res, c.in, c.gradOutput)
		if (g.Wo == nil) != (c.in.Wo == nil) || (g.XKV == nil) != (c.in.XKV == nil) {
			t.Fatalf("trial %d %v: Wo gradient %v, XKV gradient %v", trial, c, g.Wo, g.XKV)
		}
		for _, p := range []struct {
			name       string
			param, got *mat.Dense
		}{{"X", c.in.X, g.X}, {"XKV", c.in.XKV, g.XKV}, {"Wq", c.in.Wq, g.Wq}, {"Wk", c.in.Wk, g.Wk}, {"Wv", c.in.Wv, g.Wv}, {"Wo", c.in.Wo, g.Wo}} {
			if p.param == nil {
				continue
			}
			pr, pc := p.param.Dims()
			if gr, gc := p.got.Dims(); gr != pr || gc != pc {
				t.Fatalf("trial %d %v: d%s is %d×%d, want %d×%d", trial, c, p.name, gr, gc, pr, pc)
			}
			for i := range pr {
				for j := range pc {
					v := p.param.At(i, j)
					p.param.Set(i, j, v+eps)
					up := loss(c.in, c.gradOutput)
					p.param.Set(i, j, v-eps)
					down := loss(c.in, c.gradOutput)
					p.param.Set(i, j, v)
					want := (up - down) / (2 * eps)
					if got := p.got.At(i, j); !(math.Abs(got-want) <= 1e-6*math.Max(1, math.Abs(want))) {
						t.Fatalf("trial %d %v: d%s[%d][%d] = %.12g, central difference %.12g", trial, c, p.name, i, j, got, want)
					}
				}
			}
		}
	}
}

// TestBackwardMaskedRowsPassNothing: with valid = 0 (every row fully
// masked) every gradient is exactly 0; a padded key that no query sees,
// whose own output row has no gradient, gets a row of dX exactly 0.
func TestBackwardMaskedRowsPassNothing(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		c := randomGradCase(rnd)
		c.in.Options.Valid = 0
		var res attention.Result
		attention.Forward(&res, c.in)
		var g attention.Gradients
		attention.Backward(&g, &res, c.in, c.gradOutput)
		for _, m := range []*mat.Dense{g.X, g.XKV, g.Wq, g.Wk, g.Wv, g.Wo} {
			if m != nil && mat.Norm(m, math.Inf(1)) != 0 {
				t.Fatalf("%v: valid = 0 gave a gradient %v", c, mat.Formatted(m))
			}
		}
	}
	// n = 4, valid = 2, no Wo: keys 2 and 3 are padding, seen by no query,
	// and X's rows 2 and 3 reach the output only as queries. With the
	// gradient of their output rows 0, their dX rows are exactly 0.
	in := randomInput(4, 4, 2, 3, false, attention.Options{Valid: 2, Scale: true})
	gradOutput := mat.NewDense(4, 4, []float64{1, 2, 3, 4, -1, 0.5, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0})
	var res attention.Result
	attention.Forward(&res, in)
	var g attention.Gradients
	attention.Backward(&g, &res, in, gradOutput)
	for i := 2; i < 4; i++ {
		for j := range 4 {
			if v := g.X.At(i, j); v != 0 {
				t.Fatalf("dX[%d][%d] = %v for a padded key whose output row has no gradient, want 0", i, j, v)
			}
		}
	}
	if mat.Norm(g.X.Slice(0, 2, 0, 4), math.Inf(1)) == 0 {
		t.Fatal("dX of the visible rows is 0")
	}
}

// TestBackwardAllocs: Backward into Gradients of the same shapes allocates
// nothing, also for products split among goroutines.
func TestBackwardAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("instrumented build")
	}
	for _, c := range []struct {
		name    string
		n, d, h int
		wo      bool
		opt     attention.Options
	}{
		{"n8_d16_h2", 8, 16, 2, true, attention.Options{Valid: 8, Scale: true}},
		{"n8_d16_h2_causal_pad_nowo", 8, 16, 2, false, attention.Options{Causal: true, Valid: 5, Scale: true, Temperature: 2}},
		{"n128_d64_h4", 128, 64, 4, true, attention.Options{Valid: 128, Scale: true}},
		{"n256_d256_h4_causal", 256, 256, 4, true, attention.Options{Causal: true, Valid: 250, Scale: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.n > 128 && testing.Short() {
				t.Skip("large")
			}
			in := randomInput(c.n, c.d, c.h, 1, c.wo, c.opt)
			var res attention.Result
			attention.Forward(&res, in)
			gradOutput := randomDense(c.n, c.d, 2, "grad", 1)
			var g attention.Gradients
			attention.Backward(&g, &res, in, gradOutput)
			if a := testing.AllocsPerRun(5, func() { attention.Backward(&g, &res, in, gradOutput) }); a != 0 {
				t.Fatalf("%v allocations per Backward, want 0", a)
			}
		})
	}
}

// TestSpecGradOutput: a spec's grad_output reaches Input.GradOutput; Run and
// Engine.Run then give Result.Grad, bit for bit Backward's, and the JSON its
// "grad" (with "wo" only for an output projection); without grad_output,
// Grad is nil and the JSON has no "grad". A problem whose gradients alone
// exceed MaxCells is refused only when it asks for them.
func TestSpecGradOutput(t *testing.T) {
	var engine attention.Engine
	for _, s := range []string{
		`{"tokens": ["a", "b", "c"], "x": [[1, 0.5], [-2, 3], [0, 1]], "wo": [[1, 1, 0], [0, 1, 2]], "heads": 2, "mask": "causal", "grad_output": [[1, 2, 3], [0, -1, 0.5], [2, 0, 1]]}`,
		`{"tokens": ["a", "b"], "x": [[1, 2], [3, 4]], "valid": 1, "grad_output": [[1, -1], [0.5, 2]]}`,
		`{"text": "the cat sat", "heads": 2, "d_model": 4, "seed": 3, "grad_output": [[1, 2, 3, 4], [0, 0, 0, 0], [1, 0, 1, 0]]}`,
		`{"text": "the cat sat", "heads": 2, "d_model": 4, "seed": 3}`,
	} {
		spec, err := attention.ParseSpec([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		in, err := spec.Resolve()
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if (in.GradOutput != nil) != (spec.GradOutput != nil) {
			t.Fatalf("%s: Input.GradOutput %v", s, in.GradOutput)
		}
		for _, run := range []func(*attention.Spec) (*attention.Result, error){attention.Run, engine.Run} {
			res, err := run(spec)
			if err != nil {
				t.Fatal(err)
			}
			data, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Grad map[string]json.RawMessage `json:"grad"`
			}
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			if in.GradOutput == nil {
				if res.Grad != nil || got.Grad != nil {
					t.Fatalf("%s: gradients without grad_output", s)
				}
				continue
			}
			var want attention.Gradients
			attention.Backward(&want, res, in, in.GradOutput)
			for _, m := range []struct {
				name      string
				got, want *mat.Dense
			}{{"x", res.Grad.X, want.X}, {"wq", res.Grad.Wq, want.Wq}, {"wk", res.Grad.Wk, want.Wk}, {"wv", res.Grad.Wv, want.Wv}} {
				equalBits(t, s+" grad."+m.name, m.got, m.want)
				var back [][]float64
				if err := json.Unmarshal(got.Grad[m.name], &back); err != nil || len(back) != m.want.RawMatrix().Rows {
					t.Fatalf("%s: grad.%s in JSON: %v", s, m.name, err)
				}
			}
			if _, ok := got.Grad["wo"]; ok != (in.Wo != nil) || len(got.Grad) != 4+btoi(ok) {
				t.Fatalf("%s: grad keys %v, wo %v", s, keys(got.Grad), in.Wo != nil)
			}
		}
	}
	big := `{"text": "` + strings.Repeat("w ", 100) + `", "d_model": 1024, "heads": 4, "d_k": 512}`
	spec, err := attention.ParseSpec([]byte(big))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.Resolve(); err != nil {
		t.Fatalf("the problem of the \"grad_output too many cells\" case does not fit without gradients: %v", err)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func keys(m map[string]json.RawMessage) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	return k
}
