package chart

import (
	"slices"
	"testing"
)

// fakeBrowser is a clock and a setTimeout for a schedule, run by hand.
type fakeBrowser struct {
	t      float64
	timers []func()
}

func (b *fakeBrowser) schedule() *schedule {
	return &schedule{clock: func() float64 { return b.t }, timer: func(f func()) { b.timers = append(b.timers, f) }}
}

// task runs the timers set so far, as the browser's next task would.
func (b *fakeBrowser) task() {
	timers := b.timers
	b.timers = nil
	for _, f := range timers {
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

func TestScheduleWaiting(t *testing.T) {
	b := &fakeBrowser{t: 1000}
	s := b.schedule()
	a, c := &Chart{}, &Chart{}
	s.soon(jobKey{a, false}, func() { b.t += 30 })
	s.soon(jobKey{c, false}, func() {})
	if s.waiting(jobKey{a, false}) || !s.waiting(jobKey{c, false}) || s.waiting(jobKey{c, true}) {
		t.Errorf("waiting: a %v, c %v, c's mount %v; want false, true, false",
			s.waiting(jobKey{a, false}), s.waiting(jobKey{c, false}), s.waiting(jobKey{c, true}))
	}
	b.task()
	if s.waiting(jobKey{c, false}) {
		t.Error("c's draw still waits after the next task ran it")
	}
}
