package app

import (
	"slices"
	"strconv"

	"github.com/attnviz/attnviz/attention"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// AttentionView is the main view: the selected head's weights large (#heatmap)
// and every head, and their mean, as small multiples that select a head when
// clicked.
type AttentionView struct {
	app.Compo

	Props Props

	// The chart options, kept while what they are made of is unchanged: a
	// click on a head rebuilds only the large chart.
	thumbs    []*HeatmapImage
	thumbsKey string
	main      ChartParts
	mainTip   func(row, col int, v float64) string
	mainKey   string

	// The mounted large chart and grid of thumbnails, which drawNow draws.
	mainChart Ref[Chart]
	grid      Ref[HeatmapGrid]
}

// OnMount has the page's keystrokes drawn at once (live.go).
func (v *AttentionView) OnMount(app.Context) {
	v.Props.Live.Own(v, v.drawNow)
}

// OnDismount stops drawing the page's keystrokes.
func (v *AttentionView) OnDismount() {
	v.Props.Live.Release(v)
}

// drawNow draws the large chart and the thumbnails of p at once, when only
// what they show changed: the Props the page renders next (live.go). go-app's
// frame then renders p, finds the same parts, built once, already drawn, and
// updates the rest.
//
// It leaves to the frame what changes the page around the charts: another
// view (even one chosen by an event that the frame has not rendered yet),
// another language, and a large chart of another least width, whose
// layout (media rules) follows its element's width.
func (v *AttentionView) drawNow(p Props) bool {
	r, main, grid := p.Result, v.mainChart.get(), v.grid.get()
	shown := v.Props.State // what the frame last rendered
	if r == nil || main == nil || main.chart == nil || grid == nil ||
		p.State.View != shown.View || p.State.Lang != shown.Lang || heatmapMinSize(len(r.Tokens)) != main.MinSize {
		return false
	}
	head := shownHead(p.State.Head, r)
	v.build(p, head)
	if !grid.drawNow(v.thumbs) {
		return false
	}
	return main.drawNow(v.main, v.mainTip, selectedCell(p.State.Cell, len(r.Tokens)))
}

// Render returns the view, or a prompt when there is nothing to show.
func (v *AttentionView) Render() app.UI {
	lang := v.Props.State.Lang
	r := v.Props.Result
	if r == nil {
		return app.Section().Class("view", "view-empty").Body(
			app.H2().Text(T(lang, "empty.title")),
			app.P().Text(T(lang, "empty.body")),
		)
	}
	head := shownHead(v.Props.State.Head, r)
	v.build(v.Props, head)

	name := headName(lang, head)
	thumbs := make([]app.UI, 0, len(r.Heads)+1)
	for h := range len(r.Heads) + 1 {
		id := h
		if h == len(r.Heads) {
			id = HeadMean
		}
		// An empty slot, where the HeatmapGrid below draws the picture;
		// in the pre-rendered page, the picture as SVG until the wasm has
		// loaded (first_picture.go).
		slot := app.Div().Class("thumb-chart")
		if app.IsServer && h < len(v.thumbs) && v.thumbs[h] != nil {
			slot = slot.Body(app.Raw(v.thumbs[h].svg()))
		}
		thumbs = append(thumbs, headThumb(&v.Props, lang, id, head, slot))
	}

	return app.Section().Class("view", "view-attention").Body(
		app.Div().Class("panel", "main-panel").Body(
			app.H2().Text(Tf(lang, "attn.title", name)),
			app.Div().Class("chart-scroll").Body(
				&Chart{
					ID:       "heatmap",
					Class:    "heatmap",
					Label:    Tf(lang, "chart.label", name),
					Parts:    v.main,
					Tooltip:  v.mainTip,
					Selected: selectedCell(v.Props.State.Cell, len(r.Tokens)),
					OnCell: func(ctx app.Context, e app.Event, row, col int) {
						v.Props.Set(ctx, e, func(s *State) { s.Cell = CellRef{I: row, J: col, On: true} })
					},
					MinSize: heatmapMinSize(len(r.Tokens)),
					Ref:     &v.mainChart,
					Loading: T(lang, "chart.loading"),
					Picture: true,
				},
			),
			app.P().Class("caption").Text(T(lang, "attn.caption")),
			app.If(v.Props.State.Causal, func() app.UI {
				return app.P().Class("caption").Text(T(lang, "attn.causal"))
			}),
		),
		app.Div().Class("panel", "thumbs-panel").Body(
			app.H3().Text(T(lang, "attn.all")),
			app.P().Class("caption").Text(T(lang, "attn.all.caption")),
			app.Div().Class("thumbs").Body(append(thumbs, &HeatmapGrid{Images: v.thumbs, Slot: "thumb-chart", Ref: &v.grid})...),
		),
		&CellPanel{Props: v.Props},
	)
}

// selectedCell returns cell if it is a cell of an n-token heatmap, else none.
func selectedCell(cell CellRef, n int) CellRef {
	if !cell.In(n) {
		return CellRef{}
	}
	return cell
}

// shownHead returns the head of r that head selects: the mean where r has
// no such head.
func shownHead(head int, r *attention.Result) int {
	if head >= len(r.Heads) {
		return HeadMean
	}
	return head
}

// build makes the chart options of p that are out of date.
func (v *AttentionView) build(p Props, head int) {
	r, lang := p.Result, p.State.Lang
	key := strconv.Itoa(p.Rev) + "/" + lang
	if key != v.thumbsKey {
		// A new slice: the HeatmapGrid holds the last one, and go-app
		// tells it apart from the new by comparing the two.
		v.thumbs = make([]*HeatmapImage, 0, len(r.Heads)+1)
		for _, id := range thumbHeads(r) {
			v.thumbs = append(v.thumbs, thumbImage(WeightsHeatmap(r, id, lang, true)))
		}
		v.thumbsKey = key
	}
	if mainKey := key + "/" + HeadKey(head); mainKey != v.mainKey {
		h := WeightsHeatmap(r, head, lang, false)
		h.AsImage = h.asPicture()
		v.main, v.mainTip, v.mainKey = parts(h), h.TooltipHTML, mainKey
	}
}

// WeightsHeatmap describes the attention weights of head (or HeadMean) of r:
// queries as rows, keys as columns, on the fixed scale [0, 1]. compact gives
// a thumbnail.
func WeightsHeatmap(r *attention.Result, head int, lang string, compact bool) Heatmap {
	var w *mat.Dense
	if head == HeadMean {
		w = r.WeightsMean
	} else {
		w = r.Heads[head].Weights
	}
	tokens := slices.Clone(r.Tokens) // the tooltip keeps them; r is reused
	h := weightsMap(lang, headName(lang, head), w, tokens, tokens)
	h.Compact = compact
	if compact {
		h.CellLabels = false
		h.Digits = 3 // a thumbnail's colours do not need more
		if n := len(r.Tokens); n > maxThumbCells {
			// A thumbnail has no room for a cell per token pair: draw
			// the mean of each block.
			h.Values = Pool(w, maxThumbCells)
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

// headThumb is the button of head id (or HeadMean) in a grid of thumbnails,
// pressed when id is head, showing chart: a click selects the head.
func headThumb(p *Props, lang string, id, head int, chart app.UI) app.UI {
	return app.Button().
		Type("button").
		Class("thumb", classIf(id == head, "on")).
		Aria("pressed", id == head).
		DataSet("thumb", HeadKey(id)).
		OnClick(func(ctx app.Context, e app.Event) {
			p.Set(ctx, e, func(s *State) { s.Head = id })
		}).
		Body(
			chart,
			app.Span().Class("thumb-name").Text(shortHeadName(lang, id)),
		)
}

// maxThumbCells is the most rows and columns of a thumbnail.
const maxThumbCells = 32

// Pool returns the square matrix m reduced to at most size rows and columns:
// each cell the mean of a block of about n/size rows and columns of m.
func Pool(m *mat.Dense, size int) *mat.Dense {
	n, _ := m.Dims()
	if n <= size {
		return m
	}
	dst := mat.NewDense(size, size, nil)
	block := func(b int) (lo, hi int) { return b * n / size, (b + 1) * n / size }
	for bi := range size {
		i0, i1 := block(bi)
		for bj := range size {
			j0, j1 := block(bj)
			sum := 0.0
			for i := i0; i < i1; i++ {
				for _, v := range m.RawRowView(i)[j0:j1] {
					sum += v
				}
			}
			dst.Set(bi, bj, sum/float64((i1-i0)*(j1-j0)))
		}
	}
	return dst
}

// parts returns h's option in parts, or none (an empty chart) if h cannot be
// drawn, which the engine's results never cause.
func parts(h Heatmap) ChartParts {
	p, err := h.Parts()
	if err != nil {
		app.Log("attnviz:", err)
		return ChartParts{}
	}
	return p
}

// thumbImage returns h's picture, or nil (an empty slot) if h cannot be
// drawn, which the engine's results never cause.
func thumbImage(h Heatmap) *HeatmapImage {
	img, err := h.image()
	if err != nil {
		app.Log("attnviz:", err)
		return nil
	}
	return img
}

// drawing returns what a Chart draws for h, a full-size heatmap: its Parts
// as a picture where h.asPicture, else the option that opt makes (option,
// or a view's own with its tweaks). The other is empty; a Chart given both
// draws the Parts.
func drawing(h Heatmap, opt func(Heatmap) string) (string, ChartParts) {
	if !h.asPicture() {
		return opt(h), ChartParts{}
	}
	h.AsImage = true
	return "", parts(h)
}

// option returns h's option, or "" (an empty chart) if h cannot be drawn,
// which the engine's results never cause.
func option(h Heatmap) string {
	s, err := h.Option()
	if err != nil {
		app.Log("attnviz:", err)
		return ""
	}
	return s
}

// headName names head (or HeadMean) for people.
func headName(lang string, head int) string {
	if head == HeadMean {
		return T(lang, "head.mean.long")
	}
	return Tf(lang, "head.n", head+1)
}

// shortHeadName names head (or HeadMean) where room is short.
func shortHeadName(lang string, head int) string {
	if head == HeadMean {
		return T(lang, "head.mean")
	}
	return Tf(lang, "head.n", head+1)
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
	return append(ids, HeadMean)
}
