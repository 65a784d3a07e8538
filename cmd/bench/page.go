package main

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The performance entries of DESIGN.md's test hooks.
const (
	markFirstRender = "attnviz:first-render"
	measureUpdate   = "attnviz:update"

	// The elementtiming name of the picture of the first heatmap
	// (app.FirstPictureTiming).
	firstPictureTiming = "attnviz:first-heatmap"
)

// fileLoad is one request of a page load, as Chromium saw it.
type fileLoad struct {
	Path     string
	Bytes    int64 // encodedDataLength of Network.loadingFinished: what crossed the wire
	Encoding string
	Failed   string // the error text when the request failed
}

// firstLoad is one first visit of a page with an empty cache.
type firstLoad struct {
	Files         []fileLoad // the page's requests, largest first
	Total         int64
	ServerFiles   map[string]int64 // body bytes the server sent per path, service worker included
	ServerTotal   int64
	FirstRenderMs float64 // the mark's startTime: from navigation start
	PictureMs     float64 // when the build's picture of the first heatmap was painted, from navigation start; 0 without one
}

// schoolLink is the link a first load on a school connection is emulated
// on (schoolLinkLabel): a class of 30 sharing 100 Mbit/s gets about
// 3 Mbit/s each.
var schoolLink = network.Conditions{Latency: 50, DownloadThroughput: 3e6 / 8, UploadThroughput: 1e6 / 8}

const schoolLinkLabel = "3 Mbit/s down, 1 Mbit/s up, 50 ms (a class of 30 sharing 100 Mbit/s)"

// startFresh starts a fresh Chromium for a first load: its network
// followed, the cache disabled, and every request held to link unless it
// is nil.
func startFresh(ctx context.Context, execPath string, link *network.Conditions) (*chromium, error) {
	c, err := startChromium(ctx, execPath)
	if err != nil {
		return nil, err
	}
	err = func() error {
		if _, err := chromedp.Call(c.ctx, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(c.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return err
		}
		if link != nil {
			if _, err := chromedp.Call(c.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{link},
			}); err != nil {
				return fmt.Errorf("emulating the link: %w", err)
			}
		}
		return nil
	}()
	if err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// measureFirstLoad opens pageURL (served by srv) in a fresh Chromium with the
// cache disabled, on link unless it is nil, waits for the first-render
// mark, then for the network to go quiet (the service worker's precache
// included), and returns what was transferred.
func measureFirstLoad(ctx context.Context, execPath string, srv *siteServer, pageURL string, link *network.Conditions, timeout time.Duration) (firstLoad, error) {
	var res firstLoad
	c, err := startFresh(ctx, execPath, link)
	if err != nil {
		return res, err
	}
	defer c.Close()

	type request struct {
		url, encoding, failed string
		bytes                 int64
		done                  bool
	}
	var mu sync.Mutex
	requests := map[network.RequestID]*request{}
	get := func(id network.RequestID) *request {
		r := requests[id]
		if r == nil {
			r = &request{}
			requests[id] = r
		}
		return r
	}
	err = chromedp.Listen(c.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			get(ev.RequestID).url = ev.Request.URL
		case *network.EventResponseReceived:
			r := get(ev.RequestID)
			r.url = ev.Response.URL
			for k, v := range ev.Response.Headers {
				if strings.EqualFold(k, "content-encoding") {
					r.encoding = fmt.Sprint(v)
				}
			}
		case *network.EventLoadingFinished:
			r := get(ev.RequestID)
			r.bytes, r.done = int64(ev.EncodedDataLength), true
		case *network.EventLoadingFailed:
			r := get(ev.RequestID)
			r.failed, r.done = ev.ErrorText, true
		}
	})
	if err != nil {
		return res, err
	}

	srv.Reset()
	nctx, cancel := context.WithTimeout(c.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(nctx, chromedp.Navigate(pageURL)); err != nil {
		return res, fmt.Errorf("loading %s: %w", pageURL, err)
	}
	res.FirstRenderMs, err = waitMark(c.ctx, timeout)
	if err != nil {
		return res, err
	}
	if res.PictureMs, err = pictureTime(c.ctx); err != nil {
		return res, err
	}
	srv.WaitQuiet(ctx, 1500*time.Millisecond, 30*time.Second)
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		mu.Lock()
		pending := slices.ContainsFunc(mapValues(requests), func(r *request) bool { return !r.done })
		mu.Unlock()
		if !pending {
			break
		}
	}

	mu.Lock()
	byPath := map[string]*fileLoad{}
	for _, r := range requests {
		if r.url == "" || strings.HasPrefix(r.url, "data:") {
			continue
		}
		p := urlPath(r.url, srv.URL)
		f := byPath[p]
		if f == nil {
			f = &fileLoad{Path: p}
			byPath[p] = f
		}
		f.Bytes += r.bytes
		if r.encoding != "" {
			f.Encoding = r.encoding
		}
		if r.failed != "" {
			f.Failed = r.failed
		}
	}
	mu.Unlock()
	for _, f := range byPath {
		res.Files = append(res.Files, *f)
		res.Total += f.Bytes
	}
	slices.SortFunc(res.Files, func(a, b fileLoad) int {
		if a.Bytes != b.Bytes {
			return int(b.Bytes - a.Bytes)
		}
		return strings.Compare(a.Path, b.Path)
	})
	res.ServerFiles, res.ServerTotal = srv.Sent()
	return res, nil
}

func mapValues[K comparable, V any](m map[K]V) []V {
	vs := make([]V, 0, len(m))
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

// urlPath returns the path (and query) of u when it is on base, else u.
func urlPath(u, base string) string {
	rest, ok := strings.CutPrefix(u, base)
	if !ok {
		return u
	}
	if p, err := url.Parse(rest); err == nil {
		if p.Path == "" {
			return "/"
		}
		return p.Path
	}
	return rest
}

// waitMark waits for the first-render mark and returns its startTime.
func waitMark(ctx context.Context, timeout time.Duration) (float64, error) {
	js := fmt.Sprintf(`new Promise((resolve) => {
  const end = performance.now() + %d;
  const check = () => {
    const e = performance.getEntriesByName(%q, "mark")[0];
    if (e) resolve(e.startTime);
    else if (performance.now() > end) resolve(-1);
    else setTimeout(check, 20);
  };
  check();
})`, timeout.Milliseconds(), markFirstRender)
	ms, err := evalAwait[float64](ctx, timeout+5*time.Second, js)
	if err != nil {
		return 0, fmt.Errorf("waiting for the mark %s: %w", markFirstRender, err)
	}
	if ms < 0 {
		return 0, fmt.Errorf("no performance mark %s within %v", markFirstRender, timeout)
	}
	return ms, nil
}

// pictureTime returns when the page painted the picture of the first
// heatmap that the build pre-renders (app/first_picture.go): the renderTime
// of its PerformanceElementTiming entry, from navigation start. It returns
// 0 for a page without one (no script#first-picture in its head), or whose
// picture was not painted before the wasm replaced the pre-rendered page.
// Called once the page has drawn, when the entry of a painted picture is in
// the observer's buffer; the buffer is delivered in a task of its own, which
// a busy page can hold back: it waits for it up to 5 s.
func pictureTime(ctx context.Context) (float64, error) {
	js := fmt.Sprintf(`new Promise((resolve) => {
  if (!window.PerformanceElementTiming || !document.querySelector("script#first-picture")) return resolve(0);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === %q) resolve(e.renderTime || e.loadTime);
    }
  }).observe({ type: "element", buffered: true });
  setTimeout(() => resolve(0), 5000);
})`, firstPictureTiming)
	ms, err := evalAwait[float64](ctx, 10*time.Second, js)
	if err != nil {
		return 0, fmt.Errorf("reading the first heatmap's element timing: %w", err)
	}
	return ms, nil
}

// typingConfig is one setting of the typing measurement.
type typingConfig struct {
	Tokens, Heads int
}

func (t typingConfig) String() string { return fmt.Sprintf("%d tokens / %d heads", t.Tokens, t.Heads) }

// typingResult is what typing into #sentence gave.
type typingResult struct {
	Config        typingConfig
	Tokens, Heads int       // what the page said it computed
	DModel        int       // the page's d_model
	URL           string    // the page as loaded, with its settings
	UpdatesMs     []float64 // the attnviz:update measures, one per keystroke
	LongTasksMs   []float64 // the long tasks while typing
	LongTaskAPI   bool      // PerformanceObserver supports "longtask"
	Stopped       bool      // the time budget ran out before all keystrokes
	Err           error
}

// benchJS is installed in the page: helpers that wait for the page's
// measures without polling its main thread hard.
const benchJS = `window.__bench = {
  updates() { return performance.getEntriesByName("attnviz:update", "measure").length; },
  // Resolves with the number of update measures once it reaches n, or
  // with -1 after ms milliseconds.
  waitUpdates(n, ms) {
    return new Promise((resolve) => {
      if (this.updates() >= n) { resolve(this.updates()); return; }
      let done = false;
      const finish = (v) => { if (!done) { done = true; obs.disconnect(); clearInterval(tick); clearTimeout(limit); resolve(v); } };
      const check = () => { if (this.updates() >= n) finish(this.updates()); };
      const obs = new PerformanceObserver(check);
      obs.observe({ type: "measure" });
      const tick = setInterval(check, 50);
      const limit = setTimeout(() => finish(-1), ms);
    });
  },
  state() {
    if (!window.attnviz || !window.attnviz.state) return null;
    const s = window.attnviz.state();
    return typeof s === "string" ? JSON.parse(s) : s;
  },
  tokens() {
    const r = JSON.parse(window.attnviz.result());
    return (r.tokens || []).length;
  },
  error() {
    const e = document.querySelector("#error");
    return e ? e.textContent.trim() : "";
  },
  // Sets the sentence as a paste would and waits for its update.
  async setText(s, ms) {
    const el = document.querySelector("#sentence");
    if (!el) return { error: "the page has no #sentence" };
    const before = this.updates();
    el.value = s;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    const n = await this.waitUpdates(before + 1, ms);
    if (this.error()) return { error: "#error says: " + this.error() };
    if (n < 0) return { error: "no attnviz:update measure within " + ms + " ms of an input event" };
    try { return { tokens: this.tokens() }; } catch (e) { return { error: "window.attnviz.result(): " + e }; }
  },
  focusEnd() {
    const el = document.querySelector("#sentence");
    el.focus();
    const n = el.value.length;
    if (el.setSelectionRange) el.setSelectionRange(n, n);
    return true;
  },
  startLongTasks() {
    this.long = [];
    this.longAPI = (PerformanceObserver.supportedEntryTypes || []).includes("longtask");
    if (this.longAPI) {
      this.longObs = new PerformanceObserver((l) => { for (const e of l.getEntries()) this.long.push([e.startTime, e.duration]); });
      this.longObs.observe({ type: "longtask" });
    }
    this.t0 = performance.now();
    return this.updates();
  },
  finish(start) {
    if (this.longObs) this.longObs.disconnect();
    return {
      updates: performance.getEntriesByName("attnviz:update", "measure").slice(start).map((e) => e.duration),
      long: this.long.filter((e) => e[0] >= this.t0).map((e) => e[1]),
      longAPI: this.longAPI,
    };
  },
};
true`

// stateURLs are the ways, tried in turn, to load the app with a number of
// heads, as URL suffixes with {heads} for the number. -app-state puts its own
// first.
var stateURLs = []string{"?heads={heads}", "#heads={heads}"}

// openWithHeads loads the app until its state says it has heads heads.
func openWithHeads(ctx context.Context, c *chromium, base string, heads int, templates []string, timeout time.Duration) (string, error) {
	var seen []string
	for _, t := range templates {
		u := base + strings.ReplaceAll(t, "{heads}", fmt.Sprint(heads))
		nctx, cancel := context.WithTimeout(c.ctx, timeout)
		err := chromedp.Do(nctx, chromedp.Navigate(u))
		cancel()
		if err != nil {
			return "", fmt.Errorf("loading %s: %w", u, err)
		}
		if _, err := waitMark(c.ctx, timeout); err != nil {
			return "", err
		}
		if _, err := evalAwait[bool](c.ctx, 10*time.Second, benchJS); err != nil {
			return "", err
		}
		got, err := evalAwait[int](c.ctx, 10*time.Second, `(() => { const s = window.__bench.state(); return s ? (s.heads ?? s.Heads ?? 0) : -1; })()`)
		if err != nil {
			return "", err
		}
		if got == -1 {
			return "", fmt.Errorf("the page has no window.attnviz.state()")
		}
		if got == heads {
			return u, nil
		}
		seen = append(seen, fmt.Sprintf("%s gave %d", t, got))
	}
	return "", fmt.Errorf("could not set %d heads through the URL (%s); pass the app's URL format with -app-state", heads, strings.Join(seen, ", "))
}

// words makes a sentence of n plain words.
func words(n int) string {
	pool := strings.Fields("the quick brown fox jumps over a lazy dog while students watch every head attend to each word in turn")
	w := make([]string, n)
	for i := range w {
		w[i] = pool[i%len(pool)]
	}
	return strings.Join(w, " ")
}

// setTokens sets the sentence so that the page has want tokens, whatever
// its tokenizer, by adjusting the number of words.
func setTokens(ctx context.Context, c *chromium, want int) error {
	type setResult struct {
		Tokens int    `json:"tokens"`
		Error  string `json:"error"`
	}
	n := want
	var got []string
	for range 12 {
		r, err := evalAwait[setResult](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.setText(%q, 15000)", words(n)))
		if err != nil {
			return err
		}
		if r.Error != "" {
			// Too many tokens, say: try fewer words.
			got = append(got, fmt.Sprintf("%d words → %s", n, r.Error))
			if n == 1 {
				break
			}
			n = max(1, n*3/4)
			continue
		}
		got = append(got, fmt.Sprintf("%d words → %d tokens", n, r.Tokens))
		if r.Tokens == want {
			return nil
		}
		if r.Tokens <= 0 {
			n++
			continue
		}
		step := (want - r.Tokens) * n / r.Tokens
		if step == 0 {
			step = 1
			if want < r.Tokens {
				step = -1
			}
		}
		n = max(1, n+step)
	}
	return fmt.Errorf("could not reach %d tokens: %s", want, strings.Join(got, "; "))
}

// typeKey types keystroke i into the focused #sentence, a letter when i is
// even and a Backspace when odd, and waits for its attnviz:update measure:
// the count'th and one. It returns the new count.
func typeKey(c *chromium, i, count int) (int, error) {
	key := "x"
	if i%2 == 1 {
		key = "\b" // Backspace
	}
	if err := chromedp.Do(c.ctx, chromedp.KeyEvent(key)); err != nil {
		return count, err
	}
	n, err := evalAwait[int](c.ctx, 20*time.Second, fmt.Sprintf("window.__bench.waitUpdates(%d, 15000)", count+1))
	if err == nil && n < 0 {
		err = fmt.Errorf("keystroke %d gave no attnviz:update measure within 15 s", i+1)
	}
	if err != nil {
		return count, err
	}
	return n, nil
}

// measureTyping loads the app with cfg's settings in c and types keystrokes
// characters into #sentence, one at a time, waiting for each one's update:
// alternately a letter appended and deleted, so the number of tokens stays.
// The first warmup keystrokes are not counted. Typing stops early, with
// fewer keystrokes counted, once budget has passed.
func measureTyping(ctx context.Context, c *chromium, base string, cfg typingConfig, templates []string, warmup, keystrokes int, budget time.Duration) typingResult {
	res := typingResult{Config: cfg}
	u, err := openWithHeads(ctx, c, base, cfg.Heads, templates, 60*time.Second)
	if err != nil {
		res.Err = err
		return res
	}
	res.URL = u
	if err := setTokens(ctx, c, cfg.Tokens); err != nil {
		res.Err = err
		return res
	}
	typeKeystrokes(c, warmup, keystrokes, budget, &res)
	res.Tokens, _ = evalAwait[int](c.ctx, 5*time.Second, "window.__bench.tokens()")
	res.Heads, _ = evalAwait[int](c.ctx, 5*time.Second, "(() => { const s = window.__bench.state(); return s ? (s.heads ?? 0) : 0; })()")
	res.DModel, _ = evalAwait[int](c.ctx, 5*time.Second, "(() => { const s = window.__bench.state(); return s ? (s.d_model ?? 0) : 0; })()")
	return res
}

// bareInputQuery opens the bare page (bench/bare) with its <input
// id="sentence">, whose input events record attnviz:update as the app's do.
const bareInputQuery = "?input"

// measureBareTyping types into the bare go-app page at base as
// measureTyping types into the app: the framework's own cost of a
// keystroke (an input event, one component updated in go-app's next frame).
func measureBareTyping(c *chromium, base string, warmup, keystrokes int, budget time.Duration) typingResult {
	var res typingResult
	res.URL = base + bareInputQuery
	if err := openBare(c, res.URL, 60*time.Second); err != nil {
		res.Err = err
		return res
	}
	typeKeystrokes(c, warmup, keystrokes, budget, &res)
	return res
}

// openBare loads the bare page at u, waits for its first render and
// installs benchJS.
func openBare(c *chromium, u string, timeout time.Duration) error {
	nctx, cancel := context.WithTimeout(c.ctx, timeout)
	err := chromedp.Do(nctx, chromedp.Navigate(u))
	cancel()
	if err != nil {
		return fmt.Errorf("loading %s: %w", u, err)
	}
	if _, err := waitMark(c.ctx, timeout); err != nil {
		return err
	}
	if _, err := evalAwait[bool](c.ctx, 10*time.Second, benchJS); err != nil {
		return err
	}
	ok, err := evalAwait[bool](c.ctx, 5*time.Second, `!!document.querySelector("#sentence")`)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s has no #sentence (bench/bare renders it only with %s)", u, bareInputQuery)
	}
	return nil
}

// typeKeystrokes focuses the end of #sentence in the page c shows and types
// warmup, then keystrokes keys with typeKey, stopping early once budget has
// passed after the warmup. It fills in res's measures, long tasks and
// Stopped, and Err when something failed.
func typeKeystrokes(c *chromium, warmup, keystrokes int, budget time.Duration, res *typingResult) {
	if _, err := evalAwait[bool](c.ctx, 5*time.Second, "window.__bench.focusEnd()"); err != nil {
		res.Err = err
		return
	}
	count, err := evalAwait[int](c.ctx, 5*time.Second, "window.__bench.updates()")
	if err != nil {
		res.Err = err
		return
	}
	start := -1
	var stopAt time.Time
	for i := range warmup + keystrokes {
		if i == warmup {
			if start, err = evalAwait[int](c.ctx, 5*time.Second, "window.__bench.startLongTasks()"); err != nil {
				res.Err = err
				return
			}
			count = start
			stopAt = time.Now().Add(budget)
		}
		// Stop early only after a Backspace, so the sentence is as set.
		if i > warmup && i%2 == 0 && time.Now().After(stopAt) {
			res.Stopped = true
			break
		}
		if count, err = typeKey(c, i, count); err != nil {
			res.Err = err
			break
		}
	}
	time.Sleep(300 * time.Millisecond) // let the last long-task entries arrive
	if start >= 0 {
		type finish struct {
			Updates []float64 `json:"updates"`
			Long    []float64 `json:"long"`
			LongAPI bool      `json:"longAPI"`
		}
		f, err := evalAwait[finish](c.ctx, 10*time.Second, fmt.Sprintf("window.__bench.finish(%d)", start))
		if err != nil && res.Err == nil {
			res.Err = err
		}
		res.UpdatesMs, res.LongTasksMs, res.LongTaskAPI = f.Updates, f.Long, f.LongAPI
	}
}
