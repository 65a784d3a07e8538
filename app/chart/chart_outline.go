package chart

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// cellOutlines are the rings a heatmap Chart draws around two of its cells:
// the selected one (Chart.Selected, the cell the cell panel works out), and,
// in a heatmap drawn as an image, which has no hover state of its own, the
// one under the pointer, bordered as the heatmap series borders it. Each is
// a zrender rectangle added over the chart's cells and moved in place: the
// pointer moving from cell to cell redraws no series.
type cellOutlines struct {
	hover, selected cellOutline
}

// cellOutline is one ring: rect is nil until it is first shown.
type cellOutline struct {
	rect app.Value
	cell Cell
}

// The rings' styles: hover as the heatmap series' emphasis; the selected
// cell white with a dark halo, which shows on every colour of the scale.
var (
	hoverStyle    = map[string]any{"fill": "none", "stroke": "#000000", "lineWidth": 2}
	selectedStyle = map[string]any{"fill": "none", "stroke": "#ffffff", "lineWidth": 2, "shadowColor": "rgba(0,0,0,0.9)", "shadowBlur": 4}
)

// placeOutlines shows each ring around its cell, where the chart draws that
// cell now, or hides it: called after every draw and resize, and when the
// pointer moves to another cell.
func (c *Chart) placeOutlines() {
	if c.chart == nil {
		return
	}
	c.outlines.selected.cell = c.Selected
	c.outlines.selected.place(c, selectedStyle, 30)
	if c.image.img == nil {
		c.outlines.hover.cell = Cell{} // a heatmap series borders its own
	}
	c.outlines.hover.place(c, hoverStyle, 31)
}

// place shows o around its cell, or hides it when it has none or the chart
// does not draw that cell.
func (o *cellOutline) place(c *Chart, style map[string]any, z int) {
	x, y, w, h, ok := c.cellBox(o.cell)
	if !ok {
		if o.rect != nil {
			o.rect.Call("hide")
		}
		return
	}
	shape := map[string]any{"x": x, "y": y, "width": w, "height": h}
	if o.rect == nil {
		o.rect = app.Window().Get("echarts").Get("graphic").Get("Rect").New(map[string]any{
			"shape": shape, "style": style, "z": z, "zlevel": c.pictureLevel(), "silent": true,
		})
		c.chart.Call("getZr").Call("add", o.rect)
		return
	}
	o.rect.Call("attr", map[string]any{"shape": shape, "zlevel": c.pictureLevel()}) // over the picture's layer
	o.rect.Call("show")
}

// cellBox returns where the chart draws cell, in CSS pixels from its
// top-left corner, and false when it draws no such cell (or none yet).
func (c *Chart) cellBox(cell Cell) (x, y, w, h float64, ok bool) {
	if !cell.On || c.drawn == "" {
		return 0, 0, 0, 0, false // no cell, or nothing drawn yet
	}
	if img := c.image.img; img != nil {
		l := &c.image.imageLayer
		if _, in := img.At(cell.I, cell.J); !in || !(l.w > 0 && l.h > 0) {
			return 0, 0, 0, 0, false
		}
		w, h = l.w/float64(img.Cols), l.h/float64(img.Rows)
		return l.x + float64(cell.J)*w, l.y + float64(cell.I)*h, w, h, true
	}
	if p := c.drawnParts; p.Base == "" || cell.I < 0 || cell.I >= p.Rows || cell.J < 0 || cell.J >= p.Cols {
		return 0, 0, 0, 0, false // not a heatmap of Parts, or not one of its cells
	}
	// A heatmap series: ECharts places the cell's centre; a cell's size is
	// the step from one centre to the next, so a one-cell heatmap has no
	// ring (its one cell is the whole chart).
	finder := map[string]any{"gridIndex": 0}
	at := func(col, row int) (float64, float64, bool) {
		p := c.chart.Call("convertToPixel", finder, []any{col, row})
		if p.Type() != app.TypeObject || p.Length() < 2 {
			return 0, 0, false
		}
		return p.Index(0).Float(), p.Index(1).Float(), true
	}
	cx, cy, ok1 := at(cell.J, cell.I)
	x0, y0, ok2 := at(0, 0)
	x1, y1, ok3 := at(1, 1)
	w, h = math.Abs(x1-x0), math.Abs(y1-y0)
	if !ok1 || !ok2 || !ok3 || !(w > 0 && h > 0) || math.IsNaN(cx+cy) {
		return 0, 0, 0, 0, false
	}
	return cx - w/2, cy - h/2, w, h, true
}
