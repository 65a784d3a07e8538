package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
)

// trioMinSize is the least width, in CSS pixels, of each of the compare
// view's charts hs (chart.Chart.MinSize), and of the Learn view's heatmaps:
// for presentation (large) and at most 24 tokens, the least at which their
// 26 px labels do not overlap (chart.Heatmap.LeastWidth), so that on a
// projector three fit side by side for the short sentences; otherwise
// largeMinSize.
func trioMinSize(n int, large bool, hs ...chart.Heatmap) int {
	if !large || n > 24 {
		return largeMinSize(n, large)
	}
	least := 0
	for _, h := range hs {
		least = max(least, h.LeastWidth())
	}
	return least
}

// trioStyle is the value of the trio's --chart-min, its charts' least
// width: web/app.css lays out as many charts side by side as fit it.
func trioStyle(minSize int) string { return strconv.Itoa(minSize) + "px" }
