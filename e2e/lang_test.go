//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"
)

// langAllowed are the Latin words the Chinese interface may show: math
// symbols and names that are the same in both languages.
var langAllowed = map[string]bool{
	"softmax": true, "Q": true, "K": true, "V": true, "X": true, "QK": true,
	"d_k": true, "d_v": true, "d_model": true, "d_out": true, "n": true,
	"Wq": true, "Wk": true, "Wv": true, "Wo": true, "W": true,
	"ECharts": true, "JSON": true, "KiB": true, "English": true, "ln": true, "exp": true, // exp(·), math notation
	"PyTorch": true, "NumPy": true, "Xavier": true, "Go": true, "WebAssembly": true,
	"PNG": true, "SVG": true, "CSV": true, "LaTeX": true, "Markdown": true, // file formats (the export menu)
	"Home": true, "End": true, "Ctrl": true, "Enter": true, "Esc": true, "P": true, // keys on the keyboard (the shortcuts)
}

// visibleText is a script that returns the text a reader of the page sees
// or hears: the visible text nodes (the options of a select included), the
// title, aria-label, placeholder and alt attributes of visible elements, and
// the document's title, leaving out what the user typed (elements marked
// translate="no", the token list, text boxes) and what is marked as being
// in a language of its own (the names of the languages in #lang).
const visibleText = `(() => {
	const skip = el => !!el.closest('[translate="no"], [lang]:not(html), .token-list, textarea, script, style, noscript, .goapp-app-info');
	const visible = el => {
		if (el.tagName === "OPTION") el = el.closest("select") || el;
		return el.checkVisibility ? el.checkVisibility({visibilityProperty: true}) : el.offsetParent !== null;
	};
	const out = [document.title];
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	while (walker.nextNode()) {
		const el = walker.currentNode.parentElement;
		if (!el || skip(el) || !visible(el)) continue;
		const s = walker.currentNode.textContent.trim();
		if (s) out.push(s);
	}
	for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
		if (skip(el) || !visible(el)) continue;
		for (const a of ["title", "aria-label", "placeholder", "alt"]) {
			const s = (el.getAttribute(a) || "").trim();
			if (s) out.push(s);
		}
	}
	return out;
})()`

var (
	numberRE = regexp.MustCompile(`[-+−]?\d[\d.,]*(?:[eE][-+]?\d+)?`)
	wordRE   = regexp.MustCompile(`[A-Za-z][A-Za-z_]*`)
	// A symbol with a subscript: d_k, w_ij, q_i.
	mathSymbolRE = regexp.MustCompile(`^[A-Za-z]{1,2}_[A-Za-z0-9]{1,3}$`)
)

// userWords is a script that returns the text the user gave: the tokens of
// the result, the sentences of the state. Their words are no UI text.
const userWords = `(() => {
	const st = window.attnviz.state();
	const r = window.attnviz.result();
	return [st.text || "", st.text2 || "", ...(r ? JSON.parse(r).tokens : [])].join(" ");
})()`

// untranslated returns the Latin words of texts that langAllowed does not
// allow and that are not the user's, each with an example of where it
// shows.
func untranslated(texts []string, user string) map[string]string {
	mine := map[string]bool{}
	for _, w := range wordRE.FindAllString(user, -1) {
		mine[w] = true
	}
	found := map[string]string{}
	for _, s := range texts {
		for _, w := range wordRE.FindAllString(numberRE.ReplaceAllString(s, " "), -1) {
			if langAllowed[w] || len(w) == 1 || mathSymbolRE.MatchString(w) || mine[w] {
				continue // a math symbol: i, j, h, …
			}
			if _, ok := found[w]; !ok {
				found[w] = s
			}
		}
	}
	return found
}

// hasHan returns the texts that hold Chinese characters.
func hasHan(texts []string) []string {
	var out []string
	for _, s := range texts {
		if strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			out = append(out, s)
		}
	}
	return out
}

// TestLangChinese switches every view of the tab bar to Chinese and scans
// what the page shows for English left untranslated; then back to English
// for Chinese left behind. The language rides in the link and is
// remembered.
func TestLangChinese(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	views := eval[[]string](tb, `[...document.querySelectorAll('[role="tab"][data-view]')].map(b => b.dataset.view)`)
	if len(views) == 0 {
		t.Fatal("no views in the tab bar")
	}
	t.Logf("views in the tab bar: %q", views)

	before := eval[string](tb, `location.href`)
	tb.mxLang("zh-Hans")
	if link := tb.waitLinkWritten(before); !strings.Contains(link, "lang=zh-Hans") {
		t.Errorf("the link %s does not carry the language", link)
	}

	for _, lang := range []string{"zh-Hans", "en"} {
		if lang == "en" {
			tb.mxLang("en")
		}
		for _, v := range views {
			tb.showView(v)
			texts := eval[[]string](tb, visibleText)
			if lang == "zh-Hans" {
				found := untranslated(texts, eval[string](tb, userWords))
				if len(found) > 0 {
					words := make([]string, 0, len(found))
					for w := range found {
						words = append(words, w)
					}
					sort.Strings(words)
					var b strings.Builder
					for _, w := range words {
						fmt.Fprintf(&b, "\n\t%q in %.100q", w, found[w])
					}
					t.Errorf("view %s in Chinese: %d English words untranslated:%s", v, len(words), b.String())
				} else {
					t.Logf("ok: view %s in Chinese: %d texts, no English word outside the allow-list", v, len(texts))
				}
				tb.viewShot("lang-zh-" + v)
			} else if han := hasHan(texts); len(han) > 0 {
				t.Errorf("view %s in English: Chinese text left: %q", v, han)
			} else {
				t.Logf("ok: view %s in English: no Chinese text", v)
			}
		}
	}

	// The one-cell panel, open in the attention and pipeline views.
	for _, v := range []string{"attention", "pipeline"} {
		tc := newTab(t, s)
		tc.open(s.URL() + "#lang=zh-Hans&causal=1&cell=2,1&view=" + v)
		tc.waitFor("the cell panel", `document.querySelector('#cell-panel[data-query="2"][data-key="1"]') !== null`, 10*time.Second)
		texts := eval[[]string](tc, `(() => { const el = document.querySelector("#cell-panel"); return [el.innerText, ...[...el.querySelectorAll("[title], [aria-label]")].flatMap(e => [e.title, e.getAttribute("aria-label") || ""])]; })()`)
		if found := untranslated(texts, eval[string](tc, userWords)); len(found) > 0 {
			t.Errorf("the cell panel in Chinese (%s view): English words %v", v, found)
		} else {
			t.Logf("ok: the cell panel in Chinese (%s view): no English word outside the allow-list", v)
		}
		if cut := eval[[]string](tc, `[...document.querySelectorAll("#cell-panel th[scope=row]")].filter(th => th.scrollWidth > th.clientWidth).map(th => th.textContent)`); len(cut) > 0 {
			t.Errorf("the cell panel in Chinese (%s view): the row names %q are cut", v, cut)
		}
		tc.viewShot("lang-zh-cell-" + v)
	}

	// Remembered: a new tab without a link opens in the language chosen
	// last, and a link's language wins over it.
	tb.mxLang("zh-Hans")
	tb2 := newTab(t, s)
	tb2.open(s.URL())
	if l := tb2.state().Lang; l != "zh-Hans" {
		t.Errorf("a new tab opens in %q, want the language chosen before, zh-Hans", l)
	}
	tb3 := newTab(t, s)
	tb3.open(s.URL() + "#lang=en")
	if l := tb3.state().Lang; l != "en" {
		t.Errorf("the link lang=en opens in %q", l)
	}
	tb.checkClean("switching languages")
}

// showView clicks the tab of view v and lets its charts draw.
func (tb *tab) showView(v string) {
	tb.t.Helper()
	sel := fmt.Sprintf(`[role="tab"][data-view=%q]`, v)
	if !eval[bool](tb, fmt.Sprintf(`document.querySelector(%s).getAttribute("aria-selected") === "true"`, jsString(sel))) {
		tb.click(sel)
	}
	tb.waitFor("the view "+v, fmt.Sprintf(`window.attnviz.state().view === %s`, jsString(v)), 10*time.Second)
	tb.do("letting the view draw", chromedp.Sleep(400*time.Millisecond))
}

// viewShot saves a screenshot of the window to artifacts/<name>.png.
func (tb *tab) viewShot(name string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(artifactsDir, name+".png"), png, 0o644); err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
	}
}
