package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// PaddingView shows a batch of two sentences, the sentence and the second
// sentence: the shorter is padded with compute.PadToken to the longer's length, and
// the key-padding mask (Spec.Valid, its real length) masks the pad keys for
// every query, so that their columns are exactly 0. The pad queries' rows
// are still computed, as PyTorch does.
type PaddingView struct {
	app.Compo

	Props Props

	key   sidesKey // what sides are made of
	sides [2]paddedSide
	ctx   app.Context // the view's own, which outlives the button that goes (mountedCtx)

	charts [2]chart.Ref[chart.Chart] // the sides' mounted charts (drawNow)
}

// OnMount keeps the view's context and has the page's keystrokes drawn at
// once (live.go) and the view rendered alone (alone.go).
func (v *PaddingView) OnMount(ctx app.Context) {
	v.ctx = ctx
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Alone.View(v, ctx, &v.Props)
}

// OnDismount stops both.
func (v *PaddingView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Alone.Release(v)
}

// paddedSide is one sentence of the batch.
type paddedSide struct {
	option string           // the heatmap's option, or
	parts  chart.ChartParts // its picture (see chart.Drawing)
	tip    func(row, col int, v float64) string
	table  chart.Heatmap // for its table (HeatmapTable)
	real   int           // its tokens before padding
	err    string        // why it cannot be shown, "" when drawn
}

// Render returns the view.
func (v *PaddingView) Render() app.UI {
	st := v.Props.State
	lang := st.Lang
	b := v.Props.Batch
	if v.Props.Result == nil || b == nil {
		return emptyView(lang)
	}
	v.build(b, lang, v.Props.Head)
	names := [2]string{i18n.T(lang, "padding.first"), i18n.T(lang, "padding.second")}
	items := make([]app.UI, 2)
	for i, s := range v.sides {
		if s.err != "" {
			items[i] = app.P().Class("compare-error").Role("status").Text(s.err)
			continue
		}
		id := "padding-" + strconv.Itoa(i)
		title := i18n.Tf(lang, "padding.side", names[i], TokenCount(lang, s.real), b.Length-s.real)
		items[i] = app.Figure().Class("duo-item").Body(
			app.FigCaption().Text(title),
			&CellWalk{ID: id, Name: title, Lang: lang, Heatmap: s.table, Masked: padMask(s.real), Chart: &chart.Chart{
				ID: id, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", title), Option: s.option, Parts: s.parts, Tooltip: s.tip,
				MinSize: largeMinSize(b.Length, st.Present), Loading: i18n.T(lang, "chart.loading"), Ref: &v.charts[i], Overlay: true,
				Data: chartLabel{b.Sides[i].Text, st.Causal}.data()}},
		)
	}
	return app.Section().Class("view", "view-padding").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "padding.title")),
			app.P().Class("lead").Text(i18n.Tf(lang, "padding.intro", compute.PadToken)),
			app.Label().For("sentence2").Class("sentence-label").Text(i18n.T(lang, "compare.sentence2")),
			sentence2Input(&v.Props),
			// The example sentences, shared with the compare view, which
			// needs them of one length, pad nothing.
			Slot(v.sides[0].err == "" && v.sides[1].err == "" && v.sides[0].real == v.sides[1].real, func() app.UI {
				return app.P().ID("padding-none").Class("caption").Body(
					app.Text(i18n.Tf(lang, "padding.none", b.Length)+" "),
					app.Button().Type("button").ID("padding-shorter").Class("small-button").
						Text(i18n.T(lang, "padding.shorter")).
						OnClick(func(ctx app.Context, e app.Event) {
							v.Props.Set(mountedCtx(v.ctx, ctx), e, func(s *state.State) { s.Text2 = i18n.T(s.Lang, "padding.example") })
						}),
				)
			}),
			app.P().Class("legend").Body(
				app.Span().Class("swatch", "swatch-masked").Aria("hidden", "true"),
				app.Span().Text(i18n.T(lang, "padding.legend")),
			),
			app.Div().Class("duo").Body(items...),
			app.P().Class("caption").Text(i18n.T(lang, "padding.caption")),
		),
	)
}

// build makes the charts of b that are out of date.
func (v *PaddingView) build(b *compute.Batch, lang string, head int) {
	key := sidesKey{b, lang, v.Props.State.Present}
	if key == v.key {
		return
	}
	v.key = key
	for i := range b.Sides {
		s := &b.Sides[i]
		switch {
		case s.Empty:
			v.sides[i] = paddedSide{err: i18n.T(lang, "compare.empty")}
		case !s.OK() && s.Why.Key != "":
			v.sides[i] = paddedSide{err: i18n.Tf(lang, "compare.rejected", Shorten(s.Text, 40), ProblemText(lang, s.Why))}
		case !s.OK():
			v.sides[i] = paddedSide{err: i18n.Tf(lang, "compare.rejected", Shorten(s.Text, 40), s.Reason)}
		default:
			v.sides[i] = paddedSide{real: s.Real}
			v.sides[i].option, v.sides[i].parts, v.sides[i].tip = paddedOption(lang, s.Tokens, s.Weights, s.Real, head, key.large)
			v.sides[i].table = weightsMap(lang, headName(lang, head), s.Weights, s.Tokens, s.Tokens)
		}
	}
}

// paddedOption is the chart of padded weights, the masked columns (the pad
// keys, from real on) grey: an option, or a picture (see chart.Drawing).
func paddedOption(lang string, tokens []string, w *mat.Dense, real, head int, large bool) (string, chart.ChartParts, func(int, int, float64) string) {
	h := weightsMap(lang, headName(lang, head), w, tokens, tokens)
	h.Large = large
	h.MaskedCell = func(_, col int) bool { return col >= real } // for a picture
	option, parts := chart.Drawing(h, func(h chart.Heatmap) string {
		s, err := chart.MaskedOption(h, real)
		if err != nil {
			app.Log("attnviz:", err)
			return ""
		}
		return s
	})
	return option, parts, h.TooltipHTML
}

// padMask names the padded cells of a side of real tokens: the pad keys.
func padMask(real int) func(i, j int) bool {
	return func(_, j int) bool { return j >= real }
}
