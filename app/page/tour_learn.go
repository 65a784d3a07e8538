package page

import (
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// The guided tour's last step is a model learning the answer (the Learn
// view on reverse, views.learnStep). A teacher who shows the step again,
// back a step and forward, by its dot, by Back and Forward or by a reload,
// shows it for the class to watch the model learn, as the first time: every
// arrival at the step starts the model again from step 0 and trains it to
// the task's budget, running as if Train were pressed (Pause stops it for
// a question). A change within the step (the language, presentation mode,
// the probe) is no arrival: the run goes on.

// arriveTourLearn notes the place the state shows (placeOf) and reports
// whether it has just arrived at the tour's learning step, in the browser;
// then it asks for step 0. Before the page is mounted (the server's
// pre-render, OnInit) it notes nothing: the arrival is OnMount's.
func (p *Page) arriveTourLearn() bool {
	if p.ctx.Context == nil {
		return false
	}
	place := placeOf(p.state)
	if place == p.learn.place {
		return false
	}
	p.learn.place = place
	if views.TourStepView(p.state) != state.LearnViewID {
		return false
	}
	p.state.Steps = 0
	return true
}
