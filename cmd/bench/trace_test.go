package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSummarizeTrace(t *testing.T) {
	// Thread 1 is the renderer's main thread: a 10 ms task holding a 6 ms
	// function call, itself holding a 2 ms layout, then a 4 ms paint.
	// Thread 2 is another thread, whose events do not count.
	trace := `{"traceEvents": [
		{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
		{"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "Compositor"}},
		{"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 1000, "dur": 10000, "tdur": 5000},
		{"ph": "X", "name": "FunctionCall", "pid": 1, "tid": 1, "ts": 2000, "dur": 6000, "tdur": 3000},
		{"ph": "X", "name": "Layout", "pid": 1, "tid": 1, "ts": 3000, "dur": 2000, "tdur": 2000},
		{"ph": "X", "name": "Paint", "pid": 1, "tid": 1, "ts": 20000, "dur": 4000, "tdur": 4000, "id": 7},
		{"ph": "X", "name": "Raster", "pid": 1, "tid": 2, "ts": 1000, "dur": 50000, "tdur": 50000},
		{"ph": "b", "name": "attnviz:update", "pid": 1, "tid": 1, "ts": 1000},
		{"ph": "e", "name": "attnviz:update", "pid": 1, "tid": 1, "ts": 11000},
		{"ph": "e", "name": "attnviz:update", "pid": 1, "tid": 1, "ts": 22000},
		{"ph": "b", "name": "attnviz:update", "pid": 1, "tid": 1, "ts": 19000}
	]}`
	s, err := summarizeTrace([]byte(trace), 2, "per keystroke", 10)
	if err != nil {
		t.Fatal(err)
	}
	// Per keystroke (2): busy 14 ms / 2; RunTask 4 / 2, FunctionCall 4 / 2,
	// Layout 2 / 2, Paint 4 / 2. The updates: 1–11 ms holds RunTask, 5 ms
	// of CPU and 5 off it (its children are in it); 19–22 ms holds half of
	// Paint, 2 ms of CPU.
	for _, want := range []string{
		"main thread busy 7.0 ms per keystroke",
		"2.00 ms  FunctionCall", "2.00 ms  Paint", "2.00 ms  RunTask", "1.00 ms  Layout",
		"2 attnviz:update measures, wall / main thread on the CPU / in a task but off the CPU: median 6.5 / 3.5 / 2.5 ms; the slowest: 10.0 / 5.0 / 5.0, 3.0 / 2.0 / 0.0",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Raster") {
		t.Errorf("summary counts another thread's events:\n%s", s)
	}
	if s, _ := summarizeTrace([]byte(`{"traceEvents": []}`), 1, "in the load", 5); !strings.Contains(s, "no events") {
		t.Errorf("empty trace: %q", s)
	}
	if _, err := summarizeTrace([]byte(`{`), 1, "in the load", 5); err == nil {
		t.Error("a malformed trace gave no error")
	}
}

// TestSummarizeTraceFirstLoad: a trace with the first-render mark counts
// from navigation start to the mark only.
func TestSummarizeTraceFirstLoad(t *testing.T) {
	// The mark at 10 ms, 6 ms after navigation start (4 ms): the task from
	// 2 to 8 ms counts 4 ms, the layout from 9 to 12 ms counts 1 ms, the
	// paint after the mark none.
	trace := `{"traceEvents": [
		{"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "CrRendererMain"}},
		{"ph": "X", "name": "RunTask", "pid": 1, "tid": 1, "ts": 2000, "dur": 6000},
		{"ph": "X", "name": "Layout", "pid": 1, "tid": 1, "ts": 9000, "dur": 3000},
		{"ph": "X", "name": "Paint", "pid": 1, "tid": 1, "ts": 13000, "dur": 4000},
		{"ph": "I", "name": "attnviz:first-render", "pid": 1, "tid": 1, "ts": 10000, "args": {"data": {"startTime": 6}}}
	]}`
	s, err := summarizeTrace([]byte(trace), 1, "in the load", 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"main thread busy 5.0 ms in the load (from navigation start to attnviz:first-render, 6 ms)",
		"4.00 ms  RunTask", "1.00 ms  Layout",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Paint") {
		t.Errorf("summary counts an event after the mark:\n%s", s)
	}
}

// TestUpdateTimesPairsByID: measures are paired by their id, even when
// they overlap; an event without tdur counts as on the CPU.
func TestUpdateTimesPairsByID(t *testing.T) {
	main := []traceEvent{
		{Name: "RunTask", Ph: "X", Pid: 1, Tid: 1, Ts: 0, Dur: 4000},
	}
	all := []traceEvent{
		{Name: "attnviz:update", Ph: "b", Pid: 1, Ts: 0, ID: json.RawMessage(`"a"`)},
		{Name: "attnviz:update", Ph: "b", Pid: 1, Ts: 1000, ID: json.RawMessage(`2`)}, // ids can be numbers
		{Name: "attnviz:update", Ph: "e", Pid: 1, Ts: 2000, ID: json.RawMessage(`"a"`)},
		{Name: "attnviz:update", Ph: "e", Pid: 1, Ts: 8000, ID: json.RawMessage(`2`)},
		{Name: "attnviz:update", Ph: "e", Pid: 1, Ts: 9000, ID: json.RawMessage(`"c"`)}, // no begin
	}
	// a: 0–2 ms, half of the task, 2 ms on the CPU; b: 1–8 ms, the task's
	// last 3 ms.
	got := updateTimes(all, main)
	want := "2 attnviz:update measures, wall / main thread on the CPU / in a task but off the CPU: median 4.5 / 2.5 / 0.0 ms; the slowest: 7.0 / 3.0 / 0.0, 2.0 / 2.0 / 0.0\n"
	if got != want {
		t.Errorf("updateTimes =\n%q\nwant\n%q", got, want)
	}
}
