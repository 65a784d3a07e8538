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
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are the trace categories of DevTools' Performance panel
// that recordTrace records (tasks, script, style, layout, paint and GC),
// and V8's WebAssembly work: streaming compilation and the lazy
// compilation of each function at its first call (wasm.CompileLazy).
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
	"toplevel", "v8.execute", "v8", "v8.wasm", "__metadata",
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
	c, err := startFresh(ctx, execPath, nil)
	if err != nil {
		return "", err
	}
	defer c.Close()
	path, b, err := recordTrace(ctx, c, dir, name, func() error {
		nctx, cancel := context.WithTimeout(c.ctx, timeout)
		defer cancel()
		if err := chromedp.Do(nctx, chromedp.Navigate(pageURL)); err != nil {
			return fmt.Errorf("loading %s: %w", pageURL, err)
		}
		_, err := waitMark(c.ctx, timeout)
		return err
	})
	if err != nil {
		return "", err
	}
	sum, err := summarizeTrace(b, 1, "in the load", 15)
	if err != nil {
		return "", err
	}
	return path + "\n" + sum, nil
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
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`   // µs
	Dur  float64         `json:"dur"`  // µs
	Tdur *float64        `json:"tdur"` // µs of the thread's CPU time in it, where recorded
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args map[string]any  `json:"args"`
	ID   json.RawMessage `json:"id"` // of an async event, such as a measure's begin and end: a string or a number
	ID2  struct {
		Local string `json:"local"`
	} `json:"id2"` // the same, where Chromium scopes it
}

// firstRenderMark is the mark that ends a first load's summary.
const firstRenderMark = "attnviz:first-render"

// summarizeTrace returns the self time of each kind of complete event on
// the busiest renderer main thread of a trace (JSON with traceEvents),
// divided by per and labelled with unit ("per keystroke"): time in an
// event, less the time in the events nested in it. A trace that holds the
// first-render mark counts only from navigation start to the mark.
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
	window := ""
	if from, until, ok := firstRenderWindow(t.TraceEvents, evs[0].Pid); ok {
		evs = clip(evs, from, until)
		window = fmt.Sprintf(" (from navigation start to %s, %.0f ms)", firstRenderMark, (until-from)/1000)
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
	fmt.Fprintf(&sb, "main thread busy %.1f ms %s%s; self time by event:\n", total/div, unit, window)
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

// firstRenderWindow returns, for a trace that holds the first-render mark
// on process pid, the navigation start and the mark (µs, trace time): the
// mark's startTime counts from the navigation start.
func firstRenderWindow(all []traceEvent, pid int) (from, until float64, ok bool) {
	for _, e := range all {
		if e.Name != firstRenderMark || e.Pid != pid || (e.Ph != "I" && e.Ph != "R") {
			continue
		}
		data, _ := e.Args["data"].(map[string]any)
		start, isNum := data["startTime"].(float64) // ms
		if !isNum {
			return 0, 0, false
		}
		return e.Ts - start*1000, e.Ts, true
	}
	return 0, 0, false
}

// clip returns the events of evs that overlap [from, until), cut to it.
func clip(evs []traceEvent, from, until float64) []traceEvent {
	var out []traceEvent
	for _, e := range evs {
		start, end := max(e.Ts, from), min(e.Ts+e.Dur, until)
		if end <= start {
			continue
		}
		if e.Tdur != nil && e.Dur > 0 {
			t := *e.Tdur * (end - start) / e.Dur
			e.Tdur = &t
		}
		e.Ts, e.Dur = start, end-start
		out = append(out, e)
	}
	return out
}

// updateTimes pairs the attnviz:update measures of a trace (a begin and an
// end of the same id) and returns a line on their wall time against the
// main thread's time in its tasks within them (evs, sorted as
// summarizeTrace sorts them): on the CPU (tdur), and in a task but off
// the CPU, which is waiting for a core. The rest of the wall time is input
// delivery and the gaps between tasks. "" when there are no measures.
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
	type update struct{ wall, cpu, off float64 } // ms
	var ups []update
	open := map[string]float64{} // begin by id
	for _, m := range marks {
		id := m.ID2.Local + "/" + string(m.ID)
		if m.Ph == "b" {
			open[id] = m.Ts
			continue
		}
		b, ok := open[id]
		if !ok {
			continue
		}
		delete(open, id)
		e := m.Ts
		// The outermost events in [b, e), each counted for the share of
		// it that falls inside. An event without tdur counts as on the
		// CPU.
		var u update
		end := math.Inf(-1)
		for _, x := range evs {
			if x.Ts < end || x.Ts+x.Dur <= b || x.Ts >= e {
				continue
			}
			end = x.Ts + x.Dur
			if x.Dur <= 0 {
				continue
			}
			share := (min(end, e) - max(x.Ts, b)) / x.Dur
			cpu := x.Dur
			if x.Tdur != nil {
				cpu = min(*x.Tdur, x.Dur)
			}
			u.cpu += cpu * share / 1000
			u.off += (x.Dur - cpu) * share / 1000
		}
		u.wall = (e - b) / 1000
		ups = append(ups, u)
	}
	if len(ups) == 0 {
		return ""
	}
	var wall, cpu, off []float64
	for _, u := range ups {
		wall, cpu, off = append(wall, u.wall), append(cpu, u.cpu), append(off, u.off)
	}
	sort.Slice(ups, func(i, j int) bool { return ups[i].wall > ups[j].wall })
	var slow []string
	for _, u := range ups[:min(5, len(ups))] {
		slow = append(slow, fmt.Sprintf("%.1f / %.1f / %.1f", u.wall, u.cpu, u.off))
	}
	return fmt.Sprintf("%d attnviz:update measures, wall / main thread on the CPU / in a task but off the CPU: median %.1f / %.1f / %.1f ms; the slowest: %s\n",
		len(ups), Median(wall), Median(cpu), Median(off), strings.Join(slow, ", "))
}
