package attention_test

import (
	"encoding/json"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// FuzzParseSpec: ParseSpec, Resolve, Forward and Backward never panic on any
// input, self- or cross-attention; an accepted spec gives a result (with its gradients when it has
// grad_output) without NaN or Inf that MarshalJSON encodes, the same from an
// Engine as from Resolve, Forward and Backward.
func FuzzParseSpec(f *testing.F) {
	// Small seeds only: the fuzzer minimises every new interesting input,
	// which for the larger reference specs (up to 400 kB) takes its minute.
	for _, c := range loadReference(f) {
		if len(c.Spec) <= 4096 {
			f.Add([]byte(c.Spec))
		}
	}
	for _, s := range []string{
		`{"text": "the cat sat on the mat", "heads": 2, "seed": 1}`,
		`{"text": "a b c d", "heads": 4, "d_model": 8, "mask": "causal", "valid": 2, "positional": true}`,
		`{"text": "x", "d_k": 3, "heads": 2, "temperature": 1e-6, "scale": false}`,
		`{"x": [[1e30, -1e30], [1e30, 1e30]], "wq": [[1e30, 0], [0, 1e30]], "wo": [[1e30, 1], [1, 1e30]]}`,
		`{"x": [[1, 2], [3, 4]], "valid": 0, "heads": 2}`,
		`{"x": [[1e30, -1e30], [1e30, 1e30]], "wq": [[1e30, 0], [0, 1e30]], "wo": [[1e30, 1], [1, 1e30]], "grad_output": [[1e30, -1e30], [1e30, 1e30]], "temperature": 1e-6}`,
		`{"text": "a b c", "heads": 2, "mask": "causal", "valid": 2, "grad_output": [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]}`,
		`{"tokens": ["a"], "x": [[1]], "wv": [[1, 2, 3]], "heads": 3}`,
		`{"x": [[1, 2]], "wq": [[1], [2]], "wk": [[1, 2], [3, 4]]}`,
		`{"tokens": ["a", "b", "c"], "x": [[1, 0.5], [-2, 3], [0, 1]], "wq": [[1, 0], [0, 1]], "wk": [[0.5, 1], [1, -1]], "wv": [[2, 0], [0, 2]], "wo": [[1, 1], [0, 1]], "heads": 2, "mask": "causal", "valid": 2, "scale": true, "temperature": 0.5}`,
		`{"x": [[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8]], "heads": 2, "d_k": 3, "seed": -9, "d_model": 4}`,
		`{"text": "Café 猫 🐱, isn't it? 42!", "heads": 8, "d_model": 64, "seed": 123456789}`,
		`{"text": "le chat", "text_kv": "the cat sat", "heads": 2, "d_model": 4, "mask": "causal", "valid": 2, "positional": true, "grad_output": [[1, 2, 3, 4], [0, 1, 0, -1]]}`,
		`{"x": [[1e30, -1e30]], "x_kv": [[1e30, 1e30], [-1e30, 1e30], [0, 0]], "tokens_kv": ["a", "b", "c"], "wk": [[1e30, 0], [0, 1e30]], "grad_output": [[1e30, -1e30]], "temperature": 1e-6}`,
	} {
		f.Add([]byte(s))
	}
	var engine attention.Engine
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, err := attention.ParseSpec(data)
		if err != nil {
			return
		}
		in, err := spec.Resolve()
		if err != nil {
			if _, err2 := engine.Run(spec); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("Resolve: %v; Engine.Run: %v", err, err2)
			}
			return
		}
		var res attention.Result
		attention.Forward(&res, in)
		check := func(name string, m *mat.Dense) {
			r, c := m.Dims()
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					if v := m.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("%s[%d][%d] = %v", name, i, j, v)
					}
				}
			}
		}
		for _, h := range res.Heads {
			check("scores", h.Scores)
			check("weights", h.Weights)
			check("output", h.Output)
		}
		check("weights_mean", res.WeightsMean)
		check("output", res.Output)
		if in.GradOutput != nil {
			res.Grad = new(attention.Gradients)
			attention.Backward(res.Grad, &res, in, in.GradOutput)
			g := res.Grad
			for name, m := range map[string]*mat.Dense{"grad.x": g.X, "grad.wq": g.Wq, "grad.wk": g.Wk, "grad.wv": g.Wv} {
				check(name, m)
			}
			if (g.Wo != nil) != (in.Wo != nil) {
				t.Fatalf("grad.wo %v with wo %v", g.Wo != nil, in.Wo != nil)
			}
			if g.Wo != nil {
				check("grad.wo", g.Wo)
			}
			if (g.XKV != nil) != (in.XKV != nil) {
				t.Fatalf("grad.x_kv %v with x_kv %v", g.XKV != nil, in.XKV != nil)
			}
			if g.XKV != nil {
				check("grad.x_kv", g.XKV)
			}
		}
		got, err := json.Marshal(&res)
		if err != nil {
			t.Fatal(err)
		}
		eres, err := engine.Run(spec)
		if err != nil {
			t.Fatalf("Engine.Run: %v", err)
		}
		if want, _ := json.Marshal(eres); string(want) != string(got) {
			t.Fatal("Engine.Run differs from Resolve+Forward")
		}
	})
}
