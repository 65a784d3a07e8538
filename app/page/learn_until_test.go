package page

import (
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestStepStopsAtUntil checks that Step does not go past "Stop at step":
// the exploratory test stepped to 153 of 150.
func TestStepStopsAtUntil(t *testing.T) {
	p := &Page{}
	p.open("view=learn&task=reverse&until=2", state.DefaultState(i18n.LangEN))
	for range 4 {
		p.train(app.Context{}, app.Event{}, views.TrainStep)
		for p.comp.TrainPending(p.state) {
			p.comp.TrainSlice(p.state, time.Second)
		}
	}
	if got := p.comp.TrainingStep(); got != 2 || p.state.Steps != 2 {
		t.Errorf("after four Steps with until=2: step %d, state %d; want 2", got, p.state.Steps)
	}
}
