package attention

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestSoftmaxDividedSameBits: softmaxRows (four rows at a time on amd64)
// gives every row the bits of softmaxVisible, row by row, for row counts
// that are and are not multiples of four, causal and padding masks, a
// temperature, and rows with NaN, ±Inf, zeros of either sign and
// underflowing weights.
func TestSoftmaxDividedSameBits(t *testing.T) {
	rnd := rand.New(rand.NewPCG(13, 14))
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), -800, 900}
	opts := []Options{{Scale: true}, {Causal: true, Scale: true}, {Valid: 3}, {Temperature: 0.3, Causal: true}, {Valid: 1, Temperature: 2}}
	for _, n := range []int{1, 3, 4, 7, 8, 13, 32} {
		for oi, opt := range opts {
			for trial := range 20 {
				m := n
				h := Head{
					Q:       mat.NewDense(n, 5, nil),
					Scores:  mat.NewDense(n, m, nil),
					Logits:  mat.NewDense(n, m, nil),
					Weights: mat.NewDense(n, m, nil),
				}
				for i := range n {
					for j := range m {
						v := 10 * rnd.NormFloat64()
						if trial%2 == 1 && rnd.IntN(9) == 0 {
							v = specials[rnd.IntN(len(specials))]
						}
						h.Scores.Set(i, j, v)
					}
				}
				softmaxRows(&h, opt, opt.temperature())
				want := mat.NewDense(n, m, nil)
				for i := range n {
					logits := mat.Row(nil, i, h.Logits)
					softmaxVisible(want.RawRowView(i), logits, opt.visible(i, m))
				}
				for i := range n {
					for j := range m {
						if g, w := h.Weights.At(i, j), want.At(i, j); !sameFloat(g, w) {
							t.Fatalf("n=%d opts %d trial %d: weight (%d,%d) = %v, row by row %v", n, oi, trial, i, j, g, w)
						}
					}
				}
			}
		}
	}
}
