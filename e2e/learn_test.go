//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// training is window.attnviz.training().
type training struct {
	Task     string   `json:"task"`
	Step     int      `json:"step"`
	Loss     *float64 `json:"loss"`
	Accuracy *float64 `json:"accuracy"`
	Running  bool     `json:"running"`
}

// training returns window.attnviz.training().
func (tb *tab) training() training {
	tb.t.Helper()
	raw := eval[string](tb, `JSON.stringify(window.attnviz.training())`)
	var tr training
	if err := json.Unmarshal([]byte(raw), &tr); err != nil {
		tb.t.Fatalf("window.attnviz.training() = %s: %v", raw, err)
	}
	return tr
}

// openLearn opens the Learn view with the link state link (after "#").
func (tb *tab) openLearn(s *site, link string) {
	tb.t.Helper()
	tb.open(s.URL() + "#view=learn&" + link)
	tb.waitFor("the Learn view", `!!window.attnviz.training()`, 20*time.Second)
}

// trainUntilStopped presses #train and waits until training stops by
// itself, at step want.
func (tb *tab) trainUntilStopped(want int) training {
	tb.t.Helper()
	tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
	tb.waitFor("training to stop at step "+strconv.Itoa(want),
		fmt.Sprintf(`(t => t && !t.running && t.step === %d)(window.attnviz.training())`, want), 120*time.Second)
	return tb.training()
}

// argmaxRows returns the column of each row's largest weight.
func argmaxRows(w [][]float64) []int {
	out := make([]int, len(w))
	for i, row := range w {
		for j, x := range row {
			if x > row[out[i]] {
				out[i] = j
			}
		}
	}
	return out
}

// attnTrain runs attn train for the run, writing the model to a file, and
// returns the file's bytes; it skips when cmd/attn has no train command.
func attnTrain(t *testing.T, task string, seed, steps int, lr string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "model.json")
	args := []string{"train", "-task", task, "-seed", strconv.Itoa(seed), "-steps", strconv.Itoa(steps), "-lr", lr, "-out", out}
	cmd := exec.Command(attnBinary, args...)
	b, err := cmd.CombinedOutput()
	if err != nil {
		if strings.Contains(string(b), "train") && !strings.Contains(string(b), "task") {
			t.Skipf("cmd/attn has no train command yet: %s", firstLine(string(b)))
		}
		t.Fatalf("attn %q: %v: %s", args, err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// firstLine returns s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TestLearnReverse trains reverse through the page until it stops at
// until=, and checks the accuracy, the anti-diagonal in every head of the
// trained layer, that the exported model is attn train's byte for byte, and
// that the link reopens the same weights.
func TestLearnReverse(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=3&until=150")
	start := time.Now()
	tr := tb.trainUntilStopped(150)
	t.Logf("reverse: step %d after %v, loss %v, accuracy %v", tr.Step, time.Since(start).Round(time.Millisecond), deref(tr.Loss), deref(tr.Accuracy))
	if tr.Task != "reverse" || tr.Accuracy == nil || *tr.Accuracy < 0.99 {
		t.Errorf("training() = %+v, want task reverse and held-out accuracy ≥ 0.99", tr)
	}
	r := tb.result()
	n := len(r.Tokens)
	if n < 2 || len(r.Heads) == 0 {
		t.Fatalf("result(): %d tokens, %d heads", n, len(r.Heads))
	}
	for h, head := range r.Heads {
		for i, j := range argmaxRows(head.Weights) {
			if j != n-1-i {
				t.Errorf("head %d, row %d: largest weight at key %d, want the anti-diagonal's %d", h, i, j, n-1-i)
			}
		}
	}
	page := eval[string](tb, `window.attnviz.model()`)
	if cli := attnTrain(t, "reverse", 3, 150, "0.01"); string(cli) != page {
		t.Errorf("model() (%d bytes) differs from attn train -out (%d bytes)", len(page), len(cli))
	}
	tb.checkReopens(s, page)
	tb.checkOpenMatrices(r)
	tb.checkClean("training reverse")
}

// checkOpenMatrices opens the trained layer in the matrices view and checks
// that it computes the same weights from the layer's X and weights.
func (tb *tab) checkOpenMatrices(learned *result) {
	tb.t.Helper()
	// No tb.click: the button's view is gone after the click, and with it
	// the context of the frame that would record the update measure.
	tb.do("clicking #open-matrices", chromedp.Click(chromedp.CSS("#open-matrices")))
	tb.waitFor("the matrices view", `window.attnviz.state().view === "matrices"`, 10*time.Second)
	tb.settle()
	got := tb.result()
	if !equalStrings(got.Tokens, learned.Tokens) || len(got.Heads) != len(learned.Heads) {
		tb.t.Fatalf("the matrices view shows tokens %q and %d heads, want %q and %d", got.Tokens, len(got.Heads), learned.Tokens, len(learned.Heads))
	}
	for h := range got.Heads {
		sameWeights(tb.t, fmt.Sprintf("matrices view, head %d", h), got.Heads[h].Weights, learned.Heads[h].Weights)
	}
}

// checkReopens opens the page's link in a second tab and checks that it
// retrains to the same step and exports the same model, byte for byte.
func (tb *tab) checkReopens(s *site, model string) {
	tb.t.Helper()
	want := tb.training().Step
	tb.waitFor("the link's step count", fmt.Sprintf(`location.hash.includes("&steps=%d&")`, want), 5*time.Second)
	link := eval[string](tb, `location.href`)
	tb2 := newTab(tb.t, s)
	tb2.open(link)
	tb2.waitFor("retraining to the link's step", fmt.Sprintf(`(t => t && t.step === %d && !t.running)(window.attnviz.training())`, want), 120*time.Second)
	if got := eval[string](tb2, `window.attnviz.model()`); got != model {
		tb.t.Errorf("the link %s reopens another model (%d bytes, want %d)", link, len(got), len(model))
	} else {
		tb.t.Logf("ok: the link retrains to step %d and exports the same %d bytes", want, len(got))
	}
	tb2.checkClean("reopening the link")
}

// TestLearnPrevious trains previous with #train until the held-out
// accuracy reaches 0.99, pauses, and checks the diagonal below the main one
// in the trained layer; meanwhile it types in the probe box and checks that
// the page answers while training runs.
func TestLearnPrevious(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=previous&seed=2&until=2000")
	tb.observeLongTasks()
	tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
	tb.waitFor("training to start", `window.attnviz.training().running && window.attnviz.training().step > 3`, 30*time.Second)
	tb.checkProbeWhileRunning("a b c d e f g h i j")
	tb.waitFor("accuracy ≥ 0.99", `window.attnviz.training().accuracy >= 0.99`, 120*time.Second)
	tb.click("#train")
	tr := tb.training()
	if tr.Running {
		t.Fatalf("after #train again: %+v, want paused", tr)
	}
	t.Logf("previous: paused at step %d, accuracy %v; %s", tr.Step, deref(tr.Accuracy), tb.longTasks())
	r := tb.result()
	if !equalStrings(r.Tokens, strings.Fields("a b c d e f g h i j")) {
		t.Errorf("result() tokens %q, want the probe's", r.Tokens)
	}
	for h, head := range r.Heads {
		for i, j := range argmaxRows(head.Weights) {
			if i > 0 && j != i-1 {
				t.Errorf("head %d, row %d: largest weight at key %d, want %d, the token before", h, i, j, i-1)
			}
		}
	}
	tb.click("#step")
	tb.waitFor("one step more", fmt.Sprintf(`window.attnviz.training().step === %d`, tr.Step+1), 10*time.Second)
	tb.settle()
	if got := tb.training(); got.Step != tr.Step+1 || got.Running {
		t.Errorf("#step after step %d: %+v, want one step more, paused", tr.Step, got)
	}
	tb.click("#reset")
	tb.waitFor("step 0", `(t => t.step === 0 && t.loss === null && !t.running)(window.attnviz.training())`, 10*time.Second)
	tb.checkClean("training previous")
}

// observeLongTasks records the page's long tasks (over 50 ms) from now on,
// for longTasks: a figure for the log, never asserted (the machine's load
// decides it as much as the page).
func (tb *tab) observeLongTasks() {
	tb.t.Helper()
	eval[chromedp.Void](tb, `(() => {
		window.__longTasks = [];
		new PerformanceObserver(l => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({type: "longtask"});
	})()`)
}

// longTasks says how many long tasks observeLongTasks saw, and their
// median and longest durations.
func (tb *tab) longTasks() string {
	tb.t.Helper()
	d := eval[[]float64](tb, `window.__longTasks || []`)
	if len(d) == 0 {
		return "no long task"
	}
	sort.Float64s(d)
	return fmt.Sprintf("%d long tasks, median %.0f ms, longest %.0f ms", len(d), d[len(d)/2], d[len(d)-1])
}

// checkProbeWhileRunning types probe into the probe box while training
// runs, and checks that result() shows it before training has stopped.
func (tb *tab) checkProbeWhileRunning(probe string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector("#probe");
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true}));
	})()`, jsString(probe)))
	want := jsString(strings.Join(strings.Fields(probe), " "))
	tb.waitFor("the probe's result while training", fmt.Sprintf(`(r => r && JSON.parse(r).tokens.join(" ") === %s)(window.attnviz.result())`, want), 10*time.Second)
	if tr := tb.training(); !tr.Running {
		tb.t.Errorf("training stopped (%+v) before the check: it proves nothing", tr)
	} else {
		tb.t.Logf("ok: the probe's result showed while training ran, at step %d", tr.Step)
	}
}

// TestLearnDiverges trains coreference at learning rate 10 (typed into
// #lr), which diverges within a few dozen steps: the page stops, says so and
// what to change, and result() holds no NaN; the learning rate it suggests
// starts again from step 0.
func TestLearnDiverges(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=coreference&seed=1")
	tb.change("#lr", "10", "change")
	if st := eval[float64](tb, `window.attnviz.state().lr`); st != 10 {
		t.Fatalf("state().lr after typing 10: %v", st)
	}
	tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
	tb.waitFor("the divergence message", `!!document.querySelector("#learn-error")`, 120*time.Second)
	tb.settle()
	msg := eval[string](tb, `document.querySelector("#learn-error").textContent`)
	for _, want := range []string{"diverged", "Lower the learning rate", "(now 10)", "to 1;"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message %q lacks %q", msg, want)
		}
	}
	if tr := tb.training(); tr.Running || tr.Loss == nil {
		t.Errorf("training() after divergence = %+v, want stopped with the last finite loss", tr)
	}
	if js := tb.resultJSON(); js == "" || strings.Contains(js, "NaN") || strings.Contains(js, "Inf") {
		t.Errorf("result() after divergence: %.200q", js)
	}
	if eval[bool](tb, `!document.querySelector("#train").disabled`) {
		t.Error("#train still enabled after divergence")
	}
	if eval[bool](tb, `!document.querySelector("#export-model").disabled || !document.querySelector("#export-model").title.includes("no model")`) {
		t.Error("#export-model enabled after divergence, or not saying why not (a click did nothing)")
	}
	tb.change("#lr", "1", "change")
	tb.waitFor("a new run", `!document.querySelector("#learn-error") && window.attnviz.training().step === 0 && !document.querySelector("#train").disabled && !document.querySelector("#export-model").disabled`, 10*time.Second)
	tb.checkClean("a diverging run")
}

// TestLearnProbeUnknownWord types a word outside the task's vocabulary:
// the message names it, in both languages, and the charts stay.
func TestLearnProbeUnknownWord(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=1")
	before := tb.resultJSON()
	for _, lang := range []string{"en", "zh-Hans"} {
		tb.openLearn(s, "task=reverse&seed=1&lang="+lang)
		eval[chromedp.Void](tb, `(() => {
			const el = document.querySelector("#probe");
			el.value = "a b zebra c";
			el.dispatchEvent(new Event("input", {bubbles: true}));
		})()`)
		tb.waitFor("the probe's message", `!!document.querySelector("#probe-error")`, 10*time.Second)
		msg := eval[string](tb, `document.querySelector("#probe-error").textContent`)
		if !strings.Contains(msg, "zebra") {
			t.Errorf("%s: the message %q does not name the word", lang, msg)
		}
		if n := eval[int](tb, `document.querySelectorAll(".learn-map").length`); n != 0 {
			t.Errorf("%s: %d heatmaps shown for a rejected probe", lang, n)
		}
	}
	eval[chromedp.Void](tb, `(() => {
		const el = document.querySelector("#probe");
		el.value = "a b c d e f g h";
		el.dispatchEvent(new Event("input", {bubbles: true}));
	})()`)
	tb.waitFor("the probe's charts again", `!document.querySelector("#probe-error") && document.querySelectorAll(".learn-map").length > 0`, 10*time.Second)
	if got := tb.resultJSON(); got != before {
		t.Errorf("the sample probe's result changed after a rejected one")
	}
	tb.checkClean("an unknown word in the probe")
}

// deref returns *p, or NaN for nil.
func deref(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// TestLearnScreenshots saves the Learn view, trained part of the way, at
// 1280×800 and 390×844, in both languages.
func TestLearnScreenshots(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=previous&seed=1&until=150")
	tb.trainUntilStopped(150)
	tb.screenshots("learn", nil)
	tb.openLearn(s, "task=reverse&seed=1&steps=60&lang=zh-Hans")
	tb.waitFor("retraining to step 60", `window.attnviz.training().step === 60`, 60*time.Second)
	tb.screenshots("learn-zh", nil)
	tb.openLearn(s, "task=induction&seed=1&steps=30&lang=en")
	tb.waitFor("retraining to step 30", `window.attnviz.training().step === 30`, 120*time.Second)
	if n := eval[int](tb, `document.querySelectorAll(".learn-map").length`); n < 4 {
		t.Errorf("induction (two layers): %d heatmaps, want at least 2 per layer", n)
	}
	tb.screenshots("learn-induction", nil)
	// While coreference trains: the heatmaps now as pictures, redrawn in
	// place (app/chart/chart_repaint.go).
	tb.openLearn(s, "task=coreference&seed=1&until=3000")
	tb.waitFor("the charts", `!!echarts.getInstanceByDom(document.querySelector("#now-0-0"))`, 20*time.Second)
	eval[chromedp.Void](tb, `document.querySelector("#train").click()`)
	tb.waitFor("training past step 40", `window.attnviz.training().step > 40`, 60*time.Second)
	tb.screenshots("learn-training", func(w int64) {
		if tr := tb.training(); !tr.Running {
			t.Errorf("at %d px: training stopped (%+v) before the screenshot", w, tr)
		}
	})
	eval[chromedp.Void](tb, `document.querySelector("#train").click()`)
	tb.checkClean("the Learn view's screenshots")
}

// TestLearnWithoutWorker blocks the trainer's worker script: the page says
// so in the console, trains in slices itself, and exports the model that a
// worker trains.
func TestLearnWithoutWorker(t *testing.T) {
	s := newSite(t, rootPrefix)
	withWorker := newTab(t, s)
	withWorker.openLearn(s, "task=reverse&seed=7&until=40")
	withWorker.trainUntilStopped(40)
	want := eval[string](withWorker, `window.attnviz.model()`)

	s = siteWithoutWorker(t)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=7&until=40")
	tb.waitFor("the page to give up the worker", `!!window.attnviz.training()`, 10*time.Second)
	tb.trainUntilStopped(40)
	if got := eval[string](tb, `window.attnviz.model()`); got != want || got == "" {
		t.Errorf("without a worker, model() (%d bytes) differs from the worker's (%d bytes)", len(got), len(want))
	}
	tb.mu.Lock()
	console := strings.Join(tb.console, "\n")
	tb.mu.Unlock()
	if !strings.Contains(console, "trains without a worker") {
		t.Errorf("the console does not say that the page trains without a worker:\n%s", console)
	}
	withWorker.checkClean("training in a worker")
}

// siteWithoutWorker serves the site from a host without the worker's
// script (blocking it in the browser does not do: the service worker
// fetches it), so that the page trains by itself.
func siteWithoutWorker(t *testing.T) *site {
	files := http.FileServer(http.Dir(siteDirs[rootPrefix]))
	srv := httptest.NewServer(withContentTypes(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/trainworker.js") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})))
	t.Cleanup(srv.Close)
	return &site{srv: srv}
}

// TestLearnUnderPrefix trains on the site built for a sub-path: the
// worker's script, wasm_exec.js and its wasm are found there too.
func TestLearnUnderPrefix(t *testing.T) {
	s := newSite(t, subPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=1&until=20")
	tb.trainUntilStopped(20)
	if js := eval[string](tb, `window.attnviz.model() ?? ""`); !strings.Contains(js, `"steps":20`) {
		t.Errorf("model() under %s: %.120q", subPrefix, js)
	}
	tb.mu.Lock()
	fellBack := strings.Contains(strings.Join(tb.console, "\n"), "trains without a worker")
	tb.mu.Unlock()
	if fellBack {
		t.Errorf("under %s the page trained without its worker", subPrefix)
	}
	tb.checkClean("training under " + subPrefix)
}

// TestLearnAcrossViews starts training, shows another view meanwhile and
// comes back: training has gone on to where it stops, to the model attn
// train makes.
func TestLearnAcrossViews(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=4&until=120")
	tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
	tb.waitFor("training to run", `window.attnviz.training().running && window.attnviz.training().step > 5`, 30*time.Second)
	tb.showView("attention")
	// Long enough for the worker to get to the end meanwhile.
	tb.do("waiting in another view", chromedp.Sleep(6*time.Second))
	tb.showView("learn")
	tb.waitFor("training to stop at step 120", `(t => t && !t.running && t.step === 120)(window.attnviz.training())`, 120*time.Second)
	if got, want := eval[string](tb, `window.attnviz.model()`), attnTrain(t, "reverse", 4, 120, "0.01"); got != string(want) {
		t.Errorf("model() (%d bytes) differs from attn train's (%d bytes)", len(got), len(want))
	}
	tb.checkClean("training across views")
}
