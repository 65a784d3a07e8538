//go:build !wasm

package e2e

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// detailCategories are the trace categories that tell a long task's parts
// apart (V8's execution and garbage collector, Blink's frame work), traced
// when ATTNVIZ_TRACE_DETAIL is set.
var detailCategories = []string{"devtools.timeline", "v8", "v8.wasm", "blink", "disabled-by-default-v8.gc", "blink.user_timing"}

// traceDetail reports whether ATTNVIZ_TRACE_DETAIL asks for the parts of
// the long tasks.
func traceDetail() bool { return os.Getenv("ATTNVIZ_TRACE_DETAIL") != "" }

// detailOf, after stop, describes each main-thread task of over minCPU ms
// of CPU: when it ran (ms after since, a trace time in µs), its wall and
// CPU time, and the events inside it by name, how many and their wall and
// CPU time (nested ones counted in each),
// the largest first, down to 1 ms.
func (tr *trace) detailOf(since float64, minCPU float64) string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.measuresAsComplete()
	var b strings.Builder
	for _, task := range tr.events {
		if task.Ph != "X" || task.Name != "ThreadControllerImpl::RunTask" || task.TDur/1000 <= minCPU ||
			task.Pid != tr.mainThread.pid || task.Tid != tr.mainThread.tid {
			continue
		}
		fmt.Fprintf(&b, "\n  task at %.0f ms: %.1f ms wall, %.1f ms CPU:", (task.Ts-since)/1000, task.Dur/1000, task.TDur/1000)
		wall, cpu, count := map[string]float64{}, map[string]float64{}, map[string]int{}
		for _, e := range tr.events {
			if e.Ph != "X" || e.Pid != task.Pid || e.Tid != task.Tid || e.Ts < task.Ts || e.Ts+e.Dur > task.Ts+task.Dur || e.Name == task.Name {
				continue
			}
			name := e.Name
			if f := e.Args.Data.FunctionName; f != "" {
				name += "(" + f + ")"
			}
			wall[name] += e.Dur / 1000
			cpu[name] += e.TDur / 1000
			count[name]++
		}
		names := make([]string, 0, len(wall))
		for n := range wall {
			if wall[n] >= 1 {
				names = append(names, n)
			}
		}
		sort.Slice(names, func(i, j int) bool { return wall[names[i]] > wall[names[j]] })
		for _, n := range names {
			fmt.Fprintf(&b, " %s ×%d %.1f/%.1f;", n, count[n], wall[n], cpu[n])
		}
	}
	return b.String()
}

// firstTs is the trace time (µs) of the first main-thread task at or after
// the trace's start.
func (tr *trace) firstTs() float64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	first := 0.0
	for _, e := range tr.events {
		if e.Ph == "X" && e.Pid == tr.mainThread.pid && e.Tid == tr.mainThread.tid && (first == 0 || e.Ts < first) {
			first = e.Ts
		}
	}
	return first
}

// watchCharts records, for the first 2 s after window.__t0 (set it when
// the watched change starts), each chart's resizes and paints (its
// zrender painter's refresh) and the page's layout shifts of its
// scrollbar (the document's width), for ATTNVIZ_TRACE_DETAIL.
func (tb *tab) watchCharts() {
	tb.t.Helper()
	eval[int](tb, `(() => {
		window.__t0 = Infinity;
		window.__watch = [];
		const note = (what) => { const t = performance.now() - window.__t0; if (t >= 0 && t < 2000) window.__watch.push(Math.round(t) + " " + what); };
		for (const el of document.querySelectorAll(".chart[id]")) {
			const chart = echarts.getInstanceByDom(el);
			if (!chart) continue;
			const resize = chart.resize, painter = chart.getZr().painter, refresh = painter.refresh;
			chart.resize = function (...args) { note("resize " + el.id + " " + el.clientWidth + "x" + el.clientHeight); return resize.apply(this, args); };
			painter.refresh = function (...args) { note("paint " + el.id); return refresh.apply(this, args); };
		}
		new ResizeObserver(() => note("document width " + document.documentElement.clientWidth)).observe(document.documentElement);
		return 0;
	})()`)
}

// watched returns what watchCharts recorded.
func (tb *tab) watched() string {
	tb.t.Helper()
	canvases := eval[string](tb, `[...document.querySelectorAll(".chart[id]")].map(el => el.id + " " +
		[...el.querySelectorAll("canvas")].map(c => (c.getAttribute("data-zr-dom-id") || "?") + ":" + c.width + "x" + c.height + (c.offsetParent ? "" : " hidden")).join(",")).join("; ")`)
	return strings.Join(eval[[]string](tb, `window.__watch`), "; ") + "\n  canvases by chart: " + canvases
}

// producedOf, after stop, lists the main-thread tasks in which at least
// least canvases produced a resource for the compositor
// (Canvas2DResourceProvider::ProduceCanvasResource): when (ms after
// since), how many, and their CPU time.
func (tr *trace) producedOf(since float64, least int) string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var b strings.Builder
	for _, task := range tr.events {
		if task.Ph != "X" || task.Name != "ThreadControllerImpl::RunTask" || task.Pid != tr.mainThread.pid || task.Tid != tr.mainThread.tid {
			continue
		}
		n, cpu := 0, 0.0
		for _, e := range tr.events {
			if e.Ph == "X" && e.Name == "Canvas2DResourceProvider::ProduceCanvasResource" && e.Pid == task.Pid && e.Tid == task.Tid &&
				e.Ts >= task.Ts && e.Ts+e.Dur <= task.Ts+task.Dur {
				n++
				cpu += e.TDur / 1000
			}
		}
		if n >= least {
			fmt.Fprintf(&b, " %.0f ms: %d (%.1f ms CPU);", (task.Ts-since)/1000, n, cpu)
		}
	}
	return b.String()
}

// measuresAsComplete adds, once, a complete event ("X") on the main thread
// for each pair of begin and end events of the page's performance.measure
// calls (category blink.user_timing).
func (tr *trace) measuresAsComplete() {
	type key struct{ name, id string }
	begun := map[key]traceEvent{}
	var added []traceEvent
	for _, e := range tr.events {
		if !strings.Contains(e.Cat, "user_timing") || e.Ph == "X" {
			continue
		}
		k := key{e.Name, fmt.Sprint(e.ID)}
		switch e.Ph {
		case "b":
			begun[k] = e
		case "e":
			if s, ok := begun[k]; ok {
				added = append(added, traceEvent{Name: "measure " + e.Name, Ph: "X", Pid: tr.mainThread.pid, Tid: tr.mainThread.tid, Ts: s.Ts, Dur: e.Ts - s.Ts})
				delete(begun, k)
			}
		}
	}
	for i := range added {
		added[i].Cat = "added"
	}
	tr.events = append(tr.events, added...)
}

// prepareDetail, with ATTNVIZ_TRACE_DETAIL, starts watchCharts, adds the
// CSS of ATTNVIZ_TRY_CSS to the page (to try a style before changing
// web/app.css), and returns the categories to trace; nil without it.
func (tb *tab) prepareDetail() []string {
	tb.t.Helper()
	if !traceDetail() {
		return nil
	}
	tb.watchCharts()
	if css := os.Getenv("ATTNVIZ_TRY_CSS"); css != "" {
		eval[int](tb, fmt.Sprintf(`(() => { const s = document.createElement("style"); s.textContent = %q; document.head.append(s); return 0; })()`, css))
	}
	return detailCategories
}

// logDetail, with ATTNVIZ_TRACE_DETAIL, logs what the stopped trace tr
// and watchCharts saw; nothing without it.
func (tb *tab) logDetail(tr *trace) {
	tb.t.Helper()
	if !traceDetail() {
		return
	}
	since := tr.firstTs()
	tb.t.Logf("tasks over 35 ms of CPU, their events by name (wall/CPU ms):%s", tr.detailOf(since, 35))
	tb.t.Logf("the first 2 s: %s", tb.watched())
	tb.t.Logf("frames whose canvases produced resources, 4 or more:%s", tr.producedOf(since, 4))
	tb.t.Logf("the page's other threads, CPU ms by thread and event: %s", tr.otherThreads(since))
}

// otherThreads, after stop, returns the CPU time (ms) of the events of the
// main thread's process on its other threads, by thread and event name
// (nested ones counted in each), the 12 largest, each with when the first
// of them started (ms after since): what competed with the main thread for
// the machine's cores, such as V8's compilation of WebAssembly's hot
// functions to its top tier (wasm.TopTierCompilation), the service worker
// caching the site, the training worker.
func (tr *trace) otherThreads(since float64) string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	names := tr.threadNames()
	cpu, first := map[string]float64{}, map[string]float64{}
	for _, e := range tr.events {
		if e.Ph != "X" || e.Pid != tr.mainThread.pid || e.Tid == tr.mainThread.tid || e.TDur <= 0 {
			continue
		}
		k := names[e.Tid] + " " + e.Name
		if _, ok := first[k]; !ok || e.Ts < first[k] {
			first[k] = e.Ts
		}
		cpu[k] += e.TDur / 1000
	}
	keys := make([]string, 0, len(cpu))
	for k := range cpu {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return cpu[keys[i]] > cpu[keys[j]] })
	var b strings.Builder
	for _, k := range keys[:min(12, len(keys))] {
		fmt.Fprintf(&b, "%s %.0f (from %.0f ms); ", k, cpu[k], (first[k]-since)/1000)
	}
	return b.String()
}

// threadNames are the names of the main thread's process's threads, by
// id; the caller holds tr.mu.
func (tr *trace) threadNames() map[int]string {
	names := map[int]string{}
	for _, e := range tr.events {
		if e.Ph == "M" && e.Name == "thread_name" && e.Pid == tr.mainThread.pid {
			names[e.Tid] = e.Args.Name
		}
	}
	return names
}
