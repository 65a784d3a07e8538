package compute

import (
	"errors"
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"
)

// Training is the Learn view's model in training, as the view shows it:
// a value of one Update, which later ones leave as it is. Now and Before
// are copies (model.Trainer.Probe) that later steps leave as they are;
// Rev tells a new Now.
type Training struct {
	Task     *model.Task
	Step     int     // optimizer steps taken
	Loss     float64 // the last step's loss; NaN before the first
	Accuracy float64 // held-out accuracy per predicted token at AccStep; NaN before the first measure
	AccStep  int
	Running  bool // training on, towards Until
	Until    int  // where training stops

	// Problem, if its Key is not "", says why training stopped or cannot
	// start: divergence, or a learning rate the trainer refuses.
	Problem Problem

	Losses, Accuracies []Point // the curves, by step

	// The probe sequence's forward pass through the model now and at step
	// 0; nil while the probe is rejected (ProbeProblem says why). Now is
	// of step NowStep: the last step whose weights on the probe are finite
	// numbers (weights grown huge on the way to divergence give NaN there
	// before the loss does).
	Now, Before  *model.Probe
	NowStep      int
	ProbeProblem Problem

	Rev int // increases with every change of Now

	// CanExport says whether ModelJSON has the model of Step: not after a
	// divergence, nor while a worker trains (it sends the model of the
	// step where it stops).
	CanExport bool
	export    func() (string, error) // for ModelJSON
}

// A Point is one value of a curve at a step.
type Point struct {
	Step  int
	Value float64
}

// learnKey is what a training run is: the same key trains the same bits.
type learnKey struct {
	task string
	seed int64
	lr   float64
}

// accEvery is how often, in steps, the held-out accuracy is measured while
// training; it is measured too whenever training stops.
const accEvery = 10

// learner owns the Learn view's Trainer, a Trainer left at step 0 (for the
// weights before training), and the curves.
type learner struct {
	key     learnKey
	tr      *model.Trainer
	init    *model.Trainer
	problem Problem
	running bool
	losses  []Point
	accs    []Point

	probeText       string
	probeProblem    Problem
	now, before     *model.Probe
	nowStep, nowRev int // the step Now was computed at, and its Rev
	nowFinite       int // the step of now: the last whose probe was finite

	remote remote // the run trained by a worker, if on (remote.go)

	pace     model.Pacer // spaces the local trainer's steps at State.Pace
	pacedFor [2]int      // the goal and the rate pace was started for
}

// step returns the steps the run has taken: the local trainer's, or the
// worker's last answer's.
func (l *learner) step() int {
	if l.remote.on {
		return l.remote.step
	}
	return l.tr.Steps()
}

// loss returns the last step's loss (NaN before the first).
func (l *learner) loss() float64 {
	if l.remote.on {
		return l.remote.loss
	}
	return l.tr.Loss()
}

// reset starts a new run of k at step 0.
func (l *learner) reset(k learnKey) {
	*l = learner{key: k, nowRev: l.nowRev + 1, nowStep: -1, remote: remote{on: l.remote.on, gen: l.remote.gen + 1, loss: math.NaN()}}
	tr, err := model.NewTrainer(model.Config{Task: k.task, Seed: k.seed, LR: k.lr})
	if err != nil {
		l.problem = Problem{"learn.badTrainer", nil}
		return
	}
	l.tr = tr
	l.init, _ = model.NewTrainer(model.Config{Task: k.task, Seed: k.seed, LR: k.lr}) // as tr was
}

// keyOf returns the run s asks for.
func keyOf(s state.State) learnKey {
	return learnKey{s.Task, s.Seed, s.TaskLR()}
}

// update brings the run up to s: a new run for another task, seed or
// learning rate, or fewer steps than taken (Reset, or a link). Each call
// returns a Training of its own, which later calls leave as it is: a view
// compares the one it drew with the next.
func (l *learner) update(s state.State) *Training {
	if k := keyOf(s); l.key != k || l.tr == nil && l.problem.Key == "" || l.tr != nil && s.Steps < l.step() {
		l.reset(k)
	}
	if l.tr == nil {
		return &Training{Problem: l.problem, Rev: l.nowRev}
	}
	l.probe(s)
	until := s.TaskUntil()
	out := &Training{
		Task: l.tr.Task, Step: l.step(), Loss: l.loss(), Running: l.running, Until: until,
		Problem: l.problem, Losses: l.losses, Accuracies: l.accs, Accuracy: math.NaN(), AccStep: -1,
		ProbeProblem: l.probeProblem, Rev: l.nowRev, export: l.export, Now: l.now, Before: l.before,
		NowStep: l.nowFinite, CanExport: l.canExport(),
	}
	if n := len(l.accs); n > 0 {
		out.Accuracy, out.AccStep = l.accs[n-1].Value, l.accs[n-1].Step
	}
	return out
}

// probe runs the probe of s through the model now, and at step 0, when
// either is out of date.
func (l *learner) probe(s state.State) {
	text := s.ProbeText()
	if text != l.probeText {
		l.probeText, l.nowStep = text, -1
		l.probeProblem = probeProblem(l.tr.Task, text)
		l.before, l.now = nil, nil
		if l.probeProblem.Key == "" {
			l.before, _ = l.init.Probe(text)
			l.now, l.nowFinite = l.before, 0 // until the model now has finite weights on it
		}
	}
	if l.probeProblem.Key != "" || l.nowStep == l.step() {
		return
	}
	l.nowStep = l.step()
	if p, _ := l.tr.Probe(text); finiteProbe(p) { // the text tokenizes: probeProblem
		l.now, l.nowFinite = p, l.nowStep
		l.nowRev++
	}
}

// finiteProbe reports whether every number of p's results is finite.
func finiteProbe(p *model.Probe) bool {
	for i := range p.Layers {
		r := &p.Layers[i].Result
		ms := []*mat.Dense{r.WeightsMean, r.Output}
		for _, h := range r.Heads {
			ms = append(ms, h.Q, h.K, h.V, h.Scores, h.Weights, h.Output)
		}
		for _, m := range ms {
			if m != nil && !finite(m) {
				return false
			}
		}
	}
	return true
}

// finite reports whether every element of m is a finite number.
func finite(m *mat.Dense) bool {
	rows, cols := m.Dims()
	for i := range rows {
		for _, x := range m.RawRowView(i)[:cols] {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
		}
	}
	return true
}

// goal returns the step training is heading for: Until while running,
// else the step count of s (a link's, or Step's one more).
func (l *learner) goal(s state.State) int {
	if l.running {
		return s.TaskUntil()
	}
	return s.Steps
}

// TrainPending reports whether s asks for work not yet done: steps
// (training is on, or the link's step count, or Step, wants more), or the
// held-out accuracy of the step reached.
func (c *Computer) TrainPending(s state.State) bool {
	l := &c.learn
	if l.tr == nil || l.problem.Key != "" || keyOf(s) != l.key || l.remote.on {
		return false // a worker trains (remote.go)
	}
	return l.stepsDue(s) || l.measureDue(s)
}

// stepsDue reports whether s asks for steps not yet taken.
func (l *learner) stepsDue(s state.State) bool { return l.step() < l.goal(s) }

// measureDue reports whether the accuracy of the step reached is due and
// not yet measured: every accEvery steps, and where training stops.
func (l *learner) measureDue(s state.State) bool {
	step := l.tr.Steps()
	if n := len(l.accs); n > 0 && l.accs[n-1].Step == step {
		return false
	}
	return step%accEvery == 0 || !l.stepsDue(s)
}

// TrainSlice does the next part of what s asks for, and returns the step
// reached: the accuracy measure that is due, alone (it takes about as long
// as a few steps), or else steps until budget has passed (at least one), or
// up to the next measure. Training stops at Until, and on divergence, which
// becomes Training.Problem.
func (c *Computer) TrainSlice(s state.State, budget time.Duration) int {
	l := &c.learn
	if !c.TrainPending(s) {
		return c.TrainingStep()
	}
	if l.measureDue(s) {
		l.accs = append(l.accs, Point{l.tr.Steps(), l.tr.Accuracy()})
	} else {
		l.steps(s, budget)
	}
	if !l.stepsDue(s) {
		l.running = false
	}
	return l.tr.Steps()
}

// steps takes steps until budget has passed (at least one, unless the
// pace holds it), up to the next accuracy measure, while s asks for more
// and its pace allows.
func (l *learner) steps(s state.State, budget time.Duration) {
	start := time.Now()
	for l.stepsDue(s) && l.paceWait(s) == 0 {
		if err := l.tr.Step(); err != nil {
			l.stop(err)
			return
		}
		l.losses = append(l.losses, Point{l.tr.Steps(), l.tr.Loss()})
		if l.tr.Steps()%accEvery == 0 || time.Since(start) >= budget {
			return
		}
	}
}

// paceWait returns how long the next step of s waits for its pace: 0 when
// it is due. A new goal or rate starts the pace again from the step
// reached, its first step at once.
func (l *learner) paceWait(s state.State) time.Duration {
	if now := [2]int{l.goal(s), l.paceOf(s)}; now != l.pacedFor {
		l.pacedFor = now
		l.pace.Start(now[1], l.step(), time.Now())
	}
	return l.pace.Wait(l.step(), time.Now())
}

// paceOf returns the steps a second of s's run: its Pace while training
// runs; none while the page retrains to reopen a link's model, or takes a
// Step.
func (l *learner) paceOf(s state.State) int {
	if l.running {
		return s.Pace
	}
	return 0
}

// TrainWait returns how long the next slice of s should wait: the time
// until its next step is due at its pace; 0 when a measure, or a step, is
// due now.
func (c *Computer) TrainWait(s state.State) time.Duration {
	l := &c.learn
	if !c.TrainPending(s) || l.measureDue(s) {
		return 0
	}
	return l.paceWait(s)
}

// stop ends training on err, a divergence.
func (l *learner) stop(err error) {
	l.running = false
	var d *model.DivergedError
	if errors.As(err, &d) {
		// Arguments: the step, the learning rate, one ten times smaller.
		l.problem = Problem{"learn.diverged", []any{d.Step, state.FormatLR(d.LR), state.FormatLR(d.LR / 10)}}
		return
	}
	l.problem = Problem{"learn.badTrainer", nil}
}

// SetTraining turns training towards Until on or off, and reports whether
// it is on: a run that has diverged, or reached Until, stays off.
func (c *Computer) SetTraining(s state.State, on bool) bool {
	l := &c.learn
	l.running = on && l.tr != nil && l.problem.Key == "" && keyOf(s) == l.key && l.step() < s.TaskUntil()
	return l.running
}

// TrainingStep returns the steps the current run has taken.
func (c *Computer) TrainingStep() int {
	if c.learn.tr == nil {
		return 0
	}
	return c.learn.step()
}
