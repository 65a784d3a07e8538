package model

import (
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// reference_test.go: the sequence-at-a-time loss and backward pass that the
// tests check the trainer's against (stacked's lossAndGrad and backward,
// stack_backward.go) and the gradients against finite differences
// (grad_test.go). Only the tests use them: training runs the stacked batch.

// refPass is a Pass with the buffers of its backward pass.
type refPass struct {
	Pass
	dLogits, dX *mat.Dense
	layerGrad   attention.Gradients
}

// crossEntropy sets p.dLogits to scale times the gradient, with respect to
// p.Logits, of the summed cross-entropy of the rows i with targets[i] ≥ 0,
// and returns that sum (unscaled) and how many of those rows predict their
// target (Predict).
func (p *refPass) crossEntropy(targets []int, scale float64) (loss float64, correct int) {
	n, v := p.Logits.Dims()
	p.dLogits = sized(p.dLogits, n, v)
	p.dLogits.Zero()
	for i, t := range targets {
		if t < 0 {
			continue
		}
		z := p.Logits.RawRowView(i)[:v]
		loss += rowCrossEntropy(p.dLogits.RawRowView(i)[:v], z, t, scale)
		if argmax(z) == t {
			correct++
		}
	}
	return loss, correct
}

// backprop adds to g (a Model of m's shape) the gradient of the loss whose
// gradient with respect to p.Logits is p.dLogits.
func (m *Model) backprop(p *refPass, g *Model) {
	a := m.Arch
	n := len(p.Tokens)
	addAtB(g.Unemb, p.X[a.Layers], p.dLogits)
	p.dX = sized(p.dX, n, a.DModel)
	mulABt(p.dX, p.dLogits, m.Unemb)
	lg := &p.layerGrad
	for l := a.Layers - 1; l >= 0; l-- {
		attention.Backward(lg, &p.Res[l], &p.In[l], p.dX)
		addTo(g.Layers[l].Wq, lg.Wq)
		addTo(g.Layers[l].Wk, lg.Wk)
		addTo(g.Layers[l].Wv, lg.Wv)
		addTo(g.Layers[l].Wo, lg.Wo)
		addTo(p.dX, lg.X) // the residual: dXₗ = dXₗ₊₁ + ∂attention/∂Xₗ
	}
	for i, t := range p.Tokens {
		d := p.dX.RawRowView(i)[:a.DModel]
		e, q := g.Emb.RawRowView(t), g.Pos.RawRowView(i)
		for j, v := range d {
			e[j] += v
			q[j] += v
		}
	}
}

// addAtB adds aᵀ·b to dst: dst[i][j] += Σₗ a[l][i]·b[l][j], l in order.
func addAtB(dst, a, b *mat.Dense) {
	ar, br, dr := a.RawMatrix(), b.RawMatrix(), dst.RawMatrix()
	if ar.Rows != br.Rows || dr.Rows != ar.Cols || dr.Cols != br.Cols {
		panic(mat.ErrShape)
	}
	for l := 0; l < ar.Rows; l++ {
		arow := ar.Data[l*ar.Stride : l*ar.Stride+ar.Cols]
		brow := br.Data[l*br.Stride : l*br.Stride+br.Cols]
		for i, p := range arow {
			axpy(dr.Data[i*dr.Stride:i*dr.Stride+dr.Cols], p, brow)
		}
	}
}

// mulABt sets dst = a·bᵀ: dst[i][j] = Σₗ a[i][l]·b[j][l], l in order.
func mulABt(dst, a, b *mat.Dense) {
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
			drow[j] = s
		}
	}
}
