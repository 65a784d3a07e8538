package model

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// lossAndGrad sets s.dLogits to scale times the gradient, with respect to
// s.logits, of the batch's summed cross-entropy over the rows with a target,
// and returns that sum (unscaled), summed sequence by sequence as
// Pass.crossEntropy sums it.
func (s *stacked) lossAndGrad(batch []Example, scale float64) float64 {
	v := s.a.Vocab
	lg, dl := &s.logits.m, s.dLogits.shape(len(s.tgt), v)
	loss, k := 0.0, 0
	for _, ex := range batch {
		l := 0.0
		for _, t := range ex.Targets {
			if t >= 0 {
				l += rowCrossEntropy(dl.RawRowView(k)[:v], lg.RawRowView(k)[:v], t, scale)
				k++
			}
		}
		loss += l
	}
	return loss
}

// correct returns how many rows with a target have their largest logit
// (the lowest id on a tie) at the target, as Pass.crossEntropy counts them.
func (s *stacked) correct(batch []Example) int {
	v, right, k := s.a.Vocab, 0, 0
	for _, ex := range batch {
		for _, t := range ex.Targets {
			if t >= 0 {
				if argmax(s.logits.m.RawRowView(k)[:v]) == t {
					right++
				}
				k++
			}
		}
	}
	return right
}

// backward sets g (a Model of m's shape, every parameter 0) to the
// gradient of the loss whose gradient with respect to s.logits is
// s.dLogits, for the batch forward ran on: the sum of backprop's gradients
// of each sequence, in batch order.
func (s *stacked) backward(m *Model, batch []Example, g *Model) {
	a := s.a
	// The rows without a target have a zero gradient: leaving them out of
	// the sums changes no bit (each of their products is ±0, and the sums
	// start at +0).
	rows, nt := s.offs[len(batch)], len(s.tgt)
	xT := s.xT.shape(a.DModel, nt)
	transpose(xT, &s.xTgt.m)
	attention.Mul(g.Unemb, xT, &s.dLogits.m) // the rows in order: addAtB's sum
	unembT := s.unembT.shape(a.Vocab, a.DModel)
	transpose(unembT, m.Unemb)
	dXt := s.dXTgt.shape(nt, a.DModel)
	attention.Mul(dXt, &s.dLogits.m, unembT)
	dX := s.dX.shape(rows, a.DModel)
	dX.Zero()
	for k, i := range s.tgt {
		copy(dX.RawRowView(i), dXt.RawRowView(k)[:a.DModel])
	}
	for l := a.Layers - 1; l >= 0; l-- {
		s.layerBackward(l, m.Layers[l], g.Layers[l], rows)
	}
	for b, ex := range batch {
		for i, t := range ex.Tokens {
			d := dX.RawRowView(s.offs[b] + i)[:a.DModel]
			e, q := g.Emb.RawRowView(t), g.Pos.RawRowView(i)
			for j, v := range d {
				e[j] += v
				q[j] += v
			}
		}
	}
}

// layerBackward adds layer l's weight gradients to gl and turns s.dX, the
// gradient with respect to the layer's output, into that with respect to
// its input (the residual adds the two paths).
func (s *stacked) layerBackward(l int, ly, gl Layer, rows int) {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	dX := &s.dX.m
	woT := s.woT.shape(d, hv)
	transpose(woT, ly.Wo)
	dConcat := s.dConcat.shape(rows, hv)
	attention.Mul(dConcat, dX, woT)
	concatT := s.concatT.shape(hv, rows)
	transpose(concatT, &s.concat[l].m)
	tmpO := s.tmpO.shape(hv, d)
	for b := range len(s.offs) - 1 {
		o, o1 := s.offs[b], s.offs[b+1]
		attention.Mul(tmpO, view(&s.va, concatT, 0, hv, o, o1), view(&s.vb, dX, o, o1, 0, d))
		addTo(gl.Wo, tmpO)
	}
	dQKV, qkv := s.dQKV.shape(rows, 2*hk+hv), &s.qkv[l].m
	for b := range len(s.offs) - 1 {
		for h := range a.Heads {
			s.headBackward(l, b, h, qkv, dQKV, dConcat)
		}
	}
	s.projBackward(l, ly, gl, rows)
}

// projBackward adds the gradients of the layer's Wq, Wk and Wv to gl,
// sequence by sequence, and the input's gradient through them to s.dX.
func (s *stacked) projBackward(l int, ly, gl Layer, rows int) {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	dQKV := &s.dQKV.m
	xT := s.xT.shape(d, rows)
	transpose(xT, &s.x[l].m)
	tmpW := s.tmpW.shape(d, 2*hk+hv)
	for b := range len(s.offs) - 1 {
		o, o1 := s.offs[b], s.offs[b+1]
		attention.Mul(tmpW, view(&s.va, xT, 0, d, o, o1), view(&s.vb, dQKV, o, o1, 0, 2*hk+hv))
		addTo(gl.Wq, view(&s.vc, tmpW, 0, d, 0, hk))
		addTo(gl.Wk, view(&s.vc, tmpW, 0, d, hk, 2*hk))
		addTo(gl.Wv, view(&s.vc, tmpW, 0, d, 2*hk, 2*hk+hv))
	}
	wT := s.wT.shape(2*hk+hv, d)
	transpose(view(&s.va, wT, 0, hk, 0, d), ly.Wq)
	transpose(view(&s.va, wT, hk, 2*hk, 0, d), ly.Wk)
	transpose(view(&s.va, wT, 2*hk, 2*hk+hv, 0, d), ly.Wv)
	dXl := s.dXl.shape(rows, d)
	attention.Mul(dXl, dQKV, wT)
	addTo(&s.dX.m, dXl)
}

// headBackward sets head h's columns of dQKV for sequence b in layer l from
// its columns of dConcat, as attention.Backward computes them.
func (s *stacked) headBackward(l, b, h int, qkv, dQKV, dConcat *mat.Dense) {
	a := s.a
	dk, dv, hk := a.DModel/a.Heads, a.dv(), a.DModel
	o, n := s.headView(l, b, h, qkv)
	view(&s.vdo, dConcat, o, o+n, h*dv, (h+1)*dv)
	view(&s.vdq, dQKV, o, o+n, h*dk, (h+1)*dk)
	view(&s.vdk, dQKV, o, o+n, hk+h*dk, hk+(h+1)*dk)
	view(&s.vdv, dQKV, o, o+n, 2*hk+h*dv, 2*hk+(h+1)*dv)
	wT := s.weightsT.shape(n, n)
	transpose(wT, &s.vw)
	attention.Mul(&s.vdv, wT, &s.vdo)
	vT := s.vT.shape(dv, n)
	transpose(vT, &s.vv)
	dW := s.dW.shape(n, n)
	attention.Mul(dW, &s.vdo, vT)
	sqrtDK := math.Sqrt(float64(dk))
	for i := range n {
		ds := dW.RawRowView(i)[:n]
		limit := s.visible(i, n)
		softmaxBackward(ds, s.vw.RawRowView(i)[:n], limit)
		for j := range ds[:limit] {
			ds[j] /= sqrtDK
		}
	}
	attention.Mul(&s.vdq, dW, &s.vk)
	dST := s.dST.shape(n, n)
	transpose(dST, dW)
	attention.Mul(&s.vdk, dST, &s.vq)
}

// softmaxBackward turns dw, the gradient with respect to a row of softmax
// weights w whose keys from limit on are masked, into the gradient with
// respect to the row's logits, in place, as attention.Backward does:
//
//	dw[j] = w[j]·(dw[j] − Σₖ w[k]·dw[k])   for j < limit, 0 for j ≥ limit
func softmaxBackward(dw, w []float64, limit int) {
	w = w[:len(dw)]
	var dot float64
	for k, v := range w[:limit] {
		dot = dot + float64(v*dw[k])
	}
	for j, v := range w[:limit] {
		dw[j] = v * (dw[j] - dot)
	}
	clear(dw[limit:])
}
