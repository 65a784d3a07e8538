package attention_test

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// TestBilinear: for every query i, key j and head of a cross-attention
// Input, dot is the head's Scores[i][j] bit for bit, and bilinear agrees
// with it to rounding; BilinearMatrix is Wqₕ·Wkₕᵀ.
func TestBilinear(t *testing.T) {
	const n, m, d, heads = 4, 5, 12, 3
	in := randomInput(n, d, heads, 6, true, attention.Options{Valid: m, Scale: true})
	in.XKV = randomDense(m, d, 7, "x_kv", 3)
	var res attention.Result
	attention.Forward(&res, in)
	for h := range heads {
		for i := range n {
			for j := range m {
				bilinear, dot := attention.Bilinear(in.X.RawRowView(i), in.XKV.RawRowView(j), in.Wq, in.Wk, heads, h)
				score := res.Heads[h].Scores.At(i, j)
				if math.Float64bits(dot) != math.Float64bits(score) {
					t.Fatalf("head %d (%d, %d): dot %v, Scores %v", h, i, j, dot, score)
				}
				if math.Abs(bilinear-dot) > 1e-12*math.Max(1, math.Abs(dot)) {
					t.Fatalf("head %d (%d, %d): bilinear %v, dot %v", h, i, j, bilinear, dot)
				}
			}
		}
		w := attention.BilinearMatrix(nil, in.Wq, in.Wk, heads, h)
		dk := d / heads
		var want mat.Dense
		want.Mul(in.Wq.Slice(0, d, h*dk, (h+1)*dk), in.Wk.Slice(0, d, h*dk, (h+1)*dk).T())
		if !mat.EqualApprox(w, &want, 1e-13) {
			t.Fatalf("head %d: BilinearMatrix differs from Wq·Wkᵀ", h)
		}
	}
}

// TestBilinearPanics: a head out of range or vectors of the wrong length
// are programmer mistakes.
func TestBilinearPanics(t *testing.T) {
	wq, wk := mat.NewDense(2, 4, nil), mat.NewDense(2, 4, nil)
	for name, f := range map[string]func(){
		"head 2 of 2":   func() { attention.Bilinear([]float64{1, 2}, []float64{3, 4}, wq, wk, 2, 2) },
		"head -1":       func() { attention.Bilinear([]float64{1, 2}, []float64{3, 4}, wq, wk, 2, -1) },
		"3 heads":       func() { attention.BilinearMatrix(nil, wq, wk, 3, 0) },
		"short s":       func() { attention.Bilinear([]float64{1}, []float64{3, 4}, wq, wk, 2, 0) },
		"wk of 3 cols":  func() { attention.Bilinear([]float64{1, 2}, []float64{3, 4}, wq, mat.NewDense(2, 3, nil), 1, 0) },
		"wk of 3 rows":  func() { attention.BilinearMatrix(nil, wq, mat.NewDense(3, 4, nil), 1, 0) },
		"zero heads":    func() { attention.BilinearMatrix(nil, wq, wk, 0, 0) },
		"long h vector": func() { attention.Bilinear([]float64{1, 2}, []float64{3, 4, 5}, wq, wk, 1, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// A decoder state s and an encoder state h, scored the bilinear way, sᵀ·W·h
// with W = Wq·Wkᵀ, and the attention way, (s·Wq)·(h·Wk): the same number.
func ExampleBilinear() {
	wq := mat.NewDense(3, 2, []float64{
		1, 0,
		0, 2,
		1, 1,
	})
	wk := mat.NewDense(3, 2, []float64{
		0, 1,
		1, 0,
		2, -1,
	})
	s := []float64{1, 2, 0} // decoder state
	h := []float64{0, 1, 3} // encoder state
	fmt.Printf("W = Wq·Wkᵀ:\n%v\n", mat.Formatted(attention.BilinearMatrix(nil, wq, wk, 1, 0)))
	bilinear, dot := attention.Bilinear(s, h, wq, wk, 1, 0)
	fmt.Printf("sᵀ·W·h = %v, (s·Wq)·(h·Wk) = %v\n", bilinear, dot)
	// Output:
	// W = Wq·Wkᵀ:
	// ⎡ 0   1   2⎤
	// ⎢ 2   0  -2⎥
	// ⎣ 1   1   1⎦
	// sᵀ·W·h = -5, (s·Wq)·(h·Wk) = -5
}
