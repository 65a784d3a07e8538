//go:build !amd64 || purego

package attention

// addSlice sets dst[j] += src[j] for j < len(dst); src is at least as long
// as dst.
func addSlice(dst, src []float64) {
	src = src[:len(dst)]
	for j, v := range src {
		dst[j] += v
	}
}

// scaleSlice sets dst[j] = src[j] · s for j < len(src); dst and src may be
// the same slice.
func scaleSlice(dst, src []float64, s float64) {
	dst = dst[:len(src)]
	for j, x := range src {
		dst[j] = x * s
	}
}

// transpose4 does nothing here: transpose moves every element in Go.
func transpose4(d []float64, ds int, s []float64, ss, rows, cols int) (r, c int) { return 0, 0 }
