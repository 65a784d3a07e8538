package attention_test

import (
	"encoding/json"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// propertyCases are inputs of several shapes and options.
var propertyCases = []struct {
	name       string
	n, d, h    int
	valid      int // -1: n
	causal     bool
	scale      bool
	temp       float64
	inputScale float64
}{
	{"n1_d4_h1", 1, 4, 1, -1, false, true, 1, 1},
	{"n6_d8_h2", 6, 8, 2, -1, false, true, 1, 1},
	{"n6_d8_h2_causal", 6, 8, 2, -1, true, true, 1, 1},
	{"n9_d16_h4_pad5", 9, 16, 4, 5, false, true, 1, 1},
	{"n9_d16_h4_causal_pad5", 9, 16, 4, 5, true, true, 0.5, 1},
	{"n7_d12_h3_pad0", 7, 12, 3, 0, false, true, 1, 1},
	{"n7_d12_h3_causal_pad0", 7, 12, 3, 0, true, false, 1, 1},
	{"n20_d8_h8_noscale_t4", 20, 8, 8, -1, true, false, 4, 1},
	{"n40_d32_h4_huge", 40, 32, 4, 33, true, true, 1, 1e4},
	{"n150_d16_h2_parallel", 150, 16, 2, 140, true, true, 1, 1},
}

func caseInput(i int) *attention.Input {
	c := propertyCases[i]
	valid := c.valid
	if valid < 0 {
		valid = c.n
	}
	opt := attention.Options{Causal: c.causal, Valid: valid, Scale: c.scale, Temperature: c.temp}
	return randomInput(c.n, c.d, c.h, int64(i), true, opt)
}

// TestWeightProperties checks, for every head and the mean: finite values;
// rows with a visible key sum to 1; masked entries (causal upper triangle,
// padded keys) and rows with no visible key are exactly 0, with a zero output
// row.
func TestWeightProperties(t *testing.T) {
	for i, c := range propertyCases {
		t.Run(c.name, func(t *testing.T) {
			in := caseInput(i)
			var res attention.Result
			attention.Forward(&res, in)
			if len(res.Heads) != c.h {
				t.Fatalf("%d heads, want %d", len(res.Heads), c.h)
			}
			valid := in.Options.Valid
			check := func(name string, w *mat.Dense) {
				for q := 0; q < c.n; q++ {
					visible := valid
					if c.causal {
						visible = min(visible, q+1)
					}
					sum := 0.0
					for k := 0; k < c.n; k++ {
						v := w.At(q, k)
						if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1 {
							t.Fatalf("%s[%d][%d] = %v, want in [0, 1]", name, q, k, v)
						}
						if k >= visible && v != 0 {
							t.Fatalf("%s[%d][%d] = %v, masked: want exactly 0", name, q, k, v)
						}
						sum += v
					}
					switch {
					case visible == 0 && sum != 0:
						t.Fatalf("%s row %d: fully masked, sums to %v, want 0", name, q, sum)
					case visible > 0 && math.Abs(sum-1) > 1e-12:
						t.Fatalf("%s row %d sums to %v, want 1", name, q, sum)
					}
				}
			}
			for h, head := range res.Heads {
				check("heads["+string(rune('0'+h))+"].weights", head.Weights)
				for q := 0; q < c.n; q++ {
					if valid == 0 {
						if mat.Norm(head.Output.RowView(q), math.Inf(1)) != 0 {
							t.Fatalf("head %d output row %d not 0 with every key masked", h, q)
						}
					}
				}
				if !allFinite(head.Scores) || !allFinite(head.Output) {
					t.Fatalf("head %d: non-finite scores or output", h)
				}
			}
			check("weights_mean", res.WeightsMean)
			if !allFinite(res.Output) {
				t.Fatal("non-finite output")
			}
		})
	}
}

// TestHugeScores: scores of magnitude ≥ 1e6 (and up to 1e300) give finite
// weights that sum to 1.
func TestHugeScores(t *testing.T) {
	for _, scale := range []float64{1e3, 1e6, 1e100} {
		in := randomInput(8, 8, 2, 3, true, attention.Options{Valid: 8, Scale: true})
		in.X.Scale(scale, in.X)
		var res attention.Result
		attention.Forward(&res, in)
		if m := mat.Norm(res.Heads[0].Scores, math.Inf(1)); !(m >= 1e6) {
			t.Fatalf("scale %g: largest score %g, want ≥ 1e6 for this test", scale, m)
		}
		for h, head := range res.Heads {
			for q := 0; q < 8; q++ {
				sum := 0.0
				for k := 0; k < 8; k++ {
					sum += head.Weights.At(q, k)
				}
				if math.Abs(sum-1) > 1e-12 || !allFinite(head.Weights) || !allFinite(head.Output) {
					t.Fatalf("scale %g head %d row %d: sum %v, weights %v", scale, h, q, sum, mat.Formatted(head.Weights.RowView(q).T()))
				}
			}
		}
	}
}

// TestPermutationEquivariance: without positional encoding, permuting the
// rows of X permutes the rows and columns of the weights and the rows of the
// outputs the same way.
func TestPermutationEquivariance(t *testing.T) {
	perm := []int{3, 0, 6, 1, 5, 2, 4}
	for _, h := range []int{1, 2, 4} {
		in := randomInput(7, 8, h, int64(h), true, attention.Options{Valid: 7, Scale: true, Temperature: 0.7})
		var res attention.Result
		attention.Forward(&res, in)
		pin := *in
		pin.X = mat.NewDense(7, 8, nil)
		for i, p := range perm { // row i of the permuted X is row p of X
			pin.X.SetRow(i, mat.Row(nil, p, in.X))
		}
		var pres attention.Result
		attention.Forward(&pres, &pin)
		near := func(name string, a, b float64) {
			if math.Abs(a-b) > 1e-12*math.Max(1, math.Abs(a)) {
				t.Fatalf("h=%d %s: %v vs %v", h, name, a, b)
			}
		}
		for i, p := range perm {
			for j, pj := range perm {
				for hh := range res.Heads {
					near("weights", pres.Heads[hh].Weights.At(i, j), res.Heads[hh].Weights.At(p, pj))
				}
				near("weights_mean", pres.WeightsMean.At(i, j), res.WeightsMean.At(p, pj))
			}
			_, c := res.Output.Dims()
			for k := 0; k < c; k++ {
				near("output", pres.Output.At(i, k), res.Output.At(p, k))
			}
		}
	}
}

// TestSingleHeadForwardIsScaledDotProduct: with one head, Forward gives bit
// for bit what ScaledDotProduct gives on X·Wq, X·Wk, X·Wv (computed by
// mat.Mul), for every option.
func TestSingleHeadForwardIsScaledDotProduct(t *testing.T) {
	for i, c := range propertyCases {
		in := caseInput(i)
		in.Heads = 1
		var res attention.Result
		attention.Forward(&res, in)
		var q, k, v mat.Dense
		q.Mul(in.X, in.Wq)
		k.Mul(in.X, in.Wk)
		v.Mul(in.X, in.Wv)
		var head attention.Head
		attention.ScaledDotProduct(&head, &q, &k, &v, in.Options)
		for _, m := range []struct {
			name     string
			got, sdp *mat.Dense
		}{
			{"q", res.Heads[0].Q, head.Q}, {"k", res.Heads[0].K, head.K}, {"v", res.Heads[0].V, head.V},
			{"scores", res.Heads[0].Scores, head.Scores}, {"weights", res.Heads[0].Weights, head.Weights},
			{"output", res.Heads[0].Output, head.Output}, {"weights_mean", res.WeightsMean, head.Weights},
			{"concat", res.Concat, head.Output},
		} {
			equalBits(t, c.name+" "+m.name, m.got, m.sdp)
		}
	}
}

// TestScaledDotProductReuse: ScaledDotProduct reuses dst's matrices of the
// right shape, fills empty ones and replaces those of another shape.
func TestScaledDotProductReuse(t *testing.T) {
	q := randomDense(4, 3, 1, "q", 1)
	k := randomDense(5, 3, 1, "k", 1)
	v := randomDense(5, 2, 1, "v", 1)
	scores := mat.NewDense(4, 5, nil)
	var weights mat.Dense
	wrong := mat.NewDense(2, 2, nil)
	head := attention.Head{Scores: scores, Weights: &weights, Output: wrong}
	attention.ScaledDotProduct(&head, q, k, v, attention.Options{Valid: 5, Scale: true})
	if head.Scores != scores || head.Weights != &weights || head.Output == wrong {
		t.Fatal("ScaledDotProduct did not reuse the right-shaped and empty matrices, or kept a wrong one")
	}
	if r, c := head.Output.Dims(); r != 4 || c != 2 {
		t.Fatalf("output %d×%d, want 4×2", r, c)
	}
	if head.Q != q || head.K != k || head.V != v {
		t.Fatal("Q, K, V not set")
	}
	want := mat.NewDense(4, 5, nil)
	want.Mul(q, k.T())
	if !mat.EqualApprox(want, head.Scores, 1e-15) {
		t.Fatal("scores are not q·kᵀ")
	}
}

// TestScaleAndTemperature: weights depend on scores/√d_k/T only.
func TestScaleAndTemperature(t *testing.T) {
	q := randomDense(3, 4, 2, "q", 2)
	k := randomDense(3, 4, 2, "k", 2)
	v := randomDense(3, 4, 2, "v", 2)
	var a, b attention.Head
	attention.ScaledDotProduct(&a, q, k, v, attention.Options{Valid: 3, Scale: true, Temperature: 1.5})
	attention.ScaledDotProduct(&b, q, k, v, attention.Options{Valid: 3, Scale: false, Temperature: 3}) // √4·1.5 = 3
	if !mat.EqualApprox(a.Weights, b.Weights, 1e-15) {
		t.Fatalf("scale·1.5 ≠ temperature 3:\n%v\n%v", mat.Formatted(a.Weights), mat.Formatted(b.Weights))
	}
	var z attention.Head // Temperature 0 means 1
	attention.ScaledDotProduct(&z, q, k, v, attention.Options{Valid: 3, Scale: true})
	attention.ScaledDotProduct(&b, q, k, v, attention.Options{Valid: 3, Scale: true, Temperature: 1})
	equalBits(t, "temperature 0 vs 1", z.Weights, b.Weights)
}

func TestSoftmax(t *testing.T) {
	inf := math.Inf(1)
	nan := math.NaN()
	for _, c := range []struct {
		name      string
		src, want []float64
		tol       float64
	}{
		{"empty", []float64{}, []float64{}, 0},
		{"one", []float64{-3}, []float64{1}, 0},
		{"uniform", []float64{2, 2, 2, 2}, []float64{0.25, 0.25, 0.25, 0.25}, 0},
		{"two", []float64{0, math.Log(3)}, []float64{0.25, 0.75}, 1e-15},
		{"shift invariant", []float64{1000, 1000 + math.Log(3)}, []float64{0.25, 0.75}, 1e-13},
		{"huge", []float64{1e300, -1e300, 1e300}, []float64{0.5, 0, 0.5}, 0},
		{"huge negative", []float64{-1e6, -1e6 - math.Log(3)}, []float64{0.75, 0.25}, 1e-10},
		{"masked", []float64{-inf, 0, -inf, 0}, []float64{0, 0.5, 0, 0.5}, 0},
		{"all masked", []float64{-inf, -inf, -inf}, []float64{0, 0, 0}, 0},
		{"+Inf", []float64{inf, 5, inf, -inf}, []float64{0.5, 0, 0.5, 0}, 0},
		{"underflow to 0", []float64{0, -800}, []float64{1, 0}, 0},
		{"NaN", []float64{1, nan, 2}, []float64{nan, nan, nan}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, inPlace := range []bool{false, true} {
				src := append([]float64(nil), c.src...)
				dst := make([]float64, len(src))
				if inPlace {
					dst = src
				}
				attention.Softmax(dst, src)
				for i := range c.want {
					g, w := dst[i], c.want[i]
					if math.IsNaN(w) {
						if !math.IsNaN(g) {
							t.Fatalf("in place %v: dst[%d] = %v, want NaN", inPlace, i, g)
						}
						continue
					}
					if math.Abs(g-w) > c.tol || (w == 0 && math.Signbit(g)) {
						t.Fatalf("in place %v: dst = %v, want %v", inPlace, dst, c.want)
					}
				}
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("Softmax with different lengths did not panic")
		}
	}()
	attention.Softmax(make([]float64, 2), make([]float64, 3))
}

// TestXavier: deterministic, per stream, of the documented spread.
func TestXavier(t *testing.T) {
	a := randomDense(64, 32, 7, "wq", 1)
	b := randomDense(64, 32, 7, "wq", 1)
	equalBits(t, "same seed and stream", a, b)
	for _, other := range []*mat.Dense{randomDense(64, 32, 7, "wk", 1), randomDense(64, 32, 8, "wq", 1)} {
		if mat.Equal(a, other) {
			t.Fatal("another stream or seed gave the same matrix")
		}
	}
	var sum, sum2 float64
	r, c := a.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := a.At(i, j)
			sum += v
			sum2 += v * v
		}
	}
	cnt := float64(r * c)
	mean, std := sum/cnt, math.Sqrt(sum2/cnt-(sum/cnt)*(sum/cnt))
	want := math.Sqrt(2.0 / 96)
	if math.Abs(mean) > 0.1*want || math.Abs(std-want) > 0.05*want {
		t.Fatalf("mean %v, std %v, want 0 and %v", mean, std, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("Xavier into an empty matrix did not panic")
		}
	}()
	attention.Xavier(&mat.Dense{}, 1, "wq")
}

// TestEngine: an Engine gives the same result as Run, bit for bit, across
// changes of spec; it keeps weights of the same seed and shape; a failed
// run leaves the previous result.
func TestEngine(t *testing.T) {
	specs := []string{
		`{"text": "the cat sat on the mat", "heads": 2, "seed": 1}`,
		`{"text": "the cat sat on the mat and slept", "heads": 2, "seed": 1, "mask": "causal"}`,
		`{"text": "the cat sat", "heads": 4, "d_model": 32, "seed": 2, "positional": true}`,
		`{"text": "the cat sat", "heads": 4, "d_model": 32, "seed": 2, "positional": true, "valid": 2}`,
		`{"tokens": ["a", "b"], "x": [[1, 2], [3, 4]], "wq": [[1, 0], [0, 1]], "heads": 2}`,
		`{"text": "the cat sat on the mat", "heads": 2, "seed": 1}`,
		`{"text": "le chat", "text_kv": "the cat sat on the mat", "heads": 2, "seed": 1, "positional": true}`,
		`{"text": "le chat dort", "text_kv": "the cat sleeps", "heads": 2, "seed": 1, "mask": "causal", "valid": 2}`,
		`{"x": [[1, 2], [3, 4]], "x_kv": [[0, 1], [1, 0], [2, 2]], "heads": 2, "grad_output": [[1, 0], [0, 1]]}`,
		`{"text": "the cat sat on the mat", "heads": 2, "seed": 1}`,
	}
	var e attention.Engine
	var last *attention.Result
	for _, s := range specs {
		spec, err := attention.ParseSpec([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		want, err := attention.Run(spec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Run(spec)
		if err != nil {
			t.Fatal(err)
		}
		last = got
		wj, _ := json.Marshal(want)
		gj, _ := json.Marshal(got)
		if string(wj) != string(gj) {
			t.Fatalf("%s: Engine.Run and Run differ", s)
		}
	}
	before, _ := json.Marshal(last)
	if _, err := e.Run(&attention.Spec{Heads: 3}); err == nil {
		t.Fatal("invalid spec accepted")
	}
	after, _ := json.Marshal(last)
	if string(before) != string(after) {
		t.Fatal("a failed Run changed the previous result")
	}
}

// TestResultJSON: "x" only in text mode; the tokens as given.
func TestResultJSON(t *testing.T) {
	for _, c := range []struct {
		spec  string
		wantX bool
	}{
		{`{"text": "a b c", "heads": 2}`, true},
		{`{"tokens": ["<a>", "b\"c"], "x": [[1, 2], [3, 4]]}`, false},
	} {
		spec, err := attention.ParseSpec([]byte(c.spec))
		if err != nil {
			t.Fatal(err)
		}
		res, err := attention.Run(spec)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if _, ok := got["x"]; ok != c.wantX {
			t.Errorf("%s: has x %v, want %v", c.spec, ok, c.wantX)
		}
		var tokens []string
		json.Unmarshal(got["tokens"], &tokens)
		if len(tokens) != len(res.Tokens) || tokens[0] != res.Tokens[0] {
			t.Errorf("%s: tokens %q, want %q", c.spec, tokens, res.Tokens)
		}
		for _, k := range []string{"tokens", "heads", "weights_mean", "output"} {
			if _, ok := got[k]; !ok {
				t.Errorf("%s: no %q", c.spec, k)
			}
		}
	}
}
