package main

import (
	"math"
	"slices"
	"testing"
)

func TestTraceCPU(t *testing.T) {
	const pid, main, other = 7, 1, 2
	task := func(tid int, ts, dur, tdur float64) cpuEvent {
		return cpuEvent{Name: "ThreadControllerImpl::RunTask", Ph: "X", Pid: pid, Tid: tid, Ts: ts, Dur: dur, TDur: tdur}
	}
	thread := cpuEvent{Name: "thread_name", Ph: "M", Pid: pid, Tid: main}
	thread.Args.Name = "CrRendererMain"
	lazy := cpuEvent{Name: "wasm.CompileLazy", Ph: "X", Pid: pid, Tid: main, Ts: 3000, Dur: 500, TDur: 400}
	mark := cpuEvent{Name: "attnviz:first-render", Ph: "I", Pid: pid, Tid: main, Ts: 6000}
	mark.Args.Data.StartTime = 5 // navigation started at 1000 µs
	events := []cpuEvent{
		thread,
		task(main, 500, 100, 90),     // before the page's navigation
		task(main, 2000, 2000, 1800), // whole
		lazy,
		task(other, 2000, 2000, 1000), // another thread
		task(main, 5000, 2000, 1000),  // half before the mark
		mark,
		task(main, 8000, 1000, 1000), // after it
	}
	got, err := traceCPU(events)
	if err != nil {
		t.Fatal(err)
	}
	if got.MarkMs != 5 {
		t.Errorf("mark at %v ms, want 5", got.MarkMs)
	}
	if want := 1.8 + 0.5; math.Abs(got.TotalMs-want) > 1e-9 {
		t.Errorf("CPU %v ms, want %v", got.TotalMs, want)
	}
	if len(got.Shares) != 1 || got.Shares[0].Name != "wasm.CompileLazy" || math.Abs(got.Shares[0].Ms-0.4) > 1e-9 {
		t.Errorf("shares %+v, want wasm.CompileLazy 0.4 ms", got.Shares)
	}
	if _, err := traceCPU(slices.Delete(events, 6, 7)); err == nil {
		t.Error("a trace without the mark gave no error")
	}
}
