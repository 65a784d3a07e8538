package model

import (
	"fmt"
	"runtime"

	"gonum.org/v1/gonum/blas/blas64"
)

// halves.go: a step's batch in two fixed halves, A (the first ⌈B/2⌉
// sequences) and B (the rest). Each half's loss and gradients are summed
// sequence by sequence in batch order, as one stacked pass sums them; the
// step's gradient is then A's plus B's, element by element, and its loss
// (A's sum + B's sum) / targets. IEEE addition commutes, so two workers that
// each compute one half and exchange them hold the same bits, and so does
// one that computes both (StepHalf, OtherHalf, FinishStep). Natively Step
// computes B on a second goroutine for a task that Shares, when there is a
// second core.

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
// threads (goroutines natively, Web Workers in the page): for two-layer
// tasks. In the quiet bench of 2026-12-02, two workers in Chromium took
// 0.74× one worker's time per step for coreference and 0.95× for
// induction, but 1.12× for sort and 1.38–1.39× for previous and reverse,
// whose halves are shorter than the exchange (docs/performance.md). In
// session 11's loaded runs (medians of five) two workers never paid for
// any task; one-layer tasks never have.
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

// StepHalf begins a step for a worker that computes one half of it while a
// peer computes the other: it draws the next batch and returns half h's
// gradients (0: the first ⌈B/2⌉ sequences, 1: the rest), every parameter's
// in Params' order, row by row, and its summed loss. The slice is the
// trainer's until FinishStep. After divergence it returns the error.
func (tr *Trainer) StepHalf(h int) (grad []float64, loss float64, err error) {
	if tr.err != nil {
		return nil, 0, tr.err
	}
	if h != 0 && h != 1 {
		panic(fmt.Sprintf("model: StepHalf(%d): a half is 0 or 1", h))
	}
	tr.draw()
	tr.runHalf(h)
	tr.mine = h
	return tr.halfOf(h).flat, tr.halves[h].loss, nil
}

// OtherHalf computes, after StepHalf, the half StepHalf did not, and returns
// it as StepHalf does: what a worker whose peer is gone uses in its place.
func (tr *Trainer) OtherHalf() (grad []float64, loss float64) {
	if tr.mine < 0 {
		panic("model: OtherHalf without StepHalf")
	}
	h := 1 - tr.mine
	tr.runHalf(h)
	return tr.halves[h].flat, tr.halves[h].loss
}

// FinishStep ends the step StepHalf began, with the other half's gradients
// and summed loss (the peer's, or OtherHalf's): it sums them with its own
// and updates the parameters as Step does, or returns a *DivergedError. It
// returns an error if other has not the length of StepHalf's gradients.
func (tr *Trainer) FinishStep(other []float64, otherLoss float64) error {
	if tr.mine < 0 {
		panic("model: FinishStep without StepHalf")
	}
	h := tr.mine
	tr.mine = -1
	if n := len(tr.halves[h].flat); len(other) != n {
		return fmt.Errorf("the other half's gradients have %d numbers, want %d", len(other), n)
	}
	return tr.finish(h, other, otherLoss)
}

// finish sums half h's gradients and loss with the other half's, A's then
// B's, checks the loss for divergence and takes the AdamW step.
func (tr *Trainer) finish(h int, other []float64, otherLoss float64) error {
	mine := tr.halves[h]
	lossA, lossB := mine.loss, otherLoss
	if h == 1 {
		lossA, lossB = otherLoss, mine.loss
	}
	loss := (lossA + lossB) / float64(tr.count)
	if err := tr.diverged(loss); err != nil {
		return err
	}
	g := mine.flat
	if h == 0 {
		for i, v := range other {
			g[i] = g[i] + v
		}
	} else {
		for i, v := range other {
			g[i] = v + g[i]
		}
	}
	tr.opt.step(tr.params, mine.gradParams)
	tr.step++
	tr.loss = loss
	return nil
}

// Gradient returns the last step's gradients, A's plus B's (before
// clipping), in Params' order, row by row: what StepWith takes. The slice
// is the trainer's until its next step.
func (tr *Trainer) Gradient() []float64 { return tr.halfOf(0).flat }

// StepWith takes the next step with the gradients and loss another trainer
// of the same run computed for it (its Gradient and Loss after that step):
// it draws the batch, unless StepHalf drew it, and updates the parameters
// as that trainer did, bit for bit, computing no pass: how a second worker
// follows steps it did not share. It returns an error if grad has not the
// length of Gradient's, or a *DivergedError.
func (tr *Trainer) StepWith(grad []float64, loss float64) error {
	if tr.err != nil {
		return tr.err
	}
	hf := tr.halfOf(0)
	if len(grad) != len(hf.flat) {
		return fmt.Errorf("the step's gradients have %d numbers, want %d", len(grad), len(hf.flat))
	}
	if tr.mine < 0 {
		tr.draw()
	}
	tr.mine = -1
	if err := tr.diverged(loss); err != nil {
		return err
	}
	copy(hf.flat, grad)
	tr.opt.step(tr.params, hf.gradParams)
	tr.step++
	tr.loss = loss
	return nil
}
