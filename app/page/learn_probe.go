package page

import (
	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// probeAlone has go-app render the Learn view alone, not the page around
// it, after a change from old (with the results was) of the probe alone,
// a keystroke in #probe: the header, tabs and sidebar do not show the
// probe. The view draws its first heatmap in this event (its Live drawer,
// LearnView.drawNow), and the keystroke is measured from start (if > 0)
// then, as the other views' are; where it cannot, once the view's charts
// are drawn. It reports false, doing nothing, for any other change, or a
// rejected probe, whose message the page shows.
func (p *Page) probeAlone(ctx app.Context, old state.State, was compute.Results, start float64) bool {
	old.Probe = p.state.Probe
	if old != p.state || p.state.View != state.LearnViewID || p.state.Present || p.ctx.Context == nil ||
		was.Rejected.Key != "" || p.res.Rejected.Key != "" {
		return false
	}
	props := p.props()
	drawn := p.live.Draw(props)
	after := func() {
		if start > 0 && !drawn {
			chart.AfterDraws(func() { dom.MeasureSince(start) })
		}
	}
	if !p.learn.redraw.RenderAlone(props, after) {
		return false
	}
	if start > 0 && drawn {
		dom.MeasureSince(start)
	}
	ctx.PreventUpdate()
	return true
}
