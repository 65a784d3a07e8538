package model

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// backward.go: the backward pass of one attention layer. It stands in for
// attention.Backward (issue #12, part 1) until that lands, with the same
// contract, so that switching is a change of this file only.

// gradients are the gradients of one attention layer, as attention.Gradients.
type gradients struct {
	X, Wq, Wk, Wv, Wo *mat.Dense

	dConcat, dWeights, dScores, dQ, dK, dV *mat.Dense // scratch
}

// backward sets dst to the gradients of L = Σ r.Output ⊙ gradOutput with
// respect to in.X, in.Wq, in.Wk, in.Wv and in.Wo, where r is the Result of
// attention.Forward(r, in). in.Wo must not be nil.
func backward(dst *gradients, r *attention.Result, in *attention.Input, gradOutput *mat.Dense) {
	n, d := in.X.Dims()
	_, hk := in.Wq.Dims()
	_, hv := in.Wv.Dims()
	dst.X = sized(dst.X, n, d)
	dst.Wq, dst.Wk = sized(dst.Wq, d, hk), sized(dst.Wk, d, hk)
	dst.Wv = sized(dst.Wv, d, hv)
	dst.Wo = sized(dst.Wo, in.Wo.RawMatrix().Rows, in.Wo.RawMatrix().Cols)
	dst.dConcat = sized(dst.dConcat, n, hv)
	dst.dQ, dst.dK, dst.dV = sized(dst.dQ, n, hk), sized(dst.dK, n, hk), sized(dst.dV, n, hv)
	dst.dWeights, dst.dScores = sized(dst.dWeights, n, n), sized(dst.dScores, n, n)

	dst.Wo.Zero()
	addAtB(dst.Wo, r.Concat, gradOutput)
	mulABt(dst.dConcat, gradOutput, in.Wo)
	temp := r.Options.Temperature
	if temp == 0 {
		temp = 1
	}
	for h := range r.Heads {
		headBackward(dst, &r.Heads[h], h, temp, r.Options.Scale)
	}
	dst.Wq.Zero()
	dst.Wk.Zero()
	dst.Wv.Zero()
	addAtB(dst.Wq, in.X, dst.dQ)
	addAtB(dst.Wk, in.X, dst.dK)
	addAtB(dst.Wv, in.X, dst.dV)
	mulABt(dst.X, dst.dQ, in.Wq)
	addABtTo(dst.X, dst.dK, in.Wk)
	addABtTo(dst.X, dst.dV, in.Wv)
}

// headBackward sets head h's column blocks of dst.dQ, dst.dK and dst.dV from
// its block of dst.dConcat.
func headBackward(dst *gradients, hd *attention.Head, h int, temp float64, scale bool) {
	n, dk := hd.Q.Dims()
	_, dv := hd.V.Dims()
	dOut := dst.dConcat.Slice(0, n, h*dv, (h+1)*dv).(*mat.Dense)
	dQ := dst.dQ.Slice(0, n, h*dk, (h+1)*dk).(*mat.Dense)
	dK := dst.dK.Slice(0, n, h*dk, (h+1)*dk).(*mat.Dense)
	dV := dst.dV.Slice(0, n, h*dv, (h+1)*dv).(*mat.Dense)

	mulABt(dst.dWeights, dOut, hd.V) // dW = dOut·Vᵀ
	dV.Zero()
	addAtB(dV, hd.Weights, dOut) // dV = Wᵀ·dOut
	div := temp
	if scale {
		div = float64(math.Sqrt(float64(dk)) * temp)
	}
	w, dw, ds := hd.Weights.RawMatrix(), dst.dWeights.RawMatrix(), dst.dScores.RawMatrix()
	for i := 0; i < n; i++ {
		wr := w.Data[i*w.Stride : i*w.Stride+n]
		dwr := dw.Data[i*dw.Stride : i*dw.Stride+n]
		dsr := ds.Data[i*ds.Stride : i*ds.Stride+n]
		dot := 0.0
		for j, p := range wr {
			dot = dot + float64(p*dwr[j])
		}
		for j, p := range wr {
			dsr[j] = float64(p*float64(dwr[j]-dot)) / div
		}
	}
	mulAB(dQ, dst.dScores, hd.K) // dQ = dS·K
	dK.Zero()
	addAtB(dK, dst.dScores, hd.Q) // dK = dSᵀ·Q
}

// addABtTo adds a·bᵀ to dst.
func addABtTo(dst, a, b *mat.Dense) {
	ar, br, dr := a.RawMatrix(), b.RawMatrix(), dst.RawMatrix()
	if ar.Cols != br.Cols || dr.Rows != ar.Rows || dr.Cols != br.Rows {
		panic(mat.ErrShape)
	}
	for i := 0; i < ar.Rows; i++ {
		arow := ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols]
		drow := dr.Data[i*dr.Stride : i*dr.Stride+dr.Cols]
		for j := range drow {
			brow := br.Data[j*br.Stride : j*br.Stride+br.Cols]
			brow = brow[:len(arow)]
			s := 0.0
			for l, p := range arow {
				s = s + float64(p*brow[l])
			}
			drow[j] += s
		}
	}
}
