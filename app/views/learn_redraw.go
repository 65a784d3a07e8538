package views

import (
	"time"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LearnRedraw lets the page redraw the Learn view alone while a model
// trains, at every answer of the trainer (about ten times a second): the
// view's heatmaps now are drawn at once, their pictures alone (drawMaps),
// and go-app renders the view by itself, not the whole page (its header,
// tabs, sidebar and tools, which training does not change), at most every
// learnRenderEvery, for what changes in words: the step, the loss and
// accuracy, the curves, the predictions, the charts' accessible names. The
// page owns it; the view registers with it through Props.Redraw.
type LearnRedraw struct {
	view     *LearnView
	ctx      app.Context
	rendered time.Time // when Draw last had go-app render the view
}

// learnRenderEvery is the least time between two renders of the Learn view
// by go-app while training runs and its heatmaps are drawn at once: each
// render builds and compares the whole view, and its curves are two ECharts
// updates.
const learnRenderEvery = 400 * time.Millisecond

// own registers v, mounted with ctx.
func (r *LearnRedraw) own(v *LearnView, ctx app.Context) {
	if r != nil {
		r.view, r.ctx = v, ctx
	}
}

// release forgets v, if it is still the one registered.
func (r *LearnRedraw) release(v *LearnView) {
	if r != nil && r.view == v {
		r.view = nil
	}
}

// Draw hands p to the mounted Learn view: its heatmaps now are drawn at
// once where they can be, and go-app renders the view alone when they
// cannot or learnRenderEvery has passed. It reports false, doing nothing,
// when no Learn view is mounted.
func (r *LearnRedraw) Draw(p Props) bool {
	if r == nil || r.view == nil || r.ctx.Context == nil {
		return false
	}
	v := r.view
	if v.drawMaps(p) {
		if time.Since(r.rendered) >= learnRenderEvery || paced(p) {
			r.rendered = time.Now()
			r.renderApart(v)
		}
		return true
	}
	r.rendered = time.Now()
	r.ctx.Dispatch(func(app.Context) { v.Props = p })
	return true
}

// paced reports whether p's run is slowed for a class to watch it
// (State.Pace): then the machine has the time to render the view, its
// step and its heatmaps' captions, at every answer, not only every
// learnRenderEvery and panelEvery.
func paced(p Props) bool { return p.State.Pace > 0 }

// renderApart has go-app render v, which keeps the Props its heatmaps were
// just drawn with, in a task of its own (setTimeout 0): the heatmaps'
// repaint and the view's render, each a good part of a frame at the larger
// tasks, run as two tasks. The render shows the Props v has by then.
func (r *LearnRedraw) renderApart(v *LearnView) {
	ctx := r.ctx
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		if r.view == v {
			ctx.Dispatch(func(app.Context) {})
		}
		return nil
	})
	if !dom.Try(func() { app.Window().Call("setTimeout", fn, 0) }) {
		fn.Release()
		ctx.Dispatch(func(app.Context) {})
	}
}

// renderLater has go-app render v, if it is the view registered, in a task
// of its own: nothing where no view is.
func (r *LearnRedraw) renderLater(v *LearnView) {
	if r != nil && r.view == v && r.ctx.Context != nil {
		r.renderApart(v)
	}
}

// drawMaps, while training runs, draws the heatmaps now of p at once, when
// the view shows the same probe, layers and heads as p, drawn as pictures:
// only those pictures change (chart.Chart's repaint); one not yet drawn as
// a picture, just after the start, waits for the charts' queue. The view keeps p. It
// reports false, drawing nothing, where go-app must render the view.
func (v *LearnView) drawMaps(p Props) bool {
	tr, was := p.Training, v.Props.Training
	lang, large := p.State.Lang, p.State.Present
	if tr == nil || was == nil || !tr.Running || tr.Now == nil || tr.Task != was.Task || tr.Before != v.before ||
		!v.mapsKey.running || lang != v.mapsKey.lang || large != v.mapsKey.large || v.typing.on != v.mapsKey.typing || len(v.maps) == 0 {
		return false
	}
	v.Props = p
	key := learnKey{tr.Rev, tr.NowStep, lang, true, large, v.typing.on}
	if key == v.mapsKey {
		return true
	}
	v.buildMaps(tr, lang, false)
	v.mapsKey = key
	for i := range v.maps {
		m := &v.maps[i]
		if c := v.ref(m.nowID).Get(); c != nil {
			c.RepaintOrSoon(m.now, m.nowTip)
		}
	}
	return true
}

// curveEvery is the least time between two new sets of points of the
// curves while training runs: a line chart's update is an ECharts update
// of its axes, labels and line, several times a heatmap's repaint.
const curveEvery = time.Second

// curvesWait reports whether the curves keep their points for now, though
// tr has new ones (key): while training runs, for curveEvery after they
// were made, in the same language and size.
func (v *LearnView) curvesWait(tr *compute.Training, key learnKey) bool {
	was := v.curveKey
	return tr.Running && v.lossOpt.Base != "" && key.lang == was.lang && key.large == was.large &&
		time.Since(v.curvesAt) < curveEvery
}

// RenderAlone has go-app render the mounted Learn view alone with p, not
// the page around it, and calls after once that render has updated the
// DOM. It reports false, doing nothing, when no Learn view is mounted.
func (r *LearnRedraw) RenderAlone(p Props, after func()) bool {
	if r == nil || r.view == nil || r.ctx.Context == nil {
		return false
	}
	v := r.view
	r.rendered = time.Now()
	r.ctx.Dispatch(func(ctx app.Context) {
		v.Props = p
		ctx.Defer(func(app.Context) { after() })
	})
	return true
}
