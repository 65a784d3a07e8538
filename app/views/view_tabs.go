package views

import (
	"slices"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The view tabs (the page's tablist) follow the ARIA tabs pattern with
// manual activation: Tab reaches the open view's tab only, ← and →
// (round), Home and End move the focus between the tabs, and Enter or
// Space opens the focused one (a view takes longer to open than a focus
// should take to move). Once a tab has opened its view (clicked, tapped,
// Enter or Space), it keeps the focus, and ← and → are the page's
// shortcuts again (the heads, the tour's steps), as they were before the
// tabs had these keys, until the focus leaves the tabs.
//
// The keys are the document's, in its capture phase, ahead of every other
// listener (which skip a key whose default is prevented): go-app's own
// handlers can run after the event's dispatch (its currentTarget null
// then), too late to prevent anything.

// TabPanelID is the id of the element that shows the open view: the
// tabpanel that every tab controls.
const TabPanelID = "view-panel"

// TabID is the id of the tab of the view id.
func TabID(id string) string { return "tab-" + id }

// viewTab selects a view tab.
const viewTab = `[role="tab"][data-view]`

// viewTabKeys follows the keys and the pointer on the view tabs.
type viewTabKeys struct {
	opened                    bool // a tab opened its view since the focus came to the tabs
	keydown, pointer, focusIn app.Func
}

// listen starts following; views returns the views' ids in the tabs' order.
func (k *viewTabKeys) listen(views func() []string) {
	k.keydown = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 {
			k.key(args[0], views())
		}
		return nil
	})
	k.pointer = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 {
			k.opened = isViewTab(args[0].Get("target"), true)
		}
		return nil
	})
	k.focusIn = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 && !isViewTab(args[0].Get("target"), false) {
			k.opened = false // the focus left the tabs
		}
		return nil
	})
	dom.Try(func() {
		doc := app.Window().Get("document")
		doc.Call("addEventListener", "keydown", k.keydown, true)
		doc.Call("addEventListener", "pointerdown", k.pointer, true)
		doc.Call("addEventListener", "focusin", k.focusIn, true)
	})
}

// stop stops following.
func (k *viewTabKeys) stop() {
	if k.keydown == nil {
		return
	}
	dom.Try(func() {
		doc := app.Window().Get("document")
		doc.Call("removeEventListener", "keydown", k.keydown, true)
		doc.Call("removeEventListener", "pointerdown", k.pointer, true)
		doc.Call("removeEventListener", "focusin", k.focusIn, true)
	})
	for _, f := range []app.Func{k.keydown, k.pointer, k.focusIn} {
		f.Release()
	}
	k.keydown, k.pointer, k.focusIn = nil, nil, nil
}

// key moves the focus to the tab that the key event ev on a tab names.
func (k *viewTabKeys) key(ev app.Value, views []string) {
	target, key := ev.Get("target"), ev.Get("key").String()
	if ev.Get("altKey").Bool() || ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || !isViewTab(target, false) {
		return
	}
	if key == "Enter" || key == " " {
		k.opened = true // the button's click opens the view
		return
	}
	at := slices.Index(views, target.Get("dataset").Get("view").String())
	if to, ok := tabStep(key, at, len(views)); ok && !k.opened {
		ev.Call("preventDefault")
		dom.Focus("#" + TabID(views[to]))
	}
}

// isViewTab reports whether el is a view tab, or, with within, inside one.
func isViewTab(el app.Value, within bool) bool {
	if !el.Truthy() || !el.Get("matches").Truthy() {
		return false // not an element: the document, say
	}
	if within {
		return el.Call("closest", viewTab).Truthy()
	}
	return el.Call("matches", viewTab).Bool()
}

// tabStep returns the tab that key moves the focus to from the tab at, of
// n, and false for a key that moves none (or no tab at).
func tabStep(key string, at, n int) (int, bool) {
	if at < 0 || at >= n {
		return 0, false
	}
	switch key {
	case "ArrowRight":
		return (at + 1) % n, true
	case "ArrowLeft":
		return (at + n - 1) % n, true
	case "Home":
		return 0, true
	case "End":
		return n - 1, true
	}
	return 0, false
}
