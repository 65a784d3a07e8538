package detmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ulps returns how many representable float64 values lie between a and b.
func ulps(a, b float64) uint64 {
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia > ib {
		return uint64(ia - ib)
	}
	return uint64(ib - ia)
}

func TestExpAgreesWithMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, -0.5, 0.5, 1, -1, 700, -700, -745, 1e-20, -1e-20, math.Ln2, -math.Ln2 / 2}
	for range 200000 {
		xs = append(xs, (r.Float64()*2-1)*700)
	}
	for range 20000 {
		xs = append(xs, (r.Float64()*2-1)*2)
	}
	for _, x := range xs {
		got, want := Exp(x), math.Exp(x)
		if ulps(got, want) > 2 && math.Abs(got-want) > 1e-300 {
			t.Fatalf("Exp(%v) = %v, math.Exp = %v (%d ulps)", x, got, want, ulps(got, want))
		}
	}
}

// Near the ends of the range math.Exp on amd64 overflows early and math.Log
// mishandles subnormals, so these are checked against identities instead.
func TestRangeEnds(t *testing.T) {
	if got, want := Exp(709.7), Exp(354.85)*Exp(354.85); ulps(got, want) > 4 {
		t.Errorf("Exp(709.7) = %v, want %v", got, want)
	}
	if got, want := Log(math.SmallestNonzeroFloat64), -1074*math.Ln2; ulps(got, want) > 2 {
		t.Errorf("Log(2⁻¹⁰⁷⁴) = %v, want %v", got, want)
	}
}

func TestExpSpecialCases(t *testing.T) {
	cases := []struct{ x, want float64 }{
		{math.Inf(1), math.Inf(1)},
		{math.Inf(-1), 0},
		{710, math.Inf(1)},
		{-746, 0},
		{0, 1},
	}
	for _, c := range cases {
		if got := Exp(c.x); got != c.want {
			t.Errorf("Exp(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if !math.IsNaN(Exp(math.NaN())) {
		t.Error("Exp(NaN) is not NaN")
	}
}

func TestLogAgreesWithMath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	xs := []float64{1, 2, 0.5, math.E, 1e-300, 1e300, math.MaxFloat64, 1 + 1e-15, 1 - 1e-16}
	for range 200000 {
		xs = append(xs, math.Exp((r.Float64()*2-1)*700))
	}
	for range 20000 {
		xs = append(xs, r.Float64())
	}
	for _, x := range xs {
		got, want := Log(x), math.Log(x)
		if ulps(got, want) > 2 && math.Abs(got-want) > 1e-300 {
			t.Fatalf("Log(%v) = %v, math.Log = %v (%d ulps)", x, got, want, ulps(got, want))
		}
	}
}

func TestLogSpecialCases(t *testing.T) {
	if got := Log(0); !math.IsInf(got, -1) {
		t.Errorf("Log(0) = %v", got)
	}
	if got := Log(math.Inf(1)); !math.IsInf(got, 1) {
		t.Errorf("Log(+Inf) = %v", got)
	}
	if !math.IsNaN(Log(-1)) || !math.IsNaN(Log(math.NaN())) {
		t.Error("Log of a negative or NaN is not NaN")
	}
}

func TestNormalMoments(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const n = 200000
	var sum, sq float64
	for range n {
		z := Normal(r)
		sum += z
		sq += z * z
	}
	mean, variance := sum/n, sq/n-(sum/n)*(sum/n)
	if math.Abs(mean) > 0.01 || math.Abs(variance-1) > 0.02 {
		t.Errorf("mean %v, variance %v; want 0 and 1", mean, variance)
	}
}

func TestSinCosAgreeWithMath(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	xs := []float64{0, 1, -1, math.Pi / 4, math.Pi / 2, math.Pi, 3 * math.Pi / 2, 1e-300, 100, 1023, 1024, -5000}
	for range 100000 {
		xs = append(xs, (r.Float64()*2-1)*2000)
	}
	for range 20000 {
		xs = append(xs, (r.Float64()*2-1)*4)
	}
	for _, x := range xs {
		// Near a zero of the function the result is tiny and ulps mislead:
		// compare absolutely there.
		if got, want := Sin(x), math.Sin(x); ulps(got, want) > 2 && math.Abs(got-want) > 1e-16 {
			t.Fatalf("Sin(%v) = %v, math.Sin = %v", x, got, want)
		}
		if got, want := Cos(x), math.Cos(x); ulps(got, want) > 2 && math.Abs(got-want) > 1e-16 {
			t.Fatalf("Cos(%v) = %v, math.Cos = %v", x, got, want)
		}
	}
}

func TestSinCosSpecialCases(t *testing.T) {
	if Cos(0) != 1 || Sin(0) != 0 || !math.Signbit(Sin(math.Copysign(0, -1))) {
		t.Error("Sin/Cos at zero")
	}
	for _, x := range []float64{math.Inf(1), math.Inf(-1), math.NaN(), 1 << 20, -(1 << 21)} {
		if !math.IsNaN(Sin(x)) || !math.IsNaN(Cos(x)) {
			t.Errorf("Sin/Cos(%v) is not NaN", x)
		}
	}
}
