//go:build !wasm

package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// TestSwitchTrace, a tool rather than a test (it runs only with
// ATTNVIZ_SWITCH set to a comma-separated list of views), switches into
// each view as the bench does (cmd/bench/views.go): the page opened at
// #heads=8&text=<128 words> in another view, then, right after its first
// render (or a second after it settled, with ATTNVIZ_SWITCH_SETTLED), the
// link's fragment changed to the view. It prints the main thread's tasks by CPU time and,
// with ATTNVIZ_TRACE_DETAIL, what ran in those over 35 ms; with
// ATTNVIZ_PROFILE, a CPU profile of one more switch in a fresh tab (Go's
// names need a wasm built without -ldflags=-s). ATTNVIZ_SWITCH_AT
// ("16/4") changes the tokens and heads; ATTNVIZ_SWITCH_LINK is added to
// the link, ATTNVIZ_SWITCH_SHOT names an element to scroll to for the
// screenshot (the bench's Learn view: "&probe=c%20a%20f%20b%20e%20d%20a%20c%20h%20").
func TestSwitchTrace(t *testing.T) {
	views := os.Getenv("ATTNVIZ_SWITCH")
	if views == "" {
		t.Skip("ATTNVIZ_SWITCH not set")
	}
	tokens, heads := 128, 8
	if at := os.Getenv("ATTNVIZ_SWITCH_AT"); at != "" {
		if _, err := fmt.Sscanf(at, "%d/%d", &tokens, &heads); err != nil {
			t.Fatalf("ATTNVIZ_SWITCH_AT %q: %v", at, err)
		}
	}
	s := newSite(t, rootPrefix)
	if base := os.Getenv("ATTNVIZ_SWITCH_BASE"); base != "" {
		switchAB(t, s, base, frag(tokens, heads), strings.Split(views, ","))
		return
	}
	frag := frag(tokens, heads)
	for _, id := range strings.Split(views, ",") {
		t.Run(id, func(t *testing.T) {
			tb := switchFrom(t, s, frag, id)
			tb.observeLongTasks()
			tr := tb.startTrace(tb.prepareDetail()...)
			tb.switchInto(frag, id)
			if os.Getenv("ATTNVIZ_SWITCH_PASS") != "" {
				tb.benchPass(benchWords(128)) // the bench pastes 128 tokens at every size
			}
			cpu := tr.stop(tb)
			t.Logf("switching into %s at %d tokens / %d heads: %s; wall: %s", id, tokens, heads, cpuSummary(cpu), tb.longTasks())
			tb.logDetail(tr)
			if traceDetail() {
				t.Logf("phases: %s", tr.phases(tr.firstTs()))
				t.Logf("tasks over 50 ms of wall time:%s", tr.longWall(tr.firstTs(), 50))
			}
			if sel := os.Getenv("ATTNVIZ_SWITCH_SHOT"); sel != "" {
				// The artifact's screenshot shows sel.
				eval[chromedp.Void](tb, fmt.Sprintf(`document.querySelector(%s).scrollIntoView()`, jsString(sel)))
				time.Sleep(time.Second)
			}
			if js := os.Getenv("ATTNVIZ_SWITCH_JS"); js != "" {
				b, err := os.ReadFile(js)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %s", js, eval[string](tb, string(b)))
			}
			if os.Getenv("ATTNVIZ_PROFILE") != "" {
				tb := switchFrom(t, s, frag, id)
				logProfile(t, tb.profile(func() { tb.switchInto(frag, id) }))
			}
		})
	}
}

// frag is the bench's link of tokens and heads, and ATTNVIZ_SWITCH_LINK.
func frag(tokens, heads int) string {
	return fmt.Sprintf("heads=%d&text=%s", heads, url.PathEscape(benchWords(tokens))) + os.Getenv("ATTNVIZ_SWITCH_LINK")
}

// switchAB switches into each view on s and on the site built in the
// directory base (another revision's), alternately, ATTNVIZ_SWITCH_ROUNDS
// times (default 4), and prints each switch's longest task and total by
// CPU time, with the bench's pass (benchPass) under ATTNVIZ_SWITCH_PASS.
func switchAB(t *testing.T, s *site, base, frag string, views []string) {
	srv := httptest.NewServer(withContentTypes(http.FileServer(http.Dir(base))))
	t.Cleanup(srv.Close)
	sites := []*site{s, {srv: srv}}
	rounds := 4
	if r := os.Getenv("ATTNVIZ_SWITCH_ROUNDS"); r != "" {
		fmt.Sscan(r, &rounds)
	}
	for _, id := range views {
		longest, total := [2][]float64{}, [2][]float64{}
		for r := range rounds {
			for k := range sites {
				k = (k + r) % 2
				tb := switchFrom(t, sites[k], frag, id)
				tr := tb.startTrace()
				tb.switchInto(frag, id)
				if os.Getenv("ATTNVIZ_SWITCH_PASS") != "" {
					tb.benchPass(benchWords(128))
				}
				cpu := tr.stop(tb)
				longest[k] = append(longest[k], slices.Max(cpu))
				sum := 0.0
				for _, x := range cpu {
					sum += x
				}
				total[k] = append(total[k], sum)
			}
		}
		for k, name := range []string{"this build", "base " + base} {
			t.Logf("%s, %s: longest task's CPU %s ms; all tasks %s ms", id, name, fmtMs(longest[k]), fmtMs(total[k]))
		}
	}
}

// fmtMs formats ms sorted, to a tenth.
func fmtMs(ms []float64) string {
	s := slices.Sorted(slices.Values(ms))
	parts := make([]string, len(s))
	for i, x := range s {
		parts[i] = fmt.Sprintf("%.1f", x)
	}
	return strings.Join(parts, ", ")
}

// switchFrom opens a tab of s at frag in a view other than id.
func switchFrom(t *testing.T, s *site, frag, id string) *tab {
	from := "attention"
	if id == from {
		from = "pipeline"
	}
	tb := newTab(t, s)
	tb.open(s.URL() + "#" + frag + "&view=" + from)
	if os.Getenv("ATTNVIZ_SWITCH_SETTLED") != "" {
		tb.settle()
		time.Sleep(time.Second) // the charts' queue and the idle warm-ups
	}
	return tb
}

// switchInto changes the link's fragment to view id and waits until the
// page shows it and its charts have had time to draw.
func (tb *tab) switchInto(frag, id string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, "location.hash = "+jsString("#"+frag+"&view="+id))
	tb.waitFor("view "+id, fmt.Sprintf(`(s => (typeof s === "string" ? JSON.parse(s) : s).view === %q)(window.attnviz.state())`, id), 20*time.Second)
	time.Sleep(2 * time.Second)
}

// benchPass does in the view shown what cmd/bench's views section does
// after the switch (viewResult.typeAndPaste): 10 keystrokes into
// #sentence, heads 2 and 1, the causal mask on and off, and a paste of
// text, each after a performance mark "phase:<what>".
func (tb *tab) benchPass(text string) {
	tb.t.Helper()
	mark := func(what string) {
		eval[chromedp.Void](tb, fmt.Sprintf(`performance.mark(%s)`, jsString("phase:"+what)))
	}
	mark("typing")
	eval[chromedp.Void](tb, `(el => { el.focus(); el.setSelectionRange(el.value.length, el.value.length); })(document.querySelector("#sentence"))`)
	for i := range 10 {
		key := "x"
		if i%2 == 1 {
			key = "\b"
		}
		n := tb.updates()
		tb.do("a keystroke", chromedp.KeyEvent(key))
		tb.waitUpdates(n)
	}
	for _, sel := range []string{`#heads [data-head="1"]`, `#heads [data-head="0"]`, "#causal", "#causal"} {
		mark(sel)
		n := tb.updates()
		eval[chromedp.Void](tb, fmt.Sprintf(`document.querySelector(%s).click()`, jsString(sel)))
		tb.waitUpdates(n)
	}
	mark("paste")
	tb.setSentence(text)
	time.Sleep(time.Second)
}

// phases, after stop, lists the marks "phase:…" by their time after since.
func (tr *trace) phases(since float64) string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var b strings.Builder
	for _, e := range tr.events {
		if strings.HasPrefix(e.Name, "phase:") {
			fmt.Fprintf(&b, " %s at %.0f ms;", e.Name, (e.Ts-since)/1000)
		}
	}
	return b.String()
}

// profile returns V8's CPU profile of what f makes the page do.
func (tb *tab) profile(f func()) *profiler.Profile {
	tb.t.Helper()
	for _, err := range []error{
		call0(tb, profiler.Enable),
		func() error {
			_, err := chromedp.Call(tb.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100})
			return err
		}(),
		call0(tb, profiler.Start),
	} {
		if err != nil {
			tb.t.Fatal(err)
		}
	}
	f()
	res, err := chromedp.Call(tb.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		tb.t.Fatal(err)
	}
	return res.Profile
}

// logProfile logs the functions of prof by inclusive and by self time, and
// the callers of each function named in callers (also those ATTNVIZ_CALLERS
// names, comma-separated), with their time.
func logProfile(t *testing.T, prof *profiler.Profile, callers ...string) {
	parent := map[int64]int64{}
	name := map[int64]string{}
	for _, n := range prof.Nodes {
		name[n.ID] = n.CallFrame.FunctionName
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	incl, self := map[string]float64{}, map[string]float64{}
	for i, id := range prof.Samples {
		if i >= len(prof.TimeDeltas) {
			break
		}
		d := float64(prof.TimeDeltas[i]) / 1000
		self[name[id]] += d
		seen := map[string]bool{}
		for n, ok := id, true; ok; n, ok = parent[n] {
			if !seen[name[n]] {
				seen[name[n]] = true
				incl[name[n]] += d
			}
		}
	}
	top := func(m map[string]float64, k int) {
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool { return m[names[i]] > m[names[j]] })
		for _, n := range names[:min(k, len(names))] {
			t.Logf("%8.1f ms  %s", m[n], n)
		}
	}
	for _, fn := range append(callers, strings.Split(os.Getenv("ATTNVIZ_CALLERS"), ",")...) {
		if fn == "" {
			continue
		}
		callers := map[string]float64{}
		for i, id := range prof.Samples {
			if i >= len(prof.TimeDeltas) {
				break
			}
			var path []string
			for n, ok := id, true; ok; n, ok = parent[n] {
				path = append(path, name[n])
			}
			if k := slices.Index(path, fn); k >= 0 {
				callers[strings.Join(path[k:min(k+12, len(path))], " < ")] += float64(prof.TimeDeltas[i]) / 1000
			}
		}
		t.Logf("callers of %s:", fn)
		top(callers, 8)
	}
	t.Log("inclusive:")
	top(incl, 150)
	t.Log("self:")
	top(self, 40)
}

// longWall, after stop, lists the main-thread tasks of over minWall ms of
// wall time: when (ms after since), wall and CPU, and their largest events
// by wall time (wall/CPU ms).
func (tr *trace) longWall(since, minWall float64) string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var b strings.Builder
	for _, task := range tr.events {
		if task.Ph != "X" || task.Name != "ThreadControllerImpl::RunTask" || task.Dur/1000 <= minWall ||
			task.Pid != tr.mainThread.pid || task.Tid != tr.mainThread.tid {
			continue
		}
		fmt.Fprintf(&b, "\n  task at %.0f ms: %.1f ms wall, %.1f ms CPU:", (task.Ts-since)/1000, task.Dur/1000, task.TDur/1000)
		wall, cpu := map[string]float64{}, map[string]float64{}
		for _, e := range tr.events {
			if e.Ph != "X" || e.Pid != task.Pid || e.Tid != task.Tid || e.Ts < task.Ts || e.Ts+e.Dur > task.Ts+task.Dur || e.Name == task.Name {
				continue
			}
			wall[e.Name] += e.Dur / 1000
			cpu[e.Name] += e.TDur / 1000
		}
		names := make([]string, 0, len(wall))
		for n := range wall {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool { return wall[names[i]] > wall[names[j]] })
		for _, n := range names[:min(12, len(names))] {
			fmt.Fprintf(&b, " %s %.1f/%.1f;", n, wall[n], cpu[n])
		}
	}
	return b.String()
}

// TestFirstBaseProfile, a tool (ATTNVIZ_PROFILE=1), profiles the first
// keystroke that changes the number of tokens on a first visit (whose
// heatmap's base came from the build, app/chart/base_seeds.go): the first
// base the page makes itself. ATTNVIZ_CALLERS as for TestSwitchTrace. With
// ATTNVIZ_SWITCH_BASE, no profile: that keystroke's longest task by CPU
// time on this build and on that one, alternately, ATTNVIZ_SWITCH_ROUNDS
// times.
func TestFirstBaseProfile(t *testing.T) {
	base := os.Getenv("ATTNVIZ_SWITCH_BASE")
	if os.Getenv("ATTNVIZ_PROFILE") == "" && base == "" {
		t.Skip("neither ATTNVIZ_PROFILE nor ATTNVIZ_SWITCH_BASE set")
	}
	sites := []*site{newSite(t, rootPrefix)}
	rounds := 2
	if base != "" {
		srv := httptest.NewServer(withContentTypes(http.FileServer(http.Dir(base))))
		t.Cleanup(srv.Close)
		sites = append(sites, &site{srv: srv})
		rounds = 4
		if r := os.Getenv("ATTNVIZ_SWITCH_ROUNDS"); r != "" {
			fmt.Sscan(r, &rounds)
		}
	}
	longest := make([][]float64, len(sites))
	for r := range rounds {
		for k := range sites {
			k = (k + r) % len(sites)
			tb := newTab(t, sites[k])
			tb.open(sites[k].URL())
			tb.waitFor("the warm-up collection", `performance.getEntriesByName("attnviz:warm-gc").length > 0`, 30*time.Second)
			time.Sleep(1500 * time.Millisecond) // and the idle periods after it
			if js := os.Getenv("ATTNVIZ_SWITCH_JS"); js != "" && k == 0 {
				b, err := os.ReadFile(js)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %s", js, eval[string](tb, string(b)))
			}
			sentence := eval[string](tb, `document.querySelector("#sentence").value`)
			tr := tb.startTrace()
			if base != "" {
				tb.setSentence(sentence + " again")
				longest[k] = append(longest[k], slices.Max(tr.stop(tb)))
				continue
			}
			prof := tb.profile(func() { tb.setSentence(sentence + " again") })
			t.Logf("the keystroke: %s", cpuSummary(tr.stop(tb)))
			logProfile(t, prof)
		}
	}
	if base != "" {
		t.Logf("the first keystroke of a new length, longest task's CPU: this build %s ms; base %s %s ms", fmtMs(longest[0]), base, fmtMs(longest[1]))
	}
}
