package views

import (
	"time"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// While the probe is typed, the Learn view draws its heatmaps (at step 0
// and now) as pictures with their numbers printed in them
// (chart.CellText): a keystroke then costs ECharts the update of a custom
// series, its axes and one image, not that of a hundred labelled cells.
// They turn into pictures as the probe takes the focus (the first drawn in
// the focus event, the others in the render that follows: the first
// keystroke finds them so) and back into ECharts'
// labelled cells, which exports (SVG text) and presentation mode read, as
// it loses it, or probeSettle after the last keystroke of a probe typed
// without the focus. The tooltip, the cell rings and the keyboard walk
// follow the new probe in either form.

// probeSettle is how long after the probe's last keystroke its heatmaps
// turn back into ECharts' labelled cells: longer than the gaps between a
// student's keystrokes.
const probeSettle = 400 * time.Millisecond

// probeTyping is whether the probe is being typed.
type probeTyping struct {
	on      bool
	focused bool        // the probe has the focus
	at      time.Time   // the last keystroke
	armed   bool        // a settle is pending
	ctx     app.Context // the view's, from its mount
}

// onProbeFocus turns the heatmaps into pictures: the first at once, the
// others in the view's render.
func (v *LearnView) onProbeFocus(app.Context, app.Event) {
	t := &v.typing
	t.focused = true
	if t.on || t.ctx.Context == nil || v.Props.State.Present {
		return // presenting, the keystrokes are not drawn at once (drawNow)
	}
	t.on = true
	v.drawFirstNow(v.Props)
}

// onProbeBlur turns the heatmaps back into ECharts' labelled cells, in the
// view's render that follows.
func (v *LearnView) onProbeBlur(app.Context, app.Event) {
	v.typing.focused, v.typing.on = false, false
}

// drawFirstNow draws the first heatmap now of p at once, as drawNow does;
// the others follow in the view's render, through the charts' queue, a few
// a task.
func (v *LearnView) drawFirstNow(p Props) {
	tr := p.Training
	if tr == nil || tr.Now == nil || tr.Running {
		return
	}
	v.build(tr, p.State.Lang)
	if len(v.maps) > 0 {
		m := &v.maps[0]
		if c := v.ref(m.nowID).Get(); c != nil {
			c.DrawNowOf("", m.now, m.nowTip)
		}
	}
}

// typed notes a keystroke in the probe: the heatmaps are pictures until
// the probe loses the focus, or typing pauses. Nothing before the view is
// mounted.
func (v *LearnView) typed() {
	t := &v.typing
	if t.ctx.Context == nil {
		return
	}
	t.on, t.at = true, time.Now()
	if !t.armed && !t.focused {
		t.armed = true
		v.settleAfter(probeSettle)
	}
}

// settleAfter, after d, renders the view with its heatmaps as labelled
// cells again, if the probe had no keystroke for probeSettle by then and
// has not the focus; else it waits for the rest, or for the blur. The wait is a timer of the browser's, not a
// dispatch of go-app's, which would render the page each time.
func (v *LearnView) settleAfter(d time.Duration) {
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		t := &v.typing
		if t.focused {
			t.armed = false // the blur settles
			return nil
		}
		if left := probeSettle - time.Since(t.at); left > 0 && v.Mounted() {
			v.settleAfter(left)
			return nil
		}
		t.ctx.Dispatch(func(app.Context) { t.on, t.armed = false, false }) // and renders the view
		return nil
	})
	if !dom.Try(func() { app.Window().Call("setTimeout", fn, d.Milliseconds()) }) {
		fn.Release()
		v.typing.armed = false // the next keystroke tries again
	}
}
