package main

import (
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
		{"ph": "X", "name": "Paint", "pid": 1, "tid": 1, "ts": 20000, "dur": 4000, "tdur": 4000},
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
	// of CPU (its children are in it); 19–22 ms holds half of Paint, 2 ms.
	for _, want := range []string{
		"main thread busy 7.0 ms per keystroke",
		"2.00 ms  FunctionCall", "2.00 ms  Paint", "2.00 ms  RunTask", "1.00 ms  Layout",
		"2 attnviz:update measures: median 6.5 ms wall, 3.5 ms of the main thread's CPU; the slowest (wall / CPU ms): 10.0 / 5.0, 3.0 / 2.0",
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
