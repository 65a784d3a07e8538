package chart

import (
	"strconv"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Chart is an element ECharts draws Option into. Every chart of the page is a
// Chart, its option made by Heatmap.Option or Parts or lineOption, but for
// the main view's thumbnails, which a HeatmapGrid draws.
//
// The ECharts instance is created when the Chart is mounted (in the browser
// only), handed the option again whenever Option changes, after go-app has
// updated the DOM, resized with its element, and disposed of when the Chart
// is dismounted.
type Chart struct {
	app.Compo

	ID      string     // id of the element; may be empty
	Class   string     // extra classes of the element
	Label   string     // its accessible name; "" hides a decorative chart from screen readers
	Option  string     // the ECharts option, as JSON; "" draws nothing
	Parts   ChartParts // if its Base is not "", the option in parts, in place of Option
	MinSize int        // if > 0, the least width in CSS pixels: a larger chart scrolls
	Loading string     // text shown in the server-rendered page until ECharts draws
	Picture bool       // show the first heatmap's picture over Loading there (app/page/first_picture.go)
	Lazy    bool       // draw only while on screen: one scrolled out of view draws when it comes back; may turn on after the mount
	Layer   bool       // draw a picture (Parts.Image) on a canvas of its own over the axes, which alone repaints when only the picture changes (chart_repaint.go)
	Overlay bool       // show a picture (Parts.Image) as canvases over the grid that the browser scales, not drawn by zrender (chart_overlay.go); set before the mount

	// Data are data-* attributes of the element, by name without "data-":
	// what an export of the chart says of it (app/views/export_label.go).
	Data map[string]string

	// Tooltip, if not nil, gives the tooltip of the cell at (row, col) of
	// value v, as HTML that it has escaped (Heatmap.TooltipHTML does). It
	// replaces the option's tooltip formatter: a Go function, unlike
	// text in every data item, costs nothing per cell.
	Tooltip func(row, col int, v float64) string

	// OnCell, if not nil, is called when a cell of the heatmap is clicked
	// (or tapped), with the click's event and the cell's row and column.
	OnCell func(ctx app.Context, e app.Event, row, col int)

	// Selected, if On, is the cell of the heatmap to ring (chart_outline.go):
	// a cell it draws, or none.
	Selected Cell

	// Ref, if not nil, points at this Chart while it is mounted, for a
	// parent that draws into it ahead of go-app's frame (drawNow).
	Ref *Ref[Chart]

	chart      app.Value // the ECharts instance; nil when not mounted
	observer   app.Value // the ResizeObserver watching the element
	onResize   app.Func
	formatter  app.Func   // calls Tooltip
	onClick    app.Func   // calls OnCell
	drawn      string     // the option ECharts has
	drawnParts ChartParts // the parts ECharts has
	onScreen   onScreen   // whether a Lazy chart is on screen
	waits      bool       // the element is marked data-waiting (waiting)
	image      chartImage // draws Parts.Image
	media      chartMedia // the option's media queries (chart_media.go)
	outlines   cellOutlines
	ctx        app.Context
	lazy       bool // setOption waits for the resize that follows (drawSized)
}

// Render returns the element ECharts draws into. It has no children go-app
// manages, so that go-app leaves ECharts' own alone.
func (c *Chart) Render() app.UI {
	div := app.Div().ID(c.ID).Class("chart", c.Class)
	if c.Label != "" {
		div = div.Role("img").Aria("label", c.Label)
	} else {
		div = div.Aria("hidden", "true")
	}
	if c.MinSize > 0 {
		div = div.Style("min-width", strconv.Itoa(c.MinSize)+"px")
	}
	for k, v := range c.Data {
		div = div.DataSet(k, v)
	}
	if app.IsServer {
		// The pre-rendered page, shown until the wasm has loaded; the browser
		// renders the page afresh, without them.
		var body []app.UI
		if c.Loading != "" {
			body = append(body, app.Span().Class("chart-loading").Text(c.Loading))
		}
		if c.Picture {
			// The picture of the chart's width (app/page/first_picture.go): the
			// inner span's background image, by container queries on the
			// outer one (web/app.css). No <img>, whose alt="" go-app's
			// server rendering drops.
			body = append(body, app.Span().Class("chart-picture").Body(
				app.Span().Class("chart-picture-img").Attr("elementtiming", FirstPictureTiming),
			))
		}
		div = div.Body(body...)
	}
	return div
}

// OnMount creates the ECharts instance and draws the option, once ECharts
// has loaded (the page loads /web/echarts.js deferred, while the wasm
// downloads, so the first charts may mount before it has run), as the
// queue of the charts' work allows (schedule.go).
func (c *Chart) OnMount(ctx app.Context) {
	c.ctx = ctx
	c.Ref.set(c)
	if app.Window().Get("echarts").Truthy() {
		drawQueue.mount(jobKey{c, true}, func() {
			if c.Mounted() && c.chart == nil {
				c.mount(ctx)
			}
		})
		return
	}
	whenECharts(ctx, func(ctx app.Context) {
		if c.Mounted() && c.chart == nil {
			c.mount(ctx)
		}
	})
}

// whenECharts calls f, in a dispatch of ctx, when the script of ECharts
// has loaded (the <script> that cmd/build's site.go adds for it).
func whenECharts(ctx app.Context, f func(app.Context)) {
	missing := func() { app.Log("attnviz: window.echarts is missing; /web/echarts.js did not load") }
	script := app.Window().Get("document").Call("querySelector", `script[src$="/web/echarts.js"]`)
	if !script.Truthy() {
		missing()
		return
	}
	// On load, or on error (a 404, or offline without the cache), once.
	var done app.Func
	done = dom.Func(func(app.Value, []app.Value) any {
		script.Call("removeEventListener", "load", done)
		script.Call("removeEventListener", "error", done)
		done.Release()
		ctx.Dispatch(func(ctx app.Context) {
			if !app.Window().Get("echarts").Truthy() {
				missing()
				return
			}
			f(ctx)
		})
		return nil
	})
	script.Call("addEventListener", "load", done)
	script.Call("addEventListener", "error", done)
}

// mount creates the ECharts instance and draws the option.
func (c *Chart) mount(ctx app.Context) {
	defer dom.Guard()
	c.chart = app.Window().Get("echarts").Call("init", c.JSValue(), nil, map[string]any{"renderer": "canvas"})
	c.onResize = dom.Func(func(app.Value, []app.Value) any {
		// laidOut: the observer's first report, at the size ECharts laid
		// out at (resize.go). A draw that waits in the queue (drawSized)
		// resizes with its option, in one update.
		if c.chart != nil && !c.offScreen() && !drawQueue.waiting(jobKey{c, false}) && !laidOut(c.chart, c.JSValue()) {
			c.resize()
		}
		return nil
	})
	c.formatter = dom.Func(func(_ app.Value, args []app.Value) any {
		// ECharts' params of an item: value is [col, row, v, …].
		if c.Tooltip == nil || len(args) == 0 {
			return ""
		}
		v := args[0].Get("value")
		if v.Type() != app.TypeObject || v.Length() < 3 {
			return ""
		}
		return c.Tooltip(v.Index(1).Int(), v.Index(0).Int(), v.Index(2).Float())
	})
	c.onClick = dom.Func(func(_ app.Value, args []app.Value) any {
		if c.OnCell == nil || len(args) == 0 {
			return nil
		}
		v := args[0].Get("value")
		if v.Type() != app.TypeObject || v.Length() < 2 {
			return nil
		}
		row, col := v.Index(1).Int(), v.Index(0).Int()
		var e app.Event
		if ev := args[0].Get("event"); ev.Truthy() && ev.Get("event").Truthy() {
			e = app.Event{Value: ev.Get("event")}
		}
		ctx.Dispatch(func(ctx app.Context) { c.OnCell(ctx, e, row, col) })
		return nil
	})
	c.chart.Call("on", "click", c.onClick)
	// A ResizeObserver sees the window resize and layout changes alike
	// (a scrollbar appearing, the grid reflowing, a larger sentence).
	if ro := app.Window().Get("ResizeObserver"); ro.Truthy() {
		c.observer = ro.New(c.onResize)
		c.observer.Call("observe", c.JSValue())
	}
	if c.Lazy {
		c.onScreen.observe(ctx, c)
	}
	c.draw()
}

// OnUpdate draws the new option once go-app has updated the DOM, so that
// ECharts measures the element at its new size, as the queue of the
// charts' work allows (schedule.go).
func (c *Chart) OnUpdate(ctx app.Context) {
	if c.Lazy && c.onScreen.observer == nil && c.chart != nil {
		c.onScreen.observe(ctx, c) // Lazy from now on (the Learn view's while training)
	}
	c.onScreen.rekey(c) // go-app reuses a mounted Chart for another id too
	ctx.Defer(func(app.Context) { drawQueue.soon(jobKey{c, false}, c.drawSized) })
}

// OnDismount disposes of the ECharts instance and releases the Go functions
// it and the ResizeObserver call.
func (c *Chart) OnDismount() {
	defer dom.Guard()
	c.Ref.clear(c)
	c.onScreen.stop()
	if c.observer != nil {
		c.observer.Call("disconnect")
		c.observer = nil
	}
	ci := &c.image
	disposeLater(c.chart, c.onResize, c.formatter, c.onClick, ci.render, ci.move, ci.click, ci.out, ci.formatter)
	c.chart, c.onResize, c.formatter, c.onClick = nil, nil, nil, nil
	*ci = chartImage{}
	c.drawn, c.waits = "", false
	c.drawnParts = ChartParts{}
	c.media = chartMedia{}
	c.outlines = cellOutlines{}
}

// DrawNow draws parts, with tip as its tooltip and selected ringed, at once:
// in the event that changed them, ahead of go-app's next frame (app/views/live.go),
// which then finds them drawn. It reports false, Drawing nothing, until
// ECharts has loaded.
func (c *Chart) DrawNow(parts ChartParts, tip func(row, col int, v float64) string, selected Cell) bool {
	if c.chart == nil {
		return false
	}
	c.Option, c.Parts, c.Tooltip, c.Selected = "", parts, tip, selected
	c.draw()
	return true
}

// draw hands ECharts the option if it has changed, and rings the cells of
// chart_outline.go where they now are.
func (c *Chart) draw() {
	defer dom.Guard()
	c.drawOption()
	c.placeOutlines()
}

// drawOption hands ECharts the option if it has changed. The option is JSON
// that JSON.parse turns into the object ECharts wants: app.ValueOf cannot
// convert Go structs, and parsing once is faster than converting piece by
// piece.
func (c *Chart) drawOption() {
	if c.offScreen() {
		c.waiting(c.undrawn()) // drawn when it comes on screen
		return
	}
	c.waiting(false)
	if c.chart != nil && c.Parts.Base != "" {
		c.drawParts()
		return
	}
	if c.chart == nil || c.Option == c.drawn {
		return
	}
	c.drawnParts = ChartParts{}
	c.image.img = nil // an Option is never an image
	c.image.over.hide(&c.image.imageLayer)
	if c.Option == "" {
		c.chart.Call("clear")
		c.media = chartMedia{}
	} else {
		// Merged into the last option, which redraws about twice as fast
		// as replacing it: so every option of a chart must have the same
		// parts (Heatmap.Option's do), or ECharts keeps stale ones. After
		// Parts (a picture, say), whose parts differ, it replaces it.
		option := app.Window().Get("JSON").Call("parse", c.Option)
		if tooltip := option.Get("tooltip"); c.Tooltip != nil && tooltip.Type() == app.TypeObject {
			tooltip.Set("formatter", c.formatter)
		}
		c.takeMedia(option)
		c.setOption(option, c.drawn == partsDrawn)
		dom.MarkFirstDraw()
	}
	c.drawn = c.Option
}

// offScreen reports whether the chart is Lazy and off screen: it neither
// draws nor resizes until it comes on screen. Not before the page has drawn
// its first chart: attnviz:first-render marks that draw, and a view whose
// only charts are Lazy and below the fold (the compare view's masks pair
// under a notice, the sentences' pair a message) would never make it.
func (c *Chart) offScreen() bool { return c.Lazy && c.onScreen.hidden && dom.FirstDrawn() }

// undrawn reports whether ECharts lacks the chart's latest option or parts.
func (c *Chart) undrawn() bool {
	if c.Parts.Base != "" {
		return c.drawn != partsDrawn || c.Parts != c.drawnParts
	}
	return c.Option != c.drawn
}

// waiting marks the chart's element data-waiting while it is Lazy and off
// screen with something not drawn yet, which the end-to-end tests wait
// out after scrolling to it.
func (c *Chart) waiting(on bool) {
	if el := c.JSValue(); el != nil && el.Truthy() && c.waits != on {
		c.waits = on
		if on {
			el.Call("setAttribute", "data-waiting", "")
		} else {
			el.Call("removeAttribute", "data-waiting")
		}
	}
}

// FirstPictureTiming is the picture's elementtiming attribute: the bench
// reads when it was painted from the PerformanceElementTiming entry of that
// name.
const FirstPictureTiming = "attnviz:first-heatmap"

// Ready reports whether the ECharts instance exists: whether DrawNow can
// draw.
func (c *Chart) Ready() bool { return c.chart != nil }
