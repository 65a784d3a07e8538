//go:build !amd64 || purego

package attention

// block computes rows i0 … i1−1, columns j0 … j1−1 of c with blockGo.
func block(p *product, i0, i1, j0, j1 int, simd bool) {
	blockGo(p, i0, i1, j0, j1)
}
