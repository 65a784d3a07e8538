package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// The breakdown of a first load (-profile): when each step of the load
// came, from navigation start, and the main thread's CPU time between
// consecutive steps, in traced fresh loads of each page, alternating
// (docs/performance.md, "The live first render (session 11)").

// instantiateHook marks when WebAssembly.instantiateStreaming, or
// WebAssembly.instantiate of a module compiled elsewhere (the app's wasm
// loader worker), resolves: the wasm compiled and instantiated, Go about to
// start. The bench adds it to the page before its scripts run; the page
// itself is unchanged.
const instantiateHook = `(() => {
  const hook = (name) => {
    const f = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      return f.apply(this, args).then((r) => { performance.mark("bench:instantiated"); return r; });
    };
  };
  hook("instantiateStreaming");
  hook("instantiate");
})();`

// breakdownStep is a point of a first load.
type breakdownStep struct{ key, label string }

// breakdownSteps are the points, in the order a load reaches them; a page
// lacks those it does not mark (the bare page has no attnviz:mounted).
var breakdownSteps = []breakdownStep{
	{"html", "the HTML's last byte"},
	{"dcl", "DOMContentLoaded"},
	{"wasm", "app.wasm's last byte"},
	{"bench:instantiated", "instantiated"},
	{"attnviz:main", "Go's main() starts"},
	{"attnviz:mounted", "go-app has mounted the first render"},
	{"attnviz:first-render", "the first chart drawn (the mark)"},
	{"paint", "the first paint after the mark"},
}

// breakdownLoad is one traced load: each step's time and the main thread's
// CPU time of the segment that ends there, in ms.
type breakdownLoad struct {
	at, cpu map[string]float64
}

// breakdownEntries reads a loaded page's timing entries as steps.
const breakdownEntries = `JSON.stringify({
  nav: performance.getEntriesByType("navigation")[0],
  wasm: performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/app.wasm")).map((e) => e.responseEnd),
  marks: performance.getEntriesByType("mark").map((e) => [e.name, e.startTime]),
})`

// traceBreakdown loads pageURL once in a fresh Chromium, traced as
// traceFirstLoad traces, writes the trace to path, and returns the load's
// breakdown.
func traceBreakdown(ctx context.Context, execPath, pageURL, path string) (breakdownLoad, error) {
	c, err := startFresh(ctx, execPath, nil)
	if err != nil {
		return breakdownLoad{}, err
	}
	defer c.Close()
	if _, err := chromedp.Call(c.ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: instantiateHook}); err != nil {
		return breakdownLoad{}, err
	}
	var entries string
	if _, err := recordTrace(ctx, c, path, func() error {
		if _, err := navigate(c, pageURL); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond) // the paint after the mark
		entries, err = evalAwait[string](c.ctx, 10*time.Second, breakdownEntries)
		return err
	}); err != nil {
		return breakdownLoad{}, err
	}
	l, err := parseEntries(entries)
	if err != nil {
		return l, err
	}
	events, err := readTraceEvents(path)
	if err != nil {
		return l, err
	}
	return l, segmentCPU(events, &l)
}

// parseEntries reads breakdownEntries' JSON into a load's step times.
func parseEntries(js string) (breakdownLoad, error) {
	var e struct {
		Nav struct {
			ResponseEnd              float64 `json:"responseEnd"`
			DomContentLoadedEventEnd float64 `json:"domContentLoadedEventEnd"`
		} `json:"nav"`
		Wasm  []float64            `json:"wasm"`
		Marks [][2]json.RawMessage `json:"marks"`
	}
	if err := json.Unmarshal([]byte(js), &e); err != nil {
		return breakdownLoad{}, fmt.Errorf("reading the load's timing entries: %w", err)
	}
	l := breakdownLoad{at: map[string]float64{"html": e.Nav.ResponseEnd, "dcl": e.Nav.DomContentLoadedEventEnd}, cpu: map[string]float64{}}
	if len(e.Wasm) > 0 {
		l.at["wasm"] = e.Wasm[0]
	}
	for _, m := range e.Marks {
		var name string
		var t float64
		if json.Unmarshal(m[0], &name) != nil || json.Unmarshal(m[1], &t) != nil {
			continue
		}
		if _, seen := l.at[name]; !seen {
			l.at[name] = t
		}
	}
	return l, nil
}

// readTraceEvents reads the events of the trace at path.
func readTraceEvents(path string) ([]cpuEvent, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var tr struct {
		TraceEvents []cpuEvent `json:"traceEvents"`
	}
	return tr.TraceEvents, json.Unmarshal(b, &tr)
}

// segmentCPU fills l.cpu from the trace: the CPU time of the top-level tasks
// of the main thread that set the mark, each split among the segments it
// spans in proportion to its wall time; and l.at["paint"], the end of the
// main thread's first Paint or Commit after the mark.
func segmentCPU(events []cpuEvent, l *breakdownLoad) error {
	mark := slices.IndexFunc(events, func(e cpuEvent) bool { return e.Name == "attnviz:first-render" })
	if mark < 0 {
		return fmt.Errorf("the trace has no attnviz:first-render mark")
	}
	m := events[mark]
	origin := m.Ts - m.Args.Data.StartTime*1000
	main := mainThreadTasks(events, m)
	for _, e := range main {
		if e.Ts > m.Ts && (e.Name == "Commit" || e.Name == "Paint") {
			l.at["paint"] = (e.Ts + e.Dur - origin) / 1000
			break
		}
	}
	var steps []string
	for _, s := range breakdownSteps {
		if _, ok := l.at[s.key]; ok {
			steps = append(steps, s.key)
		}
	}
	slices.SortStableFunc(steps, func(a, b string) int { return cmpFloat(l.at[a], l.at[b]) })
	topEnd := math.Inf(-1)
	for _, e := range main {
		if e.Ts < topEnd {
			continue // nested in a task already counted
		}
		topEnd = e.Ts + e.Dur
		from, to := (e.Ts-origin)/1000, (e.Ts+e.Dur-origin)/1000
		lo := 0.0
		for _, s := range steps {
			hi := l.at[s]
			switch {
			case to > from && min(to, hi) > max(from, lo):
				l.cpu[s] += e.TDur / 1000 * (min(to, hi) - max(from, lo)) / (to - from)
			case to == from && from >= lo && from <= hi:
				l.cpu[s] += e.TDur / 1000
			}
			lo = hi
		}
	}
	return nil
}

// mainThreadTasks are the complete events of m's thread, in order, each
// enclosing event before those it encloses.
func mainThreadTasks(events []cpuEvent, m cpuEvent) []cpuEvent {
	var main []cpuEvent
	for _, e := range events {
		if e.Pid == m.Pid && e.Tid == m.Tid && e.Ph == "X" {
			main = append(main, e)
		}
	}
	slices.SortStableFunc(main, func(a, b cpuEvent) int {
		if a.Ts != b.Ts {
			return cmpFloat(a.Ts, b.Ts)
		}
		return cmpFloat(b.Dur, a.Dur)
	})
	return main
}

// profileBreakdown traces cfg.loads first loads of each served page, in
// turn, into cfg.profileDir, and logs each page's breakdown.
func profileBreakdown(ctx context.Context, cfg config, sites []*site) {
	loads := make([][]breakdownLoad, len(sites))
	for i := range cfg.loads {
		for k, s := range sites {
			if s.srv == nil {
				continue
			}
			path := filepath.Join(cfg.profileDir, fmt.Sprintf("breakdown-%s-%d.trace.json", strings.ReplaceAll(s.name, " ", "-"), i+1))
			l, err := traceBreakdown(ctx, cfg.chromium, s.srv.URL+"/", path)
			if err != nil {
				log.Printf("breakdown of the %s: %v", s.name, err)
				continue
			}
			loads[k] = append(loads[k], l)
		}
	}
	for k, s := range sites {
		if len(loads[k]) > 0 {
			log.Printf("breakdown of the %s's first load, medians of %d traced loads:\n%s", s.name, len(loads[k]), breakdownTable(loads[k]))
		}
	}
}

// breakdownTable is the medians of loads, a line a step: when it came, and
// the main thread's CPU time since the step before.
func breakdownTable(loads []breakdownLoad) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %-40s %10s %12s\n", "step", "at (ms)", "CPU (ms)")
	for _, s := range breakdownSteps {
		var at, cpu []float64
		for _, l := range loads {
			if t, ok := l.at[s.key]; ok {
				at, cpu = append(at, t), append(cpu, l.cpu[s.key])
			}
		}
		if len(at) > 0 {
			fmt.Fprintf(&b, "  %-40s %10.0f %12.1f\n", s.label, Median(at), Median(cpu))
		}
	}
	return b.String()
}
