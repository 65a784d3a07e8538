package chart

import (
	"slices"
	"strconv"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// HeatmapGrid draws small heatmaps, each as an image (heatmap_image.go), with
// one ECharts instance laid over the places the page keeps for them: the
// buttons of the heads' thumbnails keep their HTML layout, focus and clicks,
// and each holds an empty slot, an element of class Slot, where its picture
// shows. One instance for every thumbnail costs one ECharts update when
// the layout changes instead of one each (ECharts' fixed cost per update,
// docs/performance.md), and a
// keystroke that changes only the pictures costs no ECharts update at all
// (repaint).
//
// A HeatmapGrid is the last child of the element that holds the slots, which
// must be positioned (CSS position: relative); it covers that element and
// lets the pointer through to the buttons (web/app.css, .heatmap-grid).
type HeatmapGrid struct {
	app.Compo

	Images []*HeatmapImage   // one per slot, in the slots' document order; nil leaves a slot empty
	Slot   string            // the class of the slots
	Ref    *Ref[HeatmapGrid] // if not nil, points at this grid while it is mounted (drawNow)

	chart    app.Value
	layers   []imageLayer
	renders  []app.Func   // renders[i] is series i's renderItem, Drawing layers[i]
	boxes    [][4]float64 // the slots' boxes drawn (see slotBoxes)
	sizes    [][2]int     // the rows and columns of each image drawn
	observer app.Value
	onResize app.Func
}

// Render returns the element ECharts draws into; go-app manages none of its
// children.
func (g *HeatmapGrid) Render() app.UI {
	return app.Div().Class("heatmap-grid").Aria("hidden", "true")
}

// OnMount creates the ECharts instance once ECharts has loaded, as the
// queue of the charts' work allows (schedule.go).
func (g *HeatmapGrid) OnMount(ctx app.Context) {
	g.Ref.set(g)
	if app.Window().Get("echarts").Truthy() {
		drawQueue.mount(jobKey{g, true}, func() {
			if g.Mounted() && g.chart == nil {
				g.mount()
			}
		})
		return
	}
	whenECharts(ctx, func(app.Context) {
		if g.Mounted() && g.chart == nil {
			g.mount()
		}
	})
}

func (g *HeatmapGrid) mount() {
	defer dom.Guard()
	g.chart = app.Window().Get("echarts").Call("init", g.JSValue(), nil, map[string]any{"renderer": "canvas"})
	g.onResize = dom.Func(func(app.Value, []app.Value) any {
		if g.chart != nil {
			if !laidOut(g.chart, g.JSValue()) {
				g.chart.Call("resize")
			}
			g.draw() // the slots may have moved
		}
		return nil
	})
	if ro := app.Window().Get("ResizeObserver"); ro.Truthy() {
		g.observer = ro.New(g.onResize)
		g.observer.Call("observe", g.JSValue().Get("parentElement"))
	}
	g.draw()
}

// OnUpdate draws the new images once go-app has updated the DOM, where the
// slots are, as the queue of the charts' work allows (schedule.go).
func (g *HeatmapGrid) OnUpdate(ctx app.Context) {
	ctx.Defer(func(app.Context) { drawQueue.soon(jobKey{g, false}, g.draw) })
}

// OnDismount disposes of the ECharts instance and releases the functions
// JavaScript calls.
func (g *HeatmapGrid) OnDismount() {
	defer dom.Guard()
	g.Ref.clear(g)
	if g.observer != nil {
		g.observer.Call("disconnect")
		g.observer = nil
	}
	disposeLater(g.chart, append(g.renders, g.onResize)...)
	g.chart = nil
	g.renders, g.onResize, g.layers, g.boxes, g.sizes = nil, nil, nil, nil, nil
}

// DrawNow draws images at once, in the event that changed them, ahead of
// go-app's next frame (app/views/live.go). It reports false, Drawing nothing, until
// ECharts has loaded, and when images do not fill the slots it has drawn:
// a change of their number waits for go-app to change the slots.
func (g *HeatmapGrid) DrawNow(images []*HeatmapImage) bool {
	if g.chart == nil || len(images) != len(g.boxes) {
		return false
	}
	g.Images = images
	g.drawIn(g.boxes)
	return true
}

// draw shows what changed: the whole option, to ECharts, when the slots
// moved or the images changed size; else, when pictures changed, those
// pictures repainted in place.
func (g *HeatmapGrid) draw() {
	defer dom.Guard()
	if g.chart == nil {
		return
	}
	g.drawIn(g.slotBoxes())
}

// drawIn is draw with the slots at boxes. DrawNow, in the event of a
// keystroke, hands it the boxes drawn last: the slots move only when
// go-app changes the page or the window resizes, each followed by a draw
// that measures them, and measuring them in the event would have the
// browser lay out the page the keystroke changed (the sentence's input)
// there and then.
func (g *HeatmapGrid) drawIn(boxes [][4]float64) {
	n := min(len(boxes), len(g.Images))
	for len(g.layers) < n {
		i := len(g.layers)
		g.layers = append(g.layers, imageLayer{})
		g.renders = append(g.renders, dom.Func(func(_ app.Value, args []app.Value) any {
			if len(args) < 2 || i >= len(g.layers) || g.layers[i].img == nil {
				return nil
			}
			return g.layers[i].element(args[1])
		}))
	}
	changed := false
	sizes := make([][2]int, n)
	for i, img := range g.Images[:n] {
		if img == nil {
			// Its size becomes 0×0: the whole option below.
			g.layers[i].img = nil
			continue
		}
		sizes[i] = [2]int{img.Rows, img.Cols}
		if !g.layers[i].img.same(img) {
			g.layers[i].set(img)
			changed = true
		}
	}
	boxes = boxes[:n]
	if !slices.Equal(boxes, g.boxes) || !slices.Equal(sizes, g.sizes) {
		option := app.Window().Get("JSON").Call("parse", gridOption(boxes, sizes))
		series := option.Get("series")
		for i := range n {
			series.Index(i).Set("renderItem", g.renders[i])
		}
		g.chart.Call("setOption", option, map[string]any{"notMerge": true})
		g.boxes, g.sizes = boxes, sizes
		dom.MarkFirstDraw() // the pipeline view's first heatmaps are a grid's
		return
	}
	if changed && !g.repaint() {
		// Where zrender cannot be asked directly: ECharts renders every
		// series again, and renderItem draws the new pictures.
		redraw := make([]any, n)
		for i := range redraw {
			redraw[i] = map[string]any{"data": []any{[]any{0, 0}}}
		}
		g.chart.Call("setOption", map[string]any{"series": redraw})
	}
}

// repaint draws the new pictures, where only the pictures changed, into the
// canvases that the image elements ECharts made for them show, and has
// zrender paint those elements again: ECharts' update of every grid, axis
// and series would lay out and render the same elements again. It reports
// false, having drawn nothing, when zrender does not offer what it needs or
// a new picture has never been drawn.
func (g *HeatmapGrid) repaint() bool {
	zr := g.chart.Call("getZr")
	storage := zr.Get("storage")
	if !storage.Truthy() || !storage.Get("getDisplayList").Truthy() {
		return false
	}
	for i := range g.layers {
		if l := &g.layers[i]; l.stale && (l.dst == nil || l.dstW == 0) {
			return false // a new picture never drawn: ECharts must render it first
		}
	}
	dpr := dom.DevicePixelRatio()
	for i := range g.layers {
		g.layers[i].paint(dpr)
	}
	list := storage.Call("getDisplayList")
	for i := range list.Length() {
		if el := list.Index(i); el.Get("type").String() == "image" {
			el.Call("markRedraw")
		}
	}
	zr.Call("refreshImmediately")
	return true
}

// slotBoxes returns the boxes of the slots, inside 2 CSS pixels from their
// edges, as left, top, width and height relative to the grid's element.
func (g *HeatmapGrid) slotBoxes() [][4]float64 {
	el := g.JSValue()
	origin := el.Call("getBoundingClientRect")
	ox, oy := origin.Get("left").Float(), origin.Get("top").Float()
	slots := el.Get("parentElement").Call("querySelectorAll", "."+g.Slot)
	boxes := make([][4]float64, 0, slots.Length())
	for i := range slots.Length() {
		r := slots.Index(i).Call("getBoundingClientRect")
		boxes = append(boxes, [4]float64{
			r.Get("left").Float() - ox + 2, r.Get("top").Float() - oy + 2,
			max(r.Get("width").Float()-4, 0), max(r.Get("height").Float()-4, 0),
		})
	}
	return boxes
}

// gridOption returns the ECharts option of the grid, made of go-echarts'
// option types: a grid at each box, hidden category axes of the image's
// rows and columns, and a custom series of one item, which renderItem (set
// by draw) draws as the picture.
func gridOption(boxes [][4]float64, sizes [][2]int) string {
	px := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	o := chartOption{}
	for i, b := range boxes {
		rows, cols := sizes[i][0], sizes[i][1]
		o.Grid = append(o.Grid, chartGrid{Grid: opts.Grid{Left: px(b[0]), Top: px(b[1]), Width: px(b[2]), Height: px(b[3])}, OuterBoundsMode: "none"})
		o.XAxis = append(o.XAxis, chartXAxis{XAxis: opts.XAxis{
			Type: "category", GridIndex: i, Show: opts.Bool(false), Data: make([]string, cols),
		}})
		o.YAxis = append(o.YAxis, chartYAxis{YAxis: opts.YAxis{
			Type: "category", GridIndex: i, Show: opts.Bool(false), Inverse: opts.Bool(true), Data: make([]string, rows),
		}})
		o.Series = append(o.Series, chartSeries{
			Type: "custom", CoordinateSystem: "cartesian2d", Silent: opts.Bool(true),
			XAxisIndex: i, YAxisIndex: i, Data: [][]int{{0, 0}},
		})
	}
	return o.encode()
}
