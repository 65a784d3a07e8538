// Package dom holds the page's calls into the browser, outside ECharts, that
// more than one package of app/ makes. Each does nothing on the server
// (go-app's pre-rendering and tests), where there is no browser.
package dom

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Names of the performance entries the end-to-end tests read.
const (
	MarkFirstRender = "attnviz:first-render"
	MeasureUpdate   = "attnviz:update"

	// The bench's breakdown of a first load (cmd/bench/breakdown.go): Go's
	// main() has started, and go-app has mounted the page's first render.
	MarkMain    = "attnviz:main"
	MarkMounted = "attnviz:mounted"
)

// Mark records the performance mark name.
func Mark(name string) {
	Try(func() { app.Window().Get("performance").Call("mark", name) })
}

// Try runs f and reports whether it ran without a JavaScript exception:
// storage can be disabled, history calls rate-limited, and neither may break
// the page. On the server it does not run f.
func Try(f func()) (ok bool) {
	if app.IsServer {
		return false
	}
	defer func() {
		if r := recover(); r != nil {
			app.Log("attnviz:", r)
			ok = false
		}
	}()
	f()
	return true
}

// SetInputValue makes the input with id, if there is one, show value. Call
// it in a Defer after a change that did not come from the input itself: go-app
// cannot write an empty value (its attributes drop "" for value, then remove
// the attribute, which leaves an edited input's text as it was).
func SetInputValue(id, value string) {
	Try(func() {
		if el := app.Window().GetElementByID(id); el.Truthy() && el.Get("value").String() != value {
			el.Set("value", value)
		}
	})
}

// DevicePixelRatio returns the window's device pixels per CSS pixel, at
// least 1.
func DevicePixelRatio() float64 {
	if dpr := app.Window().Get("devicePixelRatio").Float(); dpr >= 1 {
		return dpr
	}
	return 1
}

// Focus moves the keyboard focus to the element selector finds, if any.
func Focus(selector string) { FocusTaken(selector) }

// FocusTaken focuses the element selector selects and reports whether it
// has the focus then (a disabled button does not take it).
func FocusTaken(selector string) bool {
	taken := false
	Try(func() {
		doc := app.Window().Get("document")
		if el := doc.Call("querySelector", selector); el.Truthy() {
			el.Call("focus")
			taken = doc.Get("activeElement").Equal(el)
		}
	})
	return taken
}

// MeasureSince records the performance measure "attnviz:update" from start,
// an event's timeStamp, to now.
func MeasureSince(start float64) {
	Try(func() {
		perf := app.Window().Get("performance")
		perf.Call("measure", MeasureUpdate, map[string]any{"start": start, "end": perf.Call("now").Float()})
	})
}

// MarkFirstDraw records the performance mark "attnviz:first-render" the
// first time a chart is drawn.
func MarkFirstDraw() {
	if !FirstDrawn() {
		Try(func() { app.Window().Get("performance").Call("mark", MarkFirstRender) })
	}
}

// firstDrawn is set once FirstDrawn has found the mark: a mark stays, and
// every chart's draw asks, where performance.getEntriesByName goes through
// every measure of the page, one more at each keystroke.
var firstDrawn bool

// FirstDrawn reports whether the page has drawn a chart: whether it has the
// mark "attnviz:first-render".
func FirstDrawn() bool {
	if firstDrawn {
		return true
	}
	Try(func() {
		firstDrawn = app.Window().Get("performance").Call("getEntriesByName", MarkFirstRender).Length() > 0
	})
	return firstDrawn
}

// Now returns performance.now(), in ms, or 0 where there is none.
func Now() float64 {
	var t float64
	Try(func() { t = app.Window().Get("performance").Call("now").Float() })
	return t
}

// EventTime returns the timeStamp of e, or 0 when there is no event.
func EventTime(e app.Event) float64 {
	var t float64
	if e.Value == nil {
		return 0
	}
	Try(func() {
		if ts := e.Get("timeStamp"); ts.Type() == app.TypeNumber {
			t = ts.Float()
		}
	})
	return t
}
