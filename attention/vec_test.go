package attention

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// TestVecSlices: addSlice and scaleSlice, with AVX where the CPU has it and
// without, give the bits of a plain loop for every length up to 13, with
// special values, scaleSlice in place and not.
func TestVecSlices(t *testing.T) {
	saved := cpu.AVX
	defer func() { cpu.AVX = saved }()
	rnd := rand.New(rand.NewPCG(9, 10))
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 5e-324, 1e308}
	for _, avx := range []bool{false, saved} {
		cpu.AVX = avx
		for n := range 14 {
			a, b := make([]float64, n), make([]float64, n+2)
			for i := range a {
				a[i] = 2*rnd.Float64() - 1
				b[i] = 3 * (2*rnd.Float64() - 1)
				if rnd.IntN(4) == 0 {
					a[i] = specials[rnd.IntN(len(specials))]
				}
			}
			sum := append([]float64(nil), a...)
			addSlice(sum, b)
			for _, s := range []float64{0.25, -3, math.Inf(1)} {
				got := make([]float64, n)
				scaleSlice(got, a, s)
				inPlace := append([]float64(nil), a...)
				scaleSlice(inPlace, inPlace, s)
				for i := range a {
					want := a[i] * s
					if !sameFloat(got[i], want) || !sameFloat(inPlace[i], want) {
						t.Fatalf("avx=%v n=%d: scale %v at %d: %v, %v, want %v", avx, n, s, i, got[i], inPlace[i], want)
					}
				}
			}
			for i := range a {
				if want := a[i] + b[i]; !sameFloat(sum[i], want) {
					t.Fatalf("avx=%v n=%d: add at %d: %v, want %v", avx, n, i, sum[i], want)
				}
			}
		}
	}
}

// sameFloat reports whether x and y have the same bits, or are both NaN.
func sameFloat(x, y float64) bool {
	return math.Float64bits(x) == math.Float64bits(y) || x != x && y != y
}

// TestTranspose: transpose, with AVX where the CPU has it and without, moves
// every element of views of 1 … 11 rows and columns (strides wider than
// their rows) to its place, and nothing else of dst's storage.
func TestTranspose(t *testing.T) {
	saved := cpu.AVX
	defer func() { cpu.AVX = saved }()
	for _, avx := range []bool{false, saved} {
		cpu.AVX = avx
		for r := 1; r <= 11; r++ {
			for c := 1; c <= 11; c++ {
				a := mat.NewDense(r+1, c+3, nil)
				for i := range r + 1 {
					for j := range c + 3 {
						a.Set(i, j, float64(100*i+j))
					}
				}
				av := a.Slice(1, r+1, 2, c+2).(*mat.Dense)
				d := mat.NewDense(c+2, r+5, nil)
				d.Apply(func(int, int, float64) float64 { return -1 }, d)
				transpose(d.Slice(1, c+1, 3, r+3).(*mat.Dense), av)
				for i := range c + 2 {
					for j := range r + 5 {
						want := -1.0
						if i >= 1 && i <= c && j >= 3 && j < r+3 {
							want = av.At(j-3, i-1)
						}
						if got := d.At(i, j); got != want {
							t.Fatalf("avx=%v %d×%d: dst storage [%d][%d] = %v, want %v", avx, r, c, i, j, got, want)
						}
					}
				}
			}
		}
	}
}
