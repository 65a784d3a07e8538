//go:build js && wasm

// Command trainworker is the Learn view's trainer in a Web Worker
// (web/trainworker.js loads it as web/trainworker.wasm), so that training
// never holds up the page: a step of the larger tasks, or a measure of the
// held-out accuracy, takes longer than a frame.
//
// The page posts the run it wants, {gen, task, seed, lr, goal}, whenever it
// changes; the worker trains towards goal and posts, about every 50 ms and
// when it stops, {gen, step, loss, losses, accs, params, export, diverged}
// (see answer), with timing, where its steps' time went (the bench reads
// it). It is the page's compute.Learner that reads them.
//
// It shares each step with a second worker of the same program that it
// starts itself, in the role "half" (peer.go, half.go): two cores for one
// run, the same bits as one.
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
	solo bool // train without the peer: the bench's comparison (the page never sets it)
	pair bool // share every step with the peer: a measurement's (the page never sets it)
}

// worker trains one run at a time.
type worker struct {
	req     request
	tr      *model.Trainer
	err     error     // divergence, or a run that cannot start
	losses  []float64 // since the last answer
	accs    []float64 // pairs of step and accuracy, since the last answer
	accStep int       // the step of the last accuracy measured
	msgs    <-chan js.Value
	queue   []js.Value // the page's messages that arrived during a step
	peer    *peer
	paired  bool    // the peer follows this run
	mode    chooser // whether the next step is shared with it
	timing  timing  // since the last answer
}

// timing is where the steps' time went, since the last answer.
type timing struct {
	steps  int
	stepNs int64 // the steps' wall time (not the accuracy's)
	ownNs  int64 // of which computing its own halves, in shared steps
	waitNs int64 // of which waiting for the peer's half
	peerNs int64 // the peer's time computing its halves
	paired int   // steps shared with the peer
}

const (
	answerEvery = 50 * time.Millisecond // how often a running worker answers: the page redraws at each (≥ 10 a second needs headroom)
	accEvery    = 10                    // as app/compute's
)

func main() {
	if js.Global().Get("name").String() == halfName {
		runHalf()
		return
	}
	msgs := make(chan js.Value, 64)
	js.Global().Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		msgs <- args[0].Get("data")
		return nil
	}))
	w := worker{msgs: msgs, peer: startPeer()}
	y := newYielder()
	for {
		if m, ok := w.queued(); ok {
			w.take(m)
			continue
		}
		if !w.busy() {
			w.take(<-msgs)
			continue
		}
		select {
		case m := <-msgs:
			w.take(m)
		default:
			w.work()
			y.yield() // lets the event loop deliver messages
		}
	}
}

// queued returns the first page message that arrived while a step waited
// for the peer.
func (w *worker) queued() (js.Value, bool) {
	if len(w.queue) == 0 {
		return js.Value{}, false
	}
	m := w.queue[0]
	w.queue = w.queue[1:]
	return m, true
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

// readRequest reads the page's request (or the coordinator's, in the half).
func readRequest(m js.Value) request {
	return request{gen: m.Get("gen").Int(), task: m.Get("task").String(), seed: int64(m.Get("seed").Float()),
		lr: m.Get("lr").Float(), goal: m.Get("goal").Int(), solo: m.Get("solo").Truthy(), pair: m.Get("pair").Truthy()}
}

// take reads a request: a new run, or a new goal for this one. The peer
// gets each request of a run it shares.
func (w *worker) take(m js.Value) {
	r := readRequest(m)
	if r.gen != w.req.gen || w.tr == nil && w.err == nil {
		w.req, w.err, w.losses, w.accs, w.timing = r, nil, w.losses[:0], w.accs[:0], timing{}
		w.tr, w.err = model.NewTrainer(model.Config{Task: r.task, Seed: r.seed, LR: r.lr})
		w.accStep = -1
		w.paired = w.err == nil && !r.solo && (w.tr.Task.Shares() || r.pair) && w.peer.ready()
		w.mode = chooser{shared: true, fixed: r.pair}
	}
	w.req.goal = r.goal
	if w.paired && w.peer.state == peerReady {
		w.peer.post(map[string]any{"gen": r.gen, "task": r.task, "seed": float64(r.seed), "lr": r.lr, "goal": r.goal, "pair": w.mode.shared})
	}
	if !w.busy() {
		w.answer() // at the goal already: the export of this step
	}
}

// busy reports whether there are steps to take.
func (w *worker) busy() bool {
	return w.tr != nil && w.err == nil && w.tr.Steps() < w.req.goal
}

// work takes steps for answerEvery, measures the accuracy where due, and
// answers.
func (w *worker) work() {
	start := time.Now()
	for w.busy() && time.Since(start) < answerEvery {
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

// step takes one step: shared with the peer (stepShared) or alone, as
// the chooser says.
func (w *worker) step() error {
	t0 := time.Now()
	var err error
	if w.paired && w.peer.state == peerReady && w.mode.shared {
		err = w.stepShared()
	} else {
		err = w.stepAlone()
	}
	ns := time.Since(t0).Nanoseconds()
	w.timing.steps++
	w.timing.stepNs += ns
	w.mode.record(ns)
	return err
}

// stepAlone takes a step with both halves here and, if the peer follows
// the run, posts it the step's gradients (model.Trainer.StepWith).
func (w *worker) stepAlone() error {
	if err := w.tr.Step(); err != nil {
		return err
	}
	if w.paired && w.peer.state == peerReady {
		s := w.tr.Steps()
		w.peer.post(map[string]any{"gen": w.req.gen, "step": s, "loss": w.tr.Loss(), "sum": floats(w.tr.Gradient()), "pair": w.mode.next(s + 1)})
	}
	return nil
}

// stepShared computes half A here while the peer computes half B, and
// exchanges them; if the peer is gone, half B here.
func (w *worker) stepShared() error {
	t0 := time.Now()
	g, loss, err := w.tr.StepHalf(0)
	if err != nil {
		return err
	}
	w.timing.ownNs += time.Since(t0).Nanoseconds()
	s := w.tr.Steps() + 1
	w.peer.post(map[string]any{"gen": w.req.gen, "step": s, "loss": loss, "grad": floats(g), "pair": w.mode.next(s + 1)})
	t1 := time.Now()
	og, oloss, ns, ok := w.peer.await(w.req.gen, s, w.msgs, &w.queue)
	w.timing.waitNs += time.Since(t1).Nanoseconds()
	if !ok {
		og, oloss = w.tr.OtherHalf()
	} else {
		w.timing.peerNs += ns
		w.timing.paired++
	}
	return w.tr.FinishStep(og, oloss)
}

// measure records the held-out accuracy of the step reached, once.
func (w *worker) measure() {
	if s := w.tr.Steps(); s != w.accStep {
		w.accs = append(w.accs, float64(s), w.accuracy())
		w.accStep = s
	}
}

// accuracy returns the held-out accuracy, half of it counted by the peer
// when it follows the run (both at this step: its messages come in order).
func (w *worker) accuracy() float64 {
	if !w.paired || w.peer.state != peerReady {
		return w.tr.Accuracy()
	}
	s := w.tr.Steps()
	w.peer.post(map[string]any{"gen": w.req.gen, "step": s, "acc": true})
	r0, t0 := w.tr.AccuracyCounts(0, 2)
	r1, t1, ok := w.peer.awaitCounts(w.req.gen, s, w.msgs, &w.queue)
	if !ok {
		r1, t1 = w.tr.AccuracyCounts(1, 2)
	}
	return w.tr.SetAccuracy(r0+r1, t0+t1)
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
	a["timing"] = map[string]any{"steps": w.timing.steps, "stepNs": float64(w.timing.stepNs),
		"waitNs": float64(w.timing.waitNs), "ownNs": float64(w.timing.ownNs), "peerNs": float64(w.timing.peerNs), "paired": w.timing.paired}
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
