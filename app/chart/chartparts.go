package chart

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ChartParts is an ECharts option in the parts a keystroke changes apart:
// Base, the option made with go-echarts, in which the strings
// "attnviz:x", "attnviz:y" and "attnviz:data" stand for X, Y and Data, the
// JSON of the x and y axis labels and of the series data.
//
// A Chart given ChartParts hands ECharts the whole option only when Base
// changes; otherwise it merges in only the parts that changed (usually the
// data), which ECharts redraws several times faster than a whole option,
// and which costs no go-echarts reflection or JSON encoding on the Go side.
type ChartParts struct {
	Base string
	X, Y string
	Data string

	Rows, Cols int // the heatmap's rows and columns

	// Image, if not nil, is the picture of the cells of a heatmap drawn as
	// an image (Heatmap.AsImage), whose Data is a single item.
	Image *HeatmapImage
}

// Placeholders of ChartParts.Base; dataPlaceholder stands for the data.
const (
	xPlaceholder    = "attnviz:x"
	yPlaceholder    = "attnviz:y"
	dataPlaceholder = "attnviz:data"
)

// Option returns the whole option: Base with X, Y and Data in place of their
// placeholders.
func (p ChartParts) Option() string {
	if p.Base == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(len(p.Base) + len(p.X) + len(p.Y) + len(p.Data))
	rest := p.Base
	for rest != "" {
		i := strings.Index(rest, `"attnviz:`)
		if i < 0 {
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i:]
		switch {
		case strings.HasPrefix(rest, `"`+xPlaceholder+`"`):
			b.WriteString(p.X)
			rest = rest[len(xPlaceholder)+2:]
		case strings.HasPrefix(rest, `"`+yPlaceholder+`"`):
			b.WriteString(p.Y)
			rest = rest[len(yPlaceholder)+2:]
		case strings.HasPrefix(rest, `"`+dataPlaceholder+`"`):
			b.WriteString(p.Data)
			rest = rest[len(dataPlaceholder)+2:]
		default:
			b.WriteString(rest[:1])
			rest = rest[1:]
		}
	}
	b.WriteString(rest)
	return b.String()
}

// update returns the option to merge into one drawn from old to draw p: the
// labels and the data that differ. Base must be the same.
func (p ChartParts) update(old ChartParts) string {
	var b strings.Builder
	b.Grow(len(p.X) + len(p.Y) + len(p.Data) + 64)
	b.WriteByte('{')
	sep := ""
	if p.X != old.X {
		b.WriteString(`"xAxis":[{"data":` + p.X + `}]`)
		sep = ","
	}
	if p.Y != old.Y {
		b.WriteString(sep + `"yAxis":[{"data":` + p.Y + `}]`)
		sep = ","
	}
	if p.Data != old.Data {
		b.WriteString(sep + `"series":[{"data":` + p.Data + `}]`)
	}
	b.WriteByte('}')
	return b.String()
}

// labelsJSON returns labels as a JSON array of strings.
func labelsJSON(labels []string) string {
	b, err := json.Marshal(labels)
	if err != nil {
		panic(err) // strings always encode
	}
	return string(b)
}

// baseCache holds the bases Heatmap.base made, by what they are made of: a
// page has a few charts, each changing its base seldom (a new number of
// tokens, another language or head), so a small cache, emptied when full,
// keeps every base the page shows.
var baseCache = bases{m: map[baseKey]string{}}

const maxBases = 64

type bases struct {
	mu sync.Mutex
	m  map[baseKey]string
}

// baseKey is everything Heatmap.base depends on.
type baseKey struct {
	name, rowName, colName, valueName string
	rows, cols, labelSize             int
	min, max                          float64
	colors                            string
	layout                            labelLayout // with cellLabels, digits and cols, what the media queries are made of (Heatmap.media)
	digits                            int
	cellLabels, compact, asImage      bool
	grid                              chartGrid
	ends                              [2]string
}

// get returns the key of h's base and the base, "" when not cached.
func (c *bases) get(h Heatmap, labelSize int, colors []string, layout labelLayout, grid chartGrid) (baseKey, string) {
	rows, cols := h.Values.Dims()
	k := baseKey{
		name: h.Name, rowName: h.RowName, colName: h.ColName, valueName: h.ValueName,
		rows: rows, cols: cols, labelSize: labelSize,
		min: h.Min, max: h.Max,
		colors:     strings.Join(colors, ","),
		cellLabels: h.CellLabels, compact: h.Compact, asImage: h.AsImage,
		grid: grid, ends: h.Ends, layout: layout, digits: h.labelDigits(),
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.m[k]; ok {
		return k, b
	}
	return k, c.seed(k) // the build's, on a first visit (base_seeds.go)
}

func (c *bases) put(k baseKey, base string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= maxBases {
		clear(c.m)
	}
	c.m[k] = base
}

// drawParts hands ECharts c.Parts: the whole option when its base differs
// from the one drawn, else only the labels and data that changed, merged
// into the option drawn.
func (c *Chart) drawParts() {
	p, old := c.Parts, c.drawnParts
	if p == old {
		return
	}
	if p.Rows != old.Rows || p.Cols != old.Cols {
		c.outlines.hover.cell = Cell{} // its row and column are another cell's now
	}
	if c.repaintImage(p) {
		return // the picture alone changed (chart_repaint.go)
	}
	if p.Image != nil {
		c.setImage(p.Image)
		if !p.Image.same(old.Image) {
			old.Data = "" // the series' data again, so that ECharts renders the new picture
		}
	} else {
		// A heatmap series: with no image, the pointer handlers of
		// chart_image.go leave the tooltip and clicks to ECharts.
		c.image.img = nil
		c.image.over.hide(&c.image.imageLayer)
	}
	whole := p.Base != old.Base
	if !whole && p.X == old.X && p.Y == old.Y && p.Data == old.Data {
		// Nothing ECharts draws changed (the other side of a comparison,
		// as the sentence is typed): a merge of nothing would still cost a
		// whole update.
		c.drawnParts = p
		return
	}
	var js string
	if whole {
		js = p.Option()
	} else {
		js = p.update(old)
	}
	option := app.Window().Get("JSON").Call("parse", js)
	if whole {
		if tooltip := option.Get("tooltip"); c.Tooltip != nil && tooltip.Type() == app.TypeObject {
			tooltip.Set("formatter", c.formatter)
		}
		if p.Image != nil {
			series := option.Get("series").Index(0)
			series.Set("renderItem", c.image.render)
			series.Set("zlevel", c.pictureLevel())
		}
		c.takeMedia(option)
	}
	// Between a heatmap series and an image, or after an Option, the
	// option's parts differ: replace it instead of merging into it, which
	// would keep stale parts.
	afterOption := c.drawn != "" && c.drawn != partsDrawn
	notMerge := whole && ((p.Image == nil) != (old.Image == nil) && old.Base != "" || afterOption)
	c.setOption(option, notMerge)
	dom.MarkFirstDraw()
	c.drawnParts, c.drawn = p, partsDrawn
}

// partsDrawn is Chart.drawn after drawParts: not an option Chart.Option can
// be, so that an Option of "" then clears.
const partsDrawn = "\x00parts"

// onScreen follows, with an IntersectionObserver, whether a Lazy chart is on
// screen (or within a margin of it). A keystroke then redraws only the
// charts the student can see; the others draw the latest option when they
// are scrolled to. Without IntersectionObserver a chart counts as visible.
type onScreen struct {
	hidden   bool
	observer app.Value
	callback app.Func
	id       string // the chart's element id, its key in lazyByID
}

// lazyByID are the Lazy charts followed, by their element's id, for
// drawHidden.
var lazyByID = map[string]*Chart{}

// drawHidden draws the Lazy chart of el at once if it waits off screen: an
// export reads what ECharts has drawn. It stays Lazy.
func drawHidden(el app.Value) {
	if c := lazyByID[el.Get("id").String()]; c != nil {
		c.drawWaiting()
	}
}

// drawWaiting draws c at once if it is Lazy and waits off screen.
func (c *Chart) drawWaiting() {
	if !c.onScreen.hidden {
		return
	}
	c.onScreen.hidden = false
	c.drawSized()
	c.onScreen.hidden = true
}

// onPrint draws every Lazy chart that waits off screen before the page is
// printed: a printout has every chart, scrolled to or not.
var onPrint app.Func

// listenPrint installs onPrint, once.
func listenPrint() {
	if onPrint != nil {
		return
	}
	onPrint = dom.Func(func(app.Value, []app.Value) any {
		for _, c := range lazyByID {
			c.drawWaiting()
		}
		return nil
	})
	dom.Try(func() { app.Window().Call("addEventListener", "beforeprint", onPrint) })
}

// rekey files c in lazyByID under its id of now, if it is followed.
func (o *onScreen) rekey(c *Chart) {
	if o.observer == nil || o.id == c.ID {
		return
	}
	if lazyByID[o.id] == c {
		delete(lazyByID, o.id)
	}
	if o.id = c.ID; c.ID != "" {
		lazyByID[c.ID] = c
	}
}

// observe starts following c's element.
func (o *onScreen) observe(ctx app.Context, c *Chart) {
	io := app.Window().Get("IntersectionObserver")
	if !io.Truthy() {
		return
	}
	o.hidden = true // until the observer's first report, right after observe
	if o.id = c.ID; c.ID != "" {
		lazyByID[c.ID] = c
	}
	listenPrint()
	o.callback = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 || args[0].Length() == 0 {
			return nil
		}
		entries := args[0]
		hidden := !entries.Index(entries.Length() - 1).Get("isIntersecting").Bool()
		ctx.Dispatch(func(app.Context) {
			was := o.hidden
			o.hidden = hidden
			if was && !hidden {
				// Through the queue: the observers of a view's charts report
				// in one task (the Learn view's eight, as training starts).
				drawQueue.soon(jobKey{c, false}, c.drawSized) // resized too, if it was while off screen
			}
		})
		return nil
	})
	o.observer = io.New(o.callback, map[string]any{"rootMargin": "200px"})
	o.observer.Call("observe", c.JSValue())
}

// stop stops following and releases the callback.
func (o *onScreen) stop() {
	if c := lazyByID[o.id]; c != nil && &c.onScreen == o {
		delete(lazyByID, o.id)
	}
	if o.observer != nil {
		o.observer.Call("disconnect")
		o.observer = nil
	}
	if o.callback != nil {
		o.callback.Release()
		o.callback = nil
	}
	o.hidden = false
}
