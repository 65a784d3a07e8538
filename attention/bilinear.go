package attention

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// BilinearMatrix sets dst to W = Wqₕ·Wkₕᵀ (d_model × d_model), where Wqₕ and
// Wkₕ are head h's columns of wq and wk (heads blocks of d_k columns each):
// the matrix of the bilinear ("general") alignment score sᵀ·W·h of Luong et
// al. (2015), which Q·Kᵀ factors into two projections. dst is reused when it
// is d_model × d_model or empty, replaced otherwise; it is returned.
//
// BilinearMatrix panics if wq and wk differ in shape, heads does not divide
// their columns or head is not in 0…heads−1.
func BilinearMatrix(dst, wq, wk *mat.Dense, heads, head int) *mat.Dense {
	wqh, wkh := headColumns(wq, wk, heads, head)
	d, dk := wqh.Dims()
	wkT := mat.NewDense(dk, d, nil)
	transpose(wkT, wkh)
	dst = reuse(dst, d, d)
	mul(dst, wqh, wkT)
	return dst
}

// Bilinear returns, for a query-side vector s and a key-side vector h (d_model
// numbers each: a decoder state and an encoder state, rows of X and XKV),
// the alignment score of head `head` computed two ways:
//
//	bilinear = sᵀ·W·h          with W = Wqₕ·Wkₕᵀ (BilinearMatrix)
//	dot      = (s·Wqₕ)·(h·Wkₕ)  the query times the key, as attention computes it
//
// They are the same number, by associativity, to rounding. This is how the
// alignment of a translation's decoder with its encoder became Q·Kᵀ:
// Bahdanau et al. (2015) scored each decoder state s against each encoder
// state h with a small learnt network; Luong et al. (2015) used the bilinear
// form sᵀWh; factor W into Wq·Wkᵀ and the score is a query s·Wq times a key
// h·Wk, the Q·Kᵀ of scaled dot-product attention. dot is summed in the
// engine's order, so for rows i of X and j of XKV it equals the head's
// Scores[i][j] bit for bit.
//
// Bilinear panics if s or h is not d_model long, or for the reasons
// BilinearMatrix does.
func Bilinear(s, h []float64, wq, wk *mat.Dense, heads, head int) (bilinear, dot float64) {
	wqh, wkh := headColumns(wq, wk, heads, head)
	d, dk := wqh.Dims()
	if len(s) != d || len(h) != d {
		panic(fmt.Sprintf("attention: Bilinear: len(s) = %d, len(h) = %d, want d_model = %d", len(s), len(h), d))
	}
	sRow, hCol := mat.NewDense(1, d, s), mat.NewDense(d, 1, h)
	sW := mat.NewDense(1, d, nil)
	mul(sW, sRow, BilinearMatrix(nil, wq, wk, heads, head))
	out := mat.NewDense(1, 1, nil)
	mul(out, sW, hCol)
	bilinear = out.At(0, 0)

	q, k := mat.NewDense(1, dk, nil), mat.NewDense(1, dk, nil)
	mul(q, sRow, wqh)
	mul(k, mat.NewDense(1, d, h), wkh)
	mul(out, q, mat.NewDense(dk, 1, k.RawRowView(0)))
	return bilinear, out.At(0, 0)
}

// headColumns returns head's columns of wq and wk.
func headColumns(wq, wk *mat.Dense, heads, head int) (wqh, wkh *mat.Dense) {
	d, c := wq.Dims()
	kd, kc := wk.Dims()
	if kd != d || kc != c || heads < 1 || c%heads != 0 {
		panic(fmt.Sprintf("attention: Bilinear: wq %d×%d and wk %d×%d do not split into %d heads", d, c, kd, kc, heads))
	}
	if head < 0 || head >= heads {
		panic(fmt.Sprintf("attention: Bilinear: head %d of %d", head, heads))
	}
	dk := c / heads
	return wq.Slice(0, d, head*dk, (head+1)*dk).(*mat.Dense), wk.Slice(0, d, head*dk, (head+1)*dk).(*mat.Dense)
}
