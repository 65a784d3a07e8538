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
