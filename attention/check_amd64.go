//go:build amd64 && !purego

package attention

import "github.com/attnviz/attnviz/attention/internal/cpu"

// hasZero reports whether columns 0 … cols−1 of rows 0 … rows−1 of the
// row-major d (stride s) have an entry equal to zero (either sign): with
// AVX four at a time, the last cols mod 4 columns in Go.
func hasZero(d []float64, s, rows, cols int) bool {
	if rows == 0 || cols == 0 {
		return false
	}
	_ = d[(rows-1)*s+cols-1] // hasZeroAVX reads up to here
	c4 := cols &^ 3
	if !cpu.AVX || c4 == 0 {
		return hasZeroGo(d, s, rows, cols)
	}
	if hasZeroAVX(&d[0], s, rows, c4) {
		return true
	}
	return c4 < cols && hasZeroGo(d[c4:], s, rows, cols-c4)
}

// finite reports whether columns 0 … cols−1 of rows 0 … rows−1 of d
// (stride s) are all finite: with AVX four at a time.
func finite(d []float64, s, rows, cols int) bool {
	if rows == 0 || cols == 0 {
		return true
	}
	_ = d[(rows-1)*s+cols-1] // finiteAVX reads up to here
	c4 := cols &^ 3
	if !cpu.AVX || c4 == 0 {
		return finiteGo(d, s, rows, cols)
	}
	return finiteAVX(&d[0], s, rows, c4) && (c4 == cols || finiteGo(d[c4:], s, rows, cols-c4))
}

// hasZeroAVX and finiteAVX are hasZero and finite for a positive multiple
// of four columns and at least one row (check_amd64.s).
//
//go:noescape
func hasZeroAVX(a *float64, as, r, k4 int) bool

//go:noescape
func finiteAVX(b *float64, bs, r, c4 int) bool
