//go:build amd64 && !purego

package attention

import "github.com/attnviz/attnviz/attention/internal/cpu"

// divSlice sets dst[j] = src[j] / d, with AVX four at a time (the same
// quotients); dst and src may be the same slice.
func divSlice(dst, src []float64, d float64) {
	dst = dst[:len(src)]
	n4 := 0
	if cpu.AVX {
		n4 = len(src) &^ 3
	}
	if n4 > 0 {
		divAVX(&dst[0], &src[0], n4, d)
	}
	for j := n4; j < len(src); j++ {
		dst[j] = src[j] / d
	}
}

// divAVX is divSlice for the first n4 elements, a positive multiple of 4
// (div_amd64.s).
//
//go:noescape
func divAVX(dst, src *float64, n4 int, d float64)
