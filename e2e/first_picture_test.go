package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestFirstPicture checks the picture of the first heatmap
// (app/first_picture.go). Until the wasm has drawn, the pre-rendered page
// shows it in the main chart. It is hidden wherever the page will open
// another heatmap, and it shows the numbers the live chart shows.
func TestFirstPicture(t *testing.T) {
	// The live page first, on its own origin. Its result is what the
	// picture must show. go-app replaces the pre-rendered page, the
	// picture with it.
	live := newTab(t, newSite(t, ""))
	live.open(live.site.URL())
	if eval[bool](live, `!!document.querySelector(".chart-picture")`) {
		t.Error("the live page still has the first heatmap's picture")
	}
	r := live.result()
	var want []string
	for _, row := range r.WeightsMean {
		for _, w := range row {
			want = append(want, fmt.Sprintf("%.2f", w))
		}
	}
	live.checkClean("the live page")

	// Then the pre-rendered page, on an origin where app.wasm never loads
	// (so no service worker serves it either).
	s := newSite(t, "")
	tb := newTab(t, s)
	if _, err := chromedp.Call(tb.ctx, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: s.origin() + "/web/app.wasm", Block: true}},
	}); err != nil {
		t.Fatalf("blocking app.wasm: %v", err)
	}
	shown := func(url string) bool {
		t.Helper()
		tb.do("opening "+url, chromedp.Navigate(url))
		tb.waitFor("the pre-rendered page's picture to load",
			`(() => { const img = document.querySelector("#heatmap .chart-picture"); return img && img.complete; })()`, 30*time.Second)
		return eval[bool](tb, `getComputedStyle(document.querySelector("#heatmap .chart-picture")).display !== "none"`)
	}

	if !shown(s.URL()) {
		t.Fatal("the pre-rendered first page hides the first heatmap's picture")
	}
	if w := eval[int](tb, `document.querySelector("#heatmap .chart-picture").naturalWidth`); w == 0 {
		t.Error("the first heatmap's picture did not load")
	}
	if d := eval[float64](tb, `(() => {
		const a = document.querySelector("#heatmap").getBoundingClientRect();
		const b = document.querySelector("#heatmap .chart-picture").getBoundingClientRect();
		return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top), Math.abs(a.width - b.width), Math.abs(a.height - b.height));
	})()`); d > 1 {
		t.Errorf("the picture is %.1f px off the chart's box", d)
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
		t.Error("no element-timing entry attnviz:first-heatmap: the bench cannot time the picture")
	} else {
		t.Logf("ok: the picture was painted %.0f ms after navigation start", painted)
	}

	// The picture shows the live chart's tokens and numbers.
	texts := eval[[]string](tb, `fetch(document.querySelector("#heatmap .chart-picture").src)
		.then((r) => r.text())
		.then((svg) => [...new DOMParser().parseFromString(svg, "image/svg+xml").querySelectorAll("text")].map((t) => t.textContent.trim()))`)
	var got []string
	for _, s := range texts {
		if len(s) == 4 && strings.HasPrefix(s, "0.") || s == "1.00" {
			got = append(got, s)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the picture's cells read\n%v\nthe live chart's weights are\n%v", got, want)
	}
	for _, tok := range r.Tokens {
		if !slices.Contains(texts, tok) {
			t.Errorf("the picture has no label %q", tok)
		}
	}

	// Hidden where the page opens another heatmap: a link with settings, or
	// another language.
	if shown(s.URL() + "?text=Another+sentence") {
		t.Error("a link with settings shows the example sentence's picture")
	}
	if shown(s.URL() + "#text=Another+sentence") {
		t.Error("a link with settings in its fragment shows the example sentence's picture")
	}
	eval[bool](tb, `(localStorage.setItem("attnviz.lang", "zh-Hans"), true)`)
	if shown(s.URL()) {
		t.Error("with Chinese chosen, the page shows the English picture")
	}
	eval[bool](tb, `(localStorage.setItem("attnviz.lang", "en"), true)`)
	if !shown(s.URL()) {
		t.Error("with English chosen, the page hides the picture")
	}
}
