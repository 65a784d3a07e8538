package attention

// kernel.go: the serial matrix product of mul, by hand.
//
// Profiles of the benchmark forward (go test -cpuprofile, bench/forward,
// n=32 d_model=64 4 heads) put two thirds of the time in mul, most of it in
// gonum's Daxpy: one call, with its argument checks, per element of a, over
// rows of 16 to 64 columns. On wasm, where gonum has no assembly, its
// pure-Go AxpyUnitary also loads and stores every element of the row of dst
// once per element of a. mulKernel reads and writes the row of dst once per
// four elements of a instead, in a loop the compiler can check bounds for
// once.

// mulKernel sets c = a·b for row-major a (r×k, stride as), b (k×cols,
// stride bs) and c (r×cols, stride cs).
//
// It sums every element exactly as gonum's Dgemm does for untransposed
// operands (and so as mat.Mul does, serial or parallel): c[i][j] starts at
// +0 and gains, for l = 0, 1, …, k−1 in that order and only where
// a[i][l] ≠ 0, the product a[i][l]·b[l][j], rounded to float64 before it is
// added (the conversions forbid a fused multiply-add, which some GOARCHes
// would otherwise use). Its results are therefore bit-identical to mat.Mul's
// and the same on every GOARCH; TestMulMatchesMatMul checks it.
func mulKernel(c []float64, cs int, a []float64, as int, b []float64, bs int, r, k, cols int) {
	if cols == 0 {
		return
	}
	i := 0
	// Two rows of c at a time, so that each element of b loaded serves
	// both.
	for ; i+2 <= r; i += 2 {
		c0 := c[i*cs : i*cs+cols : i*cs+cols]
		c1 := c[(i+1)*cs : (i+1)*cs+cols : (i+1)*cs+cols]
		clear(c0)
		clear(c1)
		a0 := a[i*as : i*as+k : i*as+k]
		a1 := a[(i+1)*as : (i+1)*as+k : (i+1)*as+k]
		a1 = a1[:len(a0)]
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
			for j, v := range c0 {
				w := c1[j]
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
			if p := a0[l]; p != 0 {
				axpyRow(c0, p, b[l*bs:l*bs+cols])
			}
			if q := a1[l]; q != 0 {
				axpyRow(c1, q, b[l*bs:l*bs+cols])
			}
		}
	}
	for ; i < r; i++ {
		crow := c[i*cs : i*cs+cols : i*cs+cols]
		clear(crow)
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

// axpyRow adds alpha·x to y, element by element, x at least as long as y.
func axpyRow(y []float64, alpha float64, x []float64) {
	x = x[:len(y)]
	for j, v := range y {
		y[j] = v + float64(alpha*x[j])
	}
}
