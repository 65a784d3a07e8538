package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Charts that mount or draw together (a view switched into, a paste into a
// view of six heatmaps) share the browser's main thread: done in one task,
// that task would take as long as all of them, hundreds of milliseconds at
// 128 tokens. The charts' mounts and redraws go through one queue instead,
// which runs them in order, as many in a task as drawBudget allows (at least
// one), and the rest in the next tasks (setTimeout 0), so that the browser
// paints and handles input between them.

// drawBudget is the time, in ms, that the charts' work may take in one task
// before the rest waits for the next one.
const drawBudget = 24

// drawQueue is the page's queue of chart work.
var drawQueue schedule

type schedule struct {
	jobs   []job
	start  float64  // when the current task's first job ran (performance.now), 0 for none
	armed  bool     // a setTimeout is pending that ends the task's burst and runs what waits
	busy   bool     // a job is running: one queued meanwhile (from a callback of ECharts') waits
	after  []func() // run once the queue is empty (AfterDraws)
	tick   app.Func
	onTick func() // what tick calls

	firstFrame bool // the task of the page's first chart: charts mount at once (mount)

	// For tests: the clock (performance.now) and setTimeout 0.
	clock func() float64
	timer func(func())
}

// job is a chart's mount or draw; key dedupes a draw queued twice.
type job struct {
	key jobKey
	run func()
}

// jobKey names what a job does to which chart.
type jobKey struct {
	chart any // *Chart or *HeatmapGrid
	mount bool
}

// Soon runs f now, if the charts' work in this task is within its budget
// and nothing waits before it, else in a later task, in order. A later job
// of the same key replaces one waiting.
func (s *schedule) soon(key jobKey, f func()) {
	if len(s.jobs) == 0 && !s.busy && (s.start == 0 || s.now()-s.start < drawBudget) {
		s.begin()
		s.runJob(f)
		return
	}
	s.later(key, f)
}

// later runs f in a later task, in order, as soon does when the budget is
// spent.
func (s *schedule) later(key jobKey, f func()) {
	for i := range s.jobs {
		if s.jobs[i].key == key {
			s.jobs[i].run = f
			return
		}
	}
	s.jobs = append(s.jobs, job{key, f})
	s.begin()
}

// waiting reports whether a job of key waits in the queue.
func (s *schedule) waiting(key jobKey) bool {
	for _, j := range s.jobs {
		if j.key == key {
			return true
		}
	}
	return false
}

// mount runs f, the mount of a chart, at once while the page has drawn no
// chart yet (its first load draws every chart of the view it opens in its
// first frame, as the end-to-end tests expect once attnviz:first-render is
// marked), and else in a later task: the frame that mounts a view's charts
// has rendered the view, often a long task already.
func (s *schedule) mount(key jobKey, f func()) {
	if !s.busy && (s.firstFrame || !dom.FirstDrawn()) {
		s.firstFrame = true // until the task ends: the frame's other charts too
		s.begin()
		s.runJob(f)
		return
	}
	s.later(key, f)
}

// AfterDraws runs f once every chart's mount and draw queued so far has run:
// now, if none waits.
func AfterDraws(f func()) { drawQueue.afterDraws(f) }

func (s *schedule) afterDraws(f func()) {
	if len(s.jobs) == 0 {
		f()
		return
	}
	s.after = append(s.after, f)
}

// begin notes the start of a burst of work in this task and arms the
// setTimeout that ends it.
func (s *schedule) begin() {
	if s.start == 0 {
		s.start = s.now()
	}
	if s.armed {
		return
	}
	s.armed = true
	s.setTimer(func() {
		s.armed, s.start, s.firstFrame = false, 0, false
		s.next()
	})
}

// setTimer calls f from a task of its own: setTimeout(f, 0).
func (s *schedule) setTimer(f func()) {
	if s.timer != nil {
		s.timer(f)
		return
	}
	if s.tick == nil {
		s.tick = dom.Func(func(app.Value, []app.Value) any {
			s.onTick()
			return nil
		})
	}
	s.onTick = f
	app.Window().Call("setTimeout", s.tick, 0)
}

// next runs, in a new task, the jobs waiting, within the budget.
func (s *schedule) next() {
	if s.busy {
		s.begin() // cannot happen (a timer does not fire during a job); try again
		return
	}
	for len(s.jobs) > 0 && (s.start == 0 || s.now()-s.start < drawBudget) {
		s.begin()
		j := s.jobs[0]
		s.jobs = s.jobs[1:]
		s.runJob(j.run)
	}
	if len(s.jobs) == 0 {
		after := s.after
		s.after = nil
		for _, f := range after {
			f()
		}
	}
}

// runJob runs f, which a JavaScript exception does not end.
func (s *schedule) runJob(f func()) {
	s.busy = true
	defer func() { s.busy = false }()
	defer dom.Guard()
	f()
}

// now is performance.now(), in ms.
func (s *schedule) now() float64 {
	if s.clock != nil {
		return s.clock()
	}
	return dom.Now()
}
