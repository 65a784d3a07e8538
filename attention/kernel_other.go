//go:build !amd64 || purego

package attention

// block computes rows i0 … i1−1, columns j0 … j1−1 of c with blockGo.
func block(p *product, i0, i1, j0, j1 int, simd bool) {
	blockGo(p, i0, i1, j0, j1)
}

// hasZero reports whether columns 0 … cols−1 of rows 0 … rows−1 of the
// row-major d (stride s) have an entry equal to zero (either sign).
func hasZero(d []float64, s, rows, cols int) bool { return hasZeroGo(d, s, rows, cols) }

// finite reports whether those entries of d are all finite.
func finite(d []float64, s, rows, cols int) bool { return finiteGo(d, s, rows, cols) }

// divSlice sets dst[j] = src[j] / d; dst and src may be the same slice.
func divSlice(dst, src []float64, d float64) {
	dst = dst[:len(src)]
	for j, x := range src {
		dst[j] = x / d
	}
}
