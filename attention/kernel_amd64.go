//go:build amd64 && !purego

package attention

import "github.com/attnviz/attnviz/attention/internal/cpu"

// block computes rows i0 … i1−1, columns j0 … j1−1 of c: with simd four
// rows at a time, sixteen columns at a time with mulAVX512x4x16 where the
// CPU has AVX-512 (from a packed copy of b's columns where its rows are far
// apart: pack_amd64.go) and eight at a time with mulAVX4x8 after that, the
// columns and rows left over with blockGo; without simd, all with blockGo.
func block(p *product, i0, i1, j0, j1 int, simd bool) {
	n8 := (j1 - j0) / 8
	if !simd || n8 == 0 {
		blockGo(p, i0, i1, j0, j1)
		return
	}
	n16 := 0
	if cpu.AVX512 {
		n16 = n8 / 2
	}
	b16, bs16 := p.b[j0:], p.bs // where mulAVX512x4x16 reads b
	if w := 16 * n16; n16 > 0 && p.bs >= packMinStride && i1-i0 >= packMinRows && p.k*w <= panelBytes/8 {
		if buf, slot := takePack(); slot >= 0 {
			defer releasePack(slot)
			b16, bs16 = packPanel(buf, p, j0, w), w
		}
	}
	i := i0
	for ; i+4 <= i1; i += 4 {
		// newProduct checked that rows i … i+3 of a, rows 0 … k−1 of b
		// and columns up to j1 of c lie in their slices (and b16 holds
		// k rows of 16·n16 columns).
		if n16 > 0 {
			mulAVX512x4x16(&p.c[i*p.cs+j0], p.cs, &p.a[i*p.as], p.as, &b16[0], bs16, p.k, n16)
		}
		if j := j0 + 16*n16; j < j0+8*n8 {
			mulAVX4x8(&p.c[i*p.cs+j], p.cs, &p.a[i*p.as], p.as, &p.b[j], p.bs, p.k, n8-2*n16)
		}
	}
	if j := j0 + 8*n8; j < j1 {
		blockGo(p, i0, i, j, j1)
	}
	blockGo(p, i, i1, j0, j1)
}

// mulAVX4x8 sets the 4 × 8·n8 block of c at c to the product of the 4 × k
// block of a at a and the k × 8·n8 block of b at b; cs, as and bs are the
// row strides in elements. k must be at least 1. See kernel_amd64.s.
//
//go:noescape
func mulAVX4x8(c *float64, cs int, a *float64, as int, b *float64, bs int, k int, n8 int)

// mulAVX512x4x16 is mulAVX4x8 for a 4 × 16·n16 block of c, with AVX-512
// (kernel512_amd64.s).
//
//go:noescape
func mulAVX512x4x16(c *float64, cs int, a *float64, as int, b *float64, bs int, k int, n16 int)
