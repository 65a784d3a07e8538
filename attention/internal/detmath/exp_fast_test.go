package detmath

import (
	"math"
	"math/rand/v2"
	"testing"
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
