package app

import (
	"github.com/attnviz/attnviz/attention"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Props is what the page hands the view it shows.
type Props struct {
	State State // the settings; change them with Set, never in place

	// Result is the attention the charts show: the last input the engine
	// accepted, nil when the text is empty. It is reused in place by the
	// next run, so a view must not keep it or anything it points to, and it
	// must key what it derives from it by Rev.
	Result *attention.Result
	Rev    int // increases with every run that changes Result

	Set Setter // changes the settings

	// Live, if the view registers with it, lets the page have the view draw
	// the heatmaps of a change in the change's own event (live.go).
	Live *Live
}

// A Setter changes the page's settings from the event handler of e: the page
// applies change to a copy of its State, normalizes it, recomputes when the
// input changed, redraws, updates the link, and measures the time from e to
// the redraw (performance measure "attnviz:update").
type Setter func(ctx app.Context, e app.Event, change func(*State))

// A view is one tab of the page.
//
// To add a view: write its component in a file of its own, taking a Props
// field (see AttentionView), give it the i18n key "view.<id>" in every
// language of i18n.go, and add it here. The first view is the default; its id
// goes into links as view=<id>.
type view struct {
	ID  string
	New func(Props) app.UI

	// Spec, if not nil, gives the view's own input: the page computes it
	// instead of the sentence (State.Spec), and hides the sentence and the
	// settings, which do not apply.
	Spec func(State) *attention.Spec
}

var views = []view{
	{ID: "attention", New: func(p Props) app.UI { return &AttentionView{Props: p} }},
	{ID: pipelineViewID, New: func(p Props) app.UI { return &PipelineView{Props: p} }},
	{ID: scalingViewID, New: func(p Props) app.UI { return &ScalingView{Props: p} }},
	{ID: compareViewID, New: func(p Props) app.UI { return &CompareView{Props: p} }},
	{ID: paddingViewID, New: func(p Props) app.UI { return &PaddingView{Props: p} }},
	{ID: matricesViewID, New: func(p Props) app.UI { return &MatricesView{Props: p} }, Spec: matricesStateSpec},
}

// viewByID returns the view of id, or nil.
func viewByID(id string) *view {
	for i := range views {
		if views[i].ID == id {
			return &views[i]
		}
	}
	return nil
}
