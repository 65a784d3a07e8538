package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestFirstPicture checks the picture of the first heatmap
// (app/first_picture.go). Until the wasm has drawn, the pre-rendered page
// shows it in the main chart. It is hidden wherever the page will open
// another heatmap, and it shows the numbers the live chart shows, laid out
// as the live chart is at the chart's width.
func TestFirstPicture(t *testing.T) {
	// The live page first, on its own origin. Its result is what the
	// picture must show. go-app replaces the pre-rendered page, the
	// picture with it.
	live := newTab(t, newSite(t, ""))
	live.open(live.site.URL())
	if eval[bool](live, `!!document.querySelector(".chart-picture, .thumb-picture")`) {
		t.Error("the live page still has the first heatmap's pictures")
	}
	r := live.result()
	var want []string
	for _, row := range r.WeightsMean {
		for _, w := range row {
			want = append(want, fmt.Sprintf("%.2f", w))
		}
	}
	live.checkClean("the live page")

	// Then the pre-rendered page, on an origin where app.wasm never comes
	// (so no service worker serves it either): the server holds it, from
	// the wasm loader's worker and from app.js alike.
	s := newSite(t, "")
	s.hold(t, "/web/app.wasm")
	tb := newTab(t, s)
	const (
		holder  = `document.querySelector("#heatmap .chart-picture")`
		picture = `document.querySelector("#heatmap .chart-picture-img")` // the element with the background
	)
	shown := func(url string) bool {
		t.Helper()
		tb.do("opening "+url, chromedp.Navigate(url))
		tb.waitFor("the pre-rendered page to load", `document.readyState === "complete"`, 30*time.Second)
		if !eval[bool](tb, `!!`+picture) {
			t.Fatalf("%s: the pre-rendered page has no picture of the first heatmap", url)
		}
		return eval[bool](tb, `getComputedStyle(`+holder+`).display !== "none"`)
	}
	downloaded := func() bool {
		t.Helper()
		return eval[bool](tb, `performance.getEntriesByType("resource").some((e) => e.name.includes("/web/first-heatmap"))`)
	}
	// svgTexts returns the texts of the picture shown, and of each its
	// transform.
	type svgText struct{ Text, Transform string }
	svgTexts := func() []svgText {
		t.Helper()
		return eval[[]svgText](tb, `fetch(getComputedStyle(`+picture+`).backgroundImage.match(/url\("?([^")]*)"?\)/)[1])
			.then((r) => r.text())
			.then((svg) => [...new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("text")]
				.map((t) => ({text: t.textContent.trim(), transform: t.getAttribute("transform") || ""})))`)
	}

	if !shown(s.URL()) {
		t.Fatal("the pre-rendered first page hides the first heatmap's picture")
	}
	painted := eval[float64](tb, `new Promise((resolve) => {
		new PerformanceObserver((list) => {
			for (const e of list.getEntries()) {
				if (e.identifier === "attnviz:first-heatmap") resolve(e.renderTime || e.loadTime);
			}
		}).observe({ type: "element", buffered: true });
		setTimeout(() => resolve(0), 10000);
	})`)
	if painted <= 0 {
		t.Error("no element-timing entry attnviz:first-heatmap: the picture was not painted, or the bench cannot time it")
	} else {
		t.Logf("ok: the picture was painted %.0f ms after navigation start", painted)
	}
	if d := eval[float64](tb, `(() => {
		const a = document.querySelector("#heatmap").getBoundingClientRect();
		const b = `+picture+`.getBoundingClientRect();
		return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
	})()`); d > 1 {
		t.Errorf("the picture is %.1f px off the chart's box", d)
	}

	// The thumbnails' pictures show their heads' weights, in the slots
	// where the live page draws them.
	for _, key := range []string{"0", "1", "mean"} {
		w, err := r.weights(key)
		if err != nil {
			t.Fatal(err)
		}
		sel := fmt.Sprintf(`.thumbs [data-thumb="%s"] .thumb-picture`, key)
		fills := eval[[]string](tb, `[...document.querySelectorAll('`+sel+` rect')].map((r) => r.getAttribute("fill"))`)
		if len(fills) != len(w)*len(w) {
			t.Errorf("thumbnail %s: %d cells in its picture, want %d", key, len(fills), len(w)*len(w))
			continue
		}
		bad := 0
		for k, f := range fills {
			i, j := k/len(w), k%len(w)
			v, err := strconv.ParseUint(strings.TrimPrefix(f, "#"), 16, 32)
			got := [3]int{int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)}
			if want := viridisAt(w[i][j]); err != nil || !nearColor(got, want, 2) {
				if bad++; bad <= 3 {
					t.Errorf("thumbnail %s, cell (%d, %d), weight %.4f: fill %s, want rgb%v", key, i, j, w[i][j], f, want)
				}
			}
		}
		if d := eval[float64](tb, `(() => {
			const a = document.querySelector('`+sel+`').parentElement.getBoundingClientRect();
			const b = document.querySelector('`+sel+`').getBoundingClientRect();
			return Math.max(Math.abs(a.left + 2 - b.left), Math.abs(a.top + 2 - b.top), Math.abs(a.width - 4 - b.width), Math.abs(a.height - 4 - b.height));
		})()`); d > 1 {
			t.Errorf("thumbnail %s: its picture is %.1f px off its slot's inner box", key, d)
		}
		if bad == 0 {
			t.Logf("ok: thumbnail %s: the %d cells of its picture have their weights' colours", key, len(fills))
		}
	}

	// The picture shows the live chart's tokens and numbers.
	numbers := func(texts []svgText) []string {
		var got []string
		for _, s := range texts {
			if len(s.Text) == 4 && strings.HasPrefix(s.Text, "0.") || s.Text == "1.00" {
				got = append(got, s.Text)
			}
		}
		slices.Sort(got)
		return got
	}
	texts := svgTexts()
	slices.Sort(want)
	if got := numbers(texts); !slices.Equal(got, want) {
		t.Errorf("the picture's cells read\n%v\nthe live chart's weights are\n%v", got, want)
	}
	for _, tok := range r.Tokens {
		if !slices.ContainsFunc(texts, func(s svgText) bool { return s.Text == tok }) {
			t.Errorf("the picture has no label %q", tok)
		}
	}

	// At a phone's and a laptop's width, and on a tall screen that gives
	// the chart the page's whole width, the picture is laid out as the live
	// chart is: numbers in the cells, and the column labels turned, where
	// the live chart has them.
	type layout struct {
		Width   float64
		Numbers bool
		Turned  bool
	}
	for _, vp := range []struct{ w, h int64 }{{390, 844}, {1280, 900}, {999, 1300}} {
		size := fmt.Sprintf("%d×%d", vp.w, vp.h)
		live.do("resizing to "+size, chromedp.EmulateViewport(vp.w, vp.h))
		live.waitFor("the live chart to follow the resize", `(() => {
			const el = document.querySelector("#heatmap");
			return echarts.getInstanceByDom(el).getWidth() === el.clientWidth;
		})()`, 10*time.Second)
		l := eval[layout](live, `(() => {
			const el = document.querySelector("#heatmap");
			const o = echarts.getInstanceByDom(el).getOption();
			return {width: el.clientWidth, numbers: !!o.series[0].label.show, turned: !!o.xAxis[0].axisLabel.rotate};
		})()`)
		tb.do("resizing to "+size, chromedp.EmulateViewport(vp.w, vp.h))
		if !shown(s.URL()) {
			t.Fatalf("%s: the picture is hidden", size)
		}
		texts := svgTexts()
		p := layout{Width: l.Width, Numbers: len(numbers(texts)) > 0}
		for _, s := range texts {
			// A turned label's transform is a matrix with a rotation.
			if m := strings.TrimPrefix(s.Transform, "matrix("); m != s.Transform && s.Text == r.Tokens[0] {
				if f := strings.Split(m, ","); len(f) > 1 && strings.TrimSpace(f[1]) != "0" {
					p.Turned = true
				}
			}
		}
		if p != l {
			t.Errorf("%s: the picture (%s) has numbers %v and turned labels %v; the live chart, %.0f px wide, %v and %v",
				size, eval[string](tb, `getComputedStyle(`+picture+`).backgroundImage`), p.Numbers, p.Turned, l.Width, l.Numbers, l.Turned)
		} else {
			t.Logf("ok: %s: chart %.0f px wide, numbers %v, turned labels %v, in the picture as live", size, l.Width, l.Numbers, l.Turned)
		}
	}
	live.do("restoring the viewport", chromedp.EmulateViewport(1280, 900))
	tb.do("restoring the viewport", chromedp.EmulateViewport(1280, 900))

	// Hidden, and not even downloaded, where the page opens another
	// heatmap: a link with settings, or another language.
	thumbShown := func() bool {
		t.Helper()
		return eval[bool](tb, `getComputedStyle(document.querySelector(".thumb-picture")).display !== "none"`)
	}
	for _, link := range []string{"?text=Another+sentence", "#text=Another+sentence"} {
		if shown(s.URL() + link) {
			t.Errorf("the link %s shows the example sentence's picture", link)
		}
		if thumbShown() {
			t.Errorf("the link %s shows the example sentence's thumbnails", link)
		}
		if downloaded() {
			t.Errorf("the link %s downloads the example sentence's picture it hides", link)
		}
	}
	eval[bool](tb, `(localStorage.setItem("attnviz.lang", "zh-Hans"), true)`)
	if shown(s.URL()) {
		t.Error("with Chinese chosen, the page shows the English picture")
	}
	if thumbShown() {
		t.Error("with Chinese chosen, the page shows the English thumbnails")
	}
	eval[bool](tb, `(localStorage.setItem("attnviz.lang", "en"), true)`)
	if !shown(s.URL()) {
		t.Error("with English chosen, the page hides the picture")
	}
}

// TestWorkerWithoutCharts opens a link with an empty sentence, which draws
// no chart, on a fresh origin: the page still tells the service worker to
// cache the site (cmd/build's pageDrawn) once it has rested, well before
// the worker's own limit of 30 s.
func TestWorkerWithoutCharts(t *testing.T) {
	tb := newTab(t, newSite(t, ""))
	tb.do("opening an empty sentence", chromedp.Navigate(tb.site.URL()+"#text="))
	tb.waitFor("the empty sentence's prompt", `!!window.attnviz && window.attnviz.result() === null`, 60*time.Second)
	tb.waitFor("the service worker to control the page, which it does once the page says it has nothing to draw",
		`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 20*time.Second)
	tb.checkClean("an empty sentence")
}

// TestEarlyTyping types into the pre-rendered page while app.wasm is held
// back, as on a slow connection: the other controls are inert meanwhile,
// and the first heatmap's picture goes once the sentence is edited; when
// the wasm starts, the live page keeps the text, the focus and the caret,
// computes the text, puts it into the link, and has no inert control.
func TestEarlyTyping(t *testing.T) {
	s := newSite(t, "")
	release := s.hold(t, "/web/app.wasm")
	tb := newTab(t, s)
	tb.do("opening "+s.URL(), chromedp.Navigate(s.URL()))
	tb.waitFor("the pre-rendered page", `document.readyState === "complete" && !!document.querySelector("#sentence")`, 30*time.Second)
	if eval[bool](tb, `!!window.attnviz`) {
		t.Fatal("the wasm ran although app.wasm was held back")
	}

	// Until the wasm has started, only the sentence takes input: the other
	// controls are inert (a change would be undone when go-app replaces
	// the page).
	if n := eval[int](tb, `document.querySelectorAll("select, button, input:not(#sentence)").length`); n == 0 {
		t.Fatal("the pre-rendered page has no controls")
	}
	if live := eval[int](tb, `[...document.querySelectorAll("select, button, input:not(#sentence)")].filter((el) => !el.closest("[inert]")).length`); live != 0 {
		t.Errorf("%d controls of the pre-rendered page are not inert", live)
	}
	if eval[bool](tb, `!!document.querySelector("#sentence").closest("[inert]")`) {
		t.Error("the pre-rendered #sentence is inert")
	}
	if !eval[bool](tb, `getComputedStyle(document.querySelector(".chart-picture")).display !== "none"`) {
		t.Fatal("the first heatmap's picture is hidden before anything was typed")
	}

	const typed = "Students type before the engine"
	eval[bool](tb, `(document.querySelector("#sentence").value = "", true)`)
	tb.do("typing into the pre-rendered page", chromedp.SendKeys(chromedp.CSS("#sentence"), typed))
	tb.do("moving the caret", chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
	// The picture is the example sentence's, no longer the one typed.
	if eval[bool](tb, `[...document.querySelectorAll(".chart-picture, .thumb-picture")].some((el) => getComputedStyle(el).display !== "none")`) {
		t.Error("the first heatmap's picture still shows after the sentence was edited")
	}

	release()
	tb.waitFor("the first render", firstRender, 60*time.Second)

	if got := tb.state().Text; got != typed {
		t.Errorf("the live page's sentence is %q, want what was typed before it started, %q", got, typed)
	}
	if r := tb.result(); strings.Join(r.Tokens, " ") != typed {
		t.Errorf("the live page computed tokens %q, want those of %q", r.Tokens, typed)
	}
	if got := eval[string](tb, `document.activeElement?.id ?? ""`); got != "sentence" {
		t.Errorf("the focus is on %q, want #sentence, where the student was typing", got)
	}
	if got, want := eval[int](tb, `document.querySelector("#sentence").selectionStart`), len(typed)-2; got != want {
		t.Errorf("the caret is at %d, want %d, where it was", got, want)
	}
	tb.waitFor("the link to carry the sentence", `decodeURIComponent(location.href.replaceAll("+", " ")).includes(`+jsString(typed)+`)`, 10*time.Second)
	if n := eval[int](tb, `document.querySelectorAll("[inert]").length`); n != 0 {
		t.Errorf("%d elements of the live page are inert", n)
	}
}
