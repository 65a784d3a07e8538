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
// Once typing pauses for probeSettle, the view renders them as ECharts'
// labelled cells again, which its exports (SVG text) and presentation
// mode read; the tooltip, the cell rings and the keyboard walk follow the
// new probe in either form.

// probeSettle is how long after the probe's last keystroke its heatmaps
// turn back into ECharts' labelled cells: longer than the gaps between a
// student's keystrokes.
const probeSettle = 400 * time.Millisecond

// probeTyping is whether the probe is being typed.
type probeTyping struct {
	on    bool
	at    time.Time   // the last keystroke
	armed bool        // a settle is pending
	ctx   app.Context // the view's, from its mount
}

// typed notes a keystroke in the probe: the heatmaps are pictures until
// typing pauses. Nothing before the view is mounted.
func (v *LearnView) typed() {
	t := &v.typing
	if t.ctx.Context == nil {
		return
	}
	t.on, t.at = true, time.Now()
	if !t.armed {
		t.armed = true
		v.settleAfter(probeSettle)
	}
}

// settleAfter, after d, renders the view with its heatmaps as labelled
// cells again, if the probe had no keystroke for probeSettle by then; else
// it waits for the rest. The wait is a timer of the browser's, not a
// dispatch of go-app's, which would render the page each time.
func (v *LearnView) settleAfter(d time.Duration) {
	var fn app.Func
	fn = dom.Func(func(app.Value, []app.Value) any {
		fn.Release()
		t := &v.typing
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
