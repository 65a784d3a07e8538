package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// repaintImage draws p where it differs from the parts drawn only in its
// picture (the Learn view's heatmaps while a model trains): the new picture
// goes into the canvas that the chart's image element already shows, and
// zrender paints that element again in its next frame. ECharts is handed
// no option, whose update would lay out the grid, the axes and their labels
// and the colour bar again: most of such a redraw. It reports false, having
// changed nothing, where it cannot: parts that differ otherwise, a picture
// never drawn, or a zrender without what it needs.
func (c *Chart) repaintImage(p ChartParts) bool {
	old := c.drawnParts
	if p.Image == nil || old.Image == nil || p.Base != old.Base || p.X != old.X || p.Y != old.Y || p.Data != old.Data ||
		p.Image.Rows != old.Image.Rows || p.Image.Cols != old.Image.Cols {
		return false
	}
	if c.Overlay {
		return c.repaintOverlay(p)
	}
	l := &c.image.imageLayer
	if l.dst == nil || l.dstW == 0 || c.image.render == nil {
		return false
	}
	el := c.imageElement()
	if el == nil {
		return false
	}
	c.image.set(p.Image)
	if l.stale {
		l.paint(dom.DevicePixelRatio())
		el.Call("markRedraw") // zrender's next frame paints it
	}
	c.drawnParts = p
	return true
}

// imageElement returns the zrender element that shows the chart's picture
// (whose style's image is the layer's dst), or nil: the one found last
// time while it is still in zrender's storage, else the display list's.
func (c *Chart) imageElement() app.Value {
	dst := c.image.dst
	if el := c.image.el; el != nil && el.Get("__zr").Truthy() && el.Get("style").Get("image").Equal(dst) {
		return el
	}
	c.image.el = nil
	storage := c.chart.Call("getZr").Get("storage")
	if !storage.Truthy() || !storage.Get("getDisplayList").Truthy() {
		return nil
	}
	list := storage.Call("getDisplayList")
	for i := range list.Length() {
		el := list.Index(i)
		if el.Get("type").String() == "image" && el.Get("style").Get("image").Equal(dst) {
			c.image.el = el
			return el
		}
	}
	return nil
}

// layerReuse is what an imageLayer keeps from one picture to the next of
// the same size, which the Learn view draws ten times a second for each
// head while a model trains: the pixels' array and the ImageData over it,
// the canvases' contexts, and the white lines between the cells drawn once
// into a canvas of their own.
type layerReuse struct {
	rows, cols     int
	srcRows        int // src's size (src may be larger than the picture: pixelsFor)
	srcCols        int
	pixels, data   app.Value // a Uint8ClampedArray of rows × cols × 4 and the ImageData over it
	srcCtx, dstCtx app.Value

	gaps    app.Value // the lines between the cells, on transparent pixels
	gapsKey [5]float64
}

// pixelsFor sizes src to rows × cols, or, unless exact, to at least that
// (its top-left corner holds the picture: a probe typed gains and loses a
// token at each keystroke, and each new size of a canvas costs the
// browser a new one), and returns the array to copy the pixels into and the
// ImageData that shows them.
func (r *layerReuse) pixelsFor(src app.Value, rows, cols int, exact bool) (pixels, data app.Value) {
	if r.srcCtx == nil {
		r.srcCtx = src.Call("getContext", "2d")
	}
	if r.pixels == nil || rows != r.rows || cols != r.cols {
		if exact || rows > r.srcRows || cols > r.srcCols {
			r.sizeSrc(src, rows, cols)
		}
		r.pixels = app.Window().Get("Uint8ClampedArray").New(4 * rows * cols)
		r.data = app.Window().Get("ImageData").New(r.pixels, cols, rows)
		r.rows, r.cols = rows, cols
	}
	return r.pixels, r.data
}

// sizeSrc makes src rows × cols.
func (r *layerReuse) sizeSrc(src app.Value, rows, cols int) {
	src.Set("width", cols)
	src.Set("height", rows)
	r.srcRows, r.srcCols = rows, cols
}

// dstContext returns dst's 2D context.
func (r *layerReuse) dstContext(dst app.Value) app.Value {
	if r.dstCtx == nil {
		r.dstCtx = dst.Call("getContext", "2d")
	}
	return r.dstCtx
}

// drawGaps draws onto ctx, of w × h device pixels showing cols × rows
// cells, the lines that drawGaps draws, from a canvas that keeps them while
// the sizes stay.
func (r *layerReuse) drawGaps(ctx app.Value, cols, rows, w, h int, dpr float64) {
	key := [5]float64{float64(cols), float64(rows), float64(w), float64(h), dpr}
	if r.gaps == nil || key != r.gapsKey {
		if r.gaps == nil {
			r.gaps = app.Window().Get("document").Call("createElement", "canvas")
		}
		r.gaps.Set("width", w)
		r.gaps.Set("height", h)
		drawGaps(r.gaps.Call("getContext", "2d"), cols, rows, float64(w), float64(h), dpr)
		r.gapsKey = key
	}
	ctx.Call("drawImage", r.gaps, 0, 0)
}

// pictureLevel is the zrender layer (zlevel) of the chart's picture and of
// the rings over its cells: 1, a canvas of its own over the axes, for a
// Layer chart (and the rings over an Overlay chart's picture), else 0, the
// axes' own.
func (c *Chart) pictureLevel() int {
	if c.Layer || c.Overlay {
		return 1
	}
	return 0
}
