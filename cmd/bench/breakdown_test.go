package main

import (
	"math"
	"testing"
)

// TestBreakdownEntries: the page's timing entries become steps, the first
// mark of a name counting.
func TestBreakdownEntries(t *testing.T) {
	l, err := parseEntries(`{"nav":{"responseEnd":12.5,"domContentLoadedEventEnd":80},"wasm":[300],
		"marks":[["bench:instantiated",350],["attnviz:main",400],["attnviz:main",900],["attnviz:first-render",600]]}`)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"html": 12.5, "dcl": 80, "wasm": 300, "bench:instantiated": 350, "attnviz:main": 400, "attnviz:first-render": 600}
	for k, v := range want {
		if l.at[k] != v {
			t.Errorf("%s at %v, want %v", k, l.at[k], v)
		}
	}
	if _, err := parseEntries("{"); err == nil {
		t.Error("broken JSON gave no error")
	}
}

// TestSegmentCPU: a task's CPU time is split among the segments it spans by
// its wall time, a nested event is not counted again, another thread's not
// at all, and the paint is the first Paint after the mark.
func TestSegmentCPU(t *testing.T) {
	const origin = 1_000_000.0 // µs
	ev := func(name string, tid int, from, dur, tdur float64) cpuEvent {
		return cpuEvent{Name: name, Ph: "X", Pid: 1, Tid: tid, Ts: origin + from*1000, Dur: dur * 1000, TDur: tdur * 1000}
	}
	mark := cpuEvent{Name: "attnviz:first-render", Ph: "R", Pid: 1, Tid: 1, Ts: origin + 100_000}
	mark.Args.Data.StartTime = 100
	events := []cpuEvent{
		mark,
		ev("RunTask", 1, 10, 20, 8),     // 10–30 ms: half before dcl (20), half after
		ev("FunctionCall", 1, 12, 5, 4), // nested: not counted again
		ev("RunTask", 2, 10, 20, 20),    // another thread
		ev("RunTask", 1, 40, 10, 6),     // wholly between dcl and the mark
		ev("Paint", 1, 130, 2, 1),       // the paint after the mark, at 132 ms
		ev("Paint", 1, 150, 2, 1),
	}
	l := breakdownLoad{at: map[string]float64{"html": 5, "dcl": 20, "attnviz:first-render": 100}, cpu: map[string]float64{}}
	if err := segmentCPU(events, &l); err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"html": 0, "dcl": 4, "attnviz:first-render": 4 + 6, "paint": 1}
	for k, v := range want {
		if math.Abs(l.cpu[k]-v) > 1e-9 {
			t.Errorf("CPU of the segment to %s: %v ms, want %v", k, l.cpu[k], v)
		}
	}
	if l.at["paint"] != 132 {
		t.Errorf("paint at %v ms, want 132", l.at["paint"])
	}
	if err := segmentCPU(events[1:], &l); err == nil {
		t.Error("a trace without the mark gave no error")
	}
}
