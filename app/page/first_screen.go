package page

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The first screen.
//
// When the wasm starts, go-app replaces the pre-rendered page with the live
// one, which it makes element by element through syscall/js, each element a
// few calls for its tag, its attributes, its handlers and its place, all
// before the first chart is drawn. On the visit that opens the page the
// server pre-rendered (no link state, English, nothing typed yet), the parts
// that look the same before and after the wasm starts (the tabs, the
// language, the presentation button, the sentence's tokens, the preset
// sentences, the sidebar's settings, the stage's export menu) are kept for
// the first render as the pre-rendered page drew them: copies of their HTML
// (app.Raw), which the browser's parser makes from one string each. The first
// render mounts live only the sentence's input and the view with its charts.
// go-app's frame after the first chart's draw (the page's OnMount asks for
// it) mounts the held parts live, in the same task as it removes their
// copies: the page never shows a gap. The copies are inert, as the
// pre-rendered controls are, and window.attnviz, which the end-to-end tests
// wait for, comes after that frame.

// heldParts are the CSS selectors of the pre-rendered parts that the first
// render holds; Page.Render names them at their places.
const (
	heldTabs    = ".page > header.top > nav.tabs"
	heldPresent = ".page > header.top > #present"
	heldLang    = ".page > header.top > label.lang"
	heldTokens  = "section.input > .tokens"
	heldPresets = "section.input > #presets"
	heldSidebar = ".workspace > aside.sidebar"
	heldTools   = ".stage > .stage-tools"
)

var heldParts = []string{heldTabs, heldPresent, heldLang, heldTokens, heldPresets, heldSidebar, heldTools}

// firstScreen holds the pre-rendered parts of the page while the first
// render is shown; its zero value holds none.
type firstScreen struct {
	held map[string]string // each part's pre-rendered HTML, by its selector
}

// hold reads the pre-rendered parts' HTML from the document, which go-app
// is about to replace (Page.OnInit runs before it does), each made inert.
// A part the document does not have is mounted live.
func (f *firstScreen) hold() {
	held := make(map[string]string, len(heldParts))
	dom.Try(func() {
		doc := app.Window().Get("document")
		for _, sel := range heldParts {
			el := doc.Call("querySelector", sel)
			if !el.Truthy() {
				continue
			}
			el.Call("setAttribute", "inert", "")
			held[sel] = el.Get("outerHTML").String()
		}
	})
	if len(held) > 0 {
		f.held = held
	}
}

// holding reports whether the first render holds any part.
func (f *firstScreen) holding() bool { return f.held != nil }

// part returns the copy of the pre-rendered part sel while it is held, else
// the live part.
func (f *firstScreen) part(sel string, live func() app.UI) app.UI {
	if h, ok := f.held[sel]; ok {
		return app.Raw(h)
	}
	return live()
}

// release ends the first screen: the next render mounts every part live.
func (f *firstScreen) release() { f.held = nil }
