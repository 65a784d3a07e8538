package detmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// expLooped is Exp as first written: Horner's rule in a loop over the
// coefficients, and math.Ldexp for the scaling. Exp must give its bits.
func expLooped(x float64) float64 {
	switch {
	case x != x || x > expMax:
		if x != x {
			return x
		}
		return math.Inf(1)
	case x < expMin:
		return 0
	case x > -0x1p-54 && x < 0x1p-54:
		return 1 + x
	}
	var k float64
	if x < 0 {
		k = math.Ceil(float64(x*log2e) - 0.5)
	} else {
		k = math.Floor(float64(x*log2e) + 0.5)
	}
	hi := float64(x - float64(k*ln2Hi))
	lo := float64(k * ln2Lo)
	r := float64(hi - lo)
	coeffs := [...]float64{
		1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800, 1.0 / 3628800,
		1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24,
		1.0 / 6, 1.0 / 2, 1, 1,
	}
	p := 1.0 / 87178291200
	for _, c := range coeffs {
		p = float64(float64(p*r) + c)
	}
	return math.Ldexp(p, int(k))
}

// TestExpUnrolledSameBits: the written-out Exp, with its exact power-of-two
// scaling, gives the same bits as the looped one with math.Ldexp, over the
// whole range, the subnormal results and the ends included.
func TestExpUnrolledSameBits(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, -0, 1, -1, expMax, expMin, -708.3, -708.4, -709, -744.4, -745, 709.7, 709.78, 0x1p-54, -0x1p-54, 0x1p-53}
	for range 200000 {
		xs = append(xs, (rnd.Float64()*2-1)*750, -rnd.Float64()*40, (rnd.Float64()*2-1)*1e-6)
	}
	for k := -1080; k <= 1030; k++ {
		base := float64(k) * math.Ln2
		for _, d := range []float64{-0.35, -0.1, 0, 0.1, 0.35} {
			xs = append(xs, base+d, math.Nextafter(base+d, 0), math.Nextafter(base+d, -1000))
		}
	}
	for _, x := range xs {
		if got, want := Exp(x), expLooped(x); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("Exp(%v) = %v (%#x), looped %v (%#x)", x, got, math.Float64bits(got), want, math.Float64bits(want))
		}
	}
}

func BenchmarkExp(b *testing.B) {
	x := -3.7
	for b.Loop() {
		x = -Exp(x) - 3
	}
}

func BenchmarkExpLooped(b *testing.B) {
	x := -3.7
	for b.Loop() {
		x = -expLooped(x) - 3
	}
}

// TestExpSumSameBits: ExpSum gives Exp's bits for every element, and the
// sum of a loop that adds them in order, over the ends of its inline range
// (−708, −2⁻⁵⁴), zero, the ranges around it and the special values.
func TestExpSumSameBits(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	xs := []float64{0, math.Copysign(0, -1), -708, -0x1p-54, math.Inf(-1), math.Inf(1), math.NaN(), 1, -1, -745.2, -745.1, -709, 700, 720}
	for _, edge := range []float64{-708, -0x1p-54, 0x1p-54, expMin, 0} {
		x := edge
		for range 4 {
			x = math.Nextafter(x, math.Inf(-1))
			xs = append(xs, x)
		}
		x = edge
		for range 4 {
			x = math.Nextafter(x, math.Inf(1))
			xs = append(xs, x)
		}
	}
	for k := -1030; k <= 2; k++ { // x near k·ln 2 ± ½·ln 2, where the rounding of k turns
		for _, d := range []float64{-0.5, 0, 0.5} {
			base := (float64(k) + d) * math.Ln2
			xs = append(xs, base, math.Nextafter(base, 0), math.Nextafter(base, -1000))
		}
	}
	for range 100000 {
		xs = append(xs, -rnd.Float64()*750, -rnd.Float64()*20, -rnd.Float64()*1e-12, (rnd.Float64()*2-1)*800)
	}
	avx2, avx512 := cpu.AVX2, cpu.AVX512
	defer func() { cpu.AVX2, cpu.AVX512 = avx2, avx512 }()
	for _, c := range []struct {
		shift        float64
		avx2, avx512 bool // the assembly, where there is one, or the Go loop
	}{{0, avx2, avx512}, {3.5, avx2, avx512}, {-2.25, avx2, avx512}, {0, avx2, false}, {-2.25, avx2, false}, {0, false, false}, {3.5, false, false}} {
		shift := c.shift
		cpu.AVX2, cpu.AVX512 = c.avx2, c.avx512
		src := make([]float64, len(xs))
		for i, x := range xs {
			src[i] = x + shift
		}
		dst := make([]float64, len(src))
		got := ExpSum(dst, src, shift)
		var want float64
		for i, v := range src {
			e := Exp(v - shift)
			want += e
			if math.Float64bits(dst[i]) != math.Float64bits(e) && !(e != e && dst[i] != dst[i]) {
				t.Fatalf("shift %v: ExpSum element %d: Exp(%v) = %v (%#x), want %v (%#x)", shift, i, v-shift, dst[i], math.Float64bits(dst[i]), e, math.Float64bits(e))
			}
		}
		if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
			t.Fatalf("shift %v: sum %v, want %v", shift, got, want)
		}
		// In place, as Softmax calls it.
		if again := ExpSum(src, src, shift); math.Float64bits(again) != math.Float64bits(got) && !(got != got) {
			t.Fatalf("in place: sum %v, want %v", again, got)
		}
	}
}

func BenchmarkExpSum(b *testing.B) {
	src := make([]float64, 32)
	for i := range src {
		src[i] = -float64(i) * 0.37
	}
	dst := make([]float64, len(src))
	for b.Loop() {
		ExpSum(dst, src, 0.25)
	}
}

func BenchmarkExpLoop(b *testing.B) {
	src := make([]float64, 32)
	for i := range src {
		src[i] = -float64(i) * 0.37
	}
	dst := make([]float64, len(src))
	for b.Loop() {
		var sum float64
		for i, v := range src {
			e := Exp(v - 0.25)
			dst[i] = e
			sum += e
		}
		_ = sum
	}
}
