//go:build !wasm

package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// prefixes names the two ways the site is served, for subtests.
var prefixes = []struct{ name, prefix string }{
	{"root", rootPrefix},
	{"attention", subPrefix},
}

// TestPageLoads opens the site from the root and from /attention/: the first
// heatmap draws, the service worker takes control, and nothing errs or asks
// another origin for anything.
func TestPageLoads(t *testing.T) {
	for _, p := range prefixes {
		t.Run(p.name, func(t *testing.T) {
			s := newSite(t, p.prefix)
			tb := newTab(t, s)
			tb.open(s.URL())

			if path := eval[string](tb, `location.pathname`); path != p.prefix+"/" {
				t.Errorf("the page moved to %s, want %s/", path, p.prefix)
			}
			if hm := tb.heatmap(); len(hm.Cells) == 0 {
				t.Error("the first heatmap has no cells")
			} else {
				t.Logf("ok: the first heatmap draws %d cells for %d tokens", len(hm.Cells), len(hm.X))
			}
			if r := tb.resultJSON(); r == "" {
				t.Error("window.attnviz.result() is null on the default view")
			}
			tb.waitFor("the service worker to control the page",
				`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 30*time.Second)
			tb.checkClean("loading " + s.URL())
		})
	}
}

// TestSentenceMatchesCLI types sentences and compares the page's result with
// cmd/attn's for the same settings, and the heatmap with the selected head's
// weights.
func TestSentenceMatchesCLI(t *testing.T) {
	for _, p := range prefixes {
		t.Run(p.name, func(t *testing.T) {
			s := newSite(t, p.prefix)
			tb := newTab(t, s)
			tb.open(s.URL())
			tb.checkAgainstCLI("the default view")

			tb.setSentence("Attention is all you need, they said.")
			r := tb.checkAgainstCLI("a pasted sentence")
			st := tb.state()
			if st.Text != "Attention is all you need, they said." {
				t.Errorf("state().text = %q after the input", st.Text)
			}
			w, err := r.weights(st.Head)
			if err != nil {
				t.Fatal(err)
			}
			tb.checkHeatmap("a pasted sentence, head "+st.Head, r.Tokens, w)

			// Typing key by key: one input event, and one update, per key.
			eval[chromedp.Void](tb, `(() => {
				window.__inputs = 0;
				document.querySelector("#sentence").addEventListener("input", () => window.__inputs++);
			})()`)
			tb.snapshotAtUpdates()
			n := tb.updates()
			const typed = " Really?"
			tb.do("typing", chromedp.SendKeys(chromedp.CSS("#sentence"), typed))
			want := st.Text + typed
			tb.waitFor("the typed text to reach the state",
				fmt.Sprintf(`window.attnviz.state().text === %s`, jsString(want)), 20*time.Second)
			tb.waitFor("an update per key",
				fmt.Sprintf(`performance.getEntriesByName("attnviz:update", "measure").length >= %d + window.__inputs`, n), 20*time.Second)
			r = tb.checkAgainstCLI("typed key by key")
			st = tb.state()
			w, err = r.weights(st.Head)
			if err != nil {
				t.Fatal(err)
			}
			tb.checkHeatmap("typed key by key, head "+st.Head, r.Tokens, w)
			tb.checkSnapshotsAtUpdates(len(typed))
			durations := eval[[]float64](tb, `performance.getEntriesByName("attnviz:update", "measure").map(m => m.duration)`)
			t.Logf("attnviz:update durations (ms): %.1f", durations)
			tb.checkClean("typing")
		})
	}
}

// TestCausalAndHeads toggles the causal mask and switches heads.
func TestCausalAndHeads(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	tb.setSentence("The quick brown fox jumps over the lazy dog.")
	if m := tb.state().Mask; m != "none" {
		t.Fatalf("mask %q on the default view, want none", m)
	}

	tb.click("#causal")
	if m := tb.state().Mask; m != "causal" {
		t.Fatalf("mask %q after clicking #causal, want causal", m)
	}
	r := tb.checkAgainstCLI("causal mask")
	checkCausal := func(r *result) {
		t.Helper()
		above := 0
		for _, key := range headKeys(r) {
			w, _ := r.weights(key)
			for i := range w {
				for j := i + 1; j < len(w[i]); j++ {
					if w[i][j] != 0 {
						t.Errorf("causal: head %s weight[%d][%d] = %v, want exactly 0", key, i, j, w[i][j])
					}
					above++
				}
			}
		}
		if !t.Failed() {
			t.Logf("ok: causal: all %d weights above the diagonal are exactly 0", above)
		}
	}
	checkCausal(r)

	for _, key := range headKeys(r) {
		tb.click(fmt.Sprintf(`#heads [data-head=%q]`, key))
		st := tb.state()
		if st.Head != key {
			t.Errorf("state().head = %q after clicking head %s", st.Head, key)
		}
		w, _ := r.weights(key)
		tb.checkHeatmap("causal, head "+key, r.Tokens, w)
	}

	// More heads, through the page's heads setting (#nheads, which the
	// contract does not name), still causal.
	if eval[bool](tb, `!!document.querySelector("select#nheads")`) {
		n := tb.updates()
		eval[chromedp.Void](tb, `(() => {
			const el = document.querySelector("#nheads");
			el.value = "4";
			el.dispatchEvent(new Event("change", {bubbles: true}));
		})()`)
		tb.waitUpdates(n)
		if h := tb.state().Heads; h != 4 {
			t.Errorf("state().heads = %d after choosing 4 heads", h)
		}
		r = tb.checkAgainstCLI("4 heads, causal")
		checkCausal(r)
		tb.click(`#heads [data-head="3"]`)
		w, _ := r.weights("3")
		tb.checkHeatmap("4 heads, head 3", r.Tokens, w)
	} else {
		t.Log("no select#nheads: the check with 4 heads is left out")
	}

	tb.click("#causal")
	if m := tb.state().Mask; m != "none" {
		t.Fatalf("mask %q after clicking #causal again, want none", m)
	}
	r = tb.checkAgainstCLI("no mask")
	w, _ := r.weights("0")
	if w[0][len(w)-1] == 0 {
		t.Error("no mask: the first query gives the last key a weight of 0")
	}
	tb.checkClean("toggling the mask and switching heads")
}

// headKeys returns the data-head keys of r's heads and of the mean.
func headKeys(r *result) []string {
	keys := make([]string, 0, len(r.Heads)+1)
	for h := range r.Heads {
		keys = append(keys, fmt.Sprint(h))
	}
	return append(keys, "mean")
}

// waitLinkWritten waits until location.href differs from before and has
// stayed the same for a while: the page rewrites its link at most every few
// hundred milliseconds.
func (tb *tab) waitLinkWritten(before string) string {
	tb.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	last, stableSince := "", time.Now()
	for time.Now().Before(deadline) {
		href := eval[string](tb, `location.href`)
		if href != last {
			last, stableSince = href, time.Now()
		} else if href != before && time.Since(stableSince) > 800*time.Millisecond {
			return href
		}
		time.Sleep(100 * time.Millisecond)
	}
	tb.t.Fatalf("the link did not settle on a new value (last %s)", last)
	return ""
}

// TestLinkRoundTrip copies the page's link into a new tab and reloads it:
// the same state and result come back.
func TestLinkRoundTrip(t *testing.T) {
	for _, p := range prefixes {
		t.Run(p.name, func(t *testing.T) {
			s := newSite(t, p.prefix)
			tb := newTab(t, s)
			tb.open(s.URL())
			before := eval[string](tb, `location.href`)
			tb.setSentence("Links keep the whole state, even ünïcödé & symbols #?=")
			tb.click("#causal")
			tb.click(`#heads [data-head="1"]`)
			href := tb.waitLinkWritten(before)
			want, wantResult := tb.state(), tb.resultJSON()
			t.Logf("the link: %s", href)
			if !strings.HasPrefix(href, s.URL()) {
				t.Errorf("the link %s is not under the site's URL %s", href, s.URL())
			}

			other := newTab(t, s)
			other.open(href)
			if got := other.state(); got != want {
				t.Errorf("the link opened state %+v, want %+v", got, want)
			}
			if got := other.resultJSON(); got != wantResult {
				t.Errorf("the link opened another result (%d bytes, want %d)", len(got), len(wantResult))
			}
			other.checkClean("opening the link in a new tab")

			tb.reload()
			if got := tb.state(); got != want {
				t.Errorf("the reload opened state %+v, want %+v", got, want)
			}
			if got := tb.resultJSON(); got != wantResult {
				t.Errorf("the reload showed another result")
			}
			if !t.Failed() {
				t.Log("ok: the link reopens the same state and result in a new tab and on reload")
			}
			tb.checkClean("reloading")
		})
	}
}

// TestMalformedLinks opens links with broken or hostile state: each opens the
// default view, with a notice when the link asked for something invalid, and
// nothing errs.
func TestMalformedLinks(t *testing.T) {
	s := newSite(t, rootPrefix)
	first := newTab(t, s)
	first.open(s.URL())
	def, defResult := first.state(), first.resultJSON()

	cases := []struct {
		name   string
		suffix string // appended to the site's URL
		notice bool   // the page must say the link could not be read
	}{
		{"heads=0", "#heads=0", true},
		{"d_model=-1", "#d=-1", true},
		{"huge seed", "#seed=999999999999999999999999", true},
		{"huge heads and d_model", "#heads=1000000000&d=1000000000", true},
		{"heads not dividing d_model", "#heads=3&d=16", true},
		{"head beyond heads", "#heads=2&head=7", true},
		{"text not UTF-8", "#text=%FF%FE", true},
		{"text twice", "#text=a&text=b", true},
		{"bad escape", "#text=%zz%", true},
		{"huge text", "#text=" + strings.Repeat("A", 20000), true},
		{"javascript view", "#view=javascript:alert(1)", true},
		{"garbage", "#%%%<script>alert(1)</script>", true},
		{"query garbage", "?;;;&&&==%", true},
		{"query heads=0 and javascript", "?heads=0&view=javascript:alert(document.domain)", true},
		{"unknown keys", "#foo=bar&%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E=1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newTab(t, s)
			tb.open(s.URL() + c.suffix)
			if got := tb.state(); got != def {
				t.Errorf("state %+v, want the default %+v", got, def)
			}
			if got := tb.resultJSON(); got != defResult {
				t.Error("the result is not the default view's")
			}
			notice := eval[string](tb, `document.querySelector("#notice")?.textContent.trim() ?? ""`)
			switch {
			case c.notice && notice == "":
				t.Error("no #notice says the link could not be read")
			case notice != "":
				t.Logf("ok: the notice says %q", notice)
			}
			if e := eval[string](tb, `document.querySelector("#error")?.textContent ?? ""`); e != "" {
				t.Errorf("#error shows %q on the default view", e)
			}
			// The page's inline scripts are app.LinkGuardScript,
			// app.FirstPictureScript, app.EngineGuardScript and cmd/build's wasm loader.
			if n := eval[int](tb, `document.querySelectorAll("img[src=x], script:not([src]):not(#first-picture):not(#link-guard):not(#engine-guard):not(#wasm-loader)").length`); n != 0 {
				t.Errorf("%d injected elements", n)
			}
			tb.checkClean("opening " + c.suffix[:min(len(c.suffix), 60)])
		})
	}
}

// TestHostileText types markup into the sentence: it must stay text.
func TestHostileText(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, text := range []string{
		`<img src=x onerror=alert(1)>`,
		`</script><script>alert(1)</script>`,
	} {
		t.Run(text, func(t *testing.T) {
			tb := newTab(t, s)
			tb.open(s.URL())
			scripts := eval[int](tb, `document.scripts.length`)
			tb.setSentence(text)
			checkHostile(tb, text, scripts)

			// The same text arriving through a link.
			link := newTab(t, s)
			link.open(s.URL() + "#text=" + url.QueryEscape(text))
			checkHostile(link, text, scripts)
		})
	}
}

// checkHostile checks that the page shows text as tokens and ran none of it.
func checkHostile(tb *tab, text string, scripts int) {
	tb.t.Helper()
	r := tb.checkAgainstCLI("hostile text")
	if got := tb.state().Text; got != text {
		tb.t.Errorf("state().text = %q, want %q", got, text)
	}
	st := tb.state()
	w, _ := r.weights(st.Head)
	tb.checkHeatmap("hostile text", r.Tokens, w) // the tokens are the chart's labels

	body := eval[string](tb, `document.body.innerText`)
	for _, tok := range r.Tokens {
		if !strings.Contains(body, strings.TrimSpace(tok)) {
			tb.t.Logf("note: the token %q is not among the page's text (only on the chart's canvas)", tok)
		}
	}
	tb.hover("#heatmap") // the tooltip names tokens too
	time.Sleep(300 * time.Millisecond)
	if n := eval[int](tb, `document.querySelectorAll("img[src=x]").length`); n != 0 {
		tb.t.Errorf("%d <img src=x> injected", n)
	}
	if n := eval[int](tb, `document.scripts.length`); n != scripts {
		tb.t.Errorf("%d scripts in the page, %d before the text", n, scripts)
	}
	if n := eval[int](tb, `[...document.scripts].filter(s => s.textContent.includes("alert(1)")).length`); n != 0 {
		tb.t.Errorf("%d scripts hold the text", n)
	}
	if !tb.t.Failed() {
		tb.t.Logf("ok: %q shows as the tokens %q, nothing injected", text, r.Tokens)
	}
	tb.checkClean("hostile text")
}

// TestEmptyAndTooLong checks the two rejections of the text: an empty one
// prompts (or explains) without a broken chart, one over 128 tokens says so.
func TestEmptyAndTooLong(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())

	for _, text := range []string{"", "   "} {
		tb.setSentence(text)
		if r := tb.resultJSON(); r != "" {
			t.Errorf("text %q: window.attnviz.result() is not null", text)
		}
		errText := eval[string](tb, `document.querySelector("#error")?.textContent.trim() ?? ""`)
		heatmap := eval[bool](tb, `!!document.querySelector("#heatmap")`)
		prompt := eval[string](tb, `(document.querySelector(".view")?.innerText ?? document.querySelector("main")?.innerText ?? "").trim()`)
		switch {
		case errText == "" && heatmap:
			t.Errorf("text %q: #heatmap is still there with no #error", text)
		case errText == "" && prompt == "":
			t.Errorf("text %q: neither #error nor any prompt", text)
		default:
			t.Logf("ok: text %q: no chart; #error %q; the page says %q", text, errText, strings.Join(strings.Fields(prompt), " "))
		}
	}

	long := strings.TrimSpace(strings.Repeat("word ", 129))
	tb.setSentence(long)
	errText := eval[string](tb, `document.querySelector("#error")?.textContent.trim() ?? ""`)
	switch {
	case errText == "":
		t.Error("129 tokens: no #error")
	case !strings.Contains(errText, "128"):
		t.Errorf("129 tokens: #error says %q, without the limit 128", errText)
	default:
		t.Logf("ok: 129 tokens: #error says %q", errText)
	}

	tb.setSentence(strings.TrimSpace(strings.Repeat("word ", 128)))
	if e := eval[string](tb, `document.querySelector("#error")?.textContent ?? ""`); e != "" {
		t.Errorf("128 tokens: #error says %q", e)
	}
	if r := tb.checkAgainstCLI("128 tokens"); len(r.Tokens) != 128 {
		t.Errorf("128 words gave %d tokens", len(r.Tokens))
	}
	tb.checkClean("empty and long text")
}

// TestOffline visits the site once, waits for the service worker to cache
// it, stops the server and reloads: the app still loads and computes.
func TestOffline(t *testing.T) {
	for _, p := range prefixes {
		t.Run(p.name, func(t *testing.T) {
			s := newSite(t, p.prefix)
			tb := newTab(t, s)
			tb.open(s.URL())
			tb.waitFor("the service worker to control the page",
				`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 30*time.Second)
			tb.waitCached(cachedFiles[p.prefix], 30*time.Second)

			before := eval[string](tb, `location.href`)
			tb.setSentence("Learnt online")
			href := tb.waitLinkWritten(before)
			want := tb.state()
			tb.checkClean("the online visit")

			s.srv.Close()
			if _, err := http.Get(s.URL()); err == nil {
				t.Fatal("the server still answers after Close")
			}
			tb.mu.Lock()
			onlineErrors := len(tb.errors)
			tb.mu.Unlock()

			tb.reload()
			if got := eval[string](tb, `location.href`); got != href {
				t.Errorf("offline reload is at %s, want %s", got, href)
			}
			if got := tb.state(); got != want {
				t.Errorf("offline reload opened state %+v, want %+v", got, want)
			}
			tb.setSentence("Still computing offline")
			r := tb.checkAgainstCLI("offline")
			w, _ := r.weights(tb.state().Head)
			tb.checkHeatmap("offline", r.Tokens, w)

			// A link with its state in the query is a new URL to the cache.
			const queryText = "Opened offline from a query link"
			tb.open(s.URL() + "?text=" + url.QueryEscape(queryText))
			if got := tb.state().Text; got != queryText {
				t.Errorf("offline, a query link opened text %q, want %q", got, queryText)
			}

			// Offline, the browser logs the requests that fail (the service
			// worker's update check); only exceptions count as failures.
			tb.mu.Lock()
			for _, e := range tb.errors[onlineErrors:] {
				if strings.HasPrefix(e, "exception:") {
					t.Errorf("offline: %s", e)
				} else {
					t.Logf("offline (tolerated): %s", e)
				}
			}
			tb.mu.Unlock()
			if !t.Failed() {
				t.Log("ok: with the server stopped, the page reloads from the service worker's cache and computes")
			}
		})
	}
}

// waitCached waits until the service worker's cache holds n responses: go-app
// fills it after the worker has taken control.
func (tb *tab) waitCached(n int, timeout time.Duration) {
	tb.t.Helper()
	expr := `(async () => {
		const cache = await caches.open("app-" + goappGetenv("GOAPP_VERSION"));
		return (await cache.keys()).length;
	})()`
	deadline := time.Now().Add(timeout)
	got := 0
	for time.Now().Before(deadline) {
		if got = eval[int](tb, expr); got >= n {
			tb.t.Logf("ok: the service worker cached %d files", got)
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	tb.t.Fatalf("the service worker cached %d files, want %d", got, n)
}

// TestLinkEditedInPlace changes the link's fragment in place, as a teacher
// editing the address bar does: a valid one shows its settings without a
// reload; one with a "%" that starts no escape, which go-app cannot parse,
// reloads into the default view with the notice (app.LinkGuardScript)
// instead of stopping the wasm.
func TestLinkEditedInPlace(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	def := tb.state()
	eval[bool](tb, `(window.sameDocument = true)`)

	eval[bool](tb, `(location.hash = "text=edited+in+place&heads=4", true)`)
	tb.waitFor("the edited link's settings", `window.attnviz.state().text === "edited in place" && window.attnviz.state().heads === 4`, 20*time.Second)
	if !eval[bool](tb, `window.sameDocument === true`) {
		t.Error("the page reloaded for a valid link")
	}
	// An empty sentence empties the box too (go-app itself cannot write an
	// empty value: app.setInputValue).
	eval[bool](tb, `(location.hash = "text=", true)`)
	tb.waitFor("the empty sentence", `window.attnviz.state().text === ""`, 20*time.Second)
	tb.settle()
	if got := eval[string](tb, `document.querySelector("#sentence").value`); got != "" {
		t.Errorf("the link's empty sentence left %q in #sentence", got)
	}

	eval[bool](tb, `(location.hash = "text=100%", true)`)
	tb.waitAcrossLoad("the page to load the malformed link", `window.sameDocument !== true && `+firstRender, 60*time.Second)
	if got := tb.state(); got != def {
		t.Errorf("state %+v, want the default %+v", got, def)
	}
	if notice := eval[string](tb, `document.querySelector("#notice")?.textContent.trim() ?? ""`); notice == "" {
		t.Error("no #notice says the link could not be read")
	}
	tb.checkClean("editing the link in place")
}

// TestLinkKeepsWhatWasTyped types what the one-line inputs accept at the
// edges into the compare view, two sentences of nearly 1 000 characters in
// Korean, the first with control characters, then reloads: the link the
// page wrote (over 16 KiB) opens the same settings, without the notice of a
// link it cannot read.
func TestLinkKeepsWhatWasTyped(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare")
	// 999 characters, 91 tokens: within the input's 1 000 and the 128
	// tokens; about 8.2 KiB in the link, every syllable's 3 bytes escaped.
	long := string([]rune(strings.Repeat("한국어문장입니다가나 ", 91))[:999])
	for _, c := range []struct{ sel, text string }{
		{"#sentence", "tab\there a\u0007bell and \u001bescape " + string([]rune(long)[:972])},
		{"#sentence2", long},
	} {
		n := tb.updates()
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
			const el = document.querySelector(%s);
			el.focus();
			el.value = %s;
			el.dispatchEvent(new Event("input", {bubbles: true}));
		})()`, jsString(c.sel), jsString(c.text)))
		tb.waitUpdates(n)
	}
	want := tb.state()
	if want.Text2 != long || !strings.Contains(want.Text, "\u0007") {
		t.Fatalf("the page did not take the sentences: %+v", want)
	}
	tb.waitFor("the link to carry both sentences", `location.hash.length > 16384`, 10*time.Second)
	tb.reload()
	if got := tb.state(); got != want {
		t.Errorf("after a reload, state %+v, want %+v", got, want)
	}
	if notice := eval[string](tb, `document.querySelector("#notice")?.textContent.trim() ?? ""`); notice != "" {
		t.Errorf("the page could not read its own link: %q", notice)
	}
	tb.checkClean("reloading long and control-character sentences")
}

// TestMalformedLinkLanguage opens a Chinese class's link with one stray
// "%" on a first visit: the default view and its notice come in the
// language the link asks for (state.LinkLang), not in English.
func TestMalformedLinkLanguage(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	eval[any](tb, `localStorage.clear(), null`)
	tb = newTab(t, s)
	tb.open(s.URL() + "#lang=zh-Hans&view=learn&text=%E4%BD%A0%ZZ")
	notice := eval[string](tb, `document.querySelector("#notice")?.textContent.trim() ?? ""`)
	if st := tb.state(); st.Lang != "zh-Hans" || !strings.Contains(notice, "此链接") {
		t.Errorf("language %q, notice %q; want the Chinese page and its notice", st.Lang, notice)
	}
	tb.checkClean("a malformed Chinese link")
}
