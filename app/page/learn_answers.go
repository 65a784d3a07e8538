package page

import (
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// redrawAnswers has the Learn view redrawn, while training runs, in a task
// of its own (setTimeout 0) after a worker's answer, once for however many
// answers arrive before that task runs: when the page's thread falls behind
// and answers queue, each is taken in as it comes (the curves need every
// one), and one redraw shows the newest step, instead of a redraw for each
// answer, the later ones queued behind those of stale steps.
func (p *Page) redrawAnswers() {
	if p.learn.answerDraw || app.IsServer || p.ctx.Context == nil {
		return
	}
	p.learn.answerDraw = true
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		p.ctx.Dispatch(p.drawAnswers)
		return nil
	})
	if !dom.Try(func() { app.Window().Call("setTimeout", fn, 0) }) {
		fn.Release()
		p.learn.answerDraw = false
	}
}

// drawAnswers redraws the Learn view alone with the newest answer, if
// training still runs and no render has shown it since (a stop renders the
// page at once); go-app renders the page whole when no Learn view takes
// the redraw, and in the tour's learning step, whose view is the tour's.
func (p *Page) drawAnswers(ctx app.Context) {
	if !p.learn.answerDraw {
		ctx.PreventUpdate()
		return
	}
	p.learn.answerDraw = false
	t := p.res.Training
	if t != nil && t.Running && p.state.View != state.LearnViewID && views.TourStepView(p.state) == state.LearnViewID {
		return // the tour's learning step: go-app renders the page, the tour around the view (tour_learn.go)
	}
	if t == nil || !t.Running || p.state.View != state.LearnViewID || p.learn.redraw.Draw(p.props()) {
		ctx.PreventUpdate()
	}
}

// renderApart has the page rendered whole in a task of its own (setTimeout
// 0), after the one of ctx, which took in the worker's last answer: the
// answer's model (its export parsed, the probe run) and the render of the
// whole page, each over a frame's budget at the larger tasks, run as two
// tasks. Without a browser, go-app renders after ctx's event.
func (p *Page) renderApart(ctx app.Context) {
	if app.IsServer || p.ctx.Context == nil {
		return
	}
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		p.ctx.Dispatch(func(app.Context) {}) // go-app renders the page
		return nil
	})
	if dom.Try(func() { app.Window().Call("setTimeout", fn, 0) }) {
		ctx.PreventUpdate()
		return
	}
	fn.Release()
}
