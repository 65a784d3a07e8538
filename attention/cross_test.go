package attention_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// crossOf returns in as cross-attention of X with a copy of itself.
func crossOf(in *attention.Input) *attention.Input {
	c := *in
	c.XKV = mat.DenseCopyOf(in.X)
	c.TokensKV = slices.Clone(in.Tokens)
	return &c
}

// TestCrossWithItselfIsSelfAttention: cross-attention whose key/value side
// is a copy of X gives every matrix of self-attention bit for bit, and the
// same weight gradients; X's gradient of self-attention is the sum of the
// query side's and the key/value side's.
func TestCrossWithItselfIsSelfAttention(t *testing.T) {
	for _, c := range []struct {
		n, d, h int
		wo      bool
		opt     attention.Options
	}{
		{5, 8, 2, true, attention.Options{Valid: 5, Scale: true}},
		{7, 12, 3, false, attention.Options{Causal: true, Valid: 4, Scale: true, Temperature: 0.5}},
		{40, 32, 4, true, attention.Options{Causal: true, Valid: 40}},
	} {
		self := randomInput(c.n, c.d, c.h, int64(c.n), c.wo, c.opt)
		cross := crossOf(self)
		var rs, rc attention.Result
		attention.Forward(&rs, self)
		attention.Forward(&rc, cross)
		if rs.XKV != nil || rc.XKV == nil || len(rc.TokensKV) != c.n {
			t.Fatalf("n=%d: Result.XKV %v / %v, TokensKV %q", c.n, rs.XKV, rc.XKV, rc.TokensKV)
		}
		for i := range rs.Heads {
			hs, hc := rs.Heads[i], rc.Heads[i]
			for _, m := range [][2]*mat.Dense{{hs.Q, hc.Q}, {hs.K, hc.K}, {hs.V, hc.V}, {hs.Scores, hc.Scores}, {hs.Weights, hc.Weights}, {hs.Output, hc.Output}} {
				equalBits(t, "head", m[0], m[1])
			}
		}
		equalBits(t, "weights_mean", rs.WeightsMean, rc.WeightsMean)
		equalBits(t, "output", rs.Output, rc.Output)

		gradOutput := randomDense(rs.Output.RawMatrix().Rows, rs.Output.RawMatrix().Cols, 9, "grad", 1)
		var gs, gc attention.Gradients
		attention.Backward(&gs, &rs, self, gradOutput)
		attention.Backward(&gc, &rc, cross, gradOutput)
		if gs.XKV != nil || gc.XKV == nil {
			t.Fatalf("n=%d: Gradients.XKV %v / %v", c.n, gs.XKV, gc.XKV)
		}
		equalBits(t, "grad wq", gs.Wq, gc.Wq)
		equalBits(t, "grad wk", gs.Wk, gc.Wk)
		equalBits(t, "grad wv", gs.Wv, gc.Wv)
		var sum mat.Dense
		sum.Add(gc.X, gc.XKV)
		if !mat.EqualApprox(&sum, gs.X, 1e-12) {
			t.Fatalf("n=%d: dX ≠ dX_q + dX_kv:\n%v\n%v", c.n, mat.Formatted(gs.X), mat.Formatted(&sum))
		}
	}
}

// TestCrossMasks: with n queries and m keys, n < m and n > m, the weights
// are n × m; key j has weight 0 for query i exactly when j ≥ valid or, with
// the causal mask, j > i; every row with a visible key sums to 1.
func TestCrossMasks(t *testing.T) {
	for _, c := range []struct {
		n, m, valid int
		causal      bool
	}{{3, 7, 7, true}, {6, 3, 3, true}, {4, 5, 2, false}, {5, 4, 3, true}, {2, 6, 0, false}} {
		in := randomInput(c.n, 8, 2, 4, true, attention.Options{Causal: c.causal, Valid: c.valid, Scale: true})
		in.XKV = randomDense(c.m, 8, 5, "x_kv", 3)
		var res attention.Result
		attention.Forward(&res, in)
		for h, head := range append(res.Heads, attention.Head{Weights: res.WeightsMean}) {
			if r, cols := head.Weights.Dims(); r != c.n || cols != c.m {
				t.Fatalf("%+v head %d: weights %d×%d", c, h, r, cols)
			}
			for i := range c.n {
				sum, visible := 0.0, false
				for j := range c.m {
					w := head.Weights.At(i, j)
					masked := j >= c.valid || c.causal && j > i
					if masked != (w == 0) {
						t.Fatalf("%+v head %d: weight[%d][%d] = %v, masked %v", c, h, i, j, w, masked)
					}
					sum += w
					visible = visible || !masked
				}
				if visible && math.Abs(sum-1) > 1e-12 {
					t.Fatalf("%+v head %d: row %d sums to %v", c, h, i, sum)
				}
			}
		}
	}
}

// TestCrossKeyPermutation: without masks, permuting the rows of XKV
// permutes the columns of the weights the same way and leaves the output as
// it is (to rounding).
func TestCrossKeyPermutation(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	in := randomInput(4, 6, 3, 2, true, attention.Options{Valid: 5, Scale: true})
	in.XKV = randomDense(5, 6, 7, "x_kv", 2)
	perm := rnd.Perm(5)
	permuted := *in
	permuted.XKV = mat.NewDense(5, 6, nil)
	for i, p := range perm {
		permuted.XKV.SetRow(i, in.XKV.RawRowView(p))
	}
	var a, b attention.Result
	attention.Forward(&a, in)
	attention.Forward(&b, &permuted)
	for i := range 4 {
		for j, p := range perm {
			if x, y := a.WeightsMean.At(i, p), b.WeightsMean.At(i, j); math.Abs(x-y) > 1e-12 {
				t.Fatalf("weight[%d][%d] = %v, permuted [%d][%d] = %v", i, p, x, i, j, y)
			}
		}
	}
	if !mat.EqualApprox(a.Output, b.Output, 1e-12) {
		t.Fatal("the output changed with the order of the keys")
	}
}

// TestCrossText: text_kv is tokenized and embedded as text is, with the
// same seed and d_model (a word has one vector on both sides), the result
// JSON then has tokens_kv and x_kv; text_kv equal to text gives the
// self-attention of text.
func TestCrossText(t *testing.T) {
	run := func(s string) (*attention.Result, map[string]json.RawMessage) {
		t.Helper()
		spec, err := attention.ParseSpec([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		res, err := attention.Run(spec)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		data, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(data, &fields); err != nil {
			t.Fatal(err)
		}
		return res, fields
	}
	res, fields := run(`{"text": "le chat noir", "text_kv": "the black cat sat", "heads": 2, "seed": 3, "d_model": 8}`)
	if !slices.Equal(res.TokensKV, []string{"the", "black", "cat", "sat"}) || res.XKV.RawMatrix().Rows != 4 {
		t.Fatalf("tokens_kv %q", res.TokensKV)
	}
	if r, c := res.Heads[0].Weights.Dims(); r != 3 || c != 4 {
		t.Fatalf("weights %d×%d, want 3×4", r, c)
	}
	var tokensKV []string
	var xkv [][]float64
	if json.Unmarshal(fields["tokens_kv"], &tokensKV) != nil || json.Unmarshal(fields["x_kv"], &xkv) != nil ||
		!slices.Equal(tokensKV, res.TokensKV) || len(xkv) != 4 {
		t.Fatalf("JSON tokens_kv %s, x_kv %.80s", fields["tokens_kv"], fields["x_kv"])
	}
	_, other := run(`{"text": "cat chat", "text_kv": "the cat", "seed": 3, "d_model": 8}`)
	var x [][]float64
	json.Unmarshal(other["x"], &x)
	json.Unmarshal(other["x_kv"], &xkv)
	if len(x) != 2 || len(xkv) != 2 || !slices.Equal(x[0], xkv[1]) || slices.Equal(x[1], xkv[1]) {
		t.Fatalf("x %v, x_kv %v: want one vector for \"cat\" on both sides, another for \"chat\"", x, xkv)
	}
	self, selfFields := run(`{"text": "the cat sat", "heads": 2, "seed": 1, "positional": true}`)
	same, sameFields := run(`{"text": "the cat sat", "text_kv": "the cat sat", "heads": 2, "seed": 1, "positional": true}`)
	equalBits(t, "output", self.Output, same.Output)
	if _, ok := selfFields["tokens_kv"]; ok {
		t.Fatal("self-attention JSON has tokens_kv")
	}
	for _, k := range []string{"heads", "weights_mean", "output", "x"} {
		if string(selfFields[k]) != string(sameFields[k]) {
			t.Fatalf("%s differs between text and text = text_kv", k)
		}
	}
	if string(sameFields["x"]) != string(sameFields["x_kv"]) {
		t.Fatal("x_kv of the same sentence differs from x")
	}
}

// TestCrossSpecErrors: errors that only cross-attention specs can have, and
// a valid that counts keys, not queries.
func TestCrossSpecErrors(t *testing.T) {
	spec, err := attention.ParseSpec([]byte(`{"x": [[1, 2]], "x_kv": [[1, 2], [3, 4], [5, 6]], "valid": 3}`))
	if err != nil {
		t.Fatal(err)
	}
	in, err := spec.Resolve()
	if err != nil {
		t.Fatalf("valid = m > n refused: %v", err)
	}
	if in.Options.Valid != 3 || !slices.Equal(in.TokensKV, []string{"kv0", "kv1", "kv2"}) {
		t.Fatalf("valid %d, tokens_kv %q", in.Options.Valid, in.TokensKV)
	}
	nan := math.NaN()
	_, err = (&attention.Spec{X: [][]float64{{1}}, XKV: [][]float64{{nan}}}).Resolve()
	var se *attention.SpecError
	if !errors.As(err, &se) || se.Field != "x_kv" {
		t.Fatalf("NaN in x_kv: %v", err)
	}
}

// TestCrossAllocs: Forward and Backward of cross-attention into a Result
// and Gradients of the same shapes allocate nothing, also for products
// split among goroutines (n = 200 queries, m = 300 keys).
func TestCrossAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("instrumented build")
	}
	for _, c := range []struct{ n, m, d, h int }{{3, 7, 16, 2}, {9, 4, 8, 1}, {200, 300, 128, 4}} {
		if c.n > 100 && testing.Short() {
			continue
		}
		in := randomInput(c.n, c.d, c.h, 1, c.n != 9, attention.Options{Causal: c.n == 3, Valid: c.m - 1, Scale: true})
		in.XKV = randomDense(c.m, c.d, 2, "x_kv", 3)
		var res attention.Result
		attention.Forward(&res, in)
		gradOutput := randomDense(c.n, c.d, 3, "grad", 1)
		var g attention.Gradients
		attention.Backward(&g, &res, in, gradOutput)
		if a := testing.AllocsPerRun(5, func() { attention.Forward(&res, in) }); a != 0 {
			t.Fatalf("%+v: %v allocations per Forward, want 0", c, a)
		}
		if a := testing.AllocsPerRun(5, func() { attention.Backward(&g, &res, in, gradOutput) }); a != 0 {
			t.Fatalf("%+v: %v allocations per Backward, want 0", c, a)
		}
	}
}

// TestCrossExplainCell: ExplainCell works a cross-attention weight out with
// the engine's own numbers, for query sides longer and shorter than the
// key/value side, masked or not.
func TestCrossExplainCell(t *testing.T) {
	for _, c := range []struct{ n, m int }{{2, 5}, {5, 3}} {
		in := randomInput(c.n, 8, 2, 8, true, attention.Options{Causal: true, Valid: c.m - 1, Scale: true, Temperature: 0.7})
		in.XKV = randomDense(c.m, 8, 9, "x_kv", 3)
		var r attention.Result
		attention.Forward(&r, in)
		for h, head := range r.Heads {
			for i := range c.n {
				for j := range c.m {
					checkExplanation(t, &r, head, attention.ExplainCell(&r, h, i, j), h, i, j, 4)
				}
			}
		}
	}
}
