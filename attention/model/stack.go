package model

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// stack.go: a whole batch's forward and backward pass at once. The batch's
// sequences are stacked row after row, in batch order, so that each product
// whose rows are independent (the projections, the output projection, the
// unembedding and their input gradients) is one attention.Mul for the whole
// batch; only attention itself, and the weights' gradients, run sequence by
// sequence. Every element is computed by the same roundings in the same
// order as Forward and backprop compute it one sequence after the other, so
// a step has the same bits either way (TestStackedMatchesPasses). The
// buffers are sized once for the largest batch and reused: a step allocates
// nothing here.

// stacked is a batch's forward pass and the buffers of its backward pass.
type stacked struct {
	a    Arch
	offs []int // sequence b's rows are offs[b] … offs[b+1]−1
	wOff []int // its heads' weights start at wOff[b] in each layer's weights
	tgt  []int // the rows with a target, in order: the rows of logits

	x       []grown // Layers+1 of R × DModel: the residual stream
	qkv     []grown // per layer R × (2hk + hv): [X·Wq | X·Wk | X·Wv]
	concat  []grown // per layer R × hv: the heads' outputs
	weights [][]float64
	xTgt    grown // T × DModel: the last layer's output at the rows tgt
	logits  grown // T × Vocab: xTgt·Unemb
	dLogits grown

	// Scratch of the backward pass and of one head.
	dX, dXl, dQKV, dConcat, out, xT, concatT, dXTgt          grown
	unembT, woT, wT, tmpW, tmpO, wQKV                        grown
	kT, scores, lgts, weightsT, vT, dW, dST                  grown
	vq, vk, vv, vo, vw, vdq, vdk, vdv, vdo, va, vb, vc, vrow mat.Dense
}

// grown is a matrix whose shape changes from use to use, on storage that
// only grows.
type grown struct {
	m    mat.Dense
	data []float64
}

// shape returns g as an r×c matrix (its elements as they were left).
func (g *grown) shape(r, c int) *mat.Dense {
	if cap(g.data) < r*c {
		g.data = make([]float64, r*c)
	}
	g.m.SetRawMatrix(blas64.General{Rows: r, Cols: c, Stride: c, Data: g.data[:r*c]})
	return &g.m
}

// view sets v to rows i0 … i1−1 and columns j0 … j1−1 of m and returns it.
func view(v, m *mat.Dense, i0, i1, j0, j1 int) *mat.Dense {
	r := m.RawMatrix()
	v.SetRawMatrix(blas64.General{Rows: i1 - i0, Cols: j1 - j0, Stride: r.Stride, Data: r.Data[i0*r.Stride+j0 : (i1-1)*r.Stride+j1]})
	return v
}

// newStacked returns the buffers for batches of up to batch sequences of
// model shape a, sized for the longest.
func newStacked(a Arch, batch int) *stacked {
	s := &stacked{
		a: a, x: make([]grown, a.Layers+1), qkv: make([]grown, a.Layers),
		concat: make([]grown, a.Layers), weights: make([][]float64, a.Layers),
	}
	r, d, hk, hv := batch*a.MaxLen, a.DModel, a.DModel, a.Heads*a.dv()
	for l := range a.Layers {
		s.qkv[l].shape(r, 2*hk+hv)
		s.concat[l].shape(r, hv)
		s.weights[l] = make([]float64, batch*a.Heads*a.MaxLen*a.MaxLen)
	}
	for l := range s.x {
		s.x[l].shape(r, d)
	}
	s.logits.shape(r, a.Vocab)
	s.dLogits.shape(r, a.Vocab)
	s.tgt = make([]int, 0, r)
	for _, g := range []*grown{&s.dX, &s.dXl, &s.out, &s.xT, &s.xTgt, &s.dXTgt} {
		g.shape(r, d)
	}
	s.dQKV.shape(r, 2*hk+hv)
	s.dConcat.shape(r, hv)
	s.concatT.shape(hv, r)
	return s
}

// forward runs m on the batch's sequences (each valid for m, as Forward
// requires) and leaves in s.logits the logits of the rows with a target
// (s.tgt): the others are not needed.
func (s *stacked) forward(m *Model, batch []Example) {
	a := s.a
	s.offs, s.wOff, s.tgt = append(s.offs[:0], 0), s.wOff[:0], s.tgt[:0]
	rows, w := 0, 0
	for _, ex := range batch {
		n := len(ex.Tokens)
		for i, y := range ex.Targets {
			if y >= 0 {
				s.tgt = append(s.tgt, rows+i)
			}
		}
		s.wOff = append(s.wOff, w)
		rows, w = rows+n, w+a.Heads*n*n
		s.offs = append(s.offs, rows)
	}
	x0 := s.x[0].shape(rows, a.DModel)
	for b, ex := range batch {
		for i, t := range ex.Tokens {
			row := x0.RawRowView(s.offs[b] + i)[:a.DModel]
			e, q := m.Emb.RawRowView(t), m.Pos.RawRowView(i)
			for j := range row {
				row[j] = e[j] + q[j]
			}
		}
	}
	for l, ly := range m.Layers {
		s.layerForward(l, ly, rows)
	}
	xt, xL := s.xTgt.shape(len(s.tgt), a.DModel), &s.x[a.Layers].m
	for k, i := range s.tgt {
		copy(xt.RawRowView(k), xL.RawRowView(i)[:a.DModel])
	}
	attention.Mul(s.logits.shape(len(s.tgt), a.Vocab), xt, m.Unemb)
}

// layerForward computes layer l's projections, heads and output for the
// stacked rows, and the residual stream after it.
func (s *stacked) layerForward(l int, ly Layer, rows int) {
	a := s.a
	hk, hv := a.DModel, a.Heads*a.dv()
	// One product for the three projections: each column of [Wq | Wk | Wv]
	// gives the same sums as in its own product.
	w := s.wQKV.shape(a.DModel, 2*hk+hv)
	view(&s.va, w, 0, a.DModel, 0, hk).Copy(ly.Wq)
	view(&s.va, w, 0, a.DModel, hk, 2*hk).Copy(ly.Wk)
	view(&s.va, w, 0, a.DModel, 2*hk, 2*hk+hv).Copy(ly.Wv)
	x, qkv := &s.x[l].m, s.qkv[l].shape(rows, 2*hk+hv)
	attention.Mul(qkv, x, w)
	concat := s.concat[l].shape(rows, hv)
	for b := range len(s.offs) - 1 {
		for h := range a.Heads {
			s.headForward(l, b, h, qkv, concat)
		}
	}
	out := s.out.shape(rows, a.DModel)
	attention.Mul(out, concat, ly.Wo)
	s.x[l+1].shape(rows, a.DModel).Add(x, out)
}

// headView sets s.vq, s.vk, s.vv, s.vw to head h's Q, K, V and weights for
// sequence b in layer l (qkv is that layer's), and returns the sequence's
// first row and length.
func (s *stacked) headView(l, b, h int, qkv *mat.Dense) (o, n int) {
	a := s.a
	dk, dv, hk := a.DModel/a.Heads, a.dv(), a.DModel
	o, n = s.offs[b], s.offs[b+1]-s.offs[b]
	view(&s.vq, qkv, o, o+n, h*dk, (h+1)*dk)
	view(&s.vk, qkv, o, o+n, hk+h*dk, hk+(h+1)*dk)
	view(&s.vv, qkv, o, o+n, 2*hk+h*dv, 2*hk+(h+1)*dv)
	w0 := s.wOff[b] + h*n*n
	s.vw.SetRawMatrix(blas64.General{Rows: n, Cols: n, Stride: n, Data: s.weights[l][w0 : w0+n*n]})
	return o, n
}

// headForward is attention.ScaledDotProduct (scaled, temperature 1, causal
// if the model is) of one head of one sequence, with the same roundings, its
// output into its block of concat.
func (s *stacked) headForward(l, b, h int, qkv, concat *mat.Dense) {
	a := s.a
	dk, dv := a.DModel/a.Heads, a.dv()
	o, n := s.headView(l, b, h, qkv)
	kT := s.kT.shape(dk, n)
	transpose(kT, &s.vk)
	scores, lg := s.scores.shape(n, n), s.lgts.shape(n, n)
	attention.Mul(scores, &s.vq, kT)
	sqrtDK := math.Sqrt(float64(dk))
	for i := range n {
		sr, lr, wr := scores.RawRowView(i)[:n], lg.RawRowView(i)[:n], s.vw.RawRowView(i)[:n]
		limit := s.visible(i, n)
		for j := range limit {
			lr[j] = sr[j] / sqrtDK
		}
		for j := limit; j < n; j++ {
			lr[j] = math.Inf(-1)
		}
		softmaxVisible(wr, lr, limit)
	}
	attention.Mul(view(&s.vo, concat, o, o+n, h*dv, (h+1)*dv), &s.vw, &s.vv)
}

// visible returns how many keys query i of a sequence of n sees.
func (s *stacked) visible(i, n int) int {
	if s.a.Causal {
		return i + 1
	}
	return n
}

// transpose sets dst (c×r) to the transpose of a (r×c).
func transpose(dst, a *mat.Dense) {
	ar, dr := a.RawMatrix(), dst.RawMatrix()
	if ar.Rows != dr.Cols || ar.Cols != dr.Rows {
		panic(mat.ErrShape)
	}
	for i := 0; i < ar.Rows; i++ {
		for j, v := range ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols] {
			dr.Data[j*dr.Stride+i] = v
		}
	}
}

// softmaxVisible is attention.Softmax of a row whose entries from limit on
// are −Inf (masked), by the same roundings as the engine's heads.
func softmaxVisible(w, lg []float64, limit int) {
	maxv := math.Inf(-1)
	for _, v := range lg[:limit] {
		if !(v <= maxv) {
			if v != v {
				attention.Softmax(w, lg) // NaN: the special case
				return
			}
			maxv = v
		}
	}
	if math.IsInf(maxv, 0) {
		attention.Softmax(w, lg) // no finite maximum: the special cases
		return
	}
	sum := detmath.ExpSum(w[:limit], lg[:limit], maxv)
	clear(w[limit:])
	for j := range w[:limit] {
		w[j] /= sum
	}
}
