package attention

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// TestMulKernelZerosAndSpecials: mulKernel gives mat.Mul's bits for every
// pattern of zeros in a (which both skip: with a zero next to an infinite
// or NaN entry of b, skipping it or not differ), for odd and even numbers of
// rows and columns of a, and for infinities and NaNs in a and b.
func TestMulKernelZerosAndSpecials(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	specials := []float64{0, 0, 0, math.Inf(1), math.Inf(-1), math.NaN(), -0.0, 1e308, -1e308, 5e-324}
	for trial := range 400 {
		r, k, c := 1+rnd.IntN(9), 1+rnd.IntN(11), 1+rnd.IntN(18)
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

// refMul is the reference order of every product, written as plainly as
// possible: c[i][j] = +0, then + a[i][l]·b[l][j] for l = 0 … k−1 where
// a[i][l] ≠ 0.
func refMul(c, a, b *mat.Dense) {
	r, k := a.Dims()
	_, cols := b.Dims()
	for i := range r {
		for j := range cols {
			var s float64
			for l := range k {
				if x := a.At(i, l); x != 0 {
					s = s + float64(x*b.At(l, j))
				}
			}
			c.Set(i, j, s)
		}
	}
}

// TestKernelsAgree: every way mul can compute a product — the AVX-512 and
// AVX kernels and the pure-Go one, serial and split among goroutines, in panels or not —
// gives refMul's bits, on odd shapes, on views with strides wider than their
// rows, with zeros in a (against a finite b, where the AVX kernel may ignore
// them, and against an infinite one, where it must not be used).
func TestKernelsAgree(t *testing.T) {
	rnd := rand.New(rand.NewPCG(7, 8))
	shapes := [][3]int{
		{1, 1, 1}, {1, 1, 9}, {3, 5, 7}, {4, 8, 8}, {5, 16, 9}, {7, 13, 13}, {8, 3, 17},
		{33, 65, 17}, {4, 1, 24}, {12, 40, 31}, {9, 300, 130}, {129, 70, 200}, {64, 600, 72},
		{4, 7, 16}, {8, 9, 40}, {5, 3, 23}, {20, 17, 56},
		{40, 30, 300}, {21, 600, 260}, // b's rows 2 KB apart or more: packed (pack_amd64.go)
	}
	saved, saved512 := cpu.AVX, cpu.AVX512
	defer func() { cpu.AVX, cpu.AVX512, parallel = saved, saved512, true }()
	for _, sh := range shapes {
		r, k, cols := sh[0], sh[1], sh[2]
		for _, variant := range []string{"dense", "zeros", "zeros+inf"} {
			a := mat.NewDense(r, k+3, nil).Slice(0, r, 1, 1+k).(*mat.Dense)
			b := mat.NewDense(k, cols+5, nil).Slice(0, k, 2, 2+cols).(*mat.Dense)
			for i := range r {
				for l := range k {
					a.Set(i, l, 2*rnd.Float64()-1)
					if variant != "dense" && rnd.IntN(4) == 0 {
						a.Set(i, l, 0)
					}
				}
			}
			for l := range k {
				for j := range cols {
					b.Set(l, j, 2*rnd.Float64()-1)
				}
			}
			if variant == "zeros+inf" {
				b.Set(rnd.IntN(k), rnd.IntN(cols), math.Inf(1))
				a.Set(0, 0, 0)
			}
			want := mat.NewDense(r, cols, nil)
			refMul(want, a, b)
			for _, avx := range []int{0, 1, 2} { // none, AVX, AVX-512
				for _, par := range []bool{false, true} {
					if avx > 0 && !saved || avx > 1 && !saved512 {
						continue
					}
					cpu.AVX, cpu.AVX512, parallel = avx > 0, avx > 1, par
					got := mat.NewDense(r, cols+2, nil).Slice(0, r, 1, 1+cols).(*mat.Dense)
					got.Set(0, 0, math.NaN()) // mul overwrites
					mul(got, a, b)
					for i := range r {
						for j := range cols {
							if g, w := got.At(i, j), want.At(i, j); math.Float64bits(g) != math.Float64bits(w) && !(g != g && w != w) {
								t.Fatalf("%v %s simd=%d parallel=%v: [%d][%d] = %v, want %v", sh, variant, avx, par, i, j, g, w)
							}
						}
					}
				}
			}
		}
	}
}

// BenchmarkMul: the product of mul against mat.Mul on the benchmark
// forward's shapes, X·Wq and Weights·V of one head.
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
		b.Run("go/"+sh.name, func(b *testing.B) {
			saved := cpu.AVX
			cpu.AVX = false
			defer func() { cpu.AVX = saved }()
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

// TestAttendMatchesDefinition: attend's shortcuts (multiplying by the
// reciprocal of a power of two, skipping a division by 1, exponentiating
// only the visible keys) give bit for bit the weights that Options.Scaled,
// Options.Masked and Softmax define, for d_k that are and are not powers of
// four, temperatures that are and are not powers of two, every mask, and
// scores large enough for exponentials to underflow.
func TestAttendMatchesDefinition(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	for trial := range 300 {
		n, dk := 1+rnd.IntN(12), 1+rnd.IntN(17)
		opt := Options{
			Causal:      rnd.IntN(2) == 0,
			Valid:       rnd.IntN(n + 2),
			Scale:       rnd.IntN(3) != 0,
			Temperature: []float64{0, 1, 0.5, 2, 0.3, 3, 1e-3}[rnd.IntN(7)],
		}
		spread := []float64{1, 30, 3000}[trial%3]
		q, k, v := mat.NewDense(n, dk, nil), mat.NewDense(n, dk, nil), mat.NewDense(n, 3, nil)
		for _, m := range []*mat.Dense{q, k, v} {
			raw := m.RawMatrix().Data
			for i := range raw {
				raw[i] = (2*rnd.Float64() - 1) * spread
			}
		}
		var h Head
		ScaledDotProduct(&h, q, k, v, opt)
		logits := make([]float64, n)
		want := make([]float64, n)
		for i := range n {
			for j := range n {
				logits[j] = math.Inf(-1)
				if !opt.Masked(i, j) {
					logits[j] = opt.Scaled(h.Scores.At(i, j), dk)
				}
			}
			Softmax(want, logits)
			for j := range n {
				if g, w := h.Logits.At(i, j), logits[j]; math.Float64bits(g) != math.Float64bits(w) {
					t.Fatalf("trial %d %+v d_k=%d: logit [%d][%d] = %v, want %v", trial, opt, dk, i, j, g, w)
				}
				if g, w := h.Weights.At(i, j), want[j]; math.Float64bits(g) != math.Float64bits(w) {
					t.Fatalf("trial %d %+v d_k=%d: weight [%d][%d] = %v, want %v", trial, opt, dk, i, j, g, w)
				}
			}
		}
	}
}

// TestBackwardKernelsAgree: Backward gives the same bits with the AVX
// kernel and the pure-Go one, serial and split among goroutines, on shapes
// whose products are split (n = 150) and with the zeros that masks and a
// sparse gradient put in the products' left operands.
func TestBackwardKernelsAgree(t *testing.T) {
	saved := cpu.AVX
	defer func() { cpu.AVX, parallel = saved, true }()
	rnd := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct {
		n, d, h int
		wo      bool
		opt     Options
	}{
		{7, 12, 3, true, Options{Causal: true, Valid: 5, Scale: true}},
		{9, 8, 2, false, Options{Valid: 9, Temperature: 0.5}},
		{150, 64, 4, true, Options{Causal: true, Valid: 140, Scale: true, Temperature: 3}},
		{150, 48, 2, false, Options{Valid: 150, Scale: true}},
	} {
		in := &Input{X: randomMatrix(rnd, c.n, c.d), Heads: c.h, Options: c.opt}
		in.Wq, in.Wk, in.Wv = randomMatrix(rnd, c.d, c.d), randomMatrix(rnd, c.d, c.d), randomMatrix(rnd, c.d, c.d)
		if c.wo {
			in.Wo = randomMatrix(rnd, c.d, c.d)
		}
		gradOutput := randomMatrix(rnd, c.n, c.d)
		for i, raw := 0, gradOutput.RawMatrix().Data; i < len(raw); i += 3 {
			raw[i] = 0
		}
		var want []*mat.Dense
		for _, avx := range []bool{false, true} {
			for _, par := range []bool{false, true} {
				if avx && !saved {
					continue
				}
				cpu.AVX, parallel = avx, par
				var res Result
				Forward(&res, in)
				var g Gradients
				Backward(&g, &res, in, gradOutput)
				got := []*mat.Dense{g.X, g.Wq, g.Wk, g.Wv, g.Wo}
				if want == nil {
					want = got
					continue
				}
				for m := range got {
					if !sameBits(got[m], want[m]) {
						t.Fatalf("n=%d %+v avx=%v parallel=%v: gradient %d differs from the pure-Go serial one", c.n, c.opt, avx, par, m)
					}
				}
			}
		}
	}
}

// randomMatrix returns an r×c matrix of uniform values in [−1, 1).
func randomMatrix(rnd *rand.Rand, r, c int) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	for i, raw := 0, m.RawMatrix().Data; i < len(raw); i++ {
		raw[i] = 2*rnd.Float64() - 1
	}
	return m
}

// sameBits reports whether a and b are both nil or of one shape with the
// same bits in every element.
func sameBits(a, b *mat.Dense) bool {
	if a == nil || b == nil {
		return a == b
	}
	ar, ac := a.Dims()
	if br, bc := b.Dims(); ar != br || ac != bc {
		return false
	}
	for i := range ar {
		for j := range ac {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}
