package compute

import (
	"errors"
	"math"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"
)

// Training in a Web Worker (cmd/trainworker): the page asks the worker for
// what WorkerRequest says, and hands its answers to WorkerAnswer. The
// learner's own Trainer then only holds the worker's weights, for the
// probe; the steps, the curves and the export are the worker's.

// remote is the state of a run trained by a worker.
type remote struct {
	on         bool
	gen        int // numbers the runs: an answer of another run is stale
	step       int
	loss       float64
	exported   string // Export's JSON at exportStep
	exportStep int
	asked      WorkerRequest // the last request the page sent
}

// WorkerRequest is the run a worker is to train, and the step to stop at.
type WorkerRequest struct {
	Gen  int
	Task string
	Seed int64
	LR   float64
	Goal int
	Pace int // steps a second: State.Pace while training runs, else 0
}

// WorkerAnswer is what a worker has done since its last answer.
type WorkerAnswer struct {
	Gen      int
	Step     int
	Loss     float64
	Losses   []float64 // of each step since the last answer, in order
	Accs     []float64 // pairs of a step and its held-out accuracy
	Params   []float64 // every parameter, in model.Params' order, row by row
	Export   string    // Export's JSON, when the worker stopped at Step
	Diverged *model.DivergedError
	Err      string // a run that cannot start
}

// UseWorker has a worker train from now on (the page calls it once it has
// started one): TrainPending is then always false.
func (c *Computer) UseWorker() {
	if !c.learn.remote.on {
		c.learn = learner{remote: remote{on: true, loss: math.NaN()}}
	}
}

// NoWorker has the learner train by itself again (TrainSlice), from step
// 0: the page's worker could not start.
func (c *Computer) NoWorker() {
	if c.learn.remote.on {
		c.learn = learner{}
	}
}

// WorkerRequest returns what the worker is to do for s, and whether it
// differs from what was last asked (then the page sends it).
func (c *Computer) WorkerRequest(s state.State) (WorkerRequest, bool) {
	l := &c.learn
	if !l.remote.on || l.tr == nil || keyOf(s) != l.key {
		return WorkerRequest{}, false
	}
	r := WorkerRequest{Gen: l.remote.gen, Task: l.key.task, Seed: l.key.seed, LR: l.key.lr, Goal: l.goal(s), Pace: l.paceOf(s)}
	if l.problem.Key != "" {
		r.Goal = l.remote.step
	}
	if r == l.remote.asked {
		return r, false
	}
	l.remote.asked = r
	return r, true
}

// WorkerTraining reports whether the worker has steps to take: the page
// asked it for a step it has not answered yet, in whichever view.
func (c *Computer) WorkerTraining() bool {
	r := &c.learn.remote
	return r.on && r.asked.Gen == r.gen && r.asked.Goal > r.step
}

// WorkerAnswer takes in a worker's answer and returns the step reached. An
// answer of an earlier run is dropped.
func (c *Computer) WorkerAnswer(s state.State, a WorkerAnswer) int {
	l := &c.learn
	if !l.remote.on || l.tr == nil || a.Gen != l.remote.gen {
		return c.TrainingStep()
	}
	if keyOf(s) != l.key {
		// The state asks for another run (the guided tour's steps set their
		// own task and seed): this one's steps are no longer its count.
		l.running = false
		return s.Steps
	}
	for i, x := range a.Losses {
		l.losses = append(l.losses, Point{a.Step - len(a.Losses) + 1 + i, x})
	}
	for i := 0; i+1 < len(a.Accs); i += 2 {
		l.accs = append(l.accs, Point{int(a.Accs[i]), a.Accs[i+1]})
	}
	l.remote.step, l.remote.loss = a.Step, a.Loss
	if a.Export != "" {
		l.remote.exported, l.remote.exportStep = a.Export, a.Step
	}
	if err := l.setParams(a.Params); err != nil {
		l.problem = Problem{"learn.badTrainer", nil}
	}
	switch {
	case a.Diverged != nil:
		l.stop(a.Diverged)
	case a.Err != "":
		l.stop(errors.New(a.Err))
	case !l.stepsDue(s):
		l.running = false
	}
	return a.Step
}

// setParams copies a worker's parameters into the learner's Trainer.
func (l *learner) setParams(xs []float64) error {
	ps := l.tr.Model.Params()
	n := 0
	for _, p := range ps {
		r, c := p.M.Dims()
		n += r * c
	}
	if len(xs) != n {
		return errors.New("compute: a worker's answer has the parameters of another model")
	}
	for _, p := range ps {
		r, c := p.M.Dims()
		for i := range r {
			copy(p.M.RawRowView(i)[:c], xs[:c])
			xs = xs[c:]
		}
	}
	return nil
}
