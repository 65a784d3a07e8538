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
// (each chart's name and caption say the step), at most every panelEvery.
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
// fall in different renders (learnRenderEvery apart).
func (v *LearnView) panel(tr *compute.Training) app.UI {
	s, key, none := &v.shown, v.mapsKey, tr.Now == nil
	if key != s.key || none != s.none || tr.Before != s.before {
		same := key.running && s.key.running && key.lang == s.key.lang && key.large == s.key.large &&
			tr.Before == s.before && none == s.none
		if !same || time.Since(s.at) >= panelEvery && !v.curvesJustMade() {
			s.version++
			s.key, s.before, s.none, s.at = key, tr.Before, none, time.Now()
		}
	}
	return &learnMapsPanel{View: v, Version: s.version}
}

// curvesJustMade reports whether build made the curves' points in the
// render under way.
func (v *LearnView) curvesJustMade() bool {
	return time.Since(v.curvesAt) < 50*time.Millisecond
}
