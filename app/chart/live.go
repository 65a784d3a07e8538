package chart

// DrawNowOf draws option, or parts when option is "", with tip as its
// tooltip, at once: in the event that changed them, ahead of go-app's next
// frame (app/views/live.go), which then finds them drawn. It reports false,
// drawing nothing, until ECharts has loaded.
func (c *Chart) DrawNowOf(option string, parts ChartParts, tip func(row, col int, v float64) string) bool {
	if c.chart == nil {
		return false
	}
	c.Option, c.Parts, c.Tooltip = option, parts, tip
	c.draw()
	return true
}

// eventStart is when the event that draws at once began (performance.now,
// ms), while the page's live drawer runs (DrawingEvent); 0 otherwise.
// eventLater notes that DrawSoonOf left a chart to a later task.
var (
	eventStart float64
	eventLater bool
)

// TaskNow returns performance.now(), in ms: where a change's work starts,
// for DrawingEvent.
func TaskNow() float64 { return drawQueue.now() }

// DrawingEvent has the charts drawn at once by draw (the page's live
// drawer) keep to the queue's budget from start, when the change's work
// began (TaskNow; not the event's time stamp, which also counts the wait
// for the main thread): DrawSoonOf draws later what would run past it.
// It returns draw's answer and whether a chart was left to a later task
// (then AfterDraws tells when all are drawn).
func DrawingEvent(start float64, draw func() bool) (drawn, later bool) {
	eventStart, eventLater = start, false
	defer func() { eventStart, eventLater = 0, false }()
	drawn = draw()
	return drawn, eventLater
}

// DrawSoonOf is DrawNowOf for a chart after the event's first: at once
// while the event's work since its start is within the queue's budget
// (schedule.go), else in a later task, through the queue (AfterDraws waits
// for it). A keystroke's three heatmaps at 128 tokens, about 25 ms each,
// so take three tasks instead of one.
func (c *Chart) DrawSoonOf(option string, parts ChartParts, tip func(row, col int, v float64) string) bool {
	if c.chart == nil {
		return false
	}
	if eventStart <= 0 || drawQueue.now()-eventStart < drawBudget {
		return c.DrawNowOf(option, parts, tip)
	}
	c.Option, c.Parts, c.Tooltip = option, parts, tip
	drawQueue.later(jobKey{c, false}, c.draw)
	eventLater = true
	return true
}
