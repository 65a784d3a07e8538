//go:build js && wasm

// Command trainworker is the Learn view's trainer in a Web Worker
// (web/trainworker.js loads it as web/trainworker.wasm), so that training
// never holds up the page: a step of the larger tasks, or a measure of the
// held-out accuracy, takes longer than a frame.
//
// The page posts the run it wants, {gen, task, seed, lr, goal, pace}, whenever it
// changes, and {warm: true} once it rests after the worker started
// (warmUp); the worker trains towards goal and posts, about every 50 ms and
// when it stops, {gen, step, loss, losses, accs, params, export, diverged}
// (see answer), with timing, where its steps' time went (the bench reads
// it). It is the page's compute.Learner that reads them.
//
// One worker takes every step, both of the batch's halves
// (attention/model's halves.go): a second worker sharing each step never
// paid for its exchange in the page (docs/performance.md, "Training in
// WebAssembly (session 11)").
package main

import (
	"errors"
	"syscall/js"
	"time"

	"github.com/attnviz/attnviz/attention/model"
)

// request is what the page asks for.
type request struct {
	gen  int
	task string
	seed int64
	lr   float64
	goal int
	pace int // steps a second; 0 as fast as it can
}

// worker trains one run at a time.
type worker struct {
	req     request
	tr      *model.Trainer
	err     error     // divergence, or a run that cannot start
	losses  []float64 // since the last answer
	accs    []float64 // pairs of step and accuracy, since the last answer
	accStep int       // the step of the last accuracy measured
	timing  timing    // since the last answer
	pace    model.Pacer

	warm   *model.Trainer // a throwaway run while the page wants no steps (warmUp)
	warmed time.Duration  // the time warmUp has taken: warmFor once a run has stepped
	warmOK bool           // the page asked for the warm-up ({warm: true})
}

// timing is where the steps' time went, since the last answer.
type timing struct {
	steps  int
	stepNs int64 // the steps' wall time (not the accuracy's)
}

const (
	answerEvery = 50 * time.Millisecond   // how often a running worker answers: the page redraws at each (≥ 10 a second needs headroom)
	accEvery    = 10                      // as app/compute's
	warmFor     = 1500 * time.Millisecond // how long warmUp steps, once a worker, before its first run's first step
)

func main() {
	msgs := make(chan js.Value, 64)
	js.Global().Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		msgs <- args[0].Get("data")
		return nil
	}))
	var w worker
	y := newYielder()
	for {
		if !w.busy() && !w.warming() {
			w.take(<-msgs)
			continue
		}
		select {
		case m := <-msgs:
			w.take(m)
		default:
			if d := w.paceWait(); d > 0 {
				w.waitPace(d)
				continue
			}
			if w.busy() {
				w.work()
			} else {
				w.warmUp()
			}
			y.yield() // lets the event loop deliver messages
		}
	}
}

// yielder hands the worker's thread back to the event loop for one turn
// through a MessageChannel, not a timer: time.Sleep is a setTimeout, which
// browsers clamp to at least 4 ms once timers nest five deep (HTML's timer
// nesting level), and each of the worker's answers starts from the last
// one's timer: 4 ms idle after every answer's training (then 75 ms).
type yielder struct {
	port js.Value
	back chan struct{}
}

func newYielder() *yielder {
	ch := js.Global().Get("MessageChannel").New()
	y := &yielder{port: ch.Get("port2"), back: make(chan struct{}, 1)}
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		y.back <- struct{}{}
		return nil
	}))
	return y
}

// yield returns once the event loop has delivered this yield's message,
// after the messages the page posted before it.
func (y *yielder) yield() {
	y.port.Call("postMessage", nil)
	<-y.back
}

// readRequest reads the page's request.
func readRequest(m js.Value) request {
	return request{gen: m.Get("gen").Int(), task: m.Get("task").String(), seed: int64(m.Get("seed").Float()),
		lr: m.Get("lr").Float(), goal: m.Get("goal").Int(), pace: intOr0(m.Get("pace"))}
}

// intOr0 is v as an int, 0 if it is not a number (a request without it).
func intOr0(v js.Value) int {
	if v.Type() != js.TypeNumber {
		return 0
	}
	return v.Int()
}

// take reads a request: a new run, or a new goal for this one. A new run,
// goal or pace starts the pace again, its first step at once.
func (w *worker) take(m js.Value) {
	if m.Get("warm").Truthy() {
		w.warmOK = true
		return
	}
	r := readRequest(m)
	newRun := r.gen != w.req.gen || w.tr == nil && w.err == nil
	if newRun {
		w.req, w.err, w.losses, w.accs, w.timing = r, nil, w.losses[:0], w.accs[:0], timing{}
		w.tr, w.err = model.NewTrainer(model.Config{Task: r.task, Seed: r.seed, LR: r.lr})
		if w.warm != nil && w.warm.Task.Name != r.task {
			w.warm = nil // warmUp starts again, on this task
		}
		w.accStep = -1
	}
	if newRun || r.goal != w.req.goal || r.pace != w.pace.Rate() {
		w.pace.Start(r.pace, w.steps(), time.Now())
	}
	w.req.goal, w.req.pace = r.goal, r.pace
	if !w.busy() {
		w.answer() // at the goal already: the export of this step
	}
}

// warming reports whether warmUp has steps to take: once the page has
// asked for a run and for the warm-up (it does once it rests), while it
// wants no steps, for warmFor, and not after any run has stepped.
func (w *worker) warming() bool {
	return w.warmOK && w.tr != nil && w.warmed < warmFor
}

// warmUp takes a step, and where due measures the accuracy, of a
// throwaway run of the page's task, which it answers nothing of. V8 runs
// a WebAssembly function first as compiled fast, then, once it is hot,
// compiles it again, better, on the machine's other threads: in a first
// run that took 1.2–1.4 s of CPU on a 2-core machine, beside the worker's
// own, and the run took 2.0 s where the next took 1.1–1.3 s
// (docs/performance.md, "The trainer warms up before the first run
// (session 14)"). Warmed while the student reads the view, the first run
// finds most of its code compiled. A page's request stops it between two
// steps.
func (w *worker) warmUp() {
	t0 := time.Now()
	defer func() { w.warmed += time.Since(t0) }()
	if w.warm == nil {
		tr, err := model.NewTrainer(model.Config{Task: w.req.task, Seed: w.req.seed + 1, LR: w.req.lr})
		if err != nil {
			w.warmed = warmFor
			return
		}
		w.warm = tr
	}
	if err := w.warm.Step(); err != nil {
		w.warmed, w.warm = warmFor, nil
	} else if w.warm.Steps()%accEvery == 0 {
		w.warm.Accuracy()
	}
	if w.warmed+time.Since(t0) >= warmFor {
		w.warm = nil
	}
}

// steps returns the steps the run has taken; 0 without one.
func (w *worker) steps() int {
	if w.tr == nil {
		return 0
	}
	return w.tr.Steps()
}

// paceWait returns how long the next step waits for the run's pace: 0
// when it is due, or no step is to be taken.
func (w *worker) paceWait() time.Duration {
	if !w.busy() {
		return 0
	}
	return w.pace.Wait(w.tr.Steps(), time.Now())
}

// waitPace waits d for the next step's pace, at most answerEvery at a time:
// the main loop takes the page's messages between two waits. A timer raced
// against the messages' channel would do the same, for many more bytes
// (docs/performance.md, "Session 22").
func (w *worker) waitPace(d time.Duration) {
	time.Sleep(min(d, answerEvery))
}

// busy reports whether there are steps to take.
func (w *worker) busy() bool {
	return w.tr != nil && w.err == nil && w.tr.Steps() < w.req.goal
}

// work takes steps for answerEvery, each when its pace has it due,
// measures the accuracy where due, and answers: a paced run answers as
// often as one at full speed, not at every step.
func (w *worker) work() {
	start := time.Now()
	for w.busy() && time.Since(start) < answerEvery {
		if d := w.paceWait(); d > 0 {
			if time.Since(start)+d >= answerEvery {
				break // answer now; the main loop waits for the step
			}
			w.waitPace(d)
			continue
		}
		if err := w.step(); err != nil {
			w.err = err
			break
		}
		w.losses = append(w.losses, w.tr.Loss())
		if w.tr.Steps()%accEvery == 0 {
			w.measure()
		}
	}
	w.answer()
}

// step takes one step, both halves here, and times it.
func (w *worker) step() error {
	t0 := time.Now()
	err := w.tr.Step()
	w.timing.steps++
	w.timing.stepNs += time.Since(t0).Nanoseconds()
	w.warmed, w.warm = warmFor, nil // a run warms its own code from now on
	return err
}

// measure records the held-out accuracy of the step reached, once.
func (w *worker) measure() {
	if s := w.tr.Steps(); s != w.accStep {
		w.accs = append(w.accs, float64(s), w.tr.Accuracy())
		w.accStep = s
	}
}

// answer posts what changed since the last answer, the parameters, and,
// when the worker stops, the export.
func (w *worker) answer() {
	a := map[string]any{"gen": w.req.gen}
	if w.tr != nil {
		if !w.busy() && w.err == nil {
			w.measure() // where training stops
		}
		a["step"], a["loss"] = w.tr.Steps(), w.tr.Loss()
		a["losses"], a["accs"] = floats(w.losses), floats(w.accs)
		a["params"] = params(w.tr.Model)
		if !w.busy() && w.err == nil {
			if b, err := w.tr.Export(); err == nil {
				a["export"] = string(b)
			}
		}
	}
	var d *model.DivergedError
	if errors.As(w.err, &d) {
		a["diverged"] = map[string]any{"step": d.Step, "lr": d.LR}
	} else if w.err != nil {
		a["error"] = w.err.Error()
	}
	a["timing"] = map[string]any{"steps": w.timing.steps, "stepNs": float64(w.timing.stepNs)}
	w.losses, w.accs, w.timing = w.losses[:0], w.accs[:0], timing{}
	js.Global().Call("postMessage", a)
}

// params returns every parameter of m, in model.Params' order, row by row.
func params(m *model.Model) js.Value {
	var xs []float64
	for _, p := range m.Params() {
		r, c := p.M.Dims()
		for i := range r {
			xs = append(xs, p.M.RawRowView(i)[:c]...)
		}
	}
	return floats(xs)
}
