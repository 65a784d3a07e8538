//go:build amd64 && !purego

package attention

import "github.com/attnviz/attnviz/attention/internal/cpu"

// addSlice sets dst[j] += src[j] for j < len(dst), with AVX four at a time
// (the same sums); src is at least as long as dst.
func addSlice(dst, src []float64) {
	src = src[:len(dst)]
	n4 := 0
	if cpu.AVX {
		n4 = len(dst) &^ 3
	}
	if n4 > 0 {
		addAVX(&dst[0], &src[0], n4)
	}
	for j := n4; j < len(dst); j++ {
		dst[j] += src[j]
	}
}

// scaleSlice sets dst[j] = src[j] · s for j < len(src), with AVX four at a
// time (the same products); dst and src may be the same slice.
func scaleSlice(dst, src []float64, s float64) {
	dst = dst[:len(src)]
	n4 := 0
	if cpu.AVX {
		n4 = len(src) &^ 3
	}
	if n4 > 0 {
		scaleAVX(&dst[0], &src[0], n4, s)
	}
	for j := n4; j < len(src); j++ {
		dst[j] = src[j] * s
	}
}

// addAVX and scaleAVX are addSlice and scaleSlice for the first n4
// elements, a positive multiple of 4 (vec_amd64.s).
//
//go:noescape
func addAVX(dst, src *float64, n4 int)

//go:noescape
func scaleAVX(dst, src *float64, n4 int, s float64)

// transpose4 sets columns 0 … 4·r4−1 of rows 0 … 4·c4−1 of d (stride ds)
// to the transpose of rows 0 … 4·r4−1, columns 0 … 4·c4−1 of s (stride
// ss), where r4 = rows/4 and c4 = cols/4, with AVX; it returns 4·r4 and
// 4·c4, or 0, 0 without AVX. The caller moves the rest.
func transpose4(d []float64, ds int, s []float64, ss, rows, cols int) (r, c int) {
	r4, c4 := rows/4, cols/4
	if !cpu.AVX || r4 == 0 || c4 == 0 {
		return 0, 0
	}
	_ = s[(4*r4-1)*ss+4*c4-1] // transposeAVX reads up to here
	_ = d[(4*c4-1)*ds+4*r4-1] // and writes up to here
	transposeAVX(&d[0], ds, &s[0], ss, r4, c4)
	return 4 * r4, 4 * c4
}

// transposeAVX is transpose4's assembly (vec_amd64.s).
//
//go:noescape
func transposeAVX(dst *float64, ds int, src *float64, ss int, r4, c4 int)
