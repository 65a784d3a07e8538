package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/state"
)

// Props is what the page hands the view it shows.
type Props struct {
	State state.State // the settings; change them with Set, never in place

	// Results are what app/compute made of State: the attention (Result,
	// reused in place by the next run, so a view keys what it derives from
	// it by Rev), the head to show (Head, StepHead), and what the view
	// needs besides (the registry's Needs).
	compute.Results

	Set Setter // changes the settings

	Score compute.Score // predict-then-reveal's score over the session, which the page keeps

	// Live, if the view registers with it, lets the page have the view draw
	// the heatmaps of a change in the change's own event (live.go).
	Live *Live

	// Alone, if the view registers with it, lets the page render the view
	// (and the parts of the page a keystroke changes) alone (alone.go).
	Alone *Alone

	// Train, in the Learn view, starts, pauses, steps or resets training:
	// the page drives it (app/page/learn.go).
	Train func(ctx app.Context, e app.Event, a TrainAction)

	// Redraw, which the Learn view registers with, lets the page redraw
	// that view alone while training runs (learn_redraw.go).
	Redraw *LearnRedraw
}

// A Setter changes the page's settings from the event handler of e: the page
// applies change to a copy of its state.State, normalizes it, recomputes
// what changed, redraws, updates the link, and measures the time from e to
// the redraw (performance measure "attnviz:update").
type Setter func(ctx app.Context, e app.Event, change func(*state.State))

// Slot returns a fixed element holding what f returns while cond holds.
// go-app matches children by position: an element that comes and goes
// among its siblings would make it replace those after it (and dismount
// their components, charts included), the box being typed in or the button
// being clicked among them.
func Slot(cond bool, f func() app.UI) app.UI {
	return app.Div().Class("slot").Body(app.If(cond, f))
}
