package attention_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/attnviz/attnviz/attention"
	"gonum.org/v1/gonum/mat"
)

var explainCases = []struct {
	name    string
	n, d, h int
	opt     attention.Options
}{
	{"plain", 7, 16, 2, attention.Options{Valid: 7, Scale: true}},
	{"causal", 9, 12, 3, attention.Options{Valid: 9, Scale: true, Causal: true}},
	{"padded_temperature", 6, 8, 1, attention.Options{Valid: 4, Scale: true, Temperature: 0.37}},
	{"unscaled_causal_pad", 5, 8, 2, attention.Options{Valid: 3, Causal: true, Temperature: 2}},
	{"all_masked", 3, 4, 1, attention.Options{Valid: 0, Scale: true}},
}

// TestLogits: Logits is the scaled score where unmasked, −Inf where masked,
// and its row softmax is exactly Weights.
func TestLogits(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.name, func(t *testing.T) {
			in := randomInput(c.n, c.d, c.h, 3, true, c.opt)
			var r attention.Result
			attention.Forward(&r, in)
			if r.Options != c.opt {
				t.Errorf("Result.Options = %+v, want %+v", r.Options, c.opt)
			}
			dk := c.d / c.h
			for h, head := range r.Heads {
				row := make([]float64, c.n)
				for i := range c.n {
					for j := range c.n {
						got := head.Logits.At(i, j)
						want := c.opt.Scaled(head.Scores.At(i, j), dk)
						if c.opt.Masked(i, j) {
							want = math.Inf(-1)
						}
						if got != want {
							t.Fatalf("head %d: Logits[%d][%d] = %v, want %v", h, i, j, got, want)
						}
					}
					attention.Softmax(row, mat.Row(nil, i, head.Logits))
					for j, w := range row {
						if w != head.Weights.At(i, j) {
							t.Fatalf("head %d: softmax(Logits)[%d][%d] = %v, Weights %v", h, i, j, w, head.Weights.At(i, j))
						}
					}
				}
				scaled := attention.ScaledScores(nil, &r, h)
				for i := range c.n {
					for j := range c.n {
						if l := head.Logits.At(i, j); !math.IsInf(l, -1) && scaled.At(i, j) != l {
							t.Fatalf("head %d: ScaledScores[%d][%d] = %v, Logits %v", h, i, j, scaled.At(i, j), l)
						}
					}
				}
			}
		})
	}
}

func TestOptionsMasked(t *testing.T) {
	for _, c := range []struct {
		opt  attention.Options
		i, j int
		want bool
	}{
		{attention.Options{Valid: 5}, 0, 4, false},
		{attention.Options{Valid: 5}, 0, 5, true},
		{attention.Options{Valid: 5, Causal: true}, 2, 2, false},
		{attention.Options{Valid: 5, Causal: true}, 2, 3, true},
		{attention.Options{Valid: 2, Causal: true}, 4, 2, true},
		{attention.Options{}, 0, 0, true},
	} {
		if got := c.opt.Masked(c.i, c.j); got != c.want {
			t.Errorf("%+v.Masked(%d, %d) = %v, want %v", c.opt, c.i, c.j, got, c.want)
		}
	}
}

// TestExplainCell: every number of the explanation is the engine's, exactly,
// and the output row is the sum of the terms.
func TestExplainCell(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.name, func(t *testing.T) {
			in := randomInput(c.n, c.d, c.h, 5, true, c.opt)
			var r attention.Result
			attention.Forward(&r, in)
			dk := c.d / c.h
			for h, head := range r.Heads {
				for i := range c.n {
					for j := range c.n {
						e := attention.ExplainCell(&r, h, i, j)
						checkExplanation(t, &r, head, e, h, i, j, dk)
					}
				}
			}
		})
	}
}

func checkExplanation(t *testing.T, r *attention.Result, head attention.Head, e attention.CellExplanation, h, i, j, dk int) {
	t.Helper()
	where := func() string { return fmt.Sprintf("head %d cell (%d, %d)", h, i, j) }
	if e.Head != h || e.Query != i || e.Key != j || len(e.Q) != dk || len(e.K) != dk || len(e.Products) != dk {
		t.Fatalf("%s: explanation %+v", where(), e)
	}
	sum := 0.0
	for l := range dk {
		if e.Q[l] != head.Q.At(i, l) || e.K[l] != head.K.At(j, l) || e.Products[l] != e.Q[l]*e.K[l] {
			t.Fatalf("%s: q, k or products differ at %d", where(), l)
		}
		sum += float64(e.Products[l])
	}
	if e.Score != head.Scores.At(i, j) {
		t.Fatalf("%s: Score %v, Scores %v", where(), e.Score, head.Scores.At(i, j))
	}
	if sum != e.Score {
		t.Errorf("%s: the products sum to %v, Score %v", where(), sum, e.Score)
	}
	if e.Masked != r.Options.Masked(i, j) {
		t.Fatalf("%s: Masked %v", where(), e.Masked)
	}
	if e.Logit != head.Logits.At(i, j) {
		t.Fatalf("%s: Logit %v, Logits %v", where(), e.Logit, head.Logits.At(i, j))
	}
	if e.Unmasked != e.ScaledScore/e.Temperature || !e.Masked && e.Unmasked != e.Logit {
		t.Fatalf("%s: ScaledScore %v ÷ T %v ≠ Logit %v", where(), e.ScaledScore, e.Temperature, e.Logit)
	}
	if e.Scale && e.ScaledScore != e.Score/math.Sqrt(float64(dk)) || !e.Scale && e.ScaledScore != e.Score {
		t.Fatalf("%s: ScaledScore %v of Score %v", where(), e.ScaledScore, e.Score)
	}
	if e.Weight != head.Weights.At(i, j) {
		t.Fatalf("%s: Weight %v, Weights %v", where(), e.Weight, head.Weights.At(i, j))
	}
	expSum := 0.0
	for k, x := range e.Exps {
		if e.Logits[k] != head.Logits.At(i, k) || e.Weights[k] != head.Weights.At(i, k) {
			t.Fatalf("%s: row logits or weights differ at key %d", where(), k)
		}
		if e.ExpSum > 0 {
			if x != math.Exp(e.Logits[k]-e.Max) && math.Abs(x-math.Exp(e.Logits[k]-e.Max)) > 1e-15 {
				t.Fatalf("%s: Exps[%d] = %v, exp(%v) = %v", where(), k, x, e.Logits[k]-e.Max, math.Exp(e.Logits[k]-e.Max))
			}
			if x/e.ExpSum != e.Weights[k] {
				t.Fatalf("%s: Exps[%d] ÷ ExpSum = %v, Weights %v", where(), k, x/e.ExpSum, e.Weights[k])
			}
		} else if x != 0 {
			t.Fatalf("%s: fully masked row, Exps[%d] = %v", where(), k, x)
		}
		expSum += x
	}
	if expSum != e.ExpSum {
		t.Errorf("%s: Exps sum to %v, ExpSum %v", where(), expSum, e.ExpSum)
	}
	_, dv := head.V.Dims()
	for c := range dv {
		s := 0.0
		for k := range e.Terms {
			if e.V[k][c] != head.V.At(k, c) || e.Terms[k][c] != e.Weights[k]*e.V[k][c] {
				t.Fatalf("%s: v or terms differ at key %d column %d", where(), k, c)
			}
			s += e.Terms[k][c]
		}
		if got, want := e.Output[c], head.Output.At(i, c); got != want || math.Abs(s-want) > 1e-12 {
			t.Fatalf("%s: Output[%d] = %v, Σ terms %v, the engine %v", where(), c, got, s, want)
		}
	}
}

func TestExplainCellPanics(t *testing.T) {
	in := randomInput(3, 4, 1, 1, false, attention.Options{Valid: 3, Scale: true})
	var r attention.Result
	attention.Forward(&r, in)
	for _, c := range [][3]int{{1, 0, 0}, {0, 3, 0}, {0, 0, -1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("ExplainCell(head %d, %d, %d) did not panic", c[0], c[1], c[2])
				}
			}()
			attention.ExplainCell(&r, c[0], c[1], c[2])
		}()
	}
}
