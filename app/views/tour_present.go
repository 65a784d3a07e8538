package views

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
)

// TourBar is the guided tour's step in presentation mode's one bar
// (app/page/present.go): its text, ← and →, which the TourView below it
// leaves out there. It shows nothing outside a step of a tour. A step that
// marks pipeline boxes keeps the bar on screen where there is room (a
// projector's, web/app.css) and scrolls its boxes into view under it.
type TourBar struct {
	app.Compo

	Props Props

	tour  TourView // the panel's maker, its Props the bar's: its buttons read them when pressed
	shown string   // the tour and step last brought into view
}

// Render returns the step's panel.
func (b *TourBar) Render() app.UI {
	b.tour.Props = b.Props
	n, _ := b.Props.State.TourStep()
	if !b.tour.valid() {
		return app.Div().ID("present-tour").Class("present-tour", "empty")
	}
	st := Tours[b.Props.State.Tour][n-1]
	return app.Div().ID("present-tour").Class("present-tour", ClassIf(len(st.Pipe) > 0, "marks")).Body(
		b.tour.renderPanel(b.Props.State.Lang, n, TourStepCount(b.Props.State.Tour), st),
	)
}

// OnMount brings the step into view.
func (b *TourBar) OnMount(ctx app.Context) { b.reveal(ctx) }

// OnUpdate brings a new step into view.
func (b *TourBar) OnUpdate(ctx app.Context) { b.reveal(ctx) }

// OnDismount gives the page back its scroll padding (revealMarks).
func (b *TourBar) OnDismount() { setScrollPadding(0) }

// reveal scrolls, once go-app has drawn a step the bar has not shown yet,
// to its marked boxes (revealMarks).
func (b *TourBar) reveal(ctx app.Context) {
	b.tour.Props = b.Props
	n, _ := b.Props.State.TourStep()
	key := b.Props.State.Tour + "/" + strconv.Itoa(n)
	if !b.tour.valid() || key == b.shown {
		return
	}
	b.shown = key
	marks := Tours[b.Props.State.Tour][n-1].Pipe
	ctx.Defer(func(app.Context) { revealMarks(marks) })
}

// revealMarks scrolls the window so that the pipeline boxes marks names
// show under the bar, if it stays on screen (position: sticky), and keeps
// what the keyboard focuses there too; to the top where there are none or
// the bar scrolls away with the page, so that the step's text is what
// shows.
func revealMarks(marks []string) {
	dom.Try(func() {
		win := app.Window()
		doc := win.Get("document")
		bar := doc.Call("querySelector", ".present-bar")
		top, bottom, found := boxesSpan(doc, marks)
		if !found || !bar.Truthy() || win.Call("getComputedStyle", bar).Get("position").String() != "sticky" {
			setScrollPadding(0)
			win.Call("scrollTo", 0, 0)
			return
		}
		barBottom := bar.Call("getBoundingClientRect").Get("bottom").Float()
		setScrollPadding(barBottom)
		if dy := revealDelta(barBottom, win.Get("innerHeight").Float(), top, bottom); dy != 0 {
			win.Call("scrollBy", 0, dy)
		}
	})
}

// setScrollPadding has the browser keep what it scrolls into view, such as
// an element the keyboard focuses, px below the top of the window, under
// a bar that stays there; none for 0.
func setScrollPadding(px float64) {
	dom.Try(func() {
		v := ""
		if px > 0 {
			v = strconv.FormatFloat(px+revealMargin, 'f', 0, 64) + "px"
		}
		app.Window().Get("document").Get("documentElement").Get("style").Set("scrollPaddingTop", v)
	})
}

// boxesSpan returns the top of the highest and the bottom of the lowest
// pipeline box of marks, in the viewport's pixels.
func boxesSpan(doc app.Value, marks []string) (top, bottom float64, found bool) {
	for _, id := range marks {
		el := doc.Call("querySelector", `.view-tour .pipe-step[data-step="`+id+`"]`)
		if !el.Truthy() {
			continue
		}
		r := el.Call("getBoundingClientRect")
		t, b := r.Get("top").Float(), r.Get("bottom").Float()
		if !found || t < top {
			top = t
		}
		if !found || b > bottom {
			bottom = b
		}
		found = true
	}
	return top, bottom, found
}

// revealMargin is the room left around revealed boxes, in CSS pixels.
const revealMargin = 12

// revealDelta returns how far to scroll down (up, if negative) so that a
// span from top to bottom (viewport pixels) shows between barBottom and
// the viewport's height viewH: none if it shows, the least that shows it
// whole otherwise, and its top under the bar if it is taller than the room.
func revealDelta(barBottom, viewH, top, bottom float64) float64 {
	room := viewH - barBottom - 2*revealMargin
	switch {
	case bottom-top > room, top < barBottom+revealMargin:
		return top - barBottom - revealMargin
	case bottom > viewH-revealMargin:
		return bottom - viewH + revealMargin
	}
	return 0
}
