//go:build amd64 && !purego

package detmath

import (
	"unsafe"

	"github.com/attnviz/attnviz/attention/internal/cpu"
)

// expVector sets dst[i] for i < n, n a multiple of 8 that it returns, by the
// steps of Exp's ordinary case with AVX2, four lanes per instruction (the
// same IEEE operations, each rounded, as the Go code): the right value for
// every x = src[i] − shift in [−708, −2⁻⁵⁴], and something meaningless for
// the others, which ExpSum then recomputes from src. It returns 0 without
// AVX2 or when dst and src overlap.
//
// With AVX-512 it takes sixteen at a time (expAVX512, the same operations)
// and the last eight, if any, with expAVX2.
func expVector(dst, src []float64, shift float64) int {
	n := len(src) &^ 7
	if !cpu.AVX2 || n == 0 || overlap(dst[:n], src[:n]) {
		return 0
	}
	n16 := 0
	if cpu.AVX512 {
		n16 = n &^ 15
	}
	if n16 > 0 {
		expAVX512(&dst[0], &src[0], n16, shift)
	}
	if n16 < n {
		expAVX2(&dst[n16], &src[n16], n-n16, shift)
	}
	return n
}

// overlap reports whether the non-empty slices a and b share memory.
func overlap(a, b []float64) bool {
	a0, a1 := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&a[len(a)-1]))
	b0, b1 := uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(&b[len(b)-1]))
	return a0 <= b1 && b0 <= a1
}

//go:noescape
func expAVX2(dst, src *float64, n int, shift float64)

//go:noescape
func expAVX512(dst, src *float64, n int, shift float64)
