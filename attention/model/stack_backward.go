package model

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// lossAndGrad sets s.dLogits to scale times the gradient, with respect to
// s.logits, of the batch's summed cross-entropy over the rows with a target,
// and returns that sum (unscaled), summed sequence by sequence as
// the tests' reference, refPass.crossEntropy (reference_test.go), sums it.
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
// (the lowest id on a tie) at the target, as refPass.crossEntropy counts them.
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
// s.dLogits, for the batch forward ran on: the sum of the reference backprop's gradients
// of each sequence, in batch order. The rows without a target have a zero
// gradient at the last layer's output: leaving them out of the sums changes
// no bit (each of their products is ±0, and every sum starts at +0).
func (s *stacked) backward(m *Model, batch []Example, g *Model) {
	a := s.a
	rows, nt := s.offs[len(batch)], len(s.tgt)
	xT := s.xT.shape(a.DModel, nt)
	transpose(xT, &s.xTgt.m)
	attention.Mul(g.Unemb, xT, &s.dLogits.m) // the rows in order: addAtB's sum
	unembT := s.unembT.shape(a.Vocab, a.DModel)
	transpose(unembT, m.Unemb)
	attention.Mul(s.dXTgt.shape(nt, a.DModel), &s.dLogits.m, unembT)
	s.dX.shape(rows, a.DModel)
	for l := a.Layers - 1; l >= 0; l-- {
		s.layerBackward(m, g, l, rows)
	}
	dX := &s.dX.m
	for b, ex := range batch {
		for i, t := range ex.Tokens {
			addToBoth(g.Emb.RawRowView(t), g.Pos.RawRowView(i), dX.RawRowView(s.offs[b] + i)[:a.DModel])
		}
	}
}

// layerBackward adds layer l's weight gradients to g and sets s.dX to the
// gradient with respect to the layer's input: the residual's (the output's
// gradient, s.dXTgt at the last layer's query rows, s.dX below) plus that
// through the attention. In the first layer, the gradient through the
// attention goes to g's embeddings by table (tablesBackward), and s.dX keeps
// only the residual's.
func (s *stacked) layerBackward(m, g *Model, l, rows int) {
	a := s.a
	ly, gl := m.Layers[l], g.Layers[l]
	d, hv := a.DModel, a.Heads*a.dv()
	qr, _, _ := s.queries(l, 0)
	dOut := &s.dX.m
	if l == a.Layers-1 {
		dOut = &s.dXTgt.m
	}
	woT := s.woT.shape(d, hv)
	transpose(woT, ly.Wo)
	dConcat := s.dConcat.shape(len(qr), hv)
	attention.Mul(dConcat, dOut, woT)
	concatT := s.concatT.shape(hv, len(qr))
	transpose(concatT, &s.concat[l].m)
	tmpO := s.tmpO.shape(hv, d)
	for b := range len(s.offs) - 1 {
		if _, k0, k1 := s.queries(l, b); k1 > k0 {
			attention.Mul(tmpO, view(&s.va, concatT, 0, hv, k0, k1), view(&s.vb, dOut, k0, k1, 0, d))
			addTo(gl.Wo, tmpO)
		}
	}
	s.headsBackward(l, dConcat)
	if l == 0 {
		s.tablesBackward(m, g)
	} else {
		s.projBackward(l, ly, gl, rows)
	}
	dX := &s.dX.m
	if l == a.Layers-1 {
		s.dX.zero()
		for k, i := range qr {
			copy(dX.RawRowView(i), dOut.RawRowView(k)[:d])
		}
	}
	if l > 0 {
		addTo(dX, &s.dXl.m)
	}
}

// headsBackward sets s.dQKV from layer l's dConcat, sequence by sequence,
// head by head.
func (s *stacked) headsBackward(l int, dConcat *mat.Dense) {
	a := s.a
	dQKV, qkv := s.dQKV.shape(s.offs[len(s.offs)-1], 2*a.DModel+a.Heads*a.dv()), &s.qkv[l].m
	s.dQKV.zero()
	wo := 0
	for b := range len(s.offs) - 1 {
		_, k0, k1 := s.queries(l, b)
		s.wOff = append(s.wOff[:b], wo)
		wo += a.Heads * (k1 - k0) * (s.offs[b+1] - s.offs[b])
		for h := range a.Heads {
			s.headBackward(l, b, h, qkv, dQKV, dConcat)
		}
	}
}

// projBackward adds the gradients of the layer's Wq, Wk and Wv to gl,
// sequence by sequence, and sets s.dXl to the input's gradient through them.
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
		s.addJoined(gl, tmpW)
	}
	attention.Mul(s.dXl.shape(rows, d), dQKV, s.joinedT(ly))
}

// headBackward adds to head h's columns of dQKV (zero before its first
// query row) sequence b's gradients with respect to its queries, keys and
// values in layer l, from its columns of dConcat, as attention.Backward
// computes them: one query row at a time, in order, so that each key's and
// value's gradient sums over the query rows in order (a row without a
// query passes none).
func (s *stacked) headBackward(l, b, h int, qkv, dQKV, dConcat *mat.Dense) {
	a := s.a
	dk, dv, hk := a.DModel/a.Heads, a.dv(), a.DModel
	o, n := s.offs[b], s.offs[b+1]-s.offs[b]
	qr, k0, k1 := s.queries(l, b)
	w := s.headWeights(l, b, h, k1-k0, n)
	sqrtDK := math.Sqrt(float64(dk))
	ds := s.lrow[:n]
	cq, ck, cv := h*dk, hk+h*dk, 2*hk+h*dv
	// Row r of the sequence in qkv and dQKV (the same stride) at r·st.
	qm, gm, cm := qkv.RawMatrix(), dQKV.RawMatrix(), dConcat.RawMatrix()
	st, qd, gd := qm.Stride, qm.Data[o*qm.Stride:], gm.Data[o*qm.Stride:]
	for k := k0; k < k1; k++ {
		i := qr[k] - o
		limit := s.visible(i, n)
		wr, dO := w[(k-k0)*n:(k-k0+1)*n], cm.Data[k*cm.Stride+h*dv:k*cm.Stride+(h+1)*dv]
		valueGrads(ds[:limit], wr[:limit], dO, gd[cv:], qd[cv:], st) // dV = Wᵀ·dO, dW = dO·Vᵀ
		softmaxBackward(ds, wr, limit)
		dq, q := gd[i*st+cq:i*st+cq+dk], qd[i*st+cq:i*st+cq+dk]
		queryKeyGrads(dq, q, ds[:limit], qd[ck:], gd[ck:], st, sqrtDK) // dQ = dS·K, dK = dSᵀ·Q
	}
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
