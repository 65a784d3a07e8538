package chart

import "math"

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

// LeastWidth is the least width of h's full-size chart, in CSS pixels, at
// which its column labels do not overlap: upright side by side where the
// media keep them upright (Heatmap.media), or else turned 60° with the
// columns a label's size / sin 60° apart, and the row labels beside.
func (h Heatmap) LeastWidth() int {
	size := h.labelSize()
	l := h.labelLayout(size)
	_, cols := h.Values.Dims()
	upright := l.rowLabels + 40 + cols*(l.colLabel+6) // as in media
	pitch := int(math.Ceil(float64(size)*2/math.Sqrt(3))) + 1
	left := max(edgePad+l.rowLabels+labelMargin, edgePad/2+(l.rowName+1)/2) // as in grid
	return min(upright, left+gridRight+cols*pitch)
}
