package attention

// kernel.go: the matrix product of mul, by hand.
//
// Every element of a product is summed in one fixed order, the order of
// gonum's Dgemm for untransposed operands (and so of mat.Mul, serial or
// parallel): c[i][j] starts at +0 and gains, for l = 0, 1, …, k−1 in that
// order, the product a[i][l]·b[l][j], rounded to float64 before it is added
// (no fused multiply-add; the float64 conversions below forbid the compiler
// to fuse them on GOARCHes that could). Dgemm skips the l where a[i][l] = 0.
//
// Skipping a zero changes nothing when b is finite: 0·b[l][j] is then ±0,
// and adding ±0 leaves the running sum as it is (the sum starts at +0 and
// so is never −0). Only a zero of a against an infinite or NaN entry of b
// (0·∞ = NaN) makes a difference. There are two kernels:
//
//   - mulKernel (here): pure Go, two rows of c and four elements of a at a
//     time, skipping zeros of a as Dgemm does. It runs in WebAssembly,
//     wherever there is no assembly kernel, and for the rows and columns
//     the assembly kernel leaves over.
//   - kernel_amd64.s: four rows and eight columns of c at a time held in
//     AVX registers (VMULPD and VADDPD are the same IEEE multiply and add
//     as MULSD and ADDSD, four lanes at once), used on CPUs with AVX unless
//     built with -tags purego. It does not test for zeros, so mul uses it
//     only after checking, once per product, that a has no zero or b is
//     finite.
//
// Every kernel computes each element by the same sequence of roundings, so
// their results are bit for bit the same (TestKernelsAgree), and the same as
// mat.Mul's (TestMulMatchesMatMul). How rows and columns are split into
// blocks, panels or among goroutines changes which element is computed
// when, never how.

import (
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// product is c = a·b on row-major storage: a is r×k with row stride as,
// b k×cols with stride bs, c r×cols with stride cs.
type product struct {
	c, a, b    []float64
	cs, as, bs int
	r, k, cols int
}

// newProduct checks the shapes of dst = a·b and returns the product on
// their storage.
func newProduct(dst, a, b *mat.Dense) product {
	ar, br, cr := a.RawMatrix(), b.RawMatrix(), dst.RawMatrix()
	if ar.Cols != br.Rows || cr.Rows != ar.Rows || cr.Cols != br.Cols {
		panic(mat.ErrShape)
	}
	p := product{
		c: cr.Data, a: ar.Data, b: br.Data,
		cs: cr.Stride, as: ar.Stride, bs: br.Stride,
		r: cr.Rows, k: ar.Cols, cols: cr.Cols,
	}
	// The assembly kernel reads and writes through pointers: make sure
	// once here that every element it may touch is in its slice.
	if p.r > 0 && p.cols > 0 && p.k > 0 &&
		(len(p.a) < (p.r-1)*p.as+p.k || len(p.b) < (p.k-1)*p.bs+p.cols || len(p.c) < (p.r-1)*p.cs+p.cols) {
		panic("attention: mul: matrix storage shorter than its shape")
	}
	return p
}

// mul sets dst = a·b for untransposed a (r×k) and b (k×c) into dst (r×c),
// summing every element in Dgemm's order (see the top of kernel.go). Large
// products are split by rows among the worker goroutines (parallel.go),
// natively; dst must not share memory with a or b.
func mul(dst, a, b *mat.Dense) {
	p := newProduct(dst, a, b)
	if p.r == 0 || p.cols == 0 {
		return
	}
	// The assembly kernel does not skip the zeros of a: use it only where
	// skipping them would change nothing.
	simd := cpu.AVX && p.k > 0 && p.zerosHarmless()
	if parallel && p.r >= parallelMinRows && p.r*p.k*p.cols >= parallelMinMACs && runParallel(p, simd) {
		return
	}
	p.rows(0, p.r, simd)
}

// Mul sets dst = a·b (a r×k, b k×c, dst r×c; views allowed) with the
// engine's kernels: every element summed over l = 0 … k−1 in order from +0,
// each product rounded before it is added, so the bits are the same on
// every platform and the same as mat.Mul's. dst must not share memory with
// a or b. It panics if the shapes do not agree.
func Mul(dst, a, b *mat.Dense) { mul(dst, a, b) }

// zerosHarmless reports whether skipping the zeros of a would change
// nothing: a has none, or b is finite. It scans the smaller matrix first.
func (p *product) zerosHarmless() bool {
	if p.r <= p.cols {
		return !p.aHasZero() || p.bFinite()
	}
	return p.bFinite() || !p.aHasZero()
}

// aHasZero reports whether a has an entry equal to zero (either sign).
func (p *product) aHasZero() bool { return hasZero(p.a, p.as, p.r, p.k) }

// bFinite reports whether every entry of b is finite.
func (p *product) bFinite() bool { return finite(p.b, p.bs, p.k, p.cols) }

// hasZeroGo is hasZero in Go, one entry at a time.
func hasZeroGo(d []float64, s, rows, cols int) bool {
	for i := range rows {
		for _, v := range d[i*s : i*s+cols] {
			if v == 0 {
				return true
			}
		}
	}
	return false
}

// finiteGo is finite in Go, one entry at a time.
func finiteGo(d []float64, s, rows, cols int) bool {
	for i := range rows {
		for _, v := range d[i*s : i*s+cols] {
			if v-v != 0 { // NaN for ±Inf and NaN
				return false
			}
		}
	}
	return true
}

// panelBytes bounds the part of b one pass over the rows of c reads: a
// panel of b this large stays in the CPU's L2 cache while every row of a
// goes past it.
const panelBytes = 256 << 10

// rows computes rows i0 … i1−1 of c, one panel of columns after the other,
// with the assembly kernel where simd is set.
func (p *product) rows(i0, i1 int, simd bool) {
	width := p.cols
	if p.k*p.cols*8 > panelBytes {
		width = max(8, panelBytes/(8*p.k)&^7)
	}
	for j0 := 0; j0 < p.cols; j0 += width {
		block(p, i0, i1, j0, min(j0+width, p.cols), simd)
	}
}

// blockGo computes rows i0 … i1−1, columns j0 … j1−1 of c in pure Go with
// mulKernel.
func blockGo(p *product, i0, i1, j0, j1 int) {
	if i0 >= i1 || j0 >= j1 {
		return
	}
	mulKernel(p.c[i0*p.cs+j0:], p.cs, p.a[i0*p.as:], p.as, p.b[j0:], p.bs, i1-i0, p.k, j1-j0)
}

// mulKernel sets c = a·b for row-major a (r×k, stride as), b (k×cols,
// stride bs) and c (r×cols, stride cs), in Dgemm's order, skipping zeros
// of a as Dgemm does.
//
// It reads and writes each row of c once per four elements of a (gonum's
// Daxpy, called once per element of a, does so once per element), two rows
// of c at a time so that each element of b loaded serves both. Profiles of
// the WebAssembly build and of amd64 without AVX found this faster than
// keeping blocks of c in local variables ("register blocking"): with eight
// or more accumulators the Go compiler spills some of them to the stack.
// The innermost loop does four columns per iteration, one after the other
// (no more registers live than for one): in WebAssembly each iteration's
// jump goes through the function's dispatch table and the four columns'
// loads share one address, and natively it counts 5–9 % fewer instructions.
func mulKernel(c []float64, cs int, a []float64, as int, b []float64, bs int, r, k, cols int) {
	if cols == 0 {
		return
	}
	// Rows that lie end to end are cleared in one call (in WebAssembly
	// each call of clear costs Go's calling convention), others row by row.
	whole := cs == cols
	if whole {
		clear(c[:r*cols])
	}
	i := 0
	// Two rows of c at a time, so that each element of b loaded serves
	// both.
	for ; i+2 <= r; i += 2 {
		c0 := c[i*cs : i*cs+cols : i*cs+cols]
		c1 := c[(i+1)*cs : (i+1)*cs+cols : (i+1)*cs+cols]
		if !whole {
			clear(c0)
			clear(c1)
		}
		a0 := a[i*as : i*as+k : i*as+k]
		a1 := a[(i+1)*as : (i+1)*as+k : (i+1)*as+k]
		mulRows2(c0, c1, a0, a1[:len(a0)], b, bs)
	}
	for ; i < r; i++ {
		crow := c[i*cs : i*cs+cols : i*cs+cols]
		if !whole {
			clear(crow)
		}
		arow := a[i*as : i*as+k : i*as+k]
		l := 0
		for ; l+4 <= len(arow); l += 4 {
			addRows4(crow, arow[l:l+4], b, bs, l, cols)
		}
		for ; l < len(arow); l++ {
			if p := arow[l]; p != 0 {
				axpyRow(crow, p, b[l*bs:l*bs+cols])
			}
		}
	}
}

// mulRows2 adds a0·b to c0 and a1·b to c1 (len(a1) = len(a0) rows of b,
// stride bs, len(c0) columns), in mulKernel's order: each element of b
// loaded serves both rows.
func mulRows2(c0, c1, a0, a1, b []float64, bs int) {
	cols := len(c0)
	l := 0
	for ; l+4 <= len(a0); l += 4 {
		p0, p1, p2, p3 := a0[l], a0[l+1], a0[l+2], a0[l+3]
		q0, q1, q2, q3 := a1[l], a1[l+1], a1[l+2], a1[l+3]
		if p0 == 0 || p1 == 0 || p2 == 0 || p3 == 0 || q0 == 0 || q1 == 0 || q2 == 0 || q3 == 0 {
			// Dgemm skips a zero of a (a masked weight, say): do
			// these four columns of a row by row.
			addRows4(c0, a0[l:l+4], b, bs, l, cols)
			addRows4(c1, a1[l:l+4], b, bs, l, cols)
			continue
		}
		b0 := b[l*bs : l*bs+cols]
		b1 := b[(l+1)*bs : (l+1)*bs+cols]
		b2 := b[(l+2)*bs : (l+2)*bs+cols]
		b3 := b[(l+3)*bs : (l+3)*bs+cols]
		b0, b1, b2, b3 = b0[:len(c0)], b1[:len(c0)], b2[:len(c0)], b3[:len(c0)]
		c1 = c1[:len(c0)]
		j := 0
		for ; j <= len(c0)-4; j += 4 {
			c0j, c1j := c0[j:j+4:j+4], c1[j:j+4:j+4]
			b0j, b1j, b2j, b3j := b0[j:j+4:j+4], b1[j:j+4:j+4], b2[j:j+4:j+4], b3[j:j+4:j+4]
			v, w := c0j[0], c1j[0]
			x0, x1, x2, x3 := b0j[0], b1j[0], b2j[0], b3j[0]
			v = v + float64(p0*x0)
			w = w + float64(q0*x0)
			v = v + float64(p1*x1)
			w = w + float64(q1*x1)
			v = v + float64(p2*x2)
			w = w + float64(q2*x2)
			v = v + float64(p3*x3)
			w = w + float64(q3*x3)
			c0j[0], c1j[0] = v, w
			v, w = c0j[1], c1j[1]
			x0, x1, x2, x3 = b0j[1], b1j[1], b2j[1], b3j[1]
			v = v + float64(p0*x0)
			w = w + float64(q0*x0)
			v = v + float64(p1*x1)
			w = w + float64(q1*x1)
			v = v + float64(p2*x2)
			w = w + float64(q2*x2)
			v = v + float64(p3*x3)
			w = w + float64(q3*x3)
			c0j[1], c1j[1] = v, w
			v, w = c0j[2], c1j[2]
			x0, x1, x2, x3 = b0j[2], b1j[2], b2j[2], b3j[2]
			v = v + float64(p0*x0)
			w = w + float64(q0*x0)
			v = v + float64(p1*x1)
			w = w + float64(q1*x1)
			v = v + float64(p2*x2)
			w = w + float64(q2*x2)
			v = v + float64(p3*x3)
			w = w + float64(q3*x3)
			c0j[2], c1j[2] = v, w
			v, w = c0j[3], c1j[3]
			x0, x1, x2, x3 = b0j[3], b1j[3], b2j[3], b3j[3]
			v = v + float64(p0*x0)
			w = w + float64(q0*x0)
			v = v + float64(p1*x1)
			w = w + float64(q1*x1)
			v = v + float64(p2*x2)
			w = w + float64(q2*x2)
			v = v + float64(p3*x3)
			w = w + float64(q3*x3)
			c0j[3], c1j[3] = v, w
		}
		for ; j < len(c0); j++ {
			v, w := c0[j], c1[j]
			x0, x1, x2, x3 := b0[j], b1[j], b2[j], b3[j]
			v = v + float64(p0*x0)
			w = w + float64(q0*x0)
			v = v + float64(p1*x1)
			w = w + float64(q1*x1)
			v = v + float64(p2*x2)
			w = w + float64(q2*x2)
			v = v + float64(p3*x3)
			w = w + float64(q3*x3)
			c0[j] = v
			c1[j] = w
		}
	}
	for ; l < len(a0); l++ {
		axpyRows2(c0, c1, a0[l], a1[l], b[l*bs:l*bs+cols])
	}
}

// axpyRows2 adds p·x to c0 where p ≠ 0 and q·x to c1 where q ≠ 0 (x at
// least as long as c0, c1 as long as c0), both rows in one pass when both
// are nonzero, four elements a jump.
func axpyRows2(c0, c1 []float64, p, q float64, x []float64) {
	if p == 0 || q == 0 {
		if p != 0 {
			axpyRow(c0, p, x)
		}
		if q != 0 {
			axpyRow(c1, q, x)
		}
		return
	}
	x, c1 = x[:len(c0)], c1[:len(c0)]
	j := 0
	for ; j <= len(c0)-4; j += 4 {
		c0j, c1j, xj := c0[j:j+4:j+4], c1[j:j+4:j+4], x[j:j+4:j+4]
		c0j[0], c1j[0] = c0j[0]+float64(p*xj[0]), c1j[0]+float64(q*xj[0])
		c0j[1], c1j[1] = c0j[1]+float64(p*xj[1]), c1j[1]+float64(q*xj[1])
		c0j[2], c1j[2] = c0j[2]+float64(p*xj[2]), c1j[2]+float64(q*xj[2])
		c0j[3], c1j[3] = c0j[3]+float64(p*xj[3]), c1j[3]+float64(q*xj[3])
	}
	for ; j < len(c0); j++ {
		c0[j], c1[j] = c0[j]+float64(p*x[j]), c1[j]+float64(q*x[j])
	}
}

// addRows4 adds to crow, for q = 0…3 in order and where a4[q] ≠ 0,
// a4[q]·(row l+q of b): in one pass when all four are nonzero.
func addRows4(crow, a4 []float64, b []float64, bs, l, cols int) {
	a4 = a4[:4]
	p0, p1, p2, p3 := a4[0], a4[1], a4[2], a4[3]
	if p0 == 0 || p1 == 0 || p2 == 0 || p3 == 0 {
		for q, p := range a4 {
			if p != 0 {
				axpyRow(crow, p, b[(l+q)*bs:(l+q)*bs+cols])
			}
		}
		return
	}
	b0 := b[l*bs : l*bs+cols]
	b1 := b[(l+1)*bs : (l+1)*bs+cols]
	b2 := b[(l+2)*bs : (l+2)*bs+cols]
	b3 := b[(l+3)*bs : (l+3)*bs+cols]
	b0, b1, b2, b3 = b0[:len(crow)], b1[:len(crow)], b2[:len(crow)], b3[:len(crow)]
	for j, v := range crow {
		v = v + float64(p0*b0[j])
		v = v + float64(p1*b1[j])
		v = v + float64(p2*b2[j])
		v = v + float64(p3*b3[j])
		crow[j] = v
	}
}

// axpyRow adds alpha·x to y, element by element, x at least as long as y,
// four elements a jump.
func axpyRow(y []float64, alpha float64, x []float64) {
	x = x[:len(y)]
	j := 0
	for ; j <= len(y)-4; j += 4 {
		yj, xj := y[j:j+4:j+4], x[j:j+4:j+4]
		yj[0] = yj[0] + float64(alpha*xj[0])
		yj[1] = yj[1] + float64(alpha*xj[1])
		yj[2] = yj[2] + float64(alpha*xj[2])
		yj[3] = yj[3] + float64(alpha*xj[3])
	}
	for ; j < len(y); j++ {
		y[j] = y[j] + float64(alpha*x[j])
	}
}
