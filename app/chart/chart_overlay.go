package chart

import (
	"math"
	"slices"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// An Overlay chart shows its picture (Parts.Image) as canvases of the page
// laid over the chart's grid rather than on zrender's canvas: src, one
// pixel a cell, scaled to the grid by the browser's compositor (CSS
// image-rendering: pixelated), and over it a canvas of the lines between
// the cells and the masked cells' stripes, drawn again only when those
// change. zrender paints every pixel of the grid on the main thread at
// each update (its layer cleared, the picture copied in: a fifth of a
// keystroke's CPU in the compare view at 128 tokens); here a new picture
// costs the main thread src's few pixels. The rings of chart_outline.go
// stay over it, on zrender's layer 1 (pictureLevel). Exports draw the
// option on an instance of their own, where the picture is zrender's again
// (overlayElement, exportInstance).

// overlay is an Overlay chart's canvases over its grid.
type overlay struct {
	deco   app.Value  // the lines between the cells and the stripes, at the grid's device pixels
	key    decoKey    // what deco shows
	size   [2]int     // deco's width and height: 1 × 1 while it has nothing to show (decorate)
	box    [4]float64 // where src and deco are, in CSS pixels: left, top, width, height
	smooth bool       // src is scaled smoothly (cells smaller than pixels)
	shown  bool
}

// decoKey is what an overlay's deco canvas is drawn from.
type decoKey struct {
	cols, rows, w, h int
	dpr              float64
	gaps             bool
	stripes          [][3]int
}

// same reports whether k and o draw the same lines and stripes.
func (k decoKey) same(o decoKey) bool {
	return k.cols == o.cols && k.rows == o.rows && k.w == o.w && k.h == o.h && k.dpr == o.dpr && k.gaps == o.gaps &&
		slices.Equal(k.stripes, o.stripes)
}

// renderImage is the custom series' renderItem of the chart's picture:
// on the chart's own instance of an Overlay chart, the overlay placed over
// the cells and no element; else (another chart, or an export's instance,
// which renders the same option) the image element of imageLayer.element.
func (c *Chart) renderImage(api app.Value) any {
	ci := &c.image
	if !c.Overlay || c.chart == nil || !api.Get("getZr").Truthy() || !api.Call("getZr").Equal(c.chart.Call("getZr")) {
		return ci.element(api)
	}
	x, y, w, h, dw, dh, ok := ci.box(api)
	if !ok {
		ci.over.hide(&ci.imageLayer)
		return nil
	}
	ci.x, ci.y, ci.w, ci.h = x, y, w, h
	ci.over.place(c.chart, &ci.imageLayer, x, y, w, h, dw, dh)
	return nil
}

// place lays src and the deco canvas over the grid's cells, at (x, y) of
// size w × h in CSS pixels (dw × dh device pixels), in zrender's root
// under its layer 1, where the rings are.
func (o *overlay) place(inst app.Value, l *imageLayer, x, y, w, h float64, dw, dh int) {
	doc := app.Window().Get("document")
	if o.deco == nil {
		o.deco = doc.Call("createElement", "canvas")
		o.size = [2]int{300, 150} // a new canvas's size, until decorate sets it
		for _, el := range []app.Value{l.src, o.deco} {
			el.Set("className", "chart-overlay")
			style := el.Get("style")
			style.Set("position", "absolute")
			style.Set("pointerEvents", "none")
		}
	}
	painter := inst.Call("getZr").Get("painter")
	root := painter.Call("getViewportRoot")
	if !l.src.Get("parentNode").Equal(root) {
		var under app.Value = app.Null()
		if painter.Get("getLayer").Truthy() {
			under = painter.Call("getLayer", 1).Get("dom")
		}
		root.Call("insertBefore", l.src, under)
		root.Call("insertBefore", o.deco, under)
	}
	// Styles written only when they change: each write makes the browser
	// lay the page out again.
	if box := [4]float64{x, y, w, h}; box != o.box || !o.shown {
		for _, el := range []app.Value{l.src, o.deco} {
			style := el.Get("style")
			style.Set("left", formatPx(x))
			style.Set("top", formatPx(y))
			style.Set("width", formatPx(w))
			style.Set("height", formatPx(h))
			style.Set("display", "")
		}
		o.box, o.shown = box, true
	}
	// A smooth average where cells are smaller than pixels.
	if smooth := dw < l.img.Cols || dh < l.img.Rows; smooth != o.smooth || l.src.Get("style").Get("imageRendering").String() == "" {
		rendering := "pixelated"
		if smooth {
			rendering = "auto"
		}
		l.src.Get("style").Set("imageRendering", rendering)
		o.smooth = smooth
	}
	o.decorate(l.img, dw, dh)
}

// decorate draws onto deco, of dw × dh device pixels, the lines between
// img's cells and its stripes, if they differ from what it shows. With
// neither (more than 40 tokens, no mask), deco is 1 × 1: at 128 tokens a
// full-size empty canvas is 2.5 million pixels the browser allocates,
// clears and hands its compositor at each first draw.
func (o *overlay) decorate(img *HeatmapImage, dw, dh int) {
	if o.deco == nil || img == nil {
		return
	}
	dpr := dom.DevicePixelRatio()
	k := decoKey{cols: img.Cols, rows: img.Rows, w: dw, h: dh, dpr: dpr, gaps: img.Gaps, stripes: img.Stripes}
	if k.same(o.key) {
		return
	}
	o.key = k
	size, empty := [2]int{dw, dh}, !img.Gaps && img.Stripes == nil
	if empty {
		size = [2]int{1, 1} // not 0 × 0, which drawImage (of a page's canvases) refuses
	}
	if size != o.size {
		// A new size clears the canvas.
		o.deco.Set("width", size[0])
		o.deco.Set("height", size[1])
		o.size = size
	} else if !empty {
		o.deco.Call("getContext", "2d").Call("clearRect", 0, 0, dw, dh)
	}
	if empty {
		return
	}
	ctx := o.deco.Call("getContext", "2d")
	if img.Gaps {
		drawGaps(ctx, img.Cols, img.Rows, float64(dw), float64(dh), dpr)
	}
	if img.Stripes != nil {
		drawStripes(ctx, img.Stripes, img.Cols, img.Rows, float64(dw), float64(dh), dpr)
	}
	o.key.stripes = slices.Clone(img.Stripes)
}

// hide takes the overlay off the chart: its picture is no longer drawn.
func (o *overlay) hide(l *imageLayer) {
	if !o.shown {
		return
	}
	for _, el := range []app.Value{l.src, o.deco} {
		if el != nil {
			el.Get("style").Set("display", "none")
		}
	}
	o.shown = false
}

// repaintOverlay shows p's picture, which differs from the one shown only
// in its cells, without an ECharts update: src is the picture on screen.
func (c *Chart) repaintOverlay(p ChartParts) bool {
	o := &c.image.over
	if !o.shown {
		return false
	}
	c.image.set(p.Image)
	o.decorate(p.Image, o.key.w, o.key.h)
	c.drawnParts = p
	return true
}

// box returns where the picture's cells are drawn, in CSS pixels of the
// chart (x, y, w, h, on whole device pixels), its size in device pixels
// (dw × dh, at most maxImageSide), and false where it has no area. api is
// ECharts' renderItem API.
func (l *imageLayer) box(api app.Value) (x, y, w, h float64, dw, dh int, ok bool) {
	rows, cols := l.img.Rows, l.img.Cols
	first := api.Call("coord", []any{0, 0})              // the centre of the top-left cell
	last := api.Call("coord", []any{cols - 1, rows - 1}) // of the bottom-right one
	cell := api.Call("size", []any{1, 1})
	cw, ch := cell.Index(0).Float(), cell.Index(1).Float()
	x, y = first.Index(0).Float()-cw/2, first.Index(1).Float()-ch/2
	w, h = last.Index(0).Float()-first.Index(0).Float()+cw, last.Index(1).Float()-first.Index(1).Float()+ch
	dpr := dom.DevicePixelRatio()
	// On whole device pixels, dst is drawn 1:1: its cells and lines stay
	// sharp.
	x0, y0 := math.Round(x*dpr), math.Round(y*dpr)
	x1, y1 := math.Round((x+w)*dpr), math.Round((y+h)*dpr)
	x, y, w, h = x0/dpr, y0/dpr, (x1-x0)/dpr, (y1-y0)/dpr
	if !(w > 0 && h > 0) {
		return 0, 0, 0, 0, 0, 0, false
	}
	return x, y, w, h, min(int(x1-x0), maxImageSide), min(int(y1-y0), maxImageSide), true
}

// exportInstance returns the instance to draw inst's chart for an export,
// el's: inst itself, or, where an overlay shows the picture (which
// getDataURL would leave out), a new instance of inst's option at its
// size, whose picture zrender draws, and a function that disposes of it.
func exportInstance(el, inst app.Value) (app.Value, func()) {
	if !el.Call("querySelector", "canvas.chart-overlay").Truthy() {
		return inst, func() {}
	}
	w, h := inst.Call("getWidth").Int(), inst.Call("getHeight").Int()
	div := app.Window().Get("document").Call("createElement", "div")
	own := app.Window().Get("echarts").Call("init", div, nil, map[string]any{
		"renderer": "canvas", "width": w, "height": h,
	})
	option := inst.Call("getOption")
	option.Set("animation", false)
	own.Call("setOption", option)
	return own, func() { disposeLater(own) }
}
