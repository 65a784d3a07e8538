package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"slices"
	"strings"
)

// The main thread's CPU time of a traced first load (traceFirstLoad), from
// navigation start to the first-render mark: what the machine's load
// disturbs least, where wall times wait for a core.

// cpuEvent is one event of a Chromium trace, the fields read here.
type cpuEvent struct {
	Name string  `json:"name"`
	Cat  string  `json:"cat"`
	Ph   string  `json:"ph"`
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Ts   float64 `json:"ts"`   // µs
	Dur  float64 `json:"dur"`  // wall time, µs
	TDur float64 `json:"tdur"` // the thread's CPU time, µs
	Args struct {
		Name string `json:"name"`
		Data struct {
			URL       string  `json:"url"`
			StartTime float64 `json:"startTime"` // a mark's, ms from the time origin
		} `json:"data"`
	} `json:"args"`
}

// cpuShare is the CPU time of the events of one name.
type cpuShare struct {
	Name string
	Ms   float64
}

// firstLoadCPU is the main thread's CPU time until the first-render mark.
type firstLoadCPU struct {
	MarkMs  float64    // the mark, from navigation start (wall)
	TotalMs float64    // CPU time of the main thread's tasks in that span
	Shares  []cpuShare // of which, by event name, largest first (nested events count in each)
}

// String is the summary the bench logs.
func (f firstLoadCPU) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "main-thread CPU from navigation start to the first-render mark (at %.0f ms): %.0f ms", f.MarkMs, f.TotalMs)
	for i, s := range f.Shares {
		if i == 12 || s.Ms < 1 {
			break
		}
		fmt.Fprintf(&b, "; %s %.0f", s.Name, s.Ms)
	}
	return b.String()
}

// readTraceCPU reads the trace at path and sums its renderer's main thread.
func readTraceCPU(path string) (firstLoadCPU, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return firstLoadCPU{}, err
	}
	var tr struct {
		TraceEvents []cpuEvent `json:"traceEvents"`
	}
	if err := json.Unmarshal(b, &tr); err != nil {
		return firstLoadCPU{}, err
	}
	return traceCPU(tr.TraceEvents)
}

// traceCPU sums the CPU time of the main thread of the renderer that set
// the first-render mark, from the page's time origin (navigation start) to
// the mark: its top-level tasks in all, and the events within them by name.
// A task the span cuts counts in proportion.
func traceCPU(events []cpuEvent) (firstLoadCPU, error) {
	mark := slices.IndexFunc(events, func(e cpuEvent) bool { return e.Name == "attnviz:first-render" })
	if mark < 0 {
		return firstLoadCPU{}, errors.New("the trace has no attnviz:first-render mark")
	}
	m := events[mark]
	end, start := m.Ts, m.Ts-m.Args.Data.StartTime*1000
	var main []cpuEvent
	for _, e := range events {
		if e.Pid == m.Pid && e.Tid == m.Tid && e.Ph == "X" && e.Ts+e.Dur > start && e.Ts < end {
			main = append(main, e)
		}
	}
	slices.SortStableFunc(main, func(a, b cpuEvent) int {
		if a.Ts != b.Ts {
			return cmpFloat(a.Ts, b.Ts)
		}
		return cmpFloat(b.Dur, a.Dur) // the enclosing event first
	})
	res := firstLoadCPU{MarkMs: m.Args.Data.StartTime}
	by := map[string]float64{}
	topEnd := math.Inf(-1) // where the top-level event that encloses the next ends
	for _, e := range main {
		cpu := e.TDur
		if e.Dur > 0 && (e.Ts < start || e.Ts+e.Dur > end) {
			cpu *= (min(e.Ts+e.Dur, end) - max(e.Ts, start)) / e.Dur
		}
		if e.Ts >= topEnd {
			res.TotalMs += cpu / 1000
			topEnd = e.Ts + e.Dur
			continue
		}
		by[shareName(e)] += cpu / 1000
	}
	for name, ms := range by {
		res.Shares = append(res.Shares, cpuShare{name, ms})
	}
	slices.SortFunc(res.Shares, func(a, b cpuShare) int {
		if a.Ms != b.Ms {
			return cmpFloat(b.Ms, a.Ms)
		}
		return strings.Compare(a.Name, b.Name)
	})
	return res, nil
}

// cmpFloat is cmp.Compare for the times of a trace, which are never NaN.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// shareName names an event for the summary: a script's evaluation by its
// file.
func shareName(e cpuEvent) string {
	if e.Name == "EvaluateScript" || e.Name == "v8.compile" {
		if u := e.Args.Data.URL; u != "" {
			return e.Name + " " + u[strings.LastIndex(u, "/")+1:]
		}
	}
	return e.Name
}

// logTraceCPU logs the main thread's CPU time of the first load traced at
// path, or why there is none.
func logTraceCPU(name, path string) {
	f, err := readTraceCPU(path)
	if err != nil {
		log.Printf("profiling %s: %v", name, err)
		return
	}
	log.Printf("%s: %s", name, f)
}
