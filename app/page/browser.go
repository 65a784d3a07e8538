package page

import (
	"net/url"
	"strings"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The page's own calls into the browser (the shared ones are package
// dom's). Each does nothing on the server (go-app's pre-rendering and tests),
// where there is no browser.

// langStorageKey is the localStorage key of the chosen language.
const langStorageKey = "attnviz.lang"

// badLinkAtStart is set by Routes when the page's URL could not be parsed at
// all, and cleared when the page has shown its notice; badLinkLang is the
// language that link asked for, if it did (state.LinkLang), which the
// notice and the default view are in.
var (
	badLinkAtStart bool
	badLinkLang    string
)

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

// storedLang returns the language the user chose on an earlier visit, or "".
func storedLang() string {
	var lang string
	dom.Try(func() {
		v := app.Window().Get("localStorage").Call("getItem", langStorageKey)
		if v.Type() == app.TypeString {
			lang = v.String()
		}
	})
	if l, ok := i18n.ParseLang(lang); ok {
		return l
	}
	return ""
}

// storeLang remembers the user's choice of language.
func storeLang(lang string) {
	dom.Try(func() { app.Window().Get("localStorage").Call("setItem", langStorageKey, lang) })
}

// browserLang returns the interface language closest to the browser's
// preferred languages, or "".
func browserLang() string {
	var tags []string
	dom.Try(func() {
		langs := app.Window().Get("navigator").Get("languages")
		for i := 0; i < langs.Length(); i++ {
			tags = append(tags, langs.Index(i).String())
		}
	})
	for _, t := range tags {
		if l, ok := i18n.ParseLang(t); ok {
			return l
		}
	}
	return ""
}

// setDocumentLang sets the lang attribute of <html>, which screen readers and
// font selection (Han characters differ by language) follow, and the
// document's title in lang.
func setDocumentLang(lang string) {
	dom.Try(func() {
		doc := app.Window().Get("document")
		doc.Get("documentElement").Set("lang", lang)
		doc.Set("title", i18n.T(lang, "app.title")) // the tab's and the history's name
	})
}

// linkState returns the state part of the page's URL: its fragment, or its
// query when it has no fragment, still percent-encoded.
func linkState() string {
	var href string
	dom.Try(func() { href = app.Window().Get("location").Get("href").String() })
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
// fail on it. It reports whether it did, and keeps the language the link
// asked for in badLinkLang.
func sanitizeLocation() bool {
	var href string
	dom.Try(func() { href = app.Window().Get("location").Get("href").String() })
	if _, err := url.Parse(href); err == nil || href == "" {
		return false
	}
	if _, rest, ok := strings.Cut(href, "#"); ok {
		badLinkLang = state.LinkLang(rest)
	} else if _, rest, ok := strings.Cut(href, "?"); ok {
		badLinkLang = state.LinkLang(rest)
	}
	return dom.Try(func() {
		loc := app.Window().Get("location")
		app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String())
	})
}

// replaceLinkState puts state into the URL's fragment without navigating or
// adding a history entry.
func replaceLinkState(state string) bool {
	return dom.Try(func() {
		loc := app.Window().Get("location")
		u := loc.Get("pathname").String() + "#" + state
		app.Window().Get("history").Call("replaceState", historyMark, "", u)
	})
}

// The messages of the service worker of cmd/build's site.go, whose install
// waits until a page has drawn and rested before it caches the files:
// caching compiles echarts.js again for its code cache (110–210 ms of CPU
// on another thread), and a first visit needs the machine's cores to start
// the wasm, draw, and answer the student's first keystrokes and clicks. The
// worker asks every page {type: WorkerAsksDrawn}; a page that has drawn
// answers {type: PageHasDrawn} once it may cache, else {type: PageIsBusy},
// which has the worker wait on; a page that has not drawn answers nothing.
const (
	WorkerAsksDrawn = "attnviz:drawn?"
	PageHasDrawn    = "attnviz:drawn"
	PageIsBusy      = "attnviz:busy"
)

// restMs is how long a page must have gone without a change (a keystroke,
// a click, a link) and without training before it lets the service worker
// cache the site or the trainer warm up (docs/performance.md, "What
// competes with the main thread on two cores (session 14)").
const restMs = 2000

// restClock is when the page last changed or was seen training.
type restClock struct {
	last float64 // performance.now(), ms
}

// changed notes a change of the page now.
func (r *restClock) changed() {
	if app.IsClient {
		r.last = dom.Now()
	}
}

// wait returns how long the page must still rest, ms (≤ 0 when it has
// rested restMs).
func (r *restClock) wait() float64 {
	return restMs - (dom.Now() - r.last)
}

// workerAnswer answers the service worker's question (answerOf). The Page
// starts it on mount and stops it on dismount.
type workerAnswer struct {
	sw       app.Value // navigator.serviceWorker; nil when not started
	listener app.Func
}

// answerOf is the answer to the worker's question of a page that has
// drawn (or has nothing to draw) or not, and must still rest wait ms (≤ 0
// for none): "" for none.
func answerOf(drawn bool, wait float64) string {
	switch {
	case !drawn:
		return ""
	case wait <= 0:
		return PageHasDrawn
	}
	return PageIsBusy
}

// start listens to the worker's messages, if the browser has service
// workers; nothing reports whether the page has no chart to draw, training
// whether a model has steps to take, rest when the page last changed.
func (w *workerAnswer) start(nothing, training func() bool, rest *restClock) {
	if app.IsServer {
		return
	}
	sw := app.Window().Get("navigator").Get("serviceWorker")
	if !sw.Truthy() {
		return
	}
	w.listener = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		dom.Try(func() {
			data, source := args[0].Get("data"), args[0].Get("source")
			if !data.Truthy() || data.Get("type").String() != WorkerAsksDrawn || !source.Truthy() {
				return
			}
			if training() {
				rest.changed() // the rest counts from the run's end
			}
			if answer := answerOf(nothing() || dom.FirstDrawn(), rest.wait()); answer != "" {
				source.Call("postMessage", map[string]any{"type": answer})
			}
		})
		return nil
	})
	if dom.Try(func() { sw.Call("addEventListener", "message", w.listener) }) {
		w.sw = sw
	}
}

// stop removes the listener and releases it.
func (w *workerAnswer) stop() {
	if w.sw != nil {
		dom.Try(func() { w.sw.Call("removeEventListener", "message", w.listener) })
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
	dom.Try(func() {
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
	dom.Try(func() {
		if el := app.Window().Get("document").Call("getElementById", "sentence"); el.Truthy() {
			el.Call("focus")
			el.Call("setSelectionRange", in.caret, in.caret)
		}
	})
}
