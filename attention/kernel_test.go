package attention

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMulKernelZerosAndSpecials: mulKernel gives mat.Mul's bits for every
// pattern of zeros in a (which both skip: with a zero next to an infinite
// or NaN entry of b, skipping it or not differ), for odd and even numbers of
// rows and columns of a, and for infinities and NaNs in a and b.
func TestMulKernelZerosAndSpecials(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	specials := []float64{0, 0, 0, math.Inf(1), math.Inf(-1), math.NaN(), -0.0, 1e308, -1e308, 5e-324}
	for trial := range 400 {
		r, k, c := 1+rnd.IntN(9), 1+rnd.IntN(11), 1+rnd.IntN(7)
		a := mat.NewDense(r, k, nil)
		b := mat.NewDense(k, c, nil)
		for _, m := range []*mat.Dense{a, b} {
			raw := m.RawMatrix().Data
			for i := range raw {
				raw[i] = 2*rnd.Float64() - 1
				switch p := rnd.Float64(); {
				case p < 0.3:
					raw[i] = 0 // a masked weight, say
				case p < 0.3+0.05*float64(trial%3):
					raw[i] = specials[rnd.IntN(len(specials))]
				}
			}
		}
		var want mat.Dense
		want.Mul(a, b)
		got := mat.NewDense(r, c, nil)
		got.Set(0, 0, math.NaN())
		parallel = false
		mul(got, a, b)
		parallel = true
		for i := range r {
			for j := range c {
				if g, w := got.At(i, j), want.At(i, j); math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
					t.Fatalf("trial %d (%d×%d·%d×%d): [%d][%d] = %v, mat.Mul %v\na=%v\nb=%v", trial, r, k, k, c, i, j, g, w, mat.Formatted(a), mat.Formatted(b))
				}
			}
		}
	}
}

// BenchmarkMul: the product of mul (mulKernel, serial) against mat.Mul on
// the benchmark forward's shapes, X·Wq and Weights·V of one head.
func BenchmarkMul(b *testing.B) {
	for _, sh := range []struct {
		name    string
		r, k, c int
	}{{"32x64x64", 32, 64, 64}, {"32x32x16", 32, 32, 16}, {"128x128x128", 128, 128, 128}} {
		a := mat.NewDense(sh.r, sh.k, nil)
		Xavier(a, 1, "a")
		m := mat.NewDense(sh.k, sh.c, nil)
		Xavier(m, 2, "b")
		dst := mat.NewDense(sh.r, sh.c, nil)
		b.Run("kernel/"+sh.name, func(b *testing.B) {
			for b.Loop() {
				mul(dst, a, m)
			}
		})
		b.Run("mat.Mul/"+sh.name, func(b *testing.B) {
			for b.Loop() {
				dst.Mul(a, m)
			}
		})
	}
}
