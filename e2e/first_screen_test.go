package e2e

import (
	"encoding/json"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// firstScreenProbe, run before the page's scripts, records at the
// first-render mark, for each of the parts the first render may hold
// (app/page/first_screen.go's heldParts), whether it is inert and its HTML
// (normalize), and whether window.attnviz is there yet.
const firstScreenProbe = `(() => {
  const parts = [".page > header.top > nav.tabs", ".page > header.top > #present", ".page > header.top > label.lang",
    "section.input > .tokens", "section.input > #presets", ".workspace > aside.sidebar", ".stage > .stage-tools"];
  // What an element shows, as a string: its tag, its attributes sorted by
  // name (go-app writes them in no fixed order), but inert, and those that
  // go-app sets as properties in the live page (value, checked, selected,
  // disabled), whose properties it gives instead; an ARIA state "" (the
  // pre-rendering's true) as "true"; its text and its children. Elements
  // with no box (a closed menu's) show nothing.
  const props = ["value", "checked", "selected", "disabled"];
  const walk = (n) => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent.trim() ? JSON.stringify(n.textContent.trim()) : "";
    if (n.nodeType !== Node.ELEMENT_NODE || !n.checkVisibility()) return "";
    const attrs = [...n.attributes].filter((a) => a.name !== "inert" && !props.includes(a.name))
      .map((a) => a.name + "=" + JSON.stringify(a.name.startsWith("aria-") && a.value === "" ? "true" : a.value));
    for (const p of props) if (p in n && !(n.tagName === "OPTION" && p === "value")) attrs.push(p + ":" + JSON.stringify(n[p]));
    return "<" + n.tagName.toLowerCase() + " " + attrs.sort().join(" ") + ">" + [...n.childNodes].map(walk).join("") + "</>";
  };
  window.__firstScreen = {
    read: () => parts.map((sel) => {
      const el = document.querySelector(sel);
      return {sel, found: !!el, inert: !!el && el.hasAttribute("inert"), html: el ? walk(el) : ""};
    }),
  };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, opts) => {
    if (name === "attnviz:first-render" && !window.__firstScreen.atMark) {
      window.__firstScreen.atMark = {parts: window.__firstScreen.read(), hooks: !!window.attnviz};
    }
    return mark(name, opts);
  };
})();`

// firstScreenPart is one part as firstScreenProbe reads it.
type firstScreenPart struct {
	Sel   string `json:"sel"`
	Found bool   `json:"found"`
	Inert bool   `json:"inert"`
	HTML  string `json:"html"`
}

// openProbed opens u in a new tab with firstScreenProbe, and returns the
// parts at the first-render mark, whether window.attnviz was there then, and
// the parts once the page is open (window.attnviz installed, go-app's next
// frame past).
func openProbed(t *testing.T, s *site, u string) (atMark []firstScreenPart, hooks bool, after []firstScreenPart) {
	t.Helper()
	tb := newTab(t, s)
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: firstScreenProbe}); err != nil {
		t.Fatalf("adding the probe: %v", err)
	}
	tb.open(u)
	tb.settle()
	var mark struct {
		Parts []firstScreenPart `json:"parts"`
		Hooks bool              `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(eval[string](tb, `JSON.stringify(window.__firstScreen.atMark)`)), &mark); err != nil {
		t.Fatalf("reading the probe at the mark: %v", err)
	}
	if err := json.Unmarshal([]byte(eval[string](tb, `JSON.stringify(window.__firstScreen.read())`)), &after); err != nil {
		t.Fatalf("reading the probe: %v", err)
	}
	tb.checkClean("the first screen of " + u)
	return mark.Parts, mark.Hooks, after
}

// TestFirstScreen opens the page the server pre-rendered: its first live
// render holds the tabs, the language, the present button, the tokens, the
// presets, the sidebar and the stage's tools as inert copies of the
// pre-rendered HTML until go-app's next frame mounts them live, and
// window.attnviz comes after that frame. The copies must be what the live
// parts show. A link with settings holds nothing: the pre-rendered parts
// would show other settings.
func TestFirstScreen(t *testing.T) {
	s := newSite(t, "")
	atMark, hooks, after := openProbed(t, s, s.URL())
	if hooks {
		t.Error("window.attnviz was installed before the held parts were mounted live")
	}
	for i, p := range atMark {
		live := after[i]
		switch {
		case !p.Found || !live.Found:
			t.Errorf("%s: at the mark %v, once open %v (want both there)", p.Sel, p.Found, live.Found)
		case !p.Inert:
			t.Errorf("%s was mounted live before the first chart was drawn", p.Sel)
		case live.Inert:
			t.Errorf("%s is still inert once the page is open", p.Sel)
		case p.HTML != live.HTML:
			t.Errorf("%s: the held copy differs from the live part:\nheld %s\nlive %s", p.Sel, p.HTML, live.HTML)
		}
	}

	atMark, _, _ = openProbed(t, s, s.URL()+"#heads=4")
	for _, p := range atMark {
		if p.Inert {
			t.Errorf("%s was held on a link with settings", p.Sel)
		}
	}
}
