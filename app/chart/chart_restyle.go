package chart

// Restyle changes a mounted chart's Lazy and Layer and hands it parts, with
// tip as its tooltip, without go-app's render: the Learn view's heatmaps
// now as training starts (a picture on a layer of its own, drawn while on
// screen) or stops. The draw waits for a later task of the charts' queue,
// or, once Lazy turns on, for the chart's first report of being on screen,
// so that a view restyling many charts at once spreads their updates. A
// later render of the same fields then changes nothing. It reports false,
// changing nothing, when the chart is not mounted.
func (c *Chart) Restyle(lazy, layer bool, parts ChartParts, tip func(row, col int, v float64) string) bool {
	if c.chart == nil || c.ctx.Context == nil {
		return false
	}
	c.Lazy, c.Layer, c.Option, c.Parts, c.Tooltip = lazy, layer, "", parts, tip
	if lazy && c.onScreen.observer == nil {
		c.onScreen.observe(c.ctx, c) // its first report queues the draw
		if c.onScreen.observer != nil {
			return true
		}
	}
	drawQueue.later(jobKey{c, false}, c.draw)
	return true
}

// RepaintOrSoon draws parts, with tip as its tooltip, at once where only
// the picture differs from the one drawn (chart_repaint.go), and else in a
// later task of the charts' queue: the first pictures of the Learn view's
// heatmaps after training starts, eight whole ECharts updates were they
// drawn in one task. A Lazy chart off screen draws when it comes on screen.
// It reports false, drawing nothing, when the chart is not mounted.
func (c *Chart) RepaintOrSoon(parts ChartParts, tip func(row, col int, v float64) string) bool {
	if c.chart == nil {
		return false
	}
	c.Option, c.Parts, c.Tooltip = "", parts, tip
	switch {
	case c.Lazy && c.onScreen.hidden, parts == c.drawnParts && c.drawn == partsDrawn:
	case c.repaintImage(parts):
		c.placeOutlines()
	default:
		drawQueue.later(jobKey{c, false}, c.draw)
	}
	return true
}
