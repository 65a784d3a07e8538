package page

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/views"
)

// A view is one tab of the page: its id in links (view=<id>) and its
// component.
type view struct {
	ID    string
	New   func(views.Props) app.UI
	Needs compute.Need // the results beyond the main attention it shows
}

// registry lists the views in the order of their tabs; the first is the
// default (state.DefaultViewID, which TestRegistry checks).
//
// To add a view: write its component in a file of its own in app/views,
// taking a views.Props field (see views.AttentionView); give it the message
// "view.<id>", its tab's name, and its other messages in app/i18n; and add
// a line here, with the results it needs beyond the main attention. A
// result that app/compute does not make yet is a file there and a Need
// (docs/architecture.md).
var registry = []view{
	{ID: "attention", New: func(p views.Props) app.UI { return &views.AttentionView{Props: p} }, Needs: compute.NeedCell | compute.NeedPredict},
	{ID: "pipeline", New: func(p views.Props) app.UI { return &views.PipelineView{Props: p} }, Needs: compute.NeedCell | compute.NeedSteps},
	{ID: "scaling", New: func(p views.Props) app.UI { return &views.ScalingView{Props: p} }, Needs: compute.NeedSweep | compute.NeedRowStats},
	{ID: "compare", New: func(p views.Props) app.UI { return &views.CompareView{Props: p} }, Needs: compute.NeedComparison | compute.NeedCell},
	{ID: "padding", New: func(p views.Props) app.UI { return &views.PaddingView{Props: p} }, Needs: compute.NeedBatch},
	{ID: "matrices", New: func(p views.Props) app.UI { return &views.MatricesView{Props: p} }},
	{ID: "learn", New: func(p views.Props) app.UI { return &views.LearnView{Props: p} }, Needs: compute.NeedTraining},
	{ID: views.MyTourViewID, New: func(p views.Props) app.UI { return &views.MyTourView{Props: p, Known: knownOf} }},
	{ID: "tour", New: func(p views.Props) app.UI { return &views.TourView{Props: p, ViewOf: tourInner} }}, // needs its step's view's (Page.needs)
}

// viewByID returns the view of id, or nil.
func viewByID(id string) *view {
	for i := range registry {
		if registry[i].ID == id {
			return &registry[i]
		}
	}
	return nil
}
