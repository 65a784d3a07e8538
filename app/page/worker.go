package page

import (
	"time"

	"encoding/binary"
	"math"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/attention/model"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The Learn view's trainer runs in a Web Worker (web/trainworker.js, which
// runs cmd/trainworker), started the first time the view is shown: the
// page sends it what compute.Computer.WorkerRequest says, and hands its
// answers to WorkerAnswer. Where a worker cannot start, the page trains in
// slices itself (learn.go).

// trainWorker is the page's worker.
type trainWorker struct {
	value     app.Value // the Worker; nil before it is started
	onMessage app.Func
	onError   app.Func
	failed    bool
}

// startWorker starts the worker, once, if the view shown trains.
func (p *Page) startWorker() {
	w := &p.learn.worker
	if app.IsServer || w.value != nil || w.failed || p.ctx.Context == nil || p.needs()&compute.NeedTraining == 0 {
		return
	}
	w.onMessage = dom.Func(func(_ app.Value, args []app.Value) any {
		a := readAnswer(args[0].Get("data"))
		p.ctx.Dispatch(func(ctx app.Context) { p.workerAnswer(ctx, a) })
		return nil
	})
	w.onError = dom.Func(func(app.Value, []app.Value) any {
		p.ctx.Dispatch(func(ctx app.Context) { p.workerFailed("the worker's script did not load") })
		return nil
	})
	ok := dom.Try(func() {
		w.value = app.Window().Get("Worker").New(p.ctx.ResolveStaticResource("/web/trainworker.js"))
		w.value.Set("onmessage", w.onMessage)
		w.value.Set("onerror", w.onError)
	})
	if !ok || w.value == nil {
		w.onMessage.Release()
		w.onError.Release()
		w.value, w.failed = nil, true
		return
	}
	p.comp.UseWorker()
	p.warmWhenRested(restMs)
}

// warmWhenRested tells the worker, in ms and then once the page has gone
// restMs without a change (restClock), to warm up on a
// throwaway run (cmd/trainworker's warmUp), once a worker. Warming while
// the student typed into the Learn view's probe right after it opened took
// the cores the keystrokes needed (docs/performance.md, "The trainer warms
// up before the first run (session 14)").
func (p *Page) warmWhenRested(ms float64) {
	p.ctx.After(time.Duration(ms)*time.Millisecond, func(app.Context) {
		w := &p.learn.worker
		if w.value == nil {
			return
		}
		if wait := p.rest.wait(); wait > 0 {
			p.warmWhenRested(wait + 1)
			return
		}
		dom.Try(func() { w.value.Call("postMessage", map[string]any{"warm": true}) })
	})
}

// workerFailed ends a worker that could not start, and has the page train
// in slices instead, from step 0 of the same run.
func (p *Page) workerFailed(why string) {
	app.Log("attnviz: the Learn view trains without a worker:", why)
	p.stopWorker()
	p.learn.worker.failed = true
	p.comp.NoWorker()
	p.update()
}

// stopWorker ends the worker.
func (p *Page) stopWorker() {
	w := &p.learn.worker
	if w.value != nil {
		dom.Try(func() { w.value.Call("terminate") })
		w.onMessage.Release()
		w.onError.Release()
		w.value = nil
	}
}

// askWorker sends the worker what the state asks for, if that changed.
func (p *Page) askWorker() {
	r, changed := p.comp.WorkerRequest(p.state)
	if !changed || p.learn.worker.value == nil {
		return
	}
	dom.Try(func() {
		p.learn.worker.value.Call("postMessage", map[string]any{
			"gen": r.Gen, "task": r.Task, "seed": float64(r.Seed), "lr": r.LR, "goal": r.Goal, "pace": r.Pace,
		})
	})
}

// workerAnswer takes in an answer of the worker, as trainSlice does a
// slice: the step count in the state and the link, and a redraw.
func (p *Page) workerAnswer(ctx app.Context, a compute.WorkerAnswer) {
	if a.Gen < 0 && a.Err != "" {
		p.workerFailed(a.Err) // the worker's program did not start
		return
	}
	// Taken in even while another view is shown: the worker trains on
	// towards the goal, and the curves need every answer.
	p.state.Steps = max(p.state.Steps, p.comp.WorkerAnswer(p.state, a))
	if p.needs()&compute.NeedTraining == 0 {
		p.trainingLinkWrite()
		ctx.PreventUpdate()
		return
	}
	p.res = p.comp.Update(p.state, p.needs())
	p.trainingLinkWrite()
	p.askWorker()
	if t := p.res.Training; t != nil && t.Running {
		ctx.PreventUpdate()
		p.redrawAnswers()
		return
	}
	p.learn.answerDraw = false // the render now shows the last answer
	p.renderApart(ctx)
}

// readAnswer reads a worker's message (cmd/trainworker's answer).
func readAnswer(v app.Value) compute.WorkerAnswer {
	a := compute.WorkerAnswer{Gen: -1, Loss: math.NaN()}
	if v.Type() != app.TypeObject {
		return a
	}
	if g := v.Get("gen"); g.Type() == app.TypeNumber {
		a.Gen = g.Int()
	}
	if s := v.Get("step"); s.Type() == app.TypeNumber {
		a.Step, a.Loss = s.Int(), v.Get("loss").Float()
	}
	a.Losses, a.Accs, a.Params = floats(v.Get("losses")), floats(v.Get("accs")), floats(v.Get("params"))
	if e := v.Get("export"); e.Type() == app.TypeString {
		a.Export = e.String()
	}
	if d := v.Get("diverged"); d.Type() == app.TypeObject {
		a.Diverged = &model.DivergedError{Step: d.Get("step").Int(), Loss: math.NaN(), LR: d.Get("lr").Float()}
	}
	if e := v.Get("error"); e.Type() == app.TypeString {
		a.Err = e.String()
		app.Log("attnviz: trainer:", a.Err)
	}
	return a
}

// floats reads a Float64Array bit for bit; nil for anything else.
func floats(v app.Value) []float64 {
	if v.Type() != app.TypeObject || !v.Get("buffer").Truthy() {
		return nil
	}
	u := app.Window().Get("Uint8Array").New(v.Get("buffer"), v.Get("byteOffset"), v.Get("byteLength"))
	b := make([]byte, u.Length())
	app.CopyBytesToGo(b, u)
	out := make([]float64, len(b)/8)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}
