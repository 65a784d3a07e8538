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
// batch; attention itself, and the weights' gradients, run sequence by
// sequence. The last layer computes only the rows with a target (the query
// rows the loss reads): the others are never used, and their gradients are
// exact zeros. The first layer's projections are computed by table
// (tables.go), from the embeddings' rows rather than the batch's; every
// other element by the same roundings in the same order as Forward and
// backprop compute it one sequence after the other, so both agree to
// rounding (TestStackedMatchesPasses). The buffers are sized once for the
// largest batch and reused: a step allocates nothing here.

// stacked is a batch's forward pass and the buffers of its backward pass.
// R is the batch's number of rows, T those with a target, Q a layer's query
// rows (R, or T in the last layer).
type stacked struct {
	a    Arch
	offs []int // sequence b's rows are offs[b] … offs[b+1]−1
	all  []int // 0 … R−1: every layer's query rows but the last's
	tgt  []int // the rows with a target, in order: the last layer's query rows
	tOff []int // sequence b's rows with a target are tgt[tOff[b]] … tgt[tOff[b+1]−1]
	wOff []int // sequence b's heads' weights start at wOff[b] (this layer's)

	x       []grown // Layers of R × DModel: each layer's input
	qkv     []grown // per layer R × (2hk + hv): [X·Wq | X·Wk | X·Wv]
	concat  []grown // per layer Q × hv: the heads' outputs
	weights [][]float64
	xTgt    grown // T × DModel: the last layer's output at the rows tgt
	logits  grown // T × Vocab: xTgt·Unemb
	dLogits grown

	// Scratch of the backward pass and of one head.
	dX, dXl, dQKV, dConcat, out, xT, concatT, dXTgt grown
	unembT, woT, wT, tmpW, tmpO, wQKV, xQ, q        grown
	lrow                                            []float64
	va, vb, vc                                      mat.Dense

	// The first layer's projections by table (tables.go): row r of the
	// batch holds token tok[r] at position pos[r].
	tok, pos                       []int
	tabE, tabP, gTabE, gTabP, embT grown
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

// zero sets every element of g's current shape to 0, in one call: its
// rows lie end to end (mat.Dense.Zero clears row by row, a call each).
func (g *grown) zero() {
	r, c := g.m.Dims()
	clear(g.data[:r*c])
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
		a: a, x: make([]grown, a.Layers), qkv: make([]grown, a.Layers),
		concat: make([]grown, a.Layers), weights: make([][]float64, a.Layers),
		lrow: make([]float64, a.MaxLen),
	}
	r, d, hk, hv := batch*a.MaxLen, a.DModel, a.DModel, a.Heads*a.dv()
	for l := range a.Layers {
		s.x[l].shape(r, d)
		s.qkv[l].shape(r, 2*hk+hv)
		s.concat[l].shape(r, hv)
		s.weights[l] = make([]float64, batch*a.Heads*a.MaxLen*a.MaxLen)
	}
	s.logits.shape(r, a.Vocab)
	s.dLogits.shape(r, a.Vocab)
	s.all, s.tgt = make([]int, 0, r), make([]int, 0, r)
	for _, g := range []*grown{&s.dX, &s.dXl, &s.out, &s.xT, &s.xTgt, &s.dXTgt} {
		g.shape(r, d)
	}
	s.dQKV.shape(r, 2*hk+hv)
	s.xQ.shape(r, d)
	s.q.shape(r, hk)
	s.dConcat.shape(r, hv)
	s.concatT.shape(hv, r)
	return s
}

// forward runs m on the batch's sequences (each valid for m, as Forward
// requires) and leaves in s.logits the logits of the rows with a target
// (s.tgt): the others are not needed.
func (s *stacked) forward(m *Model, batch []Example) {
	a := s.a
	s.offs, s.tOff, s.tgt, s.all = append(s.offs[:0], 0), append(s.tOff[:0], 0), s.tgt[:0], s.all[:0]
	rows := 0
	for _, ex := range batch {
		for i, y := range ex.Targets {
			s.all = append(s.all, rows+i)
			if y >= 0 {
				s.tgt = append(s.tgt, rows+i)
			}
		}
		rows += len(ex.Tokens)
		s.offs, s.tOff = append(s.offs, rows), append(s.tOff, len(s.tgt))
	}
	x0 := s.x[0].shape(rows, a.DModel)
	s.tok, s.pos = s.tok[:0], s.pos[:0]
	for b, ex := range batch {
		for i, t := range ex.Tokens {
			setSum(x0.RawRowView(s.offs[b] + i)[:a.DModel], m.Emb.RawRowView(t), m.Pos.RawRowView(i))
			s.tok, s.pos = append(s.tok, t), append(s.pos, i)
		}
	}
	for l, ly := range m.Layers {
		s.layerForward(m, l, ly, rows)
	}
	attention.Mul(s.logits.shape(len(s.tgt), a.Vocab), &s.xTgt.m, m.Unemb)
}

// queries returns layer l's query rows and, for sequence b, the first and
// last-plus-one index of its own among them.
func (s *stacked) queries(l, b int) (rows []int, k0, k1 int) {
	if l == s.a.Layers-1 {
		return s.tgt, s.tOff[b], s.tOff[b+1]
	}
	return s.all, s.offs[b], s.offs[b+1]
}

// layerForward computes layer l's projections, heads and output at its
// query rows, and its output: the next layer's input, or xTgt.
func (s *stacked) layerForward(m *Model, l int, ly Layer, rows int) {
	a := s.a
	hk, hv := a.DModel, a.Heads*a.dv()
	x, qkv := &s.x[l].m, s.qkv[l].shape(rows, 2*hk+hv)
	qr, _, _ := s.queries(l, 0)
	if l == 0 {
		s.projectTables(m, ly, qkv)
	} else {
		s.project(ly, x, qkv, qr)
	}
	concat := s.concat[l].shape(len(qr), hv)
	s.wOff = s.wOff[:0]
	wo := 0
	for b := range len(s.offs) - 1 {
		_, k0, k1 := s.queries(l, b)
		s.wOff = append(s.wOff, wo)
		wo += a.Heads * (k1 - k0) * (s.offs[b+1] - s.offs[b])
		for h := range a.Heads {
			s.headForward(l, b, h, qkv, concat)
		}
	}
	out := s.out.shape(len(qr), a.DModel)
	attention.Mul(out, concat, ly.Wo)
	next := s.xTgt.shape(len(qr), a.DModel)
	if l < a.Layers-1 {
		next = s.x[l+1].shape(rows, a.DModel)
	}
	for k, i := range qr {
		setSum(next.RawRowView(k)[:a.DModel], x.RawRowView(i), out.RawRowView(k))
	}
}

// project sets qkv's rows to [X·Wq | X·Wk | X·Wv], the queries only at the
// rows qr (the others are not read). Each column of [Wq | Wk | Wv] gives the
// same sums as in its own product.
func (s *stacked) project(ly Layer, x, qkv *mat.Dense, qr []int) {
	a := s.a
	d, hk, hv := a.DModel, a.DModel, a.Heads*a.dv()
	rows, _ := x.Dims()
	if len(qr) == rows {
		attention.Mul(qkv, x, s.joined(ly))
		return
	}
	w := s.wQKV.shape(d, hk+hv)
	view(&s.va, w, 0, d, 0, hk).Copy(ly.Wk)
	view(&s.va, w, 0, d, hk, hk+hv).Copy(ly.Wv)
	attention.Mul(view(&s.vb, qkv, 0, rows, hk, 2*hk+hv), x, w)
	xq, q := s.xQ.shape(len(qr), d), s.q.shape(len(qr), hk)
	for k, i := range qr {
		copy(xq.RawRowView(k), x.RawRowView(i)[:d])
	}
	attention.Mul(q, xq, ly.Wq)
	for k, i := range qr {
		copy(qkv.RawRowView(i)[:hk], q.RawRowView(k)[:hk])
	}
}

// headWeights returns the weights of head h of sequence b in layer l: one
// row of n for each of the sequence's query rows.
func (s *stacked) headWeights(l, b, h, nq, n int) []float64 {
	w0 := s.wOff[b] + h*nq*n
	return s.weights[l][w0 : w0+nq*n]
}

// headForward is attention.ScaledDotProduct (scaled, temperature 1, causal
// if the model is) of head h of sequence b at its query rows in layer l,
// with the same roundings: each score summed over d_k in order, each output
// over the keys in order (a masked key's weight is 0 and adds nothing). Its
// output goes into its columns of concat.
func (s *stacked) headForward(l, b, h int, qkv, concat *mat.Dense) {
	a := s.a
	dk, dv, hk := a.DModel/a.Heads, a.dv(), a.DModel
	o, n := s.offs[b], s.offs[b+1]-s.offs[b]
	qr, k0, k1 := s.queries(l, b)
	w := s.headWeights(l, b, h, k1-k0, n)
	sqrtDK := math.Sqrt(float64(dk))
	lr := s.lrow[:n]
	qm, cm := qkv.RawMatrix(), concat.RawMatrix()
	qd, cq, ck, cv := qm.Data[o*qm.Stride:], h*dk, hk+h*dk, 2*hk+h*dv // row r of the sequence at r·qm.Stride
	for k := k0; k < k1; k++ {
		i := qr[k] - o
		q := qd[i*qm.Stride+cq : i*qm.Stride+cq+dk]
		limit := s.visible(i, n)
		scoreRow(lr[:limit], q, qd[ck:], qm.Stride, sqrtDK)
		for j := limit; j < n; j++ {
			lr[j] = math.Inf(-1)
		}
		wr := w[(k-k0)*n : (k-k0+1)*n]
		softmaxVisible(wr, lr, limit)
		weightedRow(cm.Data[k*cm.Stride+h*dv:k*cm.Stride+(h+1)*dv], wr[:limit], qd[cv:], qm.Stride)
	}
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
	i := 0
	for ; i+4 <= ar.Rows; i += 4 { // four rows of a, four elements of a row of dst, a jump
		r0 := ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols]
		r1 := ar.Data[(i+1)*ar.Stride : (i+1)*ar.Stride+ar.Cols]
		r2 := ar.Data[(i+2)*ar.Stride : (i+2)*ar.Stride+ar.Cols]
		r3 := ar.Data[(i+3)*ar.Stride : (i+3)*ar.Stride+ar.Cols]
		r1, r2, r3 = r1[:len(r0)], r2[:len(r0)], r3[:len(r0)]
		for j, v := range r0 {
			d := dr.Data[j*dr.Stride+i : j*dr.Stride+i+4 : j*dr.Stride+i+4]
			d[0], d[1], d[2], d[3] = v, r1[j], r2[j], r3[j]
		}
	}
	for ; i < ar.Rows; i++ {
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
