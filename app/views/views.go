package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// Props is what the page hands the view it shows.
type Props struct {
	State state.State // the settings; change them with Set, never in place

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
// applies change to a copy of its state.State, normalizes it, recomputes when the
// input changed, redraws, updates the link, and measures the time from e to
// the redraw (performance measure "attnviz:update").
type Setter func(ctx app.Context, e app.Event, change func(*state.State))
