package main

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// typingConfig is a setting the app is typed into at, with its target for
// the update p95 (ms).
type typingConfig struct {
	Tokens, Heads int
	P95           float64
}

// typingConfigs are the settings typed at.
var typingConfigs = []typingConfig{{Tokens: 16, Heads: 4, P95: 16}, {Tokens: 128, Heads: 8, P95: 50}}

func (t typingConfig) String() string { return fmt.Sprintf("%d tokens / %d heads", t.Tokens, t.Heads) }

// fragment is the link fragment that opens the app at t: its heads, and a
// sentence of t.Tokens plain words.
func (t typingConfig) fragment() string {
	return fmt.Sprintf("#heads=%d&text=%s", t.Heads, url.PathEscape(words(t.Tokens, 0)))
}

// typingResult is what typing into #sentence gave.
type typingResult struct {
	Config      typingConfig
	DModel      int       // the page's d_model
	UpdatesMs   []float64 // the attnviz:update measures, one per keystroke
	LongTasksMs []float64 // the long tasks while typing
	LongTaskAPI bool      // PerformanceObserver supports "longtask"
	Stopped     bool      // the time budget ran out before all keystrokes
	Err         error
}

// benchJS is installed in the page: helpers that wait for the page's
// measures without polling its main thread hard, and follow long tasks.
const benchJS = `window.__bench = {
  updates() { return performance.getEntriesByName("attnviz:update", "measure").length; },
  // Resolves with the number of update measures once it reaches n, or with -1 after ms.
  waitUpdates(n, ms) {
    return new Promise((resolve) => {
      let tick, limit, obs;
      const finish = (v) => { obs.disconnect(); clearInterval(tick); clearTimeout(limit); resolve(v); };
      const check = () => { if (this.updates() >= n) finish(this.updates()); };
      obs = new PerformanceObserver(check);
      obs.observe({ type: "measure" });
      tick = setInterval(check, 50);
      limit = setTimeout(() => finish(-1), ms);
      check();
    });
  },
  focusEnd() {
    const el = document.querySelector("#sentence");
    if (!el) return false;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    return true;
  },
  startLongTasks() {
    this.long = [];
    this.longAPI = (PerformanceObserver.supportedEntryTypes || []).includes("longtask");
    if (this.longAPI) {
      this.longObs = new PerformanceObserver((l) => { for (const e of l.getEntries()) this.long.push(e.duration); });
      this.longObs.observe({ type: "longtask" });
    }
    return this.updates();
  },
  finish(start) {
    if (this.longObs) this.longObs.disconnect();
    const updates = performance.getEntriesByName("attnviz:update", "measure").slice(start).map((e) => e.duration);
    return { updates, long: this.long, longAPI: this.longAPI };
  },
};
window.__bench.focusEnd()`

// measureTyping opens the app at u, checks that it computed tc's tokens and
// heads, and types into #sentence with typeKeystrokes.
func measureTyping(c *chromium, u string, tc typingConfig, p pace) typingResult {
	res := typingResult{Config: tc}
	if _, res.Err = navigate(c, u); res.Err != nil {
		return res
	}
	type computed struct {
		Tokens int `json:"tokens"`
		Heads  int `json:"heads"`
		DModel int `json:"d_model"`
	}
	page, err := evalAwait[computed](c.ctx, 10*time.Second, `(() => {
  const s = window.attnviz.state(), st = typeof s === "string" ? JSON.parse(s) : s;
  return { tokens: JSON.parse(window.attnviz.result()).tokens.length, heads: st.heads, d_model: st.d_model };
})()`)
	res.Err = err
	if res.Err == nil && (page.Tokens != tc.Tokens || page.Heads != tc.Heads) {
		res.Err = fmt.Errorf("the link %s gave %d tokens and %d heads, want %d and %d", u, page.Tokens, page.Heads, tc.Tokens, tc.Heads)
	}
	if res.Err == nil {
		res.DModel = page.DModel
		typeKeystrokes(c, p, &res)
	}
	return res
}

// measureBareTyping types into the bare go-app page at u (bench/bare opened
// as /?input) as measureTyping types into the app: the framework's own cost
// of a keystroke (an input event, one component updated in go-app's next
// frame).
func measureBareTyping(c *chromium, u string, p pace) typingResult {
	var res typingResult
	if _, res.Err = navigate(c, u); res.Err == nil {
		typeKeystrokes(c, p, &res)
	}
	return res
}

// typeKeystrokes installs benchJS, focuses the end of #sentence and types
// p.keystrokes keystrokes with typeKey, each counted from the first, as the
// views section counts them: a student's first keystrokes, which run code
// the page has not run yet, are keystrokes too. It stops early once
// p.typingBudget has passed. It fills in res's measures, long tasks and
// Stopped, and Err when something failed.
func typeKeystrokes(c *chromium, p pace, res *typingResult) {
	ok, err := evalAwait[bool](c.ctx, 10*time.Second, benchJS)
	if err == nil && !ok {
		err = errors.New("the page has no #sentence to type into")
	}
	if err != nil {
		res.Err = err
		return
	}
	start, err := evalAwait[int](c.ctx, 5*time.Second, "window.__bench.startLongTasks()")
	if err != nil {
		res.Err = err
		return
	}
	count, stopAt := start, time.Now().Add(p.typingBudget)
	for i := 0; err == nil && i < p.keystrokes; i++ {
		// Stop early only after a Backspace, so the sentence is as set.
		if i > 0 && i%2 == 0 && time.Now().After(stopAt) {
			res.Stopped = true
			break
		}
		count, err = typeKey(c, i, count)
	}
	res.Err = err
	time.Sleep(300 * time.Millisecond) // let the last long-task entries arrive
	f, err := evalAwait[finished](c.ctx, 10*time.Second, fmt.Sprintf("window.__bench.finish(%d)", start))
	if res.Err == nil {
		res.Err = err
	}
	res.UpdatesMs, res.LongTasksMs, res.LongTaskAPI = f.Updates, f.Long, f.LongAPI
}

// finished is what window.__bench.finish returns.
type finished struct {
	Updates []float64 `json:"updates"`
	Long    []float64 `json:"long"`
	LongAPI bool      `json:"longAPI"`
}

// typeKey types keystroke i into the focused #sentence, a letter when i is
// even and a Backspace when odd, and waits for its attnviz:update measure,
// the count'th and one. It returns the new count.
func typeKey(c *chromium, i, count int) (int, error) { return typeKeyOf(c, "x", i, count) }

// typeKeyOf is typeKey typing key in place of x.
func typeKeyOf(c *chromium, key string, i, count int) (int, error) {
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
	return max(n, count), err
}

// cells are the median and p95 of t's updates, labelled, or why there are none.
func (t typingResult) cells(label string) (med, p95 cell) {
	if len(t.UpdatesMs) == 0 {
		why := "no measures"
		if t.Err != nil {
			why = t.Err.Error()
		}
		return missing(label, why), missing(label, why)
	}
	keys := fmt.Sprintf(" (%d keystrokes)", len(t.UpdatesMs))
	if t.Stopped {
		keys = fmt.Sprintf(" (%d keystrokes: time budget)", len(t.UpdatesMs))
	}
	m, v := Median(t.UpdatesMs), Percentile(t.UpdatesMs, 95)
	return cell{strings.TrimSpace(label + " " + FormatMs(m) + keys), m}, cell{strings.TrimSpace(label + " " + FormatMs(v) + keys), v}
}

// longest is the longest task while typing.
func (t typingResult) longest() cell {
	switch {
	case t.Err != nil && len(t.UpdatesMs) == 0 || !t.LongTaskAPI && len(t.UpdatesMs) == 0:
		return cell{"—", none.v}
	case !t.LongTaskAPI:
		return cell{"longtask entries not supported", none.v}
	case len(t.LongTasksMs) == 0:
		return cell{"none (no task ≥ 50 ms)", 0}
	}
	m, n := Max(t.LongTasksMs), len(t.LongTasksMs)
	return cell{fmt.Sprintf("%s (%d long task%s)", FormatMs(m), n, strings.Repeat("s", min(n-1, 1))), m}
}

func (r *results) typingRows() []Row {
	const sec = "page: typing into #sentence"
	bareMed, bareP95 := r.bareTyping.cells("bare")
	var rows []Row
	for _, t := range r.typing {
		med, p95 := t.cells("")
		fig := t.Config.String()
		medFig := "update median, " + fig
		if t.DModel > 0 {
			medFig += fmt.Sprintf(", d_model %d", t.DModel)
		}
		rows = append(rows,
			compare(sec, medFig, med, bareMed, target{}),
			compare(sec, "update p95, "+fig, p95, bareP95, target{fmt.Sprintf("≤ %g ms", t.Config.P95), t.Config.P95, false}),
			compare(sec, "longest task while typing, "+fig, t.longest(), none, targetLongTask))
	}
	med, p95 := r.bareTyping.cells("")
	const bare = "bare go-app page (one input, one line of text)"
	return append(rows, compare(sec, "update median, "+bare, med, none, target{}), compare(sec, "update p95, "+bare, p95, none, target{}))
}
