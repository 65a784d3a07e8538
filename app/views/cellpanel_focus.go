package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"
)

// walkBack is where a walk (CellWalk) puts its cursor when it next takes
// the focus, if its element is id's: the cell the panel showed as it
// closed. Any walk's focus consumes it.
var walkBack struct {
	id   string
	cell state.CellRef
}

// panelOpener keeps what the cell panel gives the focus back to: the
// walk whose element had the focus as it opened, and the cell it showed.
type panelOpener struct {
	walk  string        // the walk element's id, "" for none
	shown state.CellRef // the cell shown last
}

// follow moves the focus as the panel opens and closes (dialogFocus);
// closing, to the element that had it, else to the walk that opened the
// panel, else to cellPanelBack, with the walk's cursor on the cell shown.
// Opened by predict's Reveal, the panel takes no focus: the page stays on
// the answer. Closing moves the focus only from inside the panel, or when
// it was lost with it: not from a control that closed it, such as Predict.
func (c *CellPanel) follow(ctx app.Context, started bool) {
	open := c.isOpen()
	moves := started
	switch {
	case open && !c.focus.open && started:
		c.opener = panelOpener{walk: focusedWalk()}
		moves = !focusIn("#predict-panel")
	case !open && c.focus.open && started:
		moves = focusIn("#cell-panel") || focusLost()
		if moves {
			walkBack.id, walkBack.cell = focusTarget(c.focus.back, fallback(c.opener.walk)), c.opener.shown
		}
	}
	if open {
		c.opener.shown = c.Props.State.Cell
	}
	c.focus.follow(ctx, open, "#cell-close", fallback(c.opener.walk), moves)
}

// focusIn reports whether the focus is in the element sel selects.
func focusIn(sel string) bool { return focusClosest(sel).Truthy() }

// focusClosest returns the element sel selects that has the focus or holds
// it; null for none.
func focusClosest(sel string) app.Value {
	el := app.Null()
	dom.Try(func() { el = app.Window().Get("document").Get("activeElement").Call("closest", sel) })
	return el
}

// focusLost reports whether no element has the focus: the body has it.
func focusLost() bool {
	lost := true
	dom.Try(func() {
		doc := app.Window().Get("document")
		a := doc.Get("activeElement")
		lost = !a.Truthy() || a.Equal(doc.Get("body"))
	})
	return lost
}

// fallback is the selector of the element the focus goes to if the one
// that had it is gone: walk's, where there is one, else cellPanelBack.
func fallback(walk string) string {
	if walk != "" && present("#"+walk) {
		return "#" + walk
	}
	return cellPanelBack
}

// focusedWalk returns the id of the walk's element that has the focus, or
// holds it; "" for none.
func focusedWalk() string {
	id := ""
	if w := focusClosest(".heatmap-keys"); w.Truthy() {
		dom.Try(func() { id = w.Get("id").String() })
	}
	return id
}

// present reports whether an element matches sel.
func present(sel string) bool {
	ok := false
	dom.Try(func() { ok = app.Window().Get("document").Call("querySelector", sel).Truthy() })
	return ok
}

// focusTarget returns the id of the element the focus goes back to: back
// while in the page, else the first that fallback selects.
func focusTarget(back app.Value, fallback string) string {
	id := ""
	dom.Try(func() {
		if back != nil && back.Truthy() && back.Get("isConnected").Bool() {
			id = back.Get("id").String()
			return
		}
		if el := app.Window().Get("document").Call("querySelector", fallback); el.Truthy() {
			id = el.Get("id").String()
		}
	})
	return id
}
