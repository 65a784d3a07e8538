package chart

import (
	"slices"
	"time"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Charts with Spread set (the Learn view's, redrawn ten times a second
// while a model trains) are drawn from a queue instead of all in the task
// that updated them: each task of the queue draws charts until spreadBudget
// has passed (at least one), then leaves the rest to a new task
// (setTimeout 0), so that the browser paints and handles input in between
// and no task takes the sixteen heatmaps and two curves at once.

// spreadBudget is how long one task of the queue draws.
const spreadBudget = 8 * time.Millisecond

// drawQueue is the charts waiting to be drawn, in order.
type drawQueue struct {
	charts    []*Chart
	run       app.Func
	scheduled bool
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

// remove takes c out of the queue (it is dismounted).
func (q *drawQueue) remove(c *Chart) {
	q.charts = slices.DeleteFunc(q.charts, func(x *Chart) bool { return x == c })
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

// drawSome draws queued charts, first in first, until budget has passed.
func (q *drawQueue) drawSome(budget time.Duration) {
	start := time.Now()
	for len(q.charts) > 0 {
		c := q.charts[0]
		q.charts = q.charts[1:]
		if c.chart != nil {
			c.draw()
		}
		if time.Since(start) >= budget {
			return
		}
	}
}
