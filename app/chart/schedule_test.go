package chart

import (
	"slices"
	"testing"
)

// fakeBrowser is a clock and a setTimeout for a schedule, run by hand.
type fakeBrowser struct {
	t      float64
	timers []func()
	ends   []func() // microtasks: run at the task's end
}

func (b *fakeBrowser) schedule() *schedule {
	return &schedule{clock: func() float64 { return b.t }, timer: func(f func()) { b.timers = append(b.timers, f) },
		taskEnd: func(f func()) { b.ends = append(b.ends, f) }}
}

// task ends the current task (its microtasks) and runs the timers set so
// far, as the browser's next task would.
func (b *fakeBrowser) task() {
	b.endTask()
	timers := b.timers
	b.timers = nil
	for _, f := range timers {
		f()
	}
}

// endTask runs the microtasks queued so far, as at the end of a task.
func (b *fakeBrowser) endTask() {
	ends := b.ends
	b.ends = nil
	for _, f := range ends {
		f()
	}
}

func TestScheduleSplitsTasks(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	var ran []string
	job := func(name string, ms float64) func() {
		return func() { ran = append(ran, name); b.t += ms }
	}
	a, c, d := &Chart{}, &Chart{}, &Chart{}
	s.soon(jobKey{a, true}, job("mount a", 10))
	s.soon(jobKey{c, true}, job("mount c", 20)) // 10 ms of the 24: at once
	s.soon(jobKey{d, true}, job("mount d", 5))  // 30 ms: the next task
	s.soon(jobKey{a, false}, job("draw a", 5))
	s.soon(jobKey{a, false}, job("draw a again", 5)) // replaces the draw waiting
	measured := false
	s.afterDraws(func() { measured = true })
	if want := []string{"mount a", "mount c"}; !slices.Equal(ran, want) || measured {
		t.Fatalf("in the first task: %v, measured %v; want %v, not measured", ran, measured, want)
	}
	b.task()
	if want := []string{"mount a", "mount c", "mount d", "draw a again"}; !slices.Equal(ran, want) || !measured {
		t.Errorf("after the next task: %v, measured %v; want %v, measured", ran, measured, want)
	}
	b.task() // the burst's end: nothing left
	ran = nil
	s.soon(jobKey{d, false}, job("draw d", 50)) // a new task's budget: at once
	s.soon(jobKey{c, false}, job("draw c", 1))
	if want := []string{"draw d"}; !slices.Equal(ran, want) {
		t.Errorf("a new burst: %v, want %v", ran, want)
	}
	b.task()
	if want := []string{"draw d", "draw c"}; !slices.Equal(ran, want) {
		t.Errorf("its next task: %v, want %v", ran, want)
	}
}

func TestScheduleJobQueuedDuringJob(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	var ran []string
	c := &Chart{}
	s.soon(jobKey{c, true}, func() {
		ran = append(ran, "outer")
		// As from a callback of ECharts' in the middle of a draw.
		s.soon(jobKey{c, false}, func() { ran = append(ran, "inner") })
		ran = append(ran, "outer done")
	})
	if want := []string{"outer", "outer done"}; !slices.Equal(ran, want) {
		t.Fatalf("%v, want %v: a job queued during another waits", ran, want)
	}
	b.task()
	if want := []string{"outer", "outer done", "inner"}; !slices.Equal(ran, want) {
		t.Errorf("%v, want %v", ran, want)
	}
}

func TestScheduleLater(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	var ran []string
	c := &Chart{}
	s.later(jobKey{c, true}, func() { ran = append(ran, "mount") })
	s.soon(jobKey{c, false}, func() { ran = append(ran, "draw") }) // after what waits, in order
	if len(ran) != 0 {
		t.Fatalf("ran %v before the next task", ran)
	}
	b.task()
	if want := []string{"mount", "draw"}; !slices.Equal(ran, want) {
		t.Errorf("%v, want %v", ran, want)
	}
}

func TestScheduleCountsFromTaskStart(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	var ran []string
	a, c := &Chart{}, &Chart{}
	s.begin() // TaskBegins, at the frame's start
	b.t += 30 // the page's render
	s.soon(jobKey{a, false}, func() { ran = append(ran, "draw a"); b.t += 5 })
	if len(ran) != 0 {
		t.Fatalf("after a 30 ms render: %v ran in the same task, want none", ran)
	}
	b.task()
	if want := []string{"draw a"}; !slices.Equal(ran, want) {
		t.Fatalf("the next task: %v, want %v", ran, want)
	}
	b.task() // the burst's end
	s.begin()
	b.t += 10 // a short render leaves the budget to the charts
	s.soon(jobKey{c, false}, func() { ran = append(ran, "draw c") })
	if want := []string{"draw a", "draw c"}; !slices.Equal(ran, want) {
		t.Errorf("after a 10 ms render: %v, want %v", ran, want)
	}
}

func TestScheduleBudgetEndsWithTask(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	var ran []string
	a, c := &Chart{}, &Chart{}
	s.begin() // a frame's render
	b.t += 20
	b.endTask() // the frame ends; its setTimeout has not fired yet
	b.t += 10
	s.begin() // a keystroke's event, which the browser ran first
	b.t += 5
	s.soon(jobKey{a, false}, func() { ran = append(ran, "draw a"); b.t += 20 })
	s.soon(jobKey{c, false}, func() { ran = append(ran, "draw c") })
	if want := []string{"draw a"}; !slices.Equal(ran, want) {
		t.Fatalf("in the keystroke's task: %v, want %v (its own 5 ms, then 25)", ran, want)
	}
	b.task()
	if want := []string{"draw a", "draw c"}; !slices.Equal(ran, want) {
		t.Errorf("the next task: %v, want %v", ran, want)
	}
}
