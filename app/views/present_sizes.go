package views

// largeMinSize is the least width, in CSS pixels, of a heatmap of n
// tokens (chart.Chart.MinSize): for presentation (large), wide enough that
// its 26 px labels, turned 60°, do not overlap (about 36 px a column, and
// the row labels) while every cell is labelled; a narrower screen scrolls
// the chart. Otherwise, and for more tokens, heatmapMinSize.
func largeMinSize(n int, large bool) int {
	if !large || n > 24 {
		return heatmapMinSize(n)
	}
	return 160 + 36*n
}
