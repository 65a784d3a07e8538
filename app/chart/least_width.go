package chart

import (
	"math"
	"strconv"
)

// maxLargeLabelled is the most rows or columns whose every label a Large
// heatmap shows: its chart is wide enough for them (the views' least
// widths, LeastWidth), where ECharts would leave out every other label of
// more than allLabels, judging them by their width unturned.
const maxLargeLabelled = 24

// labelSize is the size of h's axis labels, in CSS pixels, as Parts draws
// them: smaller for many rows or columns, LargeLabelSize for presentation.
func (h Heatmap) labelSize() int {
	if h.Large && !h.Compact {
		return LargeLabelSize
	}
	rows, cols := h.Values.Dims()
	switch n := max(rows, cols); {
	case n > 48:
		return 10
	case n > 24:
		return 12
	}
	return 14
}

// LeastWidth is the least width of h's full-size square chart, in CSS
// pixels, at which its labels do not overlap: the column labels upright
// side by side where the media keep them upright (Heatmap.media), or else
// turned 60° with the columns a label's size / sin 60° apart, the row
// labels beside; and the rows 2 px more than a label's size apart below
// the turned labels.
func (h Heatmap) LeastWidth() int {
	size := h.labelSize()
	l := h.labelLayout(size)
	rows, cols := h.Values.Dims()
	upright := l.rowLabels + 40 + cols*(l.colLabel+6) // as in media
	pitch := int(math.Ceil(float64(size)*2/math.Sqrt(3))) + 1
	left := max(edgePad+l.rowLabels+labelMargin, edgePad/2+(l.rowName+1)/2) // as in grid
	top, err := strconv.Atoi(l.grid(true).Top)
	if err != nil {
		panic("heatmap: the grid's top is not a number: " + err.Error())
	}
	return max(min(upright, left+gridRight+cols*pitch), top+gridBottom+rows*(size+2))
}
