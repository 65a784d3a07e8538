package app

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page's few calls into the browser outside ECharts. Each does nothing
// on the server (go-app's pre-rendering and tests), where there is no
// browser.

// Names of the performance entries the end-to-end tests read.
const (
	markFirstRender = "attnviz:first-render"
	measureUpdate   = "attnviz:update"
)

// langStorageKey is the localStorage key of the chosen language.
const langStorageKey = "attnviz.lang"

// badLinkAtStart is set by Routes when the page's URL could not be parsed at
// all, and cleared when the page has shown its notice.
var badLinkAtStart bool

// setInputValue makes the input with id, if there is one, show value. Call
// it in a Defer after a change that did not come from the input itself: go-app
// cannot write an empty value (its attributes drop "" for value, then remove
// the attribute, which leaves an edited input's text as it was).
func setInputValue(id, value string) {
	tryJS(func() {
		if el := app.Window().GetElementByID(id); el.Truthy() && el.Get("value").String() != value {
			el.Set("value", value)
		}
	})
}

// LinkGuardScript, an inline script of the page's head, reloads the page
// when its address changes in place (popstate: a link's fragment edited in
// the address bar, Back, Forward) to one with a "%" that starts no escape,
// such as "#text=100%". go-app reads the new address with Go's url.Parse,
// which rejects it, and then stops with a panic, leaving a dead page; a
// load of that address is a malformed link, which opens the default view
// with a notice (badLinkAtStart). Registered before go-app's onpopstate, it
// keeps that handler from running.
const LinkGuardScript = `<script id="link-guard">
addEventListener("popstate", (e) => {
  if (/%(?![0-9A-Fa-f]{2})/.test(location.href)) {
    e.stopImmediatePropagation();
    location.reload();
  }
});
</script>`

// tryJS runs f and reports whether it ran without a JavaScript exception:
// storage can be disabled, history calls rate-limited, and neither may break
// the page.
func tryJS(f func()) (ok bool) {
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

// storedLang returns the language the user chose on an earlier visit, or "".
func storedLang() string {
	var lang string
	tryJS(func() {
		v := app.Window().Get("localStorage").Call("getItem", langStorageKey)
		if v.Type() == app.TypeString {
			lang = v.String()
		}
	})
	if l, ok := ParseLang(lang); ok {
		return l
	}
	return ""
}

// storeLang remembers the user's choice of language.
func storeLang(lang string) {
	tryJS(func() { app.Window().Get("localStorage").Call("setItem", langStorageKey, lang) })
}

// browserLang returns the interface language closest to the browser's
// preferred languages, or "".
func browserLang() string {
	var tags []string
	tryJS(func() {
		langs := app.Window().Get("navigator").Get("languages")
		for i := 0; i < langs.Length(); i++ {
			tags = append(tags, langs.Index(i).String())
		}
	})
	for _, t := range tags {
		if l, ok := ParseLang(t); ok {
			return l
		}
	}
	return ""
}

// setDocumentLang sets the lang attribute of <html>, which screen readers and
// font selection (Han characters differ by language) follow, and the
// document's title in lang.
func setDocumentLang(lang string) {
	tryJS(func() {
		doc := app.Window().Get("document")
		doc.Get("documentElement").Set("lang", lang)
		doc.Set("title", T(lang, "app.title")) // the tab's and the history's name
	})
}

// linkState returns the state part of the page's URL: its fragment, or its
// query when it has no fragment, still percent-encoded.
func linkState() string {
	var href string
	tryJS(func() { href = app.Window().Get("location").Get("href").String() })
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if f := u.EscapedFragment(); f != "" {
		return f
	}
	return u.RawQuery
}

// sanitizeLocation removes the fragment and query of a URL that Go cannot
// parse (a stray '%', say): go-app reads the URL when it starts and would
// fail on it. It reports whether it did.
func sanitizeLocation() bool {
	var href string
	tryJS(func() { href = app.Window().Get("location").Get("href").String() })
	if _, err := url.Parse(href); err == nil || href == "" {
		return false
	}
	return tryJS(func() {
		loc := app.Window().Get("location")
		app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String())
	})
}

// replaceLinkState puts state into the URL's fragment without navigating or
// adding a history entry.
func replaceLinkState(state string) bool {
	return tryJS(func() {
		loc := app.Window().Get("location")
		u := loc.Get("pathname").String() + "#" + state
		app.Window().Get("history").Call("replaceState", nil, "", u)
	})
}

// devicePixelRatio returns the window's device pixels per CSS pixel, at
// least 1.
func devicePixelRatio() float64 {
	if dpr := app.Window().Get("devicePixelRatio").Float(); dpr >= 1 {
		return dpr
	}
	return 1
}

// focus moves the keyboard focus to the element selector finds, if any.
func focus(selector string) {
	tryJS(func() {
		if el := app.Window().Get("document").Call("querySelector", selector); el.Truthy() {
			el.Call("focus")
		}
	})
}

// measureSince records the performance measure "attnviz:update" from start,
// an event's timeStamp, to now.
func measureSince(start float64) {
	tryJS(func() {
		perf := app.Window().Get("performance")
		perf.Call("measure", measureUpdate, map[string]any{"start": start, "end": perf.Call("now").Float()})
	})
}

// markFirstDraw records the performance mark "attnviz:first-render" the
// first time a chart is drawn.
func markFirstDraw() {
	if !firstDrawn() {
		tryJS(func() { app.Window().Get("performance").Call("mark", markFirstRender) })
	}
}

// firstDrawn reports whether the page has drawn a chart: whether it has the
// mark "attnviz:first-render".
func firstDrawn() bool {
	var drawn bool
	tryJS(func() {
		drawn = app.Window().Get("performance").Call("getEntriesByName", markFirstRender).Length() > 0
	})
	return drawn
}

// eventTime returns the timeStamp of e, or 0 when there is no event.
func eventTime(e app.Event) float64 {
	var t float64
	if e.Value == nil {
		return 0
	}
	tryJS(func() {
		if ts := e.Get("timeStamp"); ts.Type() == app.TypeNumber {
			t = ts.Float()
		}
	})
	return t
}

// The messages of the service worker of cmd/build's site.go, whose install
// waits until a page has drawn before it caches the files: caching compiles
// echarts.js again for its code cache, and a first visit needs that CPU to
// start the wasm and draw. The worker asks every page {type: WorkerAsksDrawn};
// a page that has drawn answers {type: PageHasDrawn}.
const (
	WorkerAsksDrawn = "attnviz:drawn?"
	PageHasDrawn    = "attnviz:drawn"
)

// workerAnswer answers the service worker's question once the page has
// drawn its first chart, or has none to draw. The Page starts it on mount
// and stops it on dismount.
type workerAnswer struct {
	sw       app.Value // navigator.serviceWorker; nil when not started
	listener app.Func
}

// start listens to the worker's messages, if the browser has service
// workers; nothing reports whether the page has no chart to draw.
func (w *workerAnswer) start(nothing func() bool) {
	if app.IsServer {
		return
	}
	sw := app.Window().Get("navigator").Get("serviceWorker")
	if !sw.Truthy() {
		return
	}
	w.listener = jsFunc(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		tryJS(func() {
			data, source := args[0].Get("data"), args[0].Get("source")
			if !data.Truthy() || data.Get("type").String() != WorkerAsksDrawn || !source.Truthy() {
				return
			}
			if nothing() || firstDrawn() {
				source.Call("postMessage", map[string]any{"type": PageHasDrawn})
			}
		})
		return nil
	})
	if tryJS(func() { sw.Call("addEventListener", "message", w.listener) }) {
		w.sw = sw
	}
}

// stop removes the listener and releases it.
func (w *workerAnswer) stop() {
	if w.sw != nil {
		tryJS(func() { w.sw.Call("removeEventListener", "message", w.listener) })
	}
	if w.listener != nil {
		w.listener.Release()
	}
	*w = workerAnswer{}
}

// earlyInput is what a visitor typed into the pre-rendered page's
// #sentence while the wasm was still loading: the page looks ready (the
// first heatmap's picture is there), so a student may start typing.
type earlyInput struct {
	typed   bool   // the field no longer holds what the server wrote
	text    string // what it holds
	focused bool   // it had the keyboard focus
	caret   int    // where its caret was, in UTF-16 code units
}

// readEarlyInput reads the pre-rendered #sentence, which go-app is about to
// replace with the live one: Page.OnInit runs before it does.
func readEarlyInput() earlyInput {
	var in earlyInput
	tryJS(func() {
		doc := app.Window().Get("document")
		el := doc.Call("getElementById", "sentence")
		if !el.Truthy() || el.Get("value").String() == el.Get("defaultValue").String() {
			return
		}
		in.typed, in.text = true, el.Get("value").String()
		in.focused = doc.Get("activeElement").Equal(el)
		if c := el.Get("selectionStart"); c.Type() == app.TypeNumber {
			in.caret = c.Int()
		}
	})
	return in
}

// restoreCaret gives the live #sentence the focus and the caret that the
// pre-rendered one had.
func (in earlyInput) restoreCaret() {
	if !in.focused {
		return
	}
	tryJS(func() {
		if el := app.Window().Get("document").Call("getElementById", "sentence"); el.Truthy() {
			el.Call("focus")
			el.Call("setSelectionRange", in.caret, in.caret)
		}
	})
}
