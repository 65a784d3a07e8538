package page

import (
	"strconv"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// placeOf names where s is: its view and, in a tour, its step. A change of
// place adds a history entry, so Back returns to the previous view or step;
// a change of anything else (typing, settings) replaces the current one.
func placeOf(s state.State) string {
	p := s.View
	if s.View == state.TourViewID {
		p += "/" + s.Tour + "/" + s.Step
	}
	if s.TeachStep > 0 {
		p += "/teach/" + strconv.Itoa(s.TeachStep)
	}
	return p
}

// pushLinkState puts state into the URL's fragment as a new history entry,
// without navigating.
func pushLinkState(state string) bool {
	return dom.Try(func() {
		loc := app.Window().Get("location")
		u := loc.Get("pathname").String() + "#" + state
		app.Window().Get("history").Call("pushState", historyMark, "", u)
	})
}

// leavePlace runs before the page shows a new place after old: a link
// rewrite still waiting for linkInterval is made now, into the current
// entry, so that Back returns to what was last typed there.
func (p *Page) leavePlace(old state.State) {
	if !p.linkPending || p.res.Rejected.Key != "" || placeOf(old) != p.place {
		return
	}
	if link := old.Encode(); link != p.link && replaceLinkState(link) {
		p.link = link
	}
}

// historyMark is the state of the history entries the page writes: a
// popstate to an entry without it is a link typed or pasted over the
// address, not Back or Forward to one of the page's own.
const historyMark = "attnviz"

// markEntry marks the entry the page was opened at as one of the page's
// own, so that Back to it is not taken for a link typed over the address.
func markEntry() {
	dom.Try(func() {
		app.Window().Get("history").Call("replaceState", historyMark, "", app.Window().Get("location").Get("href"))
	})
}

// typedLink reports whether the entry the page is at is not one of its own:
// a link typed or pasted over the address, once the page has mounted.
func (p *Page) typedLink() bool {
	if p.onPop == nil {
		return false
	}
	typed := false
	dom.Try(func() { typed = app.Window().Get("history").Get("state").String() != historyMark })
	return typed
}

// noteReset, after a link typed over the address opened, has the notice
// name what the link left out that the page had before (was) and that is
// back to its default, with a button back to it; a notice of the link's
// unusable settings says it too (renderNotice). After Back or Forward,
// that notice goes.
func (p *Page) noteReset(link string, was state.State, typed bool) {
	p.linkReset = nil
	if typed {
		p.linkReset = state.LeftOut(link, was, p.state)
	}
	switch {
	case p.notice != "" && p.notice != "notice.linkReset":
	case len(p.linkReset) > 0:
		p.notice = "notice.linkReset"
	default:
		p.notice = ""
	}
}

// listenPopState has the page follow each popstate (Back, Forward, a
// fragment edited in the address bar) itself, with OnNav, as go-app does:
// go-app skips one back to the address it last navigated to, the one the
// page was loaded with, though the page has changed the address since
// (pushLinkState), so that after a reload Back to it showed nothing. When
// both call it, OnNav does nothing the second time (the link is shown).
func (p *Page) listenPopState() {
	if p.onPop != nil {
		return
	}
	markEntry()
	p.onPop = dom.Func(func(app.Value, []app.Value) any {
		p.ctx.Dispatch(p.OnNav)
		return nil
	})
	dom.Try(func() { app.Window().Call("addEventListener", "popstate", p.onPop) })
}

// stopPopState stops following popstate.
func (p *Page) stopPopState() {
	if p.onPop != nil {
		dom.Try(func() { app.Window().Call("removeEventListener", "popstate", p.onPop) })
		p.onPop.Release()
		p.onPop = nil
	}
}
