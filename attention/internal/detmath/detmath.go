// Package detmath holds the few transcendental functions the engine needs,
// written so that they give bit-identical results on every GOARCH.
//
// The standard library's math.Exp and math.Log use assembly on amd64 (with FMA
// when the CPU has it) and portable Go on wasm, so the same softmax could differ
// in the last bit between the command line and the browser. The functions here
// use only +, −, ×, ÷ with every intermediate rounded to float64 (an explicit
// float64 conversion forbids the compiler to fuse a multiply and an add), and
// math.Ldexp / math.Frexp, which are exact. They are accurate to about 1 ulp.
package detmath

import "math"

const (
	ln2Hi  = 6.93147180369123816490e-01  // high bits of ln 2: k·ln2Hi is exact for |k| < 2¹¹
	ln2Lo  = 1.90821492927058770002e-10  // ln 2 − ln2Hi
	log2e  = 1.44269504088896338700e+00  // 1 / ln 2
	expMax = 7.09782712893383973096e+02  // exp(x) overflows above this
	expMin = -7.45133219101941108420e+02 // exp(x) underflows to 0 below this
)

// Exp returns eˣ.
//
// Special cases are:
//
//	Exp(+Inf) = +Inf
//	Exp(−Inf) = 0
//	Exp(NaN) = NaN
//
// Very large values overflow to +Inf; very small ones underflow to 0.
func Exp(x float64) float64 {
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
	// x = k·ln2 + r with |r| ≤ ln2/2; eˣ = 2ᵏ·eʳ.
	var k float64
	if x < 0 {
		k = math.Ceil(float64(x*log2e) - 0.5)
	} else {
		k = math.Floor(float64(x*log2e) + 0.5)
	}
	hi := float64(x - float64(k*ln2Hi))
	lo := float64(k * ln2Lo)
	r := float64(hi - lo)
	// eʳ by its Taylor series to r¹⁴/14!: the remainder is below 2⁻⁶⁰ for |r| ≤ 0.35.
	// Horner's rule with 1/13!, 1/12!, …, 1/1!, 1/0!, written out: no loop
	// and no loads (softmax calls Exp for every weight; on wasm it was a
	// tenth of the forward).
	p := 1.0 / 87178291200 // 1/14!
	p = float64(float64(p*r) + 1.0/6227020800)
	p = float64(float64(p*r) + 1.0/479001600)
	p = float64(float64(p*r) + 1.0/39916800)
	p = float64(float64(p*r) + 1.0/3628800)
	p = float64(float64(p*r) + 1.0/362880)
	p = float64(float64(p*r) + 1.0/40320)
	p = float64(float64(p*r) + 1.0/5040)
	p = float64(float64(p*r) + 1.0/720)
	p = float64(float64(p*r) + 1.0/120)
	p = float64(float64(p*r) + 1.0/24)
	p = float64(float64(p*r) + 1.0/6)
	p = float64(float64(p*r) + 1.0/2)
	p = float64(float64(p*r) + 1)
	p = float64(float64(p*r) + 1)
	// p = eʳ is in [0.70, 1.42], so for −1021 ≤ k ≤ 1023 the product p·2ᵏ
	// is a normal number and multiplying by 2ᵏ is exact: what math.Ldexp
	// gives, without its general case.
	if k >= -1021 && k <= 1023 {
		return p * math.Float64frombits(uint64(int64(k)+1023)<<52)
	}
	return math.Ldexp(p, int(k))
}

// ExpSum sets dst[i] = Exp(src[i] − shift) for every i and returns the sum
// of those values, added in order i = 0, 1, …: bit for bit what a loop
// calling Exp would give. dst must be at least as long as src; they may be
// the same slice.
//
// Softmax is its use: there every src[i] − shift is ≤ 0. On amd64 with
// AVX2, ExpSum works out Exp's ordinary case for −708 ≤ x ≤ −2⁻⁵⁴ eight at a
// time in assembly (exp_amd64.s), repeating Exp's own steps with one
// shortcut: for t = x·log₂e − ½ < 0, k = ⌈t⌉ is t rounded towards +∞ by an
// instruction. Elsewhere it works that case out in Go, and it calls Exp for
// the other elements.
func ExpSum(dst, src []float64, shift float64) (sum float64) {
	dst = dst[:len(src)]
	n := expVector(dst, src, shift)
	for i, v := range src[:n] {
		if x := float64(v - shift); !expInline(x) {
			dst[i] = Exp(x)
		}
		sum += dst[i]
	}
	for i, v := range src[n:] {
		x := float64(v - shift)
		if !expInline(x) {
			e := Exp(x)
			dst[n+i] = e
			sum += e
			continue
		}
		// Exp's own steps for this case (−708 ≤ x ≤ −2⁻⁵⁴), written out
		// once more so that the loop makes no call per element: in
		// WebAssembly a call costs about a third of these steps again.
		// TestExpSumSameBits holds them to Exp's bits.
		k := math.Ceil(float64(x*log2e) - 0.5) // in [−1021, 0]: 2ᵏ is a normal number
		r := float64(float64(x-float64(k*ln2Hi)) - float64(k*ln2Lo))
		p := 1.0 / 87178291200
		p = float64(float64(p*r) + 1.0/6227020800)
		p = float64(float64(p*r) + 1.0/479001600)
		p = float64(float64(p*r) + 1.0/39916800)
		p = float64(float64(p*r) + 1.0/3628800)
		p = float64(float64(p*r) + 1.0/362880)
		p = float64(float64(p*r) + 1.0/40320)
		p = float64(float64(p*r) + 1.0/5040)
		p = float64(float64(p*r) + 1.0/720)
		p = float64(float64(p*r) + 1.0/120)
		p = float64(float64(p*r) + 1.0/24)
		p = float64(float64(p*r) + 1.0/6)
		p = float64(float64(p*r) + 1.0/2)
		p = float64(float64(p*r) + 1)
		p = float64(float64(p*r) + 1)
		e := p * math.Float64frombits(uint64(int64(k)+1023)<<52)
		dst[n+i] = e
		sum += e
	}
	return sum
}

// expInline reports whether expVector's assembly works x out right (Exp's
// ordinary case for x < 0); false for NaN.
func expInline(x float64) bool {
	return x >= -708 && x <= -0x1p-54
}

// Log returns the natural logarithm of x.
//
// Special cases are:
//
//	Log(+Inf) = +Inf
//	Log(0) = −Inf
//	Log(x < 0) = NaN
//	Log(NaN) = NaN
func Log(x float64) float64 {
	switch {
	case x != x || math.IsInf(x, 1):
		return x
	case x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	}
	// x = m·2ᵉ with m in [√½, √2); ln x = e·ln2 + ln m, and with f = m − 1,
	// s = f/(2+f): ln m = 2·atanh(s) = 2(s + s³/3 + s⁵/5 + …).
	m, e := math.Frexp(x) // m in [½, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	f := float64(m - 1)
	s := float64(f / float64(2+f))
	s2 := float64(s * s)
	// Σ s²ⁱ/(2i+1) for i = 0…11: the remainder is below 2⁻⁶⁰ for |s| ≤ 0.172.
	sum := 1.0 / 23
	for i := 10; i >= 0; i-- {
		sum = float64(float64(sum*s2) + 1/float64(2*i+1))
	}
	lnm := float64(float64(2*s) * sum)
	fe := float64(e)
	return float64(float64(fe*ln2Hi) + float64(lnm+float64(fe*ln2Lo)))
}

// Normal returns a standard normal deviate (mean 0, standard deviation 1) drawn
// from r by Marsaglia's polar method. It uses only Log, math.Sqrt (correctly
// rounded everywhere) and r's integer stream, so a seeded r gives the same
// sequence on every GOARCH.
func Normal(r Source) float64 {
	for {
		u := float64(2*r.Float64() - 1)
		v := float64(2*r.Float64() - 1)
		s := float64(float64(u*u) + float64(v*v))
		if s > 0 && s < 1 {
			return float64(u * math.Sqrt(float64(-2*Log(s))/s))
		}
	}
}

// Source is what Normal draws from; *math/rand/v2.Rand satisfies it.
type Source interface {
	Float64() float64
}

// π/2 split in three parts so that k·pio2Hi and k·pio2Mid are exact for the
// k that Sin and Cos meet (|x| < 2²⁰): Cody and Waite's argument reduction.
const (
	pio2Hi  = 1.5707963267341256e+00 // the first 33 bits of π/2
	pio2Mid = 6.0771005065061922e-11 // the next 33 bits
	pio2Lo  = 2.0222662487959506e-21 // π/2 − pio2Hi − pio2Mid
	maxTrig = 1 << 20                // Sin and Cos are accurate below this
)

// Sin returns the sine of the radian argument x, to about 1 ulp for
// |x| < 2²⁰ (the positional encoding needs x ≤ the number of tokens).
//
// Special cases are:
//
//	Sin(±0) = ±0
//	Sin(±Inf) = NaN
//	Sin(NaN) = NaN
//	Sin(|x| ≥ 2²⁰) = NaN (outside the range this package promises)
func Sin(x float64) float64 {
	if x == 0 {
		return x
	}
	k, r, ok := reducePio2(x)
	if !ok {
		return math.NaN()
	}
	return quadrant(k, r)
}

// Cos returns the cosine of the radian argument x, with the same accuracy
// and special cases as Sin (Cos(±0) = 1).
func Cos(x float64) float64 {
	k, r, ok := reducePio2(x)
	if !ok {
		return math.NaN()
	}
	return quadrant(k+1, r) // cos x = sin(x + π/2)
}

// reducePio2 writes x = k·π/2 + r with |r| ≤ π/4.
func reducePio2(x float64) (k int, r float64, ok bool) {
	if !(x > -maxTrig && x < maxTrig) { // also NaN
		return 0, 0, false
	}
	fk := math.Floor(float64(x/(math.Pi/2)) + 0.5)
	r = float64(float64(float64(x-float64(fk*pio2Hi))-float64(fk*pio2Mid)) - float64(fk*pio2Lo))
	return int(fk), r, true
}

// quadrant returns sin(k·π/2 + r) for |r| ≤ π/4.
func quadrant(k int, r float64) float64 {
	var y float64
	if k&1 == 0 {
		y = sinTaylor(r)
	} else {
		y = cosTaylor(r)
	}
	if k&2 != 0 {
		y = -y
	}
	return y
}

// sinTaylor and cosTaylor sum the Taylor series to the 19th and 18th power:
// for |r| ≤ π/4 the remainder is below 2⁻⁶⁰.
func sinTaylor(r float64) float64 {
	r2 := float64(r * r)
	p := -1.0 / 121645100408832000 // −1/19!
	for _, c := range sinCoeffs {
		p = float64(float64(p*r2) + c)
	}
	return float64(r * p)
}

func cosTaylor(r float64) float64 {
	r2 := float64(r * r)
	p := -1.0 / 6402373705728000 // −1/18!
	for _, c := range cosCoeffs {
		p = float64(float64(p*r2) + c)
	}
	return p
}

// sinCoeffs are 1/17!, −1/15!, …, −1/3!, 1; cosCoeffs are 1/16!, −1/14!, …, −1/2!, 1.
var (
	sinCoeffs = [...]float64{1.0 / 355687428096000, -1.0 / 1307674368000, 1.0 / 6227020800,
		-1.0 / 39916800, 1.0 / 362880, -1.0 / 5040, 1.0 / 120, -1.0 / 6, 1}
	cosCoeffs = [...]float64{1.0 / 20922789888000, -1.0 / 87178291200, 1.0 / 479001600,
		-1.0 / 3628800, 1.0 / 40320, -1.0 / 720, 1.0 / 24, -1.0 / 2, 1}
)
