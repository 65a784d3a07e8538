package views

import (
	"slices"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention"
)

// AttentionView is the main view: the selected head's weights large (#heatmap)
// and every head, and their mean, as small multiples that select a head when
// clicked.
type AttentionView struct {
	app.Compo

	Props Props

	// The chart options, kept while what they are made of is unchanged: a
	// click on a head rebuilds only the large chart.
	thumbs    []*chart.HeatmapImage
	thumbsKey resultKey
	main      chart.ChartParts
	mainOpt   string // in place of main while a row is hidden (predict.go)
	mainTip   func(row, col int, v float64) string
	mainKey   mainKey
	stretched bool // the large chart's rows are stretched (colour.go)

	// The mounted large chart and grid of thumbnails, which drawNow draws.
	mainChart chart.Ref[chart.Chart]
	grid      chart.Ref[chart.HeatmapGrid]
}

// OnMount has the page's keystrokes drawn at once (app/views/live.go) and
// the view rendered alone (alone.go).
func (v *AttentionView) OnMount(ctx app.Context) {
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Alone.View(v, ctx, &v.Props)
}

// OnDismount stops both.
func (v *AttentionView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Alone.Release(v)
}

// drawNow draws the large chart and the thumbnails of p at once, when only
// what they show changed: the Props the page renders next (app/views/live.go). go-app's
// frame then renders p, finds the same parts, built once, already drawn, and
// updates the rest.
//
// It leaves to the frame what changes the page around the charts: another
// view (even one chosen by an event that the frame has not rendered yet),
// another language, and a large chart of another least width, whose
// layout (media rules) follows its element's width.
func (v *AttentionView) drawNow(p Props) bool {
	r, main, grid := p.Result, v.mainChart.Get(), v.grid.Get()
	shown := v.Props.State // what the frame last rendered
	if r == nil || main == nil || !main.Ready() || grid == nil || p.State.Predict || shown.Predict ||
		p.State.View != shown.View || p.State.Lang != shown.Lang || heatmapMinSize(len(r.Tokens)) != main.MinSize {
		return false
	}
	v.build(p)
	if !grid.DrawNow(v.thumbs) {
		return false
	}
	return main.DrawNow(v.main, v.mainTip, chart.Cell(selectedCell(p.State.Cell, len(r.Tokens))))
}

// Render returns the view, or a prompt when there is nothing to show.
func (v *AttentionView) Render() app.UI {
	lang := v.Props.State.Lang
	r := v.Props.Result
	if r == nil {
		return emptyView(lang)
	}
	head := v.Props.Head
	v.build(v.Props)

	name := headName(lang, head)
	thumbs := make([]app.UI, 0, len(r.Heads)+1)
	for h := range len(r.Heads) + 1 {
		id := h
		if h == len(r.Heads) {
			id = state.HeadMean
		}
		// An empty slot, where the chart.HeatmapGrid below draws the picture;
		// in the pre-rendered page, the picture as SVG until the wasm has
		// loaded (app/page/first_picture.go).
		slot := app.Div().Class("thumb-chart")
		if app.IsServer && h < len(v.thumbs) && v.thumbs[h] != nil {
			slot = slot.Body(app.Raw(v.thumbs[h].SVG()))
		}
		thumbs = append(thumbs, headThumb(&v.Props, lang, id, head, slot))
	}

	return app.Section().Class("view", "view-attention", ClassIf(hiddenRow(v.Props) >= 0, "predicting")).Body(
		app.Div().Class("panel", "main-panel").Body(
			app.H2().Text(i18n.Tf(lang, "attn.title", name)),
			&HeatmapKeys{Props: v.Props, Name: name, Chart: &chart.Chart{
				ID:       "heatmap",
				Class:    "heatmap",
				Label:    i18n.Tf(lang, "chart.label", name),
				Option:   v.mainOpt,
				Parts:    v.main,
				Tooltip:  v.mainTip,
				Selected: chart.Cell(selectedCell(v.Props.State.Cell, len(r.Tokens))),
				OnCell:   v.onCell,
				MinSize:  largeMinSize(len(r.Tokens), v.Props.State.Present),
				Ref:      &v.mainChart,
				Loading:  i18n.T(lang, "chart.loading"),
				Picture:  true,
				Overlay:  true,
			}},
			app.P().Class("caption").Text(i18n.T(lang, "attn.caption")),
			app.If(v.Props.State.Stretch, func() app.UI {
				return app.P().ID("stretch-caption").Class("caption").Text(i18n.T(lang, "stretch.caption"))
			}),
			app.If(v.Props.State.Causal, func() app.UI {
				return app.P().Class("caption").Text(i18n.T(lang, "attn.causal"))
			}),
		),
		&PredictPanel{Props: v.Props},
		app.Div().Class("panel", "thumbs-panel").Body(
			app.H3().Text(i18n.T(lang, "attn.all")),
			app.P().Class("caption").Text(i18n.T(lang, "attn.all.caption")),
			// The grid first: a number of heads that changes moves the
			// buttons after it, not the grid (go-app matches by position).
			app.Div().Class("thumbs").Body(append([]app.UI{&chart.HeatmapGrid{Images: v.thumbs, Slot: "thumb-chart", Ref: &v.grid}}, thumbs...)...),
			&ChartsExport{Props: v.Props, ID: "thumbs-export", Title: i18n.T(lang, "export.thumbs"),
				Targets: headTargets(v.Props), Option: headOption},
		),
		&CellPanel{Props: v.Props},
	)
}

// selectedCell returns cell if it is a cell of an n-token heatmap, else none.
func selectedCell(cell state.CellRef, n int) state.CellRef {
	if !cell.In(n) {
		return state.CellRef{}
	}
	return cell
}

// build makes the chart options of p that are out of date.
func (v *AttentionView) build(p Props) {
	r, lang := p.Result, p.State.Lang
	key := resultKey{p.Rev, lang, p.State.Present}
	if key != v.thumbsKey {
		// A new slice: the chart.HeatmapGrid holds the last one, and go-app
		// tells it apart from the new by comparing the two.
		v.thumbs = make([]*chart.HeatmapImage, 0, len(r.Heads)+1)
		for _, id := range thumbHeads(r) {
			v.thumbs = append(v.thumbs, chart.Thumbnail(WeightsHeatmap(r, id, lang, true)))
		}
		v.thumbsKey = key
	}
	if mainKey := (mainKey{headKey{key, p.Head}, hiddenRow(p)}); mainKey != v.mainKey || p.State.Stretch != v.stretched {
		h := WeightsHeatmap(r, p.Head, lang, false)
		h.Large = p.State.Present
		v.mainKey, v.stretched = mainKey, p.State.Stretch
		if mainKey.hidden >= 0 {
			v.mainOpt, v.main, v.mainTip = hideRow(h, mainKey.hidden, lang)
			return
		}
		h.AsImage = h.AsPicture()
		// Striped, as cells (app/chart/contrast.go) or in the picture
		// (app/chart/chart_image.go).
		h.MaskedCell, h.DecalMasked = r.Options.Masked, true
		h, tip := colourMode(h, p.State)
		v.mainOpt, v.main, v.mainTip = "", chart.PartsOf(h), tip
	}
}

// WeightsHeatmap describes the attention weights of head (or state.HeadMean) of r:
// queries as rows, keys as columns, on the fixed scale [0, 1]. compact gives
// a thumbnail.
func WeightsHeatmap(r *attention.Result, head int, lang string, compact bool) chart.Heatmap {
	w := compute.HeadWeights(r, head)
	tokens := slices.Clone(r.Tokens) // the tooltip keeps them; r is reused
	h := weightsMap(lang, headName(lang, head), w, tokens, tokens)
	h.Compact = compact
	if compact {
		h.CellLabels = false
		h.Digits = 3 // a thumbnail's colours do not need more
		if n := len(r.Tokens); n > chart.MaxThumbCells {
			// A thumbnail has no room for a cell per token pair: draw
			// the mean of each block.
			h.Values = chart.Pool(w, chart.MaxThumbCells)
		}
		// A thumbnail shows no labels and no tooltip: blank labels leave
		// its option's labels unchanged while the tokens change, so that a
		// keystroke hands ECharts only the new data, and without a name
		// every thumbnail of a size shares one go-echarts base (the button
		// around it names the head).
		h.Name = ""
		k, _ := h.Values.Dims()
		h.Rows = make([]string, k)
		h.Cols = h.Rows
	}
	return h
}

// headThumb is the button of head id (or state.HeadMean) in a grid of thumbnails,
// pressed when id is head, showing chart: a click selects the head.
func headThumb(p *Props, lang string, id, head int, chart app.UI) app.UI {
	return app.Button().
		Type("button").
		Class("thumb", ClassIf(id == head, "on")).
		Aria("pressed", id == head).
		DataSet("thumb", state.HeadKey(id)).
		OnClick(func(ctx app.Context, e app.Event) {
			// From the button, not id: go-app keeps its first handler
			// (HeadPicker's button).
			h, ok := dataHead(ctx, "thumb")
			if !ok {
				return
			}
			p.Set(ctx, e, func(s *state.State) { s.Head = h })
		}).
		Body(
			chart,
			app.Span().Class("thumb-name").Text(shortHeadName(lang, id)),
		)
}

// headName names head (or state.HeadMean) for people.
func headName(lang string, head int) string {
	if head == state.HeadMean {
		return i18n.T(lang, "head.mean.long")
	}
	return i18n.Tf(lang, "head.n", head+1)
}

// shortHeadName names head (or state.HeadMean) where room is short.
func shortHeadName(lang string, head int) string {
	if head == state.HeadMean {
		return i18n.T(lang, "head.mean")
	}
	return i18n.Tf(lang, "head.n", head+1)
}

// heatmapMinSize is the least width of the large heatmap of n tokens, in CSS
// pixels: enough for each row and column to stay readable, the chart
// scrolling when the screen is narrower; 0 lets it fit the screen.
func heatmapMinSize(n int) int {
	if n <= 24 {
		return 0
	}
	return 120 + 12*n
}

// thumbHeads lists what the head thumbnails show, in their order: every head
// of r, then the mean of the heads.
func thumbHeads(r *attention.Result) []int {
	ids := make([]int, 0, len(r.Heads)+1)
	for h := range r.Heads {
		ids = append(ids, h)
	}
	return append(ids, state.HeadMean)
}

// resultKey is what the charts of the main result are made of: the result
// (by its compute.Results.Rev), the language of their labels, and whether
// they are for presentation.
type resultKey struct {
	rev   int
	lang  string
	large bool // for presentation (chart.Heatmap.Large)
}

// headKey is what the charts of one head of the main result are made of.
type headKey struct {
	resultKey
	head int
}
