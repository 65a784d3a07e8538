package attention

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// TestChecks: hasZero and finite, with AVX where the CPU has it and
// without, agree with a plain loop, for one special value (±0, ±Inf, NaN, or
// none) at every position of matrices of 1 … 9 columns, with strides wider
// than the rows.
func TestChecks(t *testing.T) {
	saved := cpu.AVX
	defer func() { cpu.AVX = saved }()
	for _, avx := range []bool{false, saved} {
		cpu.AVX = avx
		testChecks(t)
	}
}

func testChecks(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324}
	for rows := 1; rows <= 3; rows++ {
		for cols := 1; cols <= 9; cols++ {
			s := cols + 2
			d := make([]float64, (rows-1)*s+cols)
			for pos := -1; pos < rows*cols; pos++ {
				for _, sp := range specials {
					for i := range d {
						d[i] = 0.5 + rnd.Float64() // neither zero nor special
					}
					if pos >= 0 {
						d[pos/cols*s+pos%cols] = sp
					}
					wantZero := pos >= 0 && sp == 0
					wantFinite := pos < 0 || !math.IsInf(sp, 0) && !math.IsNaN(sp)
					if g := hasZero(d, s, rows, cols); g != wantZero {
						t.Fatalf("%d×%d, %v at %d: hasZero = %v", rows, cols, sp, pos, g)
					}
					if g := finite(d, s, rows, cols); g != wantFinite {
						t.Fatalf("%d×%d, %v at %d: finite = %v", rows, cols, sp, pos, g)
					}
				}
			}
		}
	}
}

// TestDivSlice: divSlice, with AVX where the CPU has it and without, gives
// the bits of a plain division for every length up to 11, in place and not,
// with special values in src and as divisor.
func TestDivSlice(t *testing.T) {
	saved := cpu.AVX
	defer func() { cpu.AVX = saved }()
	for _, avx := range []bool{false, saved} {
		cpu.AVX = avx
		testDivSlice(t)
	}
}

func testDivSlice(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	vals := []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN(), 5e-324, 1e308, 3, -7.25}
	for n := range 12 {
		for _, d := range []float64{3, 0.1, -1e-300, math.Inf(-1), 0, 7} {
			src := make([]float64, n)
			for i := range src {
				src[i] = rnd.NormFloat64()
				if rnd.IntN(3) == 0 {
					src[i] = vals[rnd.IntN(len(vals))]
				}
			}
			dst := make([]float64, n)
			divSlice(dst, src, d)
			for i, x := range src {
				if w := x / d; math.Float64bits(dst[i]) != math.Float64bits(w) && !(w != w && dst[i] != dst[i]) {
					t.Fatalf("n=%d: %v / %v = %v, want %v", n, x, d, dst[i], w)
				}
			}
			divSlice(src, src, d) // in place
			for i := range src {
				if math.Float64bits(src[i]) != math.Float64bits(dst[i]) && !(src[i] != src[i] && dst[i] != dst[i]) {
					t.Fatalf("n=%d: in place [%d] = %v, want %v", n, i, src[i], dst[i])
				}
			}
		}
	}
}
