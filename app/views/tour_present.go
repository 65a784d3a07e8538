package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TourBar is the guided tour's step in presentation mode's one bar
// (app/page/present.go): its text, ← and →, which the TourView below it
// leaves out there. It shows nothing outside a step of a tour.
type TourBar struct {
	app.Compo

	Props Props

	tour TourView // the panel's maker, its Props the bar's: its buttons read them when pressed
}

// Render returns the step's panel.
func (b *TourBar) Render() app.UI {
	b.tour.Props = b.Props
	n, _ := b.Props.State.TourStep()
	if !b.tour.valid() {
		return app.Div().ID("present-tour").Class("present-tour", "empty")
	}
	st := Tours[b.Props.State.Tour][n-1]
	return app.Div().ID("present-tour").Class("present-tour").Body(
		b.tour.renderPanel(b.Props.State.Lang, n, TourStepCount(b.Props.State.Tour), st),
	)
}
