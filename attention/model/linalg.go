package model

import "gonum.org/v1/gonum/mat"

// linalg.go: the few matrix products and sums that Forward (one sequence
// at a time: the probe, the pattern check, the gradient tests) and the
// training steps need besides attention's, written out so that every
// element is summed in one fixed order, with each product rounded before
// it is added (the float64 conversions forbid a fused multiply-add): the
// same bits on every GOARCH, and the same as attention.Mul's. Training
// steps multiply with attention.Mul (stack.go); the tests' reference
// backprop has two more of these (addAtB, mulABt: reference_test.go).

// mulAB sets dst = a·b.
func mulAB(dst, a, b *mat.Dense) {
	ar, br, dr := a.RawMatrix(), b.RawMatrix(), dst.RawMatrix()
	if ar.Cols != br.Rows || dr.Rows != ar.Rows || dr.Cols != br.Cols {
		panic(mat.ErrShape)
	}
	for i := 0; i < ar.Rows; i++ {
		arow := ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols]
		drow := dr.Data[i*dr.Stride : i*dr.Stride+dr.Cols]
		clear(drow)
		for l, p := range arow {
			axpy(drow, p, br.Data[l*br.Stride:l*br.Stride+br.Cols])
		}
	}
}

// axpy adds p·x to dst, element by element, each product rounded before
// it is added.
func axpy(dst []float64, p float64, x []float64) {
	dst = dst[:len(x)]
	for j, v := range x {
		dst[j] = dst[j] + float64(p*v)
	}
}

// addTo adds src to dst, element by element.
func addTo(dst, src *mat.Dense) {
	sr, dr := src.RawMatrix(), dst.RawMatrix()
	if sr.Rows != dr.Rows || sr.Cols != dr.Cols {
		panic(mat.ErrShape)
	}
	for i := 0; i < sr.Rows; i++ {
		srow := sr.Data[i*sr.Stride : i*sr.Stride+sr.Cols]
		drow := dr.Data[i*dr.Stride : i*dr.Stride+dr.Cols]
		drow = drow[:len(srow)]
		j := 0
		for ; j <= len(srow)-4; j += 4 { // four a jump: see rows.go
			drow[j] += srow[j]
			drow[j+1] += srow[j+1]
			drow[j+2] += srow[j+2]
			drow[j+3] += srow[j+3]
		}
		for ; j < len(srow); j++ {
			drow[j] += srow[j]
		}
	}
}

// sized returns m when it is r×c and a new r×c matrix otherwise.
func sized(m *mat.Dense, r, c int) *mat.Dense {
	if m != nil {
		if mr, mc := m.Dims(); mr == r && mc == c {
			return m
		}
	}
	return mat.NewDense(r, c, nil)
}

// setSum sets dst[j] = a[j] + b[j], four elements a jump (see rows.go).
func setSum(dst, a, b []float64) {
	a, b = a[:len(dst)], b[:len(dst)]
	j := 0
	for ; j <= len(dst)-4; j += 4 {
		dst[j] = a[j] + b[j]
		dst[j+1] = a[j+1] + b[j+1]
		dst[j+2] = a[j+2] + b[j+2]
		dst[j+3] = a[j+3] + b[j+3]
	}
	for ; j < len(dst); j++ {
		dst[j] = a[j] + b[j]
	}
}

// addToBoth adds src to a and to b, element by element, four a jump.
func addToBoth(a, b, src []float64) {
	a, b = a[:len(src)], b[:len(src)]
	j := 0
	for ; j <= len(src)-4; j += 4 {
		a[j] += src[j]
		b[j] += src[j]
		a[j+1] += src[j+1]
		b[j+1] += src[j+1]
		a[j+2] += src[j+2]
		b[j+2] += src[j+2]
		a[j+3] += src[j+3]
		b[j+3] += src[j+3]
	}
	for ; j < len(src); j++ {
		a[j] += src[j]
		b[j] += src[j]
	}
}
