//go:build !wasm

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// site is one built site served on its own loopback server, so that every
// test starts on an origin with no service worker, cache or storage yet.
type site struct {
	prefix string
	srv    *httptest.Server

	mu    sync.Mutex
	holds map[string]chan struct{} // by URL path: requests wait until it closes
}

// newSite serves the site built for prefix ("" or subPrefix) until t ends.
func newSite(t *testing.T, prefix string) *site {
	t.Helper()
	files := http.FileServer(http.Dir(siteDirs[prefix]))
	var h http.Handler = files
	if prefix != "" {
		mux := http.NewServeMux()
		mux.Handle(prefix+"/", http.StripPrefix(prefix, files))
		h = mux
	}
	s := &site{prefix: prefix}
	s.srv = httptest.NewServer(s.holding(withContentTypes(h)))
	t.Cleanup(s.srv.Close)
	return s
}

// hold makes the server keep every request for the URL path p (the site's
// prefix included) waiting, whoever makes it (the page, a worker, the
// service worker), until the returned function is called; t's end calls it.
func (s *site) hold(t *testing.T, p string) (release func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.holds == nil {
		s.holds = map[string]chan struct{}{}
	}
	gate := make(chan struct{})
	s.holds[p] = gate
	release = sync.OnceFunc(func() { close(gate) })
	t.Cleanup(release) // before the server's Close, which waits for the request
	return release
}

// holding is h with the requests that hold names kept waiting.
func (s *site) holding(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		gate := s.holds[r.URL.Path]
		s.mu.Unlock()
		if gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// withContentTypes sets the types a static host sends for the site's files,
// whatever the system's MIME table says.
func withContentTypes(h http.Handler) http.Handler {
	types := map[string]string{
		".wasm":        "application/wasm",
		".webmanifest": "application/manifest+json",
		".js":          "text/javascript; charset=utf-8",
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ct, ok := types[filepath.Ext(r.URL.Path)]; ok {
			w.Header().Set("Content-Type", ct)
		}
		h.ServeHTTP(w, r)
	})
}

// URL returns the site's page URL: its origin, prefix and "/".
func (s *site) URL() string { return s.srv.URL + s.prefix + "/" }

// origin is the site's scheme://host:port.
func (s *site) origin() string { return s.srv.URL }

// tab is a browser tab on a site, recording what the page does that a test
// may forbid: console errors, exceptions, requests, dialogs.
type tab struct {
	t    *testing.T
	ctx  context.Context
	site *site

	mu       sync.Mutex
	console  []string // every console call, exception and log entry, for the artifact
	errors   []string // console errors, exceptions and error log entries
	requests []string // URLs of every request
	dialogs  []string // messages of JavaScript dialogs
}

// newTab opens a tab on s. When t ends, the tab's screenshot and log go to
// artifacts/ and the tab closes.
func newTab(t *testing.T, s *site) *tab {
	t.Helper()
	needBrowser(t)
	ctx, cancel := chromedp.NewContext(browserCtx)
	tb := &tab{t: t, ctx: ctx, site: s}
	if err := chromedp.Listen(ctx, tb.record); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	t.Cleanup(func() {
		tb.saveArtifacts()
		cancel()
	})
	return tb
}

// record is the tab's event listener: it must return fast and call nothing.
func (tb *tab) record(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range ev.Args {
			switch {
			case a.Value != nil:
				var s string
				if json.Unmarshal(a.Value, &s) == nil {
					parts = append(parts, s)
				} else {
					parts = append(parts, string(a.Value))
				}
			case a.Description != "":
				parts = append(parts, a.Description)
			default:
				parts = append(parts, string(a.Type))
			}
		}
		line := fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		tb.console = append(tb.console, line)
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			tb.errors = append(tb.errors, line)
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			msg += " " + d.Exception.Description
		}
		line := fmt.Sprintf("exception: %s (%s:%d)", msg, d.URL, d.LineNumber)
		tb.console = append(tb.console, line)
		tb.errors = append(tb.errors, line)
	case *log.EventEntryAdded:
		line := fmt.Sprintf("log.%s (%s): %s %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		tb.console = append(tb.console, line)
		if ev.Entry.Level == log.EntryLevelError {
			tb.errors = append(tb.errors, line)
		}
	case *network.EventRequestWillBeSent:
		tb.requests = append(tb.requests, ev.Request.URL)
	case *page.EventJavascriptDialogOpening:
		tb.dialogs = append(tb.dialogs, fmt.Sprintf("%s: %q", ev.Type, ev.Message))
		// Close it from another goroutine; the listener may not call.
		go chromedp.Call(tb.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
	}
}

// saveArtifacts writes the tab's log to artifacts/, and its screenshot when
// the test failed or ATTNVIZ_SHOTS is set (a capture is about 150 ms, and
// the suite closes some 300 tabs; the tests' own screenshots are always
// written).
func (tb *tab) saveArtifacts() {
	name := regexp.MustCompile(`[^A-Za-z0-9_.-]+`).ReplaceAllString(tb.t.Name(), "_")
	if tb.t.Failed() || os.Getenv("ATTNVIZ_SHOTS") != "" {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		defer cancel()
		if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			if err := os.WriteFile(filepath.Join(artifactsDir, name+".png"), png, 0o644); err != nil {
				tb.t.Logf("saving the screenshot: %v", err)
			}
		} else {
			tb.t.Logf("no screenshot: %v", err)
		}
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "test %s\nsite %s\n\nconsole:\n", tb.t.Name(), tb.site.URL())
	for _, l := range tb.console {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	fmt.Fprintf(&b, "\nrequests:\n")
	for _, r := range tb.requests {
		fmt.Fprintf(&b, "  %s\n", r)
	}
	fmt.Fprintf(&b, "\ndialogs:\n")
	for _, d := range tb.dialogs {
		fmt.Fprintf(&b, "  %s\n", d)
	}
	if err := os.WriteFile(filepath.Join(artifactsDir, name+".log"), []byte(b.String()), 0o644); err != nil {
		tb.t.Logf("saving the log: %v", err)
	}
}

// do runs actions on the tab, failing the test on error.
func (tb *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the tab (promises awaited) and
// decodes its value into T.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript predicate until it is truthy.
func (tb *tab) waitFor(what, predicate string, timeout time.Duration) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, timeout+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate,
		chromedp.WithPollingInterval(50*time.Millisecond),
		chromedp.WithPollingTimeout(timeout)))
	if err != nil {
		tb.t.Fatalf("waiting for %s (%s): %v", what, predicate, err)
	}
}

// waitAcrossLoad is waitFor across a load of the page, which destroys the
// JavaScript context that a poll runs in: it polls again in the new one.
func (tb *tab) waitAcrossLoad(what, predicate string, timeout time.Duration) {
	tb.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		left := time.Until(deadline)
		ctx, cancel := context.WithTimeout(tb.ctx, left+5*time.Second)
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate,
			chromedp.WithPollingInterval(50*time.Millisecond),
			chromedp.WithPollingTimeout(left)))
		cancel()
		switch {
		case err == nil:
			return
		case time.Now().After(deadline):
			tb.t.Fatalf("waiting for %s (%s): %v", what, predicate, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// jsString returns s as a JavaScript string literal.
func jsString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

const firstRender = `performance.getEntriesByName("attnviz:first-render", "mark").length > 0 && !!window.attnviz`

// open navigates the tab to u and waits until the page has drawn its first
// heatmap and installed window.attnviz.
func (tb *tab) open(u string) {
	tb.t.Helper()
	start := time.Now()
	tb.do("opening "+u, chromedp.Navigate(u))
	tb.waitFor("the first render", firstRender, 60*time.Second)
	if len(u) > 120 {
		u = u[:120] + "…"
	}
	tb.t.Logf("opened %s: first render after %v", u, time.Since(start).Round(time.Millisecond))
}

// reload reloads the tab and waits for the first render.
func (tb *tab) reload() {
	tb.t.Helper()
	tb.do("reloading", chromedp.Reload())
	tb.waitFor("the first render after reloading", firstRender, 60*time.Second)
}

// updates returns how many attnviz:update measures the page has recorded.
func (tb *tab) updates() int {
	tb.t.Helper()
	return eval[int](tb, `performance.getEntriesByName("attnviz:update", "measure").length`)
}

// waitUpdates waits until the page has recorded more than n update measures,
// then until go-app has applied the rest of the change (settle). The main
// view draws its heatmaps and records the measure in the event itself
// (app/live.go); go-app updates the rest of the page in its next frame.
func (tb *tab) waitUpdates(n int) {
	tb.t.Helper()
	tb.waitFor("an attnviz:update measure",
		fmt.Sprintf(`performance.getEntriesByName("attnviz:update", "measure").length > %d`, n), 20*time.Second)
	tb.settle()
}

// settle waits until go-app has applied what the last event changed: its
// frame is a timer that the event armed, about 10 ms later; a timer the
// page arms now, to expire 50 ms later, runs after it.
func (tb *tab) settle() {
	tb.t.Helper()
	eval[bool](tb, `new Promise((resolve) => setTimeout(() => resolve(true), 50))`)
}

// setSentence puts text into #sentence with one input event, as a paste
// does, and waits for the page to show its result.
func (tb *tab) setSentence(text string) {
	tb.t.Helper()
	n := tb.updates()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector("#sentence");
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true}));
	})()`, jsString(text)))
	tb.waitUpdates(n)
}

// click clicks the element sel selects and waits for the page to show the
// change.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	n := tb.updates()
	tb.do("clicking "+sel, chromedp.Click(chromedp.CSS(sel)))
	tb.waitUpdates(n)
}

// hover moves the mouse to the centre of the element sel selects.
func (tb *tab) hover(sel string) {
	tb.t.Helper()
	box := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const r = document.querySelector(%s).getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`, jsString(sel)))
	tb.do("hovering "+sel, chromedp.MouseEvent(chromedp.MouseMoved, box[0], box[1]))
}

// state is window.attnviz.state(), as DESIGN.md and the UI define it.
type state struct {
	Text       string `json:"text"`
	Heads      int    `json:"heads"`
	DModel     int    `json:"d_model"`
	Seed       int64  `json:"seed"`
	Mask       string `json:"mask"`
	Positional bool   `json:"positional"`
	Head       string `json:"head"`
	View       string `json:"view"`
	Lang       string `json:"lang"`

	// The settings of the scaling, compare and padding views.
	Scale       bool    `json:"scale"`
	Temperature float64 `json:"temperature"`
	DK          int     `json:"d_k"`
	Text2       string  `json:"text2"`
}

func (tb *tab) state() state {
	tb.t.Helper()
	raw := eval[string](tb, `JSON.stringify(window.attnviz.state())`)
	var s state
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		tb.t.Fatalf("window.attnviz.state() = %s: %v", raw, err)
	}
	return s
}

// screenshots saves full-page screenshots of the tab at 1280×800 and
// 390×844 to artifacts/<name>-1280.png and -390.png, fails if the page is
// wider than the screen, runs check (if not nil) at each width, and restores
// the viewport.
func (tb *tab) screenshots(name string, check func(width int64)) {
	tb.t.Helper()
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1280, 800, false}, {390, 844, true}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		tb.resized()
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		cancel()
		if err != nil {
			tb.t.Fatalf("screenshot: %v", err)
		}
		file := filepath.Join(artifactsDir, fmt.Sprintf("%s-%d.png", name, size.w))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			tb.t.Fatalf("saving %s: %v", file, err)
		}
		overflow := eval[float64](tb, `document.documentElement.scrollWidth - document.documentElement.clientWidth`)
		if overflow > 0 {
			tb.t.Errorf("%s at %d px: the page is %v px wider than the screen", name, size.w, overflow)
		}
		if check != nil {
			check(size.w)
		}
	}
	tb.do("restoring the viewport", chromedp.EmulateViewport(1280, 900))
}

// resized waits, after a change of the viewport, until the page has laid
// itself out again: at least 250 ms (go-app's frame, the views' choice of
// phone or wide layout), then until every chart has had its element's size
// for three frames in a row (the ResizeObservers' resizes, app/chart), at
// most 700 ms in all.
func (tb *tab) resized() {
	tb.t.Helper()
	eval[bool](tb, `new Promise((resolve) => {
		const start = performance.now();
		const sized = () => typeof echarts === "undefined" || [...document.querySelectorAll("[_echarts_instance_]")].every((el) => {
			const c = echarts.getInstanceByDom(el);
			return !c || c.isDisposed() || (c.getWidth() === el.clientWidth && c.getHeight() === el.clientHeight);
		});
		let frames = 0;
		const tick = () => {
			frames = sized() ? frames + 1 : 0;
			const t = performance.now() - start;
			if ((t >= 250 && frames >= 3) || t >= 700) {
				resolve(true);
			} else {
				requestAnimationFrame(tick);
			}
		};
		requestAnimationFrame(tick);
	})`)
}

// result is the part of the result contract the tests compare.
type result struct {
	Tokens []string `json:"tokens"`
	Heads  []struct {
		Weights [][]float64 `json:"weights"`
	} `json:"heads"`
	WeightsMean [][]float64 `json:"weights_mean"`
}

// weights returns the weights of head key ("0", "1", … or "mean").
func (r *result) weights(key string) ([][]float64, error) {
	if key == "mean" {
		return r.WeightsMean, nil
	}
	h, err := strconv.Atoi(key)
	if err != nil || h < 0 || h >= len(r.Heads) {
		return nil, fmt.Errorf("no head %q among %d", key, len(r.Heads))
	}
	return r.Heads[h].Weights, nil
}

// resultJSON returns window.attnviz.result(): the JSON string, or "" for null.
func (tb *tab) resultJSON() string {
	tb.t.Helper()
	return eval[string](tb, `window.attnviz.result() ?? ""`)
}

func (tb *tab) result() *result {
	tb.t.Helper()
	raw := tb.resultJSON()
	if raw == "" {
		tb.t.Fatal("window.attnviz.result() is null")
	}
	var r result
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		tb.t.Fatalf("window.attnviz.result(): %v", err)
	}
	return &r
}

// heatmap is what ECharts draws in #heatmap: its option's category labels
// and cells.
type heatmap struct {
	X, Y  []string
	Cells [][3]float64 // column, row, value
}

func (tb *tab) heatmap() heatmap {
	tb.t.Helper()
	raw := eval[string](tb, `(() => {
		const el = document.querySelector("#heatmap");
		const chart = el && window.echarts && echarts.getInstanceByDom(el);
		if (!chart) return "";
		const o = chart.getOption();
		return JSON.stringify({
			x: o.xAxis[0].data, y: o.yAxis[0].data,
			cells: o.series[0].data.map(d => (Array.isArray(d) ? d : d.value).slice(0, 3)),
		});
	})()`)
	if raw == "" {
		tb.t.Fatal("#heatmap has no ECharts instance")
	}
	var v struct {
		X, Y  []string
		Cells [][3]float64
	}
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		tb.t.Fatalf("the heatmap's option: %v", err)
	}
	return heatmap{X: v.X, Y: v.Y, Cells: v.Cells}
}

// checkHeatmap checks that #heatmap draws want, rows top to bottom and
// columns left to right, labelled with tokens.
func (tb *tab) checkHeatmap(what string, tokens []string, want [][]float64) {
	tb.t.Helper()
	if tb.heatmapIsImage() {
		tb.checkHeatmapImage(what, tokens, want)
		return
	}
	hm := tb.heatmap()
	n := len(want)
	switch {
	case !equalStrings(hm.X, tokens) || !equalStrings(hm.Y, tokens):
		tb.t.Errorf("%s: heatmap labels x=%q y=%q, want the tokens %q", what, hm.X, hm.Y, tokens)
	case len(hm.Cells) != n*n:
		tb.t.Errorf("%s: heatmap has %d cells, want %d×%d", what, len(hm.Cells), n, n)
	}
	bad := 0
	for _, c := range hm.Cells {
		j, i, v := int(c[0]), int(c[1]), c[2]
		if i < 0 || i >= n || j < 0 || j >= n {
			tb.t.Errorf("%s: heatmap cell at column %d, row %d is outside %d×%d", what, j, i, n, n)
			return
		}
		if math.Abs(v-want[i][j]) > 1e-12 {
			if bad++; bad <= 5 {
				tb.t.Errorf("%s: heatmap cell (query %d, key %d) = %v, want %v", what, i, j, v, want[i][j])
			}
		}
	}
	if bad == 0 && !tb.t.Failed() {
		tb.t.Logf("ok: %s: the heatmap shows the %d×%d weights", what, n, n)
	}
}

// snapshotAtUpdates has the page record, at the moment it records each
// attnviz:update measure, what #heatmap's option shows, the colours of the
// mean's thumbnail in the corners of its last row, and the result and head
// they should show: the measure's contract is that it ends when the
// heatmaps show the input's result. It also records the tokens the page
// lists, which go-app's frame updates.
func (tb *tab) snapshotAtUpdates() {
	tb.t.Helper()
	eval[chromedp.Void](tb, `(() => {
		window.__atUpdates = [];
		const measure = performance.measure, pixel = `+slotPixelJS+`;
		performance.measure = function (name, ...rest) {
			if (name === "attnviz:update") {
				const o = echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption();
				const result = JSON.parse(window.attnviz.result()), n = result.tokens.length;
				const mean = (col) => pixel('.thumbs [data-thumb="mean"] .thumb-chart', n - 1, col, n, n);
				window.__atUpdates.push(JSON.stringify({
					x: o.xAxis[0].data, y: o.yAxis[0].data, type: o.series[0].type,
					cells: o.series[0].data.map(d => (Array.isArray(d) ? d : d.value).slice(0, 3)),
					meanThumb: [mean(0), mean(n - 1)],
					listed: [...document.querySelectorAll(".token-list li")].map((li) => li.textContent),
					result, head: window.attnviz.state().head,
				}));
			}
			return measure.call(this, name, ...rest);
		};
	})()`)
}

// checkSnapshotsAtUpdates checks that snapshotAtUpdates recorded at least
// n updates and that at each #heatmap already showed the result's tokens and
// the head's weights, and the mean's thumbnail the mean weights. At each
// update that changed the tokens the page's list of tokens must still show
// others: the main view draws its heatmaps in the keystroke's own event,
// before go-app's frame updates the rest of the page (app/live.go).
func (tb *tab) checkSnapshotsAtUpdates(n int) {
	tb.t.Helper()
	snaps := eval[[]string](tb, `window.__atUpdates`)
	if len(snaps) < n {
		tb.t.Errorf("%d updates recorded while typing %d keys", len(snaps), n)
	}
	bad := 0
	var prevTokens []string
	for k, raw := range snaps {
		var s struct {
			X, Y      []string
			Type      string
			Cells     [][3]float64
			MeanThumb [2][3]int
			Listed    []string
			Result    result
			Head      string
		}
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			tb.t.Fatalf("update %d: %v", k+1, err)
		}
		w, err := s.Result.weights(s.Head)
		if err != nil {
			tb.t.Fatalf("update %d: %v", k+1, err)
		}
		var problem string
		last := len(s.Result.WeightsMean) - 1
		switch {
		case last < 0:
			problem = "no tokens"
		case k > 0 && !equalStrings(s.Result.Tokens, prevTokens) && equalStrings(s.Listed, s.Result.Tokens):
			problem = fmt.Sprintf("the new tokens %q already listed: the heatmaps were drawn in go-app's frame, not in the keystroke's event", s.Listed)
		case !nearColor(s.MeanThumb[0], viridisAt(s.Result.WeightsMean[last][0]), 3) ||
			!nearColor(s.MeanThumb[1], viridisAt(s.Result.WeightsMean[last][last]), 3):
			problem = fmt.Sprintf("the mean's thumbnail, its last row starting rgb%v and ending rgb%v, want rgb%v and rgb%v",
				s.MeanThumb[0], s.MeanThumb[1], viridisAt(s.Result.WeightsMean[last][0]), viridisAt(s.Result.WeightsMean[last][last]))
		case s.Type != "heatmap":
			problem = fmt.Sprintf("#heatmap with a %q series, want a heatmap series at this size", s.Type)
		case !equalStrings(s.X, s.Result.Tokens) || !equalStrings(s.Y, s.Result.Tokens):
			problem = fmt.Sprintf("#heatmap labelled x=%q y=%q, want the tokens %q", s.X, s.Y, s.Result.Tokens)
		case len(s.Cells) != len(w)*len(w):
			problem = fmt.Sprintf("#heatmap with %d cells, want %d", len(s.Cells), len(w)*len(w))
		default:
			for _, c := range s.Cells {
				if j, i := int(c[0]), int(c[1]); i >= len(w) || j >= len(w) || math.Abs(c[2]-w[i][j]) > 1e-12 {
					problem = fmt.Sprintf("#heatmap's cell (query %d, key %d) = %v, not the weight of head %s", i, j, c[2], s.Head)
					break
				}
			}
		}
		prevTokens = s.Result.Tokens
		if problem != "" {
			if bad++; bad <= 3 {
				tb.t.Errorf("at update %d of %d, the page showed %s", k+1, len(snaps), problem)
			}
		}
	}
	if bad == 0 && len(snaps) >= n {
		tb.t.Logf("ok: at each of %d updates, #heatmap and the mean's thumbnail already showed the result, ahead of go-app's frame", len(snaps))
	}
}

// heatmapIsImage reports whether #heatmap is drawn as one image (a custom
// series) instead of a heatmap series with a cell per element.
func (tb *tab) heatmapIsImage() bool {
	tb.t.Helper()
	return eval[string](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().series[0].type`) == "custom"
}

// checkHeatmapImage checks that #heatmap, drawn as an image, draws want:
// its axes are labelled with tokens, and the middle of every cell, read
// from the chart's canvas, has the colour of want's weight.
func (tb *tab) checkHeatmapImage(what string, tokens []string, want [][]float64) {
	tb.t.Helper()
	labels := eval[[][]string](tb, `(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption();
		return [o.xAxis[0].data, o.yAxis[0].data];
	})()`)
	if len(labels) != 2 || !equalStrings(labels[0], tokens) || !equalStrings(labels[1], tokens) {
		tb.t.Errorf("%s: heatmap labels %q, want the tokens %q on both axes", what, labels, tokens)
	}
	var cells [][2]int
	for i := range want {
		for j := range want[i] {
			cells = append(cells, [2]int{i, j})
		}
	}
	rgb, _ := tb.heatmapPixels(cells)
	bad := 0
	for k, c := range cells {
		w := want[c[0]][c[1]]
		if exp := viridisAt(w); !nearColor(rgb[k], exp, 2) {
			if bad++; bad <= 5 {
				tb.t.Errorf("%s: image cell (query %d, key %d), weight %.4f: pixel rgb%v, want rgb%v", what, c[0], c[1], w, rgb[k], exp)
			}
		}
	}
	if bad == 0 && !tb.t.Failed() {
		tb.t.Logf("ok: %s: every cell of the %d×%d image has its weight's colour", what, len(want), len(want))
	}
}

// heatmapPixels returns, for each cell (row, col) of #heatmap, the colour of
// the pixel in its middle, read from the chart's canvas, and where that
// middle is, in CSS pixels from the chart's top-left corner.
func (tb *tab) heatmapPixels(cells [][2]int) (rgb [][3]int, at [][2]float64) {
	tb.t.Helper()
	js, err := json.Marshal(cells)
	if err != nil {
		tb.t.Fatal(err)
	}
	v := eval[[][]float64](tb, `(() => {
		const el = document.querySelector("#heatmap");
		const chart = echarts.getInstanceByDom(el);
		const ctx = `+chartCanvasJS+`;
		const k = ctx.canvas.width / el.getBoundingClientRect().width;
		return `+string(js)+`.map(([row, col]) => {
			const p = chart.convertToPixel({gridIndex: 0}, [col, row]);
			const d = ctx.getImageData(Math.floor(p[0] * k), Math.floor(p[1] * k), 1, 1).data;
			return [d[0], d[1], d[2], p[0], p[1]];
		});
	})()`)
	if len(v) != len(cells) {
		tb.t.Fatalf("read %d pixels of #heatmap, want %d", len(v), len(cells))
	}
	for _, p := range v {
		rgb = append(rgb, [3]int{int(p[0]), int(p[1]), int(p[2])})
		at = append(at, [2]float64{p[3], p[4]})
	}
	return rgb, at
}

// chartPixels returns the colour of the canvas of #heatmap at each point,
// in CSS pixels from the chart's top-left corner.
func (tb *tab) chartPixels(points [][2]float64) [][3]int {
	tb.t.Helper()
	js, err := json.Marshal(points)
	if err != nil {
		tb.t.Fatal(err)
	}
	v := eval[[][3]int](tb, `(() => {
		const el = document.querySelector("#heatmap");
		const ctx = `+chartCanvasJS+`;
		const k = ctx.canvas.width / el.getBoundingClientRect().width;
		return `+string(js)+`.map(([x, y]) => Array.from(ctx.getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data.slice(0, 3)));
	})()`)
	if len(v) != len(points) {
		tb.t.Fatalf("read %d pixels of #heatmap, want %d", len(v), len(points))
	}
	return v
}

// chartCanvasJS is a JavaScript expression: a 2D context holding what the
// chart el shows, its canvases drawn one over the other in their order (ECharts
// draws a heatmap series with labels, progressively, on several layers), each
// where it is on screen: an Overlay chart's picture (app/chart/chart_overlay.go)
// is a canvas of one pixel a cell that the browser scales, pixelated.
const chartCanvasJS = `(() => {
	const layers = Array.from(el.querySelectorAll("canvas")).filter((c) => c.style.display !== "none");
	const all = document.createElement("canvas");
	all.width = layers[0].width;
	all.height = layers[0].height;
	const ctx = all.getContext("2d");
	const box = layers[0].getBoundingClientRect(), k = all.width / box.width;
	for (const c of layers) {
		const r = c.getBoundingClientRect();
		ctx.imageSmoothingEnabled = c.style.imageRendering !== "pixelated";
		ctx.drawImage(c, (r.left - box.left) * k, (r.top - box.top) * k, r.width * k, r.height * k);
	}
	return ctx;
})()`

// nearColor reports whether every channel of a and b differs by at most d.
func nearColor(a, b [3]int, d int) bool {
	for k := range 3 {
		if a[k]-b[k] < -d || a[k]-b[k] > d {
			return false
		}
	}
	return true
}

// headWeights checks the page's result against cmd/attn (checkAgainstCLI)
// and returns it with the weights of the head the page shows.
func (tb *tab) headWeights(what string) (*result, [][]float64) {
	tb.t.Helper()
	r := tb.checkAgainstCLI(what)
	w, err := r.weights(tb.state().Head)
	if err != nil {
		tb.t.Fatal(err)
	}
	return r, w
}

// cellOnScreen scrolls the chart sel selects into view and returns where
// ECharts draws the middle of its cell (row, col), in CSS pixels of the
// viewport: where to point or click.
func (tb *tab) cellOnScreen(sel string, row, col int) [2]float64 {
	tb.t.Helper()
	p := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		el.scrollIntoView({block: "center"});
		const p = echarts.getInstanceByDom(el).convertToPixel({gridIndex: 0}, [%d, %d]);
		const r = el.getBoundingClientRect();
		return [r.left + p[0], r.top + p[1]];
	})()`, jsString(sel), col, row))
	return [2]float64{p[0], p[1]}
}

// cli runs cmd/attn for the settings of s and returns its result.
func cli(t *testing.T, s state) *result {
	t.Helper()
	if s.Mask != "none" && s.Mask != "causal" {
		t.Fatalf("state mask %q, want none or causal", s.Mask)
	}
	args := []string{
		"-text", s.Text,
		"-heads", strconv.Itoa(s.Heads),
		"-d-model", strconv.Itoa(s.DModel),
		"-seed", strconv.FormatInt(s.Seed, 10),
		"-causal=" + strconv.FormatBool(s.Mask == "causal"),
		"-positional=" + strconv.FormatBool(s.Positional),
		"-format", "json",
	}
	return runCLI(t, args)
}

// runCLI runs cmd/attn with args and returns its result.
func runCLI(t *testing.T, args []string) *result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(attnBinary, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("attn %q: %v: %s", args, err, stderr.String())
	}
	var r result
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatalf("attn %q: %v", args, err)
	}
	return &r
}

// checkAgainstCLI compares the page's result with cmd/attn's for the page's
// settings: the tokens, and every weight of every head and of the mean to
// within 1e-12.
func (tb *tab) checkAgainstCLI(what string) *result {
	tb.t.Helper()
	s := tb.state()
	got := tb.result()
	want := cli(tb.t, s)
	if !equalStrings(got.Tokens, want.Tokens) {
		tb.t.Fatalf("%s: page tokens %q, cmd/attn tokens %q", what, got.Tokens, want.Tokens)
	}
	if len(got.Heads) != len(want.Heads) {
		tb.t.Fatalf("%s: page has %d heads, cmd/attn %d", what, len(got.Heads), len(want.Heads))
	}
	worst := 0.0
	compare := func(name string, g, w [][]float64) {
		if len(g) != len(w) {
			tb.t.Errorf("%s: %s has %d rows, cmd/attn %d", what, name, len(g), len(w))
			return
		}
		for i := range w {
			if len(g[i]) != len(w[i]) {
				tb.t.Errorf("%s: %s row %d has %d columns, cmd/attn %d", what, name, i, len(g[i]), len(w[i]))
				return
			}
			for j := range w[i] {
				d := math.Abs(g[i][j] - w[i][j])
				worst = max(worst, d)
				if !(d <= 1e-12) {
					tb.t.Errorf("%s: %s[%d][%d] = %v, cmd/attn %v", what, name, i, j, g[i][j], w[i][j])
					return
				}
			}
		}
	}
	for h := range want.Heads {
		compare(fmt.Sprintf("heads[%d].weights", h), got.Heads[h].Weights, want.Heads[h].Weights)
	}
	compare("weights_mean", got.WeightsMean, want.WeightsMean)
	if !tb.t.Failed() {
		tb.t.Logf("ok: %s: %d tokens, %d heads, d_model %d, seed %d, mask %s: every weight matches cmd/attn (largest difference %.3g)",
			what, len(got.Tokens), s.Heads, s.DModel, s.Seed, s.Mask, worst)
	}
	return got
}

// checkClean checks that the page logged no error, threw nothing, opened no
// dialog and requested nothing from another origin.
func (tb *tab) checkClean(what string) {
	tb.t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, e := range tb.errors {
		tb.t.Errorf("%s: console error: %s", what, e)
	}
	for _, d := range tb.dialogs {
		tb.t.Errorf("%s: a dialog opened: %s", what, d)
	}
	foreign := 0
	for _, r := range tb.requests {
		if !sameOrigin(r, tb.site.origin()) {
			foreign++
			tb.t.Errorf("%s: a request left the origin %s: %s", what, tb.site.origin(), r)
		}
	}
	if len(tb.errors) == 0 && len(tb.dialogs) == 0 && foreign == 0 {
		tb.t.Logf("ok: %s: no console error, no dialog, all %d requests to %s", what, len(tb.requests), tb.site.origin())
	}
}

// sameOrigin reports whether the URL u is on origin, or a data: or blob: URL
// (which are no requests to any host).
func sameOrigin(u, origin string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch p.Scheme {
	case "data", "blob":
		return true
	}
	return p.Scheme+"://"+p.Host == origin
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// showChart scrolls the chart sel selects to the middle of the screen and
// waits until it has drawn what it holds: a Lazy chart (the compare view's
// masks pair) draws only near the screen, and marks its element
// data-waiting until then.
func (tb *tab) showChart(sel string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, fmt.Sprintf(`document.querySelector(%s).scrollIntoView({block: "center"})`, jsString(sel)))
	tb.waitFor(sel+" drawn", chartDrawnJS(sel), 10*time.Second)
	tb.settle()
}

// chartDrawnJS is a script that says whether the chart sel selects has
// drawn what it holds: it does not wait (data-waiting), and ECharts has a
// series.
func chartDrawnJS(sel string) string {
	return fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		const c = el && !el.hasAttribute("data-waiting") && echarts.getInstanceByDom(el);
		const o = c && c.getOption();
		return !!(o && o.series && o.series.length);
	})()`, jsString(sel))
}
