package chart

import (
	"slices"
	"strconv"
	"time"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Charts with Spread set (the Learn view's, redrawn ten times a second
// while a model trains) are drawn from a queue instead of all in the task
// that updated them: each task of the queue draws charts until spreadBudget
// has passed (at least one), then leaves the rest to a new task
// (setTimeout 0), so that the browser paints and handles input in between
// and no task takes the sixteen heatmaps and two curves at once. A chart
// with SkipHidden too waits in the queue while it is off screen (an
// IntersectionObserver says so), and draws when it comes back.

// spreadBudget is how long one task of the queue draws.
const spreadBudget = 8 * time.Millisecond

// drawQueue is the charts waiting to be drawn, in order.
type drawQueue struct {
	charts    []*Chart
	run       app.Func
	scheduled bool

	observer app.Value        // the IntersectionObserver of the charts that skip hidden
	seen     app.Func         // its callback
	ids      map[int]observed // the observed charts, by their element's data-spread
	hidden   map[*Chart]bool
	waiting  map[*Chart]bool // skipped while hidden
	nextID   int
}

// observed is a chart the observer follows, and its element (which go-app
// no longer gives once the chart is dismounted).
type observed struct {
	c  *Chart
	el app.Value
}

// spread is the page's queue.
var spread drawQueue

// add queues c, once, and schedules a task of the queue if none is.
func (q *drawQueue) add(c *Chart) {
	if !slices.Contains(q.charts, c) {
		q.charts = append(q.charts, c)
	}
	q.schedule()
}

// remove takes c out of the queue and stops observing it (it is
// dismounted).
func (q *drawQueue) remove(c *Chart) {
	q.charts = slices.DeleteFunc(q.charts, func(x *Chart) bool { return x == c })
	for id, o := range q.ids {
		if o.c == c {
			delete(q.ids, id)
			dom.Try(func() { q.observer.Call("unobserve", o.el) })
		}
	}
	delete(q.hidden, c)
	delete(q.waiting, c)
}

// schedule has a task of its own draw the queue, unless one is scheduled;
// where setTimeout fails, it draws the queue at once.
func (q *drawQueue) schedule() {
	if q.scheduled || len(q.charts) == 0 {
		return
	}
	if q.run == nil {
		q.run = dom.Func(func(app.Value, []app.Value) any {
			q.scheduled = false
			q.drawSome(spreadBudget)
			q.schedule()
			return nil
		})
	}
	q.scheduled = dom.Try(func() { app.Window().Call("setTimeout", q.run, 0) })
	if !q.scheduled {
		q.drawSome(time.Hour)
	}
}

// drawSome draws queued charts, first in first, until budget has passed;
// a chart that skips hidden and is off screen waits.
func (q *drawQueue) drawSome(budget time.Duration) {
	start := time.Now()
	for len(q.charts) > 0 {
		c := q.charts[0]
		q.charts = q.charts[1:]
		if c.chart == nil {
			continue
		}
		if c.SkipHidden && q.hidden[c] {
			q.waiting[c] = true
			continue
		}
		c.draw()
		if time.Since(start) >= budget {
			return
		}
	}
}

// observe follows whether c is on screen (within 100 px of it), once.
func (q *drawQueue) observe(c *Chart) {
	if q.ids == nil {
		q.ids, q.hidden, q.waiting = map[int]observed{}, map[*Chart]bool{}, map[*Chart]bool{}
	}
	if q.observer == nil {
		io := app.Window().Get("IntersectionObserver")
		if !io.Truthy() {
			return // every chart counts as on screen
		}
		q.seen = dom.Func(func(_ app.Value, args []app.Value) any {
			if len(args) > 0 {
				q.report(args[0])
			}
			return nil
		})
		q.observer = io.New(q.seen, map[string]any{"rootMargin": "100px"})
	}
	q.nextID++
	el := c.JSValue()
	q.ids[q.nextID] = observed{c, el}
	dom.Try(func() {
		el.Get("dataset").Set("spread", strconv.Itoa(q.nextID))
		q.observer.Call("observe", el)
	})
}

// report takes in the observer's entries: a chart back on screen that
// waited is queued.
func (q *drawQueue) report(entries app.Value) {
	for i := range entries.Length() {
		e := entries.Index(i)
		id, err := strconv.Atoi(e.Get("target").Get("dataset").Get("spread").String())
		c := q.ids[id].c
		if err != nil || c == nil {
			continue
		}
		q.hidden[c] = !e.Get("isIntersecting").Bool()
		if !q.hidden[c] && q.waiting[c] {
			delete(q.waiting, c)
			q.add(c)
		}
	}
}
