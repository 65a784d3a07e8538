package chart

import (
	"math"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// chartImage draws a HeatmapImage for a Chart (see heatmap_image.go): the
// option's custom series calls render, which returns the image element of
// its imageLayer. The pointer handlers give the tooltip and the clicks that
// the heatmap series gives for its own cells.
type chartImage struct {
	imageLayer
	tip  string
	el   app.Value // the zrender element showing dst, found by imageElement; nil until then
	over overlay   // an Overlay chart's canvases over the grid (chart_overlay.go)

	render, move, click, out, formatter app.Func
}

// imageLayer is one HeatmapImage as an ECharts image element covering the
// cells of its grid. The pixels go into src, a canvas of one pixel per
// cell; dst is src scaled to the size drawn, in device pixels, without
// smoothing, so that cells stay sharp squares (ECharts would scale src
// smoothly, blurring them).
type imageLayer struct {
	img        *HeatmapImage // drawn into src
	src, dst   app.Value
	dstW, dstH int  // dst's size, in device pixels
	stale      bool // src has changed since dst was drawn
	textOn     bool // dst prints img.Text: the chart is wide enough (CellText.MinWidth)
	exact      bool // src is shown as it is (an Overlay chart's), so exactly the picture's size

	reuse layerReuse // what set and paint keep from one picture to the next (chart_repaint.go)

	x, y, w, h float64 // where the cells were last drawn, in CSS pixels of the chart
}

// setImage puts img into the Chart's layer, to be drawn at the next render.
func (c *Chart) setImage(img *HeatmapImage) {
	if c.image.render == nil {
		c.listenImage()
	}
	c.image.exact = c.Overlay
	c.image.set(img)
}

// set puts img into src, to be drawn at the next render.
func (l *imageLayer) set(img *HeatmapImage) {
	if l.img.same(img) {
		l.img = img // the same picture; keep the newer values
		return
	}
	doc := app.Window().Get("document")
	if l.src == nil {
		l.src = doc.Call("createElement", "canvas")
		l.dst = doc.Call("createElement", "canvas")
	}
	pixels, data := l.reuse.pixelsFor(l.src, img.Rows, img.Cols, l.exact)
	app.CopyBytesToJS(pixels, img.RGBA)
	l.reuse.srcCtx.Call("putImageData", data, 0, 0)
	l.img, l.stale = img, true
}

// listenImage makes the functions ECharts and zrender call for an image.
func (c *Chart) listenImage() {
	ci := &c.image
	ci.render = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) < 2 || ci.img == nil {
			return nil
		}
		return c.renderImage(args[1])
	})
	ci.formatter = dom.Func(func(app.Value, []app.Value) any { return ci.tip })
	ci.move = dom.Func(func(_ app.Value, args []app.Value) any {
		if ci.img == nil || c.Tooltip == nil {
			return nil // a heatmap series, with a tooltip and hover of its own, or a thumbnail
		}
		row, col, x, y, ok := c.imageCell(args)
		c.hover(Cell{I: row, J: col, On: ok})
		if !ok {
			c.chart.Call("dispatchAction", map[string]any{"type": "hideTip"})
			return nil
		}
		v, _ := ci.img.At(row, col)
		if ci.tip = c.Tooltip(row, col, v); ci.tip == "" {
			c.chart.Call("dispatchAction", map[string]any{"type": "hideTip"})
			return nil // a cell with nothing to tell
		}
		// A tooltip of its own at the pointer, as ECharts shows for axis
		// labels; its formatter (a function: ECharts would read a string as
		// a template) gives ci.tip.
		c.chart.Call("dispatchAction", map[string]any{
			"type": "showTip", "x": x, "y": y,
			"tooltip": map[string]any{"formatter": ci.formatter},
		})
		return nil
	})
	ci.out = dom.Func(func(app.Value, []app.Value) any {
		c.hover(Cell{})
		if c.chart != nil {
			c.chart.Call("dispatchAction", map[string]any{"type": "hideTip"})
		}
		return nil
	})
	ci.click = dom.Func(func(_ app.Value, args []app.Value) any {
		row, col, _, _, ok := c.imageCell(args)
		if !ok || c.OnCell == nil {
			return nil
		}
		var e app.Event
		if ev := args[0].Get("event"); ev.Truthy() {
			e = app.Event{Value: ev}
		}
		c.ctx.Dispatch(func(ctx app.Context) { c.OnCell(ctx, e, row, col) })
		return nil
	})
	zr := c.chart.Call("getZr")
	zr.Call("on", "mousemove", ci.move)
	zr.Call("on", "click", ci.click)
	zr.Call("on", "globalout", ci.out)
}

// hover rings cell, the one under the pointer (none if not On), if it is
// another than the one ringed.
func (c *Chart) hover(cell Cell) {
	if cell == c.outlines.hover.cell {
		return
	}
	c.outlines.hover.cell = cell
	c.placeOutlines()
}

// imageCell returns the cell under a zrender pointer event, args[0], and the
// pointer's position in the chart.
func (c *Chart) imageCell(args []app.Value) (row, col int, x, y float64, ok bool) {
	ci := &c.image
	if c.chart == nil || ci.img == nil || len(args) == 0 {
		return 0, 0, 0, 0, false
	}
	x, y = args[0].Get("offsetX").Float(), args[0].Get("offsetY").Float()
	finder := map[string]any{"gridIndex": 0}
	point := []any{x, y}
	if !c.chart.Call("containPixel", finder, point).Bool() {
		return 0, 0, x, y, false
	}
	at := c.chart.Call("convertFromPixel", finder, point)
	if at.Type() != app.TypeObject || at.Length() < 2 {
		return 0, 0, x, y, false
	}
	col, row = int(math.Round(at.Index(0).Float())), int(math.Round(at.Index(1).Float()))
	_, ok = ci.img.At(row, col)
	return row, col, x, y, ok
}

// element is the custom series' renderItem: it returns the image element
// that covers the cells, dst redrawn at the size it is drawn. api is
// ECharts' renderItem API.
func (l *imageLayer) element(api app.Value) any {
	x, y, w, h, dw, dh, ok := l.box(api)
	if !ok {
		return nil
	}
	l.x, l.y, l.w, l.h = x, y, w, h
	if on := l.img.Text != nil && api.Call("getWidth").Int() >= l.img.Text.MinWidth; on != l.textOn {
		l.textOn, l.stale = on, true
	}
	if dw != l.dstW || dh != l.dstH {
		l.dst.Set("width", dw)
		l.dst.Set("height", dh)
		l.dstW, l.dstH, l.stale = dw, dh, true
	}
	l.paint(dom.DevicePixelRatio())
	style := app.Window().Get("Object").New()
	style.Set("image", l.dst)
	style.Set("x", x)
	style.Set("y", y)
	style.Set("width", w)
	style.Set("height", h)
	el := app.Window().Get("Object").New()
	el.Set("type", "image")
	el.Set("style", style)
	return el
}

// paint draws src into dst, at dst's size, if src has changed since.
func (l *imageLayer) paint(dpr float64) {
	if !l.stale || l.img == nil || l.dst == nil {
		return
	}
	rows, cols, dw, dh := l.img.Rows, l.img.Cols, l.dstW, l.dstH
	ctx := l.reuse.dstContext(l.dst)
	// Sharp cells when scaling up; a smooth average when a thumbnail has
	// more cells than pixels, which would take in the pixels of src beyond
	// the picture: src then is the picture's size.
	smooth := dw < cols || dh < rows
	if r := &l.reuse; smooth && (r.srcRows != rows || r.srcCols != cols) {
		r.sizeSrc(l.src, rows, cols)
		r.srcCtx.Call("putImageData", r.data, 0, 0)
	}
	ctx.Set("imageSmoothingEnabled", smooth)
	ctx.Call("clearRect", 0, 0, dw, dh)
	ctx.Call("drawImage", l.src, 0, 0, cols, rows, 0, 0, dw, dh)
	if l.img.Gaps {
		l.reuse.drawGaps(ctx, cols, rows, dw, dh, dpr)
	}
	if l.img.Stripes != nil {
		drawStripes(ctx, l.img.Stripes, cols, rows, float64(dw), float64(dh), dpr)
	}
	if l.textOn {
		drawCellText(ctx, l.img.Text, cols, rows, float64(dw), float64(dh), dpr)
	}
	l.stale = false
}

// drawGaps draws, on a 2D context of size w × h device pixels showing cols
// × rows cells, the white line of one CSS pixel (dpr device pixels) that a
// heatmap series draws between two cells, where cells are wide enough to
// keep most of their colour.
func drawGaps(ctx app.Value, cols, rows int, w, h, dpr float64) {
	if w/float64(cols) < 4*dpr || h/float64(rows) < 4*dpr {
		return
	}
	ctx.Set("fillStyle", "#ffffff")
	for j := 1; j < cols; j++ {
		ctx.Call("fillRect", math.Round(float64(j)*w/float64(cols)-dpr/2), 0, dpr, h)
	}
	for i := 1; i < rows; i++ {
		ctx.Call("fillRect", 0, math.Round(float64(i)*h/float64(rows)-dpr/2), w, dpr)
	}
}

// maxImageSide bounds the drawn image's canvas, in device pixels: 4096² is
// 64 MB, beside ECharts' own canvas of the chart.
const maxImageSide = 4096

// drawStripes draws, on a 2D context of size w × h device pixels showing
// cols × rows cells, the stripes of the masked cells' decal
// (contrast.go's maskedDecal) over the runs of cells stripes: lines of 2
// CSS pixels about 7 apart, rising at 45°, in maskedStripe, filled from a
// tile (stripeTile) so that they run on from cell to cell. Where cells are
// smaller than 4 CSS pixels, stripes would hide their colour: none.
func drawStripes(ctx app.Value, stripes [][3]int, cols, rows int, w, h, dpr float64) {
	cw, ch := w/float64(cols), h/float64(rows)
	if cw < 4*dpr || ch < 4*dpr {
		return
	}
	pattern := ctx.Call("createPattern", stripeTile(dpr), "repeat")
	if !pattern.Truthy() {
		return
	}
	ctx.Call("save")
	ctx.Set("fillStyle", pattern)
	for _, s := range stripes {
		x0, x1 := math.Round(float64(s[1])*cw), math.Round(float64(s[2])*cw)
		y0, y1 := math.Round(float64(s[0])*ch), math.Round(float64(s[0]+1)*ch)
		ctx.Call("fillRect", x0, y0, x1-x0, y1-y0)
	}
	ctx.Call("restore")
}

// stripeTiles are the tiles stripeTile made, by dpr: every repaint of a
// masked heatmap's picture fills from one.
var stripeTiles = map[float64]app.Value{}

// stripeTile returns a canvas of the stripes' tile at dpr device pixels per
// CSS pixel: a square of 10 CSS pixels crossed by a line of 2, rising at
// 45°, that tiles into lines about 7 CSS pixels apart.
func stripeTile(dpr float64) app.Value {
	if t, ok := stripeTiles[dpr]; ok {
		return t
	}
	t := newStripeTile(dpr)
	stripeTiles[dpr] = t
	return t
}

// newStripeTile draws the tile of stripeTile.
func newStripeTile(dpr float64) app.Value {
	side := math.Round(10 * dpr)
	tile := app.Window().Get("document").Call("createElement", "canvas")
	tile.Set("width", side)
	tile.Set("height", side)
	ctx := tile.Call("getContext", "2d")
	ctx.Set("strokeStyle", maskedStripe)
	ctx.Set("lineWidth", 2*dpr)
	ctx.Call("beginPath")
	for _, c := range []float64{0, side, 2 * side} { // the lines x + y = c
		ctx.Call("moveTo", c, 0)
		ctx.Call("lineTo", 0, c)
	}
	ctx.Call("stroke")
	return tile
}
