package chart

import (
	"math"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The numbers of a heatmap drawn as a picture (AsImage with CellLabels):
// printed by the canvas into the picture's device pixels, at the place,
// size, font and colour ECharts prints a heatmap series' cell labels, and
// where ECharts' media would show them (Heatmap.labelledWidth). A keystroke
// that changes such a heatmap is then one ECharts update of a custom series
// (its axes and one image element), not one of a hundred labelled cells.

// CellText is what a picture prints in its cells.
type CellText struct {
	Texts    []string // each cell's number, row after row
	Dark     []bool   // each cell's text is dark (else light), by contrast.go's rule
	Size     int      // the font size, in CSS pixels
	MinWidth int      // the least width of the chart, in CSS pixels, at which they show
}

// same reports whether t and o print the same.
func (t *CellText) same(o *CellText) bool {
	if t == nil || o == nil {
		return t == o
	}
	return t.Size == o.Size && t.MinWidth == o.MinWidth && slices.Equal(t.Texts, o.Texts) && slices.Equal(t.Dark, o.Dark)
}

// cellText returns the numbers h prints in its cells of values (row after
// row), laid out as l, as a heatmap series prints them: nil where h prints
// none.
func (h Heatmap) cellText(values []float64, l labelLayout) *CellText {
	if !h.CellLabels || h.Compact {
		return nil
	}
	colors := h.Colors
	if colors == nil {
		colors = Viridis
	}
	_, cols := h.Values.Dims()
	t := &CellText{
		Texts: make([]string, len(values)), Dark: make([]bool, len(values)),
		Size: l.fontSize - 2, MinWidth: h.labelledWidth(l),
	}
	for k, v := range values {
		i, j := k/cols, k%cols
		t.Texts[k] = strconv.FormatFloat(h.labelValue(i, j, v), 'f', h.labelDigits(), 64)
		// The masked cells' grey takes dark text (splitOption's rule).
		t.Dark[k] = h.MaskedCell != nil && !h.DecalMasked && h.MaskedCell(i, j) || labelStyle(colors, h.Min, h.Max, v) == "d"
	}
	return t
}

// labelledWidth is the least width of the chart, in CSS pixels, at which a
// heatmap series of h, its labels laid out as l, shows its cell labels
// (the media's rule: "0.00" in its box, 0.6 em a digit or point and 0.5
// more for the box, in every column, beside the row labels); MaxInt where
// it prints none.
func (h Heatmap) labelledWidth(l labelLayout) int {
	if !h.CellLabels {
		return math.MaxInt
	}
	_, cols := h.Values.Dims()
	return l.rowLabels + 40 + cols*((l.fontSize-2)*(11+6*h.labelDigits())/10+3)
}

// drawCellText prints t on a 2D context of w × h device pixels showing cols
// × rows cells, dpr device pixels a CSS pixel: each number centred in its
// cell, in fontStack, black or white.
func drawCellText(ctx app.Value, t *CellText, cols, rows int, w, h, dpr float64) {
	if t == nil || len(t.Texts) != cols*rows {
		return
	}
	ctx.Call("save")
	ctx.Set("font", strconv.FormatFloat(float64(t.Size)*dpr, 'g', -1, 64)+"px "+fontStack)
	ctx.Set("textAlign", "center")
	ctx.Set("textBaseline", "middle")
	cw, ch := w/float64(cols), h/float64(rows)
	fill := ""
	for k, s := range t.Texts {
		c := lightText
		if t.Dark[k] {
			c = darkText
		}
		if c != fill {
			ctx.Set("fillStyle", c)
			fill = c
		}
		i, j := k/cols, k%cols
		ctx.Call("fillText", s, (float64(j)+0.5)*cw, (float64(i)+0.5)*ch)
	}
	ctx.Call("restore")
}
