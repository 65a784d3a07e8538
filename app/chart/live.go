package chart

// DrawNowOf draws option, or parts when option is "", with tip as its
// tooltip, at once: in the event that changed them, ahead of go-app's next
// frame (app/views/live.go), which then finds them drawn; or, once the
// event's work has spent the queue's budget (schedule.go), in the next task.
// It reports false, drawing nothing, until ECharts has loaded.
func (c *Chart) DrawNowOf(option string, parts ChartParts, tip func(row, col int, v float64) string) bool {
	if c.chart == nil {
		return false
	}
	c.Option, c.Parts, c.Tooltip = option, parts, tip
	drawQueue.soon(jobKey{c, false}, c.draw)
	return true
}
