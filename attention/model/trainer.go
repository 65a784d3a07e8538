package model

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// Config is what a Trainer starts from.
type Config struct {
	Task string  // a task's name (Tasks)
	Seed int64   // seeds the initial weights and the batches
	LR   float64 // AdamW's learning rate; 0 means the task's (Task.LR)
}

// heldOutSize is the number of held-out sequences accuracy is measured on.
const heldOutSize = 256

// Trainer trains a Model on a Task with AdamW, one Step at a time, the same
// bits on every platform for the same Config and number of steps.
type Trainer struct {
	Task  *Task
	Model *Model
	Seed  int64
	LR    float64

	step    int
	loss    float64 // the last step's loss; NaN before the first
	err     error   // set once training diverged
	opt     *adam
	rng     *rand.Rand
	batch   []Example
	count   int      // the batch's targets
	pass    Pass     // one sequence's, for PatternShare
	halves  [2]*half // the batch's halves (halves.go); A's stack also Accuracy's
	runB    func()   // computes half B on its goroutine, then signals doneB
	doneB   chan struct{}
	params  []Param // Model.Params()
	heldOut []Example
	acc     float64 // held-out accuracy at accStep
	accStep int
}

// NewTrainer returns a trainer at step 0: the task's model with weights
// drawn from the seed. It returns an error for an unknown task or a learning
// rate that is not a positive finite number.
func NewTrainer(c Config) (*Trainer, error) {
	t, err := Lookup(c.Task)
	if err != nil {
		return nil, err
	}
	lr := c.LR
	if lr == 0 {
		lr = t.LR
	}
	if !(lr > 0 && lr <= 10) {
		return nil, fmt.Errorf("learning rate %v: want a number above 0 and at most 10 (the task's default is %g)", c.LR, t.LR)
	}
	m := New(t.Arch, c.Seed)
	tr := &Trainer{
		Task: t, Model: m, Seed: c.Seed, LR: lr,
		loss:    math.NaN(),
		opt:     newAdam(m.Params(), lr, t.WeightDecay, t.Clip),
		rng:     rand.New(rand.NewPCG(uint64(c.Seed), streamHash("batches "+t.Name))),
		accStep: -1,
	}
	tr.params = m.Params()
	return tr, nil
}

// Steps returns the number of optimizer steps taken.
func (tr *Trainer) Steps() int { return tr.step }

// Loss returns the mean cross-entropy of the last step's batch, before its
// update; NaN before the first step.
func (tr *Trainer) Loss() float64 { return tr.loss }

// Step takes one optimizer step: a new batch, its loss and gradients (its
// two halves', halves.go), and an AdamW update. If the loss is NaN,
// infinite or more than 20 times that of a uniform guess (ln of the
// vocabulary's size), training has diverged: Step makes no update and
// returns a *DivergedError saying what to change, now and on every later
// call.
func (tr *Trainer) Step() error {
	if tr.err != nil {
		return tr.err
	}
	tr.draw()
	tr.computeHalves()
	return tr.finish()
}

// draw draws the step's batch and counts its targets.
func (tr *Trainer) draw() {
	t := tr.Task
	if len(tr.batch) != t.Batch {
		tr.batch = make([]Example, t.Batch)
	}
	tr.count = 0
	for i := range tr.batch {
		ex := &tr.batch[i]
		t.trainingExample(tr.rng, ex)
		for _, y := range ex.Targets {
			if y >= 0 {
				tr.count++
			}
		}
	}
}

// diverged returns, and keeps, a *DivergedError if loss is not below
// divergeFactor times a uniform guess's (NaN included).
func (tr *Trainer) diverged(loss float64) error {
	if guess := detmath.Log(float64(tr.Task.Arch.Vocab)); !(loss <= divergeFactor*guess) {
		tr.err = &DivergedError{Step: tr.step + 1, Loss: loss, Guess: guess, LR: tr.LR}
	}
	return tr.err
}

// DivergedError is Step's error when the loss is no longer a finite number.
type DivergedError struct {
	Step  int     // the step whose loss diverged, 1-based: the steps taken are one fewer
	Loss  float64 // NaN, ±Inf, or above divergeFactor·Guess
	Guess float64 // ln(vocabulary size): the loss of a uniform guess
	LR    float64
}

// divergeFactor bounds the loss of a training that has not diverged, in
// multiples of a uniform guess's: an untrained model starts near 1, and a
// learning rate far too large drives the loss to hundreds or millions
// without ever making it NaN.
const divergeFactor = 20

func (e *DivergedError) Error() string {
	return fmt.Sprintf("training diverged at step %d: the loss is %.4g, against %.2g for guessing: lower the learning rate (now %g), for example to %g, and start again", e.Step, e.Loss, e.Guess, e.LR, e.LR/10)
}

// Accuracy returns the share of the held-out sequences' predicted tokens
// that the model predicts right (the arg max of its logits).
func (tr *Trainer) Accuracy() float64 {
	if tr.accStep == tr.step {
		return tr.acc
	}
	if tr.heldOut == nil {
		tr.heldOut = tr.Task.heldOutSet(heldOutSize)
	}
	right, total := 0, 0
	s, n := tr.halfOf(0).stack, (tr.Task.Batch+1)/2 // in chunks of half a batch, A's stack's size
	for i := 0; i < len(tr.heldOut); i += n {
		chunk := tr.heldOut[i:min(i+n, len(tr.heldOut))]
		s.forward(tr.Model, chunk)
		right += s.correct(chunk)
		total += len(s.tgt)
	}
	tr.acc, tr.accStep = float64(right)/float64(total), tr.step
	return tr.acc
}

// PatternShare returns the share of held-out sequences whose attention shows
// the pattern the task needs (Task.Explain says which); for sort, the share
// of their predicted rows.
func (tr *Trainer) PatternShare() float64 {
	if tr.heldOut == nil {
		tr.heldOut = tr.Task.heldOutSet(heldOutSize)
	}
	shown, checked := 0, 0
	for i := range tr.heldOut {
		ex := &tr.heldOut[i]
		tr.Model.Forward(&tr.pass, ex.Tokens)
		s, c := tr.Task.pattern(ex, &tr.pass)
		shown += s
		checked += c
	}
	return float64(shown) / float64(checked)
}
