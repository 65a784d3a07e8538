package model

import (
	"runtime"

	"gonum.org/v1/gonum/blas/blas64"
)

// halves.go: a step's batch in two fixed halves, A (the first ⌈B/2⌉
// sequences) and B (the rest). Each half's loss and gradients are summed
// sequence by sequence in batch order, as one stacked pass sums them; the
// step's gradient is then A's plus B's, element by element, and its loss
// (A's sum + B's sum) / targets: the same bits whichever thread computes
// each half. Natively Step computes B on a second goroutine for a task that
// Shares, when there is a second core; in wasm one thread computes both.

// half is one half of the batch: its own stacked pass and gradients.
type half struct {
	stack      *stacked
	grads      *Model
	gradParams []Param
	flat       []float64 // every gradient in Params' order, row by row: grads' storage
	loss       float64   // the half's summed cross-entropy
}

// newHalf returns the buffers of a half of up to batch sequences.
func newHalf(a Arch, batch int) *half {
	g, flat := newZeroFlat(a)
	return &half{stack: newStacked(a, batch), grads: g, gradParams: g.Params(), flat: flat}
}

// newZeroFlat returns newZero(a) with every parameter's storage in one
// slice, in Params' order, and that slice.
func newZeroFlat(a Arch) (*Model, []float64) {
	m := newZero(a)
	flat := make([]float64, m.ParamCount())
	off := 0
	for _, p := range m.Params() {
		r, c := p.M.Dims()
		p.M.SetRawMatrix(blas64.General{Rows: r, Cols: c, Stride: c, Data: flat[off : off+r*c : off+r*c]})
		off += r * c
	}
	return m, flat
}

// serialHalves makes Step compute both halves on its own goroutine (tests).
var serialHalves = false

// Shares reports whether a step of t is worth splitting between two
// goroutines, natively only: for two-layer tasks. The page trains every
// task on one Web Worker: two workers exchanging halves never paid
// (docs/performance.md, "Training in WebAssembly (session 11)").
func (t *Task) Shares() bool { return t.Arch.Layers >= 2 }

// parallelHalves reports whether Step computes half B on a second
// goroutine: natively, for a task that Shares, with more than one core.
func (tr *Trainer) parallelHalves() bool {
	return !serialHalves && tr.Task.Shares() && runtime.GOARCH != "wasm" && runtime.GOMAXPROCS(0) > 1
}

// halfBatch returns the sequences of half h of the step's batch.
func (tr *Trainer) halfBatch(h int) []Example {
	mid := (len(tr.batch) + 1) / 2
	if h == 0 {
		return tr.batch[:mid]
	}
	return tr.batch[mid:]
}

// halfOf returns half h's buffers, made on first use.
func (tr *Trainer) halfOf(h int) *half {
	if tr.halves[h] == nil {
		tr.halves[h] = newHalf(tr.Task.Arch, (tr.Task.Batch+1)/2)
	}
	return tr.halves[h]
}

// runHalf computes half h's summed loss and its gradients, scaled by
// 1/targets of the whole batch.
func (tr *Trainer) runHalf(h int) {
	hf, part := tr.halfOf(h), tr.halfBatch(h)
	clear(hf.flat)
	hf.loss = 0
	if len(part) == 0 {
		return
	}
	hf.stack.forward(tr.Model, part)
	hf.loss = hf.stack.lossAndGrad(part, 1/float64(tr.count))
	hf.stack.backward(tr.Model, part, hf.grads)
}

// computeHalves computes both halves, B on its own goroutine if
// tr.parallelHalves.
func (tr *Trainer) computeHalves() {
	tr.halfOf(1)
	if !tr.parallelHalves() {
		tr.runHalf(0)
		tr.runHalf(1)
		return
	}
	if tr.runB == nil {
		tr.doneB = make(chan struct{}, 1)
		tr.runB = func() {
			tr.runHalf(1)
			tr.doneB <- struct{}{}
		}
	}
	go tr.runB()
	tr.runHalf(0)
	<-tr.doneB
}

// finish sums half B's gradients and loss into half A's, checks the loss
// for divergence and takes the AdamW step.
func (tr *Trainer) finish() error {
	a, b := tr.halves[0], tr.halves[1]
	loss := (a.loss + b.loss) / float64(tr.count)
	if err := tr.diverged(loss); err != nil {
		return err
	}
	g := a.flat
	for i, v := range b.flat {
		g[i] = g[i] + v
	}
	tr.opt.step(tr.params, a.gradParams)
	tr.step++
	tr.loss = loss
	return nil
}
