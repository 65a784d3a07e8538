package views

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FocusTrap is the attribute that marks a dialog whose Tab and Shift+Tab
// keep the focus inside it (Shortcuts traps it).
const FocusTrap = "data-focus-trap"

// dialogFocus moves the focus into a dialog when it opens and gives it
// back, when it closes, to the element that had it before.
type dialogFocus struct {
	open bool
	back app.Value // the element focused before the dialog opened
}

// follow moves the focus to the element first selects when open turns
// true, and when it turns false back to the element that had it, or to the
// element fallback selects if that one is gone. A call that is not
// started (the first: a dialog a link opens takes no focus) only records
// open, and forgets the element to go back to as it closes.
func (d *dialogFocus) follow(ctx app.Context, open bool, first, fallback string, started bool) {
	was := d.open
	d.open = open
	switch {
	case !started:
		if !open {
			d.back = nil
		}
	case open && !was:
		dom.Try(func() { d.back = app.Window().Get("document").Get("activeElement") })
		ctx.Defer(func(app.Context) { dom.Focus(first) })
	case !open && was:
		back := d.back
		d.back = nil
		ctx.Defer(func(app.Context) {
			if back != nil && back.Truthy() && back.Get("isConnected").Bool() && !back.Equal(app.Window().Get("document").Get("body")) {
				dom.Try(func() { back.Call("focus") })
				return
			}
			dom.Focus(fallback)
		})
	}
}

// trapTab keeps the focus of a Tab keydown e inside the dialog marked with
// FocusTrap that holds the focused element: from the last control to the
// first, and with Shift from the first to the last.
func trapTab(e app.Value) {
	dom.Try(func() {
		active := app.Window().Get("document").Get("activeElement")
		if !active.Truthy() {
			return
		}
		box := active.Call("closest", "["+FocusTrap+"]")
		if !box.Truthy() {
			return
		}
		list := box.Call("querySelectorAll", focusable)
		n := list.Length()
		if n == 0 {
			return
		}
		first, last := list.Index(0), list.Index(n-1)
		switch {
		case e.Get("shiftKey").Bool() && active.Equal(first):
			e.Call("preventDefault")
			last.Call("focus")
		case !e.Get("shiftKey").Bool() && active.Equal(last):
			e.Call("preventDefault")
			first.Call("focus")
		}
	})
}

// focusable selects the elements Tab stops at.
const focusable = `a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])`
