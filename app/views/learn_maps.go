package views

import (
	"time"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/attention/model"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// learnMapsPanel is the Learn view's panel of heatmaps, a component of its
// own: go-app renders and compares it, its sixteen charts and their
// keyboard walks, only when Version changes. While training runs, the
// heatmaps now are drawn at once (drawMaps), and the panel, for its words
// (each chart's name and caption say the step), at most every panelEvery,
// or with every step of a paced run.
type learnMapsPanel struct {
	app.Compo

	View    *LearnView
	Version int
}

// panelEvery is the least time between two renders of the panel of
// heatmaps while training runs.
const panelEvery = time.Second

// panelShown is what the panel of heatmaps was last rendered with.
type panelShown struct {
	key     learnKey
	before  *model.Probe
	none    bool // no heatmaps: the probe is rejected
	at      time.Time
	version int
	due     bool // the heatmaps were restyled; the panel renders next
}

// Render returns the panel, hidden while the view has no heatmaps.
func (p *learnMapsPanel) Render() app.UI {
	v := p.View
	if v == nil || v.Props.Training == nil || v.Props.Training.Now == nil {
		return app.Div().Hidden(true)
	}
	return v.heatmaps(v.Props.Training, v.mapsKey.lang)
}

// panel returns the panel of heatmaps of tr, with a new version when its
// maps have changed, unless only their pictures did, while training runs,
// for less than panelEvery, or the curves were made in this render: the
// panel's render and the curves' update, each a good part of a frame,
// fall in different renders (learnRenderEvery apart). When training starts
// or stops, the same maps otherwise, the mounted heatmaps now change mode
// without the panel's render (restyle), which follows: after panelEvery
// while training runs, in a task of its own once it has stopped or when
// the run is paced.
func (v *LearnView) panel(tr *compute.Training) app.UI {
	s, key, none := &v.shown, v.mapsKey, tr.Now == nil
	if s.due || key != s.key || none != s.none || tr.Before != s.before {
		same := key.lang == s.key.lang && key.large == s.key.large && tr.Before == s.before && none == s.none
		switch {
		case same && !s.due && !none && key.running != s.key.running && v.restyle(key.running):
			s.key, s.at, s.due = key, time.Now(), !key.running || paced(v.Props)
			if s.due {
				v.Props.Redraw.renderLater(v)
			}
		case s.due || !same || !key.running || !s.key.running || time.Since(s.at) >= panelEvery && !v.curvesJustMade() || paced(v.Props):
			s.version++
			s.key, s.before, s.none, s.at, s.due = key, tr.Before, none, time.Now(), false
		}
	}
	return &learnMapsPanel{View: v, Version: s.version}
}

// restyle hands each mounted heatmap now its parts, drawn as a picture on
// a layer of its own while on screen if running, with numbers in its cells
// if not (chart.Chart.Restyle), and reports whether each took them.
func (v *LearnView) restyle(running bool) bool {
	if len(v.maps) == 0 {
		return false
	}
	for i := range v.maps {
		m := &v.maps[i]
		c := v.ref(m.nowID).Get()
		if c == nil || !c.Restyle(running, running, m.now, m.nowTip) {
			return false
		}
	}
	return true
}

// curvesJustMade reports whether build made the curves' points in the
// render under way.
func (v *LearnView) curvesJustMade() bool {
	return time.Since(v.curvesAt) < 50*time.Millisecond
}
