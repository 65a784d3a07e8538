package model

import (
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// tables.go: the first layer's projections by table. The first layer's
// input row is Emb[t] + Pos[i], so its projections are
//
//	[Q | K | V] row = (Emb·W)[t] + (Pos·W)[i],   W = [Wq | Wk | Wv]
//
// two small products (Vocab and MaxLen rows) instead of one of every row of
// the batch, and backwards the same: the rows' gradients dQKV summed by
// token into GE and by position into GP give
//
//	dW = Embᵀ·GE + Posᵀ·GP,   dEmb += GE·Wᵀ,   dPos += GP·Wᵀ
//
// The same sums in another order: the gradients agree with the sequence by
// sequence passes to rounding (TestStackedMatchesPasses), and a step is
// still the same bits natively and in WebAssembly. At the tasks' sizes it
// is 4 to 16 times fewer multiplications in the first layer's projections
// (docs/performance.md, "The first layer by table (session 13)").

// projectTables sets qkv's rows to the first layer's [X·Wq | X·Wk | X·Wv],
// by table, for the batch rows s.tok and s.pos.
func (s *stacked) projectTables(m *Model, ly Layer, qkv *mat.Dense) {
	a := s.a
	c := 2*a.DModel + a.Heads*a.dv()
	w := s.joined(ly)
	te, tp := s.tabE.shape(a.Vocab, c), s.tabP.shape(a.MaxLen, c)
	attention.Mul(te, m.Emb, w)
	attention.Mul(tp, m.Pos, w)
	for r, t := range s.tok {
		setSum(qkv.RawRowView(r)[:c], te.RawRowView(t), tp.RawRowView(s.pos[r]))
	}
}

// joined returns [Wq | Wk | Wv] of ly, in s.wQKV.
func (s *stacked) joined(ly Layer) *mat.Dense {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	w := s.wQKV.shape(d, 2*hk+hv)
	view(&s.va, w, 0, d, 0, hk).Copy(ly.Wq)
	view(&s.va, w, 0, d, hk, 2*hk).Copy(ly.Wk)
	view(&s.va, w, 0, d, 2*hk, 2*hk+hv).Copy(ly.Wv)
	return w
}

// joinedT returns [Wq | Wk | Wv]ᵀ of ly, in s.wT.
func (s *stacked) joinedT(ly Layer) *mat.Dense {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	wT := s.wT.shape(2*hk+hv, d)
	transpose(view(&s.va, wT, 0, hk, 0, d), ly.Wq)
	transpose(view(&s.va, wT, hk, 2*hk, 0, d), ly.Wk)
	transpose(view(&s.va, wT, 2*hk, 2*hk+hv, 0, d), ly.Wv)
	return wT
}

// addJoined adds w's columns, [dWq | dWk | dWv], to gl's Wq, Wk and Wv.
func (s *stacked) addJoined(gl Layer, w *mat.Dense) {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	addTo(gl.Wq, view(&s.vc, w, 0, d, 0, hk))
	addTo(gl.Wk, view(&s.vc, w, 0, d, hk, 2*hk))
	addTo(gl.Wv, view(&s.vc, w, 0, d, 2*hk, 2*hk+hv))
}

// tablesBackward adds to g the gradients, through the first layer's
// projections, of its Wq, Wk and Wv and of the embeddings, from s.dQKV.
func (s *stacked) tablesBackward(m, g *Model) {
	a := s.a
	c, dQKV := 2*a.DModel+a.Heads*a.dv(), &s.dQKV.m
	ge, gp := s.gTabE.shape(a.Vocab, c), s.gTabP.shape(a.MaxLen, c)
	s.gTabE.zero()
	s.gTabP.zero()
	for r, t := range s.tok {
		addToBoth(ge.RawRowView(t), gp.RawRowView(s.pos[r]), dQKV.RawRowView(r)[:c])
	}
	s.joinedT(m.Layers[0])
	s.tableGrads(g.Layers[0], m.Emb, ge, g.Emb)
	s.tableGrads(g.Layers[0], m.Pos, gp, g.Pos)
}

// tableGrads adds eᵀ·gt to gl's Wq, Wk and Wv, and gt·Wᵀ (s.wT) to ge: the
// gradients through one table, of the embedding e, whose rows' gradients
// summed are gt.
func (s *stacked) tableGrads(gl Layer, e, gt, ge *mat.Dense) {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	rows, _ := e.Dims()
	eT := s.embT.shape(d, rows)
	transpose(eT, e)
	tmpW := s.tmpW.shape(d, 2*hk+hv)
	attention.Mul(tmpW, eT, gt)
	s.addJoined(gl, tmpW)
	tmp := s.dXl.shape(rows, d)
	attention.Mul(tmp, gt, &s.wT.m)
	addTo(ge, tmp)
}
