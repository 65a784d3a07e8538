package attention

import "gonum.org/v1/gonum/mat"

// SweepWeights runs a sweep over the query/key width d_k: how saturated the
// softmax is at each width, with and without the division by √d_k. It
// keeps the weights of the widths it has run for one seed, d_model and
// number of heads, so that a sweep run again for another sentence makes
// none. The zero SweepWeights is ready to use.
//
// The query and key weights are UnitVariance, so that queries and keys have
// components of variance about 1, as the argument for √d_k assumes (the
// engine's own Xavier weights already shrink with d_k). The values do not
// change the weights, so they get d_v = 1, which keeps a sweep cheap.
type SweepWeights struct {
	key    [3]int64 // seed, d_model, heads
	wq, wk map[int][][]float64
	wv     [][]float64 // d_model × heads: d_v = 1
}

// Saturation runs e on spec at query/key width dk, divided by √dk if scale,
// and returns the mean over the heads and their rows of the largest weight
// and of the entropy (MeanRowStats). spec gives the tokens, heads, d_model,
// seed, mask and temperature; its d_k, scaling and weights are replaced
// (spec itself is not changed). The error is the engine's.
func (w *SweepWeights) Saturation(e *Engine, spec *Spec, dk int, scale bool) (maxWeight, entropy float64, err error) {
	s := *spec
	s.DK, s.Scale = dk, &scale
	s.Wq, s.Wk, s.Wv = w.get(s.Seed, s.DModel, max(s.Heads, 1), dk)
	s.Wo = nil
	r, err := e.Run(&s)
	if err != nil {
		return 0, 0, err
	}
	for _, h := range r.Heads {
		m, en := MeanRowStats(h.Weights)
		maxWeight += m
		entropy += en
	}
	n := float64(len(r.Heads))
	return maxWeight / n, entropy / n, nil
}

// SaturationHead is Saturation of head h alone: the mean over its rows of
// the largest weight and of the entropy, from a run of that head only, a
// fraction of a whole run. Added over the heads in order and divided by
// their number, they are Saturation's, bit for bit. The whole spec is
// checked first, so that it is rejected as Saturation rejects it.
func (w *SweepWeights) SaturationHead(e *Engine, spec *Spec, dk int, scale bool, h int) (maxWeight, entropy float64, err error) {
	s := *spec
	heads := max(s.Heads, 1)
	s.DK, s.Scale = dk, &scale
	s.Wq, s.Wk, s.Wv = w.get(s.Seed, s.DModel, heads, dk)
	s.Wo = nil
	if _, err := s.Resolve(); err != nil {
		return 0, 0, err
	}
	s.Heads = 1
	s.Wq, s.Wk, s.Wv = columns(s.Wq, h*dk, dk), columns(s.Wk, h*dk, dk), columns(s.Wv, h, 1)
	r, err := e.Run(&s)
	if err != nil {
		return 0, 0, err
	}
	m, en := MeanRowStats(r.Heads[0].Weights)
	return m, en, nil
}

// columns returns n columns of the rows m from column from on, copied.
func columns(m [][]float64, from, n int) [][]float64 {
	out := make([][]float64, len(m))
	for i, row := range m {
		out[i] = append([]float64(nil), row[from:from+n]...)
	}
	return out
}

// get returns the weights of width dk, made on first use.
func (w *SweepWeights) get(seed int64, dModel, heads, dk int) (wq, wk, wv [][]float64) {
	if key := [3]int64{seed, int64(dModel), int64(heads)}; key != w.key || w.wq == nil {
		w.key, w.wq, w.wk = key, map[int][][]float64{}, map[int][][]float64{}
		v := mat.NewDense(dModel, heads, nil)
		Xavier(v, seed, "wv")
		w.wv = Rows(v)
	}
	if w.wq[dk] == nil {
		q := mat.NewDense(dModel, heads*dk, nil)
		k := mat.NewDense(dModel, heads*dk, nil)
		UnitVariance(q, seed, "wq")
		UnitVariance(k, seed, "wk")
		w.wq[dk], w.wk[dk] = Rows(q), Rows(k)
	}
	return w.wq[dk], w.wk[dk], w.wv
}
