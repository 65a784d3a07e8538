package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are the trace categories of DevTools' Performance panel
// that traceTyping records: tasks, script, style, layout, paint and GC.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
	"toplevel", "v8.execute", "v8", "__metadata",
}

// traceTyping records a Chromium trace while keystrokes are typed into the
// page c shows (as measureTyping left it), writes it to dir as
// <name>.trace.json (open it in DevTools' Performance panel, or in
// ui.perfetto.dev) and returns a summary of where the page's main thread
// spent its time. Like profileTyping, it is a pass of its own.
func traceTyping(ctx context.Context, c *chromium, dir, name string, keystrokes int) (string, error) {
	path, b, err := recordTrace(ctx, c, dir, name, func() error { return typeKeys(c, keystrokes) })
	if err != nil {
		return "", err
	}
	sum, err := summarizeTrace(b, keystrokes, "per keystroke", 15)
	if err != nil {
		return "", err
	}
	return path + "\n" + sum, nil
}

// traceFirstLoad records a Chromium trace of one first load of pageURL, in
// a fresh Chromium with the cache disabled (as measureFirstLoad loads it),
// from before the navigation to the first-render mark, writes it to dir as
// <name>.trace.json and returns a summary of where the page's main thread
// spent its time.
func traceFirstLoad(ctx context.Context, execPath, pageURL, dir, name string, timeout time.Duration) (string, error) {
	c, err := startChromium(ctx, execPath)
	if err != nil {
		return "", err
	}
	defer c.Close()
	if _, err := chromedp.Call(c.ctx, network.Enable, network.EnableParams{}); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		return "", err
	}
	var firstRender float64
	path, b, err := recordTrace(ctx, c, dir, name, func() error {
		nctx, cancel := context.WithTimeout(c.ctx, timeout)
		defer cancel()
		if err := chromedp.Do(nctx, chromedp.Navigate(pageURL)); err != nil {
			return fmt.Errorf("loading %s: %w", pageURL, err)
		}
		var err error
		firstRender, err = waitMark(c.ctx, timeout)
		return err
	})
	if err != nil {
		return "", err
	}
	sum, err := summarizeTrace(b, 1, "in the load", 15)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s\nfirst render at %.0f ms; %s", path, firstRender, sum), nil
}

// recordTrace records a Chromium trace of the page c shows while during
// runs, writes it to dir as <name>.trace.json and returns its path and
// JSON.
func recordTrace(ctx context.Context, c *chromium, dir, name string, during func() error) (string, []byte, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	var (
		mu     sync.Mutex
		events []json.RawMessage
		done   = make(chan struct{})
		once   sync.Once
	)
	lctx, stop := context.WithCancel(c.ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				events = append(events, json.RawMessage(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			once.Do(func() { close(done) })
		}
	}); err != nil {
		return "", nil, err
	}
	if _, err := chromedp.Call(c.ctx, tracing.Start, tracing.StartParams{
		TraceConfig: &tracing.TraceConfig{IncludedCategories: traceCategories},
	}); err != nil {
		return "", nil, err
	}
	if err := during(); err != nil {
		return "", nil, err
	}
	if _, err := chromedp.Call(c.ctx, tracing.End, cdp.Empty{}); err != nil {
		return "", nil, err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return "", nil, fmt.Errorf("the trace did not complete within 30 s")
	case <-ctx.Done():
		return "", nil, ctx.Err()
	}
	mu.Lock()
	b, err := json.Marshal(map[string]any{"traceEvents": events})
	mu.Unlock()
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, name+".trace.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", nil, err
	}
	return path, b, nil
}

// traceEvent is the part of a trace event that summarizeTrace reads.
type traceEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`   // µs
	Dur  float64        `json:"dur"`  // µs
	Tdur float64        `json:"tdur"` // µs of the thread's CPU time in it
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Args map[string]any `json:"args"`
}

// summarizeTrace returns the self time of each kind of complete event on
// the busiest renderer main thread of a trace (JSON with traceEvents),
// divided by per and labelled with unit ("per keystroke"): time in an
// event, less the time in the events nested in it.
func summarizeTrace(b []byte, per int, unit string, top int) (string, error) {
	var t struct {
		TraceEvents []traceEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return "", err
	}
	type thread struct{ pid, tid int }
	mains := map[thread]bool{}
	for _, e := range t.TraceEvents {
		if e.Ph == "M" && e.Name == "thread_name" && e.Args["name"] == "CrRendererMain" {
			mains[thread{e.Pid, e.Tid}] = true
		}
	}
	byThread := map[thread][]traceEvent{}
	for _, e := range t.TraceEvents {
		if th := (thread{e.Pid, e.Tid}); e.Ph == "X" && mains[th] {
			byThread[th] = append(byThread[th], e)
		}
	}
	var evs []traceEvent
	for _, es := range byThread {
		if len(es) > len(evs) {
			evs = es
		}
	}
	if len(evs) == 0 {
		return "no events on a renderer main thread", nil
	}
	// Sorted by start, the longer first: a parent precedes its children.
	sort.Slice(evs, func(i, j int) bool {
		return evs[i].Ts < evs[j].Ts || evs[i].Ts == evs[j].Ts && evs[i].Dur > evs[j].Dur
	})
	self := map[string]float64{}
	var stack []int // indices into evs of the open events
	for i, e := range evs {
		for len(stack) > 0 {
			p := evs[stack[len(stack)-1]]
			if e.Ts < p.Ts+p.Dur {
				break
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			p := evs[stack[len(stack)-1]]
			self[p.Name] -= min(e.Dur, p.Ts+p.Dur-e.Ts)
		}
		self[e.Name] += e.Dur
		stack = append(stack, i)
	}
	total := 0.0
	for _, v := range self {
		total += v
	}
	var sb strings.Builder
	div := float64(max(per, 1)) * 1000 // µs to ms, per unit
	fmt.Fprintf(&sb, "main thread busy %.1f ms %s; self time by event:\n", total/div, unit)
	for i, kv := range sortedShares(self) {
		if i == top {
			break
		}
		fmt.Fprintf(&sb, "  %6.2f ms  %s\n", kv.v/div, kv.k)
	}
	if line := updateTimes(t.TraceEvents, evs); line != "" {
		sb.WriteString(line)
	}
	return sb.String(), nil
}

// updateTimes pairs the attnviz:update measures of a trace and returns a
// line on their wall time against the CPU time of the main thread (evs,
// sorted as summarizeTrace sorts them) within them: on a busy machine a
// slow update can be one that waited for a core. "" when there are none.
func updateTimes(all, evs []traceEvent) string {
	if len(evs) == 0 {
		return ""
	}
	var marks []traceEvent
	for _, e := range all {
		if e.Name == "attnviz:update" && e.Pid == evs[0].Pid && (e.Ph == "b" || e.Ph == "e") {
			marks = append(marks, e)
		}
	}
	sort.SliceStable(marks, func(i, j int) bool { return marks[i].Ts < marks[j].Ts })
	type update struct{ wall, cpu float64 } // ms
	var ups []update
	for i := 0; i+1 < len(marks); i++ {
		if marks[i].Ph != "b" || marks[i+1].Ph != "e" {
			continue
		}
		b, e := marks[i].Ts, marks[i+1].Ts
		i++
		// The CPU time of the outermost events in [b, e), each counted
		// for the share of it that falls inside.
		c, end := 0.0, math.Inf(-1)
		for _, x := range evs {
			if x.Ts < end || x.Ts+x.Dur <= b || x.Ts >= e {
				continue
			}
			end = x.Ts + x.Dur
			if x.Dur > 0 {
				c += x.Tdur * (min(end, e) - max(x.Ts, b)) / x.Dur
			}
		}
		ups = append(ups, update{(e - b) / 1000, c / 1000})
	}
	if len(ups) == 0 {
		return ""
	}
	var wall, cpu []float64
	for _, u := range ups {
		wall, cpu = append(wall, u.wall), append(cpu, u.cpu)
	}
	sort.Slice(ups, func(i, j int) bool { return ups[i].wall > ups[j].wall })
	var slow []string
	for _, u := range ups[:min(5, len(ups))] {
		slow = append(slow, fmt.Sprintf("%.1f / %.1f", u.wall, u.cpu))
	}
	return fmt.Sprintf("%d attnviz:update measures: median %.1f ms wall, %.1f ms of the main thread's CPU; the slowest (wall / CPU ms): %s\n",
		len(ups), Median(wall), Median(cpu), strings.Join(slow, ", "))
}
