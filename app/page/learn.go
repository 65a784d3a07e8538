package page

import (
	"encoding/json"
	"math"
	"time"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The Learn view's trainer runs in a Web Worker (worker.go). Where none
// can start, the page trains in slices, each a task of the browser's event
// loop: a slice takes steps for about sliceBudget (at least one), then
// yields, so that input is handled and the page painted between two slices;
// a step of previous or reverse takes a few ms in Chromium, one of the
// larger tasks (coreference, induction), or a measure of the held-out
// accuracy, can take longer than a frame by itself. Either way the view is
// redrawn about ten times a second while training runs (the slices at most
// every redrawEvery, the worker's answers as they come, every 50 ms).
const (
	sliceBudget = 10 * time.Millisecond
	redrawEvery = 80 * time.Millisecond
)

// learnLoop is the state of the page's training loop.
type learnLoop struct {
	scheduled  bool      // a slice is scheduled
	drawn      time.Time // when the view was last redrawn by a slice
	answerDraw bool      // a redraw of the worker's answers is scheduled (learn_answers.go)
	worker     trainWorker
	redraw     views.LearnRedraw // the Learn view alone, while training runs
	place      string            // the place the page last computed (tour_learn.go)
}

// scheduleTraining has the worker train what the state asks for (worker.go),
// or, without one, schedules a slice if the state asks for steps not yet
// taken and none is scheduled: at once, or when its pace (State.Pace) has
// the next step due. On the server, with no browser, it does not train.
func (p *Page) scheduleTraining() {
	p.askWorker()
	if app.IsServer || p.learn.scheduled || p.ctx.Context == nil || p.needs()&compute.NeedTraining == 0 || !p.comp.TrainPending(p.state) {
		return
	}
	p.learn.scheduled = p.inNewTask(p.trainSlice, p.comp.TrainWait(p.state))
}

// trainSlice takes a slice of steps, records the step count in the state
// (and, soon, the link), and schedules the next slice while more are due.
func (p *Page) trainSlice(ctx app.Context) {
	p.learn.scheduled = false
	if p.needs()&compute.NeedTraining == 0 {
		ctx.PreventUpdate()
		return
	}
	// While the page retrains to a link's step count, that count stays the
	// goal; while training runs, the count follows it.
	p.state.Steps = max(p.state.Steps, p.comp.TrainSlice(p.state, sliceBudget))
	p.res = p.comp.Update(p.state, p.needs())
	p.trainingLinkWrite()
	p.scheduleTraining()
	if p.learn.scheduled && time.Since(p.learn.drawn) < redrawEvery {
		ctx.PreventUpdate() // the next slice redraws
		return
	}
	p.learn.drawn = time.Now()
	p.redrawTraining(ctx)
}

// redrawTraining, while training runs, redraws the Learn view alone, if it
// is shown, instead of the whole page (views.LearnRedraw). Once training
// stops, the page is rendered whole.
func (p *Page) redrawTraining(ctx app.Context) {
	if t := p.res.Training; t != nil && t.Running && p.state.View == state.LearnViewID && p.learn.redraw.Draw(p.props()) {
		ctx.PreventUpdate()
	}
}

// trainLinkEvery is the least time between two rewrites of the link while
// training runs: history.replaceState takes several ms in Chromium, and
// the step count in the link changes with every slice.
const trainLinkEvery = 2 * time.Second

// trainingLinkWrite rewrites the link after a slice or a worker's answer:
// at most every trainLinkEvery while training runs, as any change once it
// has stopped.
func (p *Page) trainingLinkWrite() {
	if t := p.res.Training; t != nil && t.Running && time.Since(p.linkWritten) < trainLinkEvery {
		return
	}
	p.scheduleLinkWrite()
}

// train is the Learn view's views.Props.Train.
func (p *Page) train(ctx app.Context, e app.Event, a views.TrainAction) {
	switch a {
	case views.TrainToggle:
		running := p.res.Training != nil && p.res.Training.Running
		on := p.comp.SetTraining(p.state, !running)
		p.set(ctx, e, func(s *state.State) { s.Steps = p.comp.TrainingStep() })
		if on {
			p.learn.drawn = time.Now()
			p.redrawTraining(ctx) // the view alone, not the page around it
		}
	case views.TrainStep:
		p.comp.SetTraining(p.state, false)
		p.set(ctx, e, func(s *state.State) { s.Steps = stepGoal(p.comp.TrainingStep(), s.TaskUntil()) })
	case views.TrainReset:
		p.comp.SetTraining(p.state, false)
		p.set(ctx, e, func(s *state.State) { s.Steps = 0 })
	}
}

// trainingJSON is what window.attnviz.training() returns, nil outside the
// Learn view: {task, step, loss, accuracy, running}, a number not yet
// known (or not finite) as null.
func (p *Page) trainingJSON() map[string]any {
	t := p.res.Training
	if t == nil || t.Task == nil {
		return nil
	}
	return map[string]any{
		"task": t.Task.Name, "step": t.Step, "loss": finiteOrNil(t.Loss),
		"accuracy": finiteOrNil(t.Accuracy), "running": t.Running,
	}
}

// finiteOrNil returns x, or nil if it is NaN or infinite.
func finiteOrNil(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// learnResult is the result() of the Learn view: the selected layer on the
// probe sequence, as contract JSON; "" when the probe is rejected.
func (p *Page) learnResult() (string, error) {
	t := p.res.Training
	if t == nil || t.Now == nil {
		return "", nil
	}
	b, err := t.Now.Layers[min(p.state.Layer, len(t.Now.Layers)-1)].Result.MarshalJSON()
	return string(b), err
}

// learnHooks returns window.attnviz.training(), an object (see
// trainingJSON), and model(), the trained model's JSON string; both null
// outside the Learn view.
func (p *Page) learnHooks() (training, model app.Func) {
	training = dom.Func(func(app.Value, []app.Value) any {
		t := p.trainingJSON()
		if t == nil {
			return nil
		}
		b, err := json.Marshal(t)
		if err != nil {
			return nil
		}
		return app.Window().Get("JSON").Call("parse", string(b))
	})
	model = dom.Func(func(app.Value, []app.Value) any {
		if p.res.Training == nil {
			return nil
		}
		js, err := p.res.Training.ModelJSON()
		if err != nil {
			app.Log("attnviz:", err)
			return nil
		}
		return js
	})
	return training, model
}
