package views

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// CompareView puts two attentions side by side with their difference: (a)
// the sentence and a second sentence of as many tokens through the same
// weights, (b) the sentence without and with the causal mask, as app/compute
// made them (compute.Comparison); the difference is A − B on a diverging
// scale symmetric around 0.
type CompareView struct {
	app.Compo

	Props Props

	key        sidesKey // what pairs are made of
	hidden     int      // the row of the first pair hidden for a prediction, if wasHidden
	wasHidden  bool     // the pairs were made with a row hidden
	predicting bool     // State.Predict when the pairs were made
	pairs      [2]comparePair

	charts [2][3]chart.Ref[chart.Chart] // each pair's mounted charts: A, B, the difference (drawNow)
}

// sidesKey is what the charts of two results of app/compute are made of:
// the results (compute.Comparison or compute.Batch) and the language.
type sidesKey struct {
	of    any
	lang  string
	large bool // for presentation (chart.Heatmap.Large)
}

// comparePair is the charts of one comparison (compute.Pair): the two sides
// and their difference, or why it cannot be made.
type comparePair struct {
	a, b, diff          string           // the heatmaps' options, or
	pa, pb, pdiff       chart.ChartParts // their pictures (see chart.Drawing)
	tipA, tipB, tipDiff func(row, col int, v float64) string
	maxAbs              float64
	minSize             int    // the charts' least width (chart.Chart.MinSize)
	err                 string // i18n text shown instead, "" when drawn

	maskA, maskB, maskDiff func(i, j int) bool // the masked cells, striped and said masked; nil for none

	ha, hb, hd chart.Heatmap // for their tables (HeatmapTable)

	labels [3]chartLabel // what exports of A, B and the difference say of them
}

// Render returns the view.
func (v *CompareView) Render() app.UI {
	st := v.Props.State
	lang := st.Lang
	if st.CrossOn() {
		return &CrossPanel{Props: v.Props}
	}
	if v.Props.Result == nil || v.Props.Comparison == nil {
		return emptyView(lang)
	}
	v.build(v.Props.Comparison, lang, changeRow(v.Props), st.Predict)
	p, q := v.pairs[0], v.pairs[1]

	return app.Section().Class("view", "view-compare").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.a.title")),
			app.P().Class("lead").ID("compare-intro").Text(compareIntro(st)),
			app.Label().For("sentence2").Class("sentence-label").Text(i18n.T(lang, "compare.sentence2")),
			sentence2Input(&v.Props),
			// A trained layer is self-attention on each sequence: no
			// cross-attention, and the caption about the sentence without
			// positional encoding does not hold for its position embeddings.
			app.If(!st.TrainedOn(), func() app.UI { return crossToggle(&v.Props) }),
			app.Button().Type("button").ID("copy-sentence").Class("small-button").
				Text(compareCopy(st)).
				OnClick(func(ctx app.Context, e app.Event) { v.Props.Set(ctx, e, copyA) }),
			v.trio(lang, p, &v.charts[0], "compare-a", "compare-b", "compare-diff",
				i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB"), "compare.maxdiff", v.onChangeCell),
			app.If(!st.TrainedOn(), func() app.UI {
				return app.P().Class("caption").Text(i18n.T(lang, "compare.a.caption"))
			}),
		),
		&PredictPanel{Props: v.Props, Change: true},
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.b.title")),
			v.trio(lang, q, &v.charts[1], "compare-nomask", "compare-causal", "compare-maskdiff",
				i18n.T(lang, "compare.nomask"), i18n.T(lang, "compare.causal"), "compare.maxmask", nil),
			app.P().Class("caption").Text(i18n.T(lang, "compare.b.caption")),
		),
	)
}

// sentence2Input is the input of the second sentence (state.State.Text2, or
// on the trained layer its second sequence: State.Sentence2), shared by the
// compare and padding views: it sets it as the user types, once a
// composition ends.
func sentence2Input(p *Props) app.UI {
	return app.Input().
		ID("sentence2").
		Type("text").
		Value(p.State.Sentence2()).
		MaxLength(1000).
		AutoComplete(false).
		Spellcheck(false).
		Attr("autocapitalize", "off").
		Aria("invalid", p.Rejected.OnKV()).
		OnInput(func(ctx app.Context, e app.Event) {
			if e.Get("isComposing").Truthy() {
				return
			}
			t := ctx.JSSrc().Get("value").String()
			p.Set(ctx, e, func(s *state.State) { s.SetSentence2(t) })
		}).
		On("compositionend", func(ctx app.Context, e app.Event) {
			t := ctx.JSSrc().Get("value").String()
			p.Set(ctx, e, func(s *state.State) { s.SetSentence2(t) })
		})
}

// trio is two heatmaps and their difference, side by side where they fit,
// each walked from the keyboard (CellWalk), the difference's colours told
// by the message legend; onCell, if not nil, is the second side's and the
// difference's click.
func (v *CompareView) trio(lang string, p comparePair, refs *[3]chart.Ref[chart.Chart], idA, idB, idDiff, nameA, nameB, legend string, onCell func(app.Context, app.Event, int, int)) app.UI {
	if p.err != "" {
		return app.P().ID(idDiff + "-error").Class("compare-error").Role("status").Text(p.err)
	}
	nameDiff := i18n.Tf(lang, "compare.diff", nameA, nameB)
	// The masks' pair, below the sentences', draws when it comes near the
	// screen: at 128 tokens its three heatmaps doubled what a paste or a
	// switch into the view cost (docs/performance.md, session 17).
	lazy := idA == "compare-nomask"
	guess := onCell != nil && changeRow(v.Props) != -1
	return app.Div().Class("trio").Style("--chart-min", trioStyle(p.minSize)).Body(
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameA),
			&CellWalk{ID: idA, Name: nameA, Lang: lang, Heatmap: p.ha, Masked: p.maskA, Chart: &chart.Chart{
				ID: idA, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameA), Option: p.a, Parts: p.pa, Tooltip: p.tipA, MinSize: p.minSize, Ref: &refs[0], Overlay: true, Lazy: lazy, Loading: i18n.T(lang, "chart.loading"), Data: p.labels[0].data()}},
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameB),
			v.guessWalk(&CellWalk{ID: idB, Name: nameB, Lang: lang, Heatmap: p.hb, Masked: p.maskB, Chart: &chart.Chart{
				ID: idB, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameB), Option: p.b, Parts: p.pb, Tooltip: p.tipB, MinSize: p.minSize, Ref: &refs[1], OnCell: onCell, Overlay: true, Lazy: lazy, Loading: i18n.T(lang, "chart.loading"), Data: p.labels[1].data()}}, guess),
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameDiff),
			v.guessWalk(&CellWalk{ID: idDiff, Name: nameDiff, Lang: lang, Heatmap: p.hd, Masked: p.maskDiff, Chart: &chart.Chart{
				ID: idDiff, Class: "heatmap", Label: nameDiff, Option: p.diff, Parts: p.pdiff, Tooltip: p.tipDiff, MinSize: p.minSize, Ref: &refs[2], OnCell: onCell, Overlay: true, Lazy: lazy, Loading: i18n.T(lang, "chart.loading"), Data: p.labels[2].data()}}, guess),
			app.P().Class("caption").Text(i18n.Tf(lang, legend, strconv.FormatFloat(p.maxAbs, 'f', 3, 64))),
		),
	)
}

// causalMask names the cells the causal mask hides: the keys after the
// query.
func causalMask(i, j int) bool { return j > i }

// build makes the charts of c that are out of date, with row hidden in
// the first pair's second side and difference (-1 for none) while
// predicting.
func (v *CompareView) build(c *compute.Comparison, lang string, hidden int, predicting bool) {
	if key := (sidesKey{c, lang, v.Props.State.Present}); key != v.key || hidden != v.hidden || predicting != v.predicting {
		// After a hidden row's option, whose parts differ, the charts are
		// drawn whole (predict_change.go).
		whole := predicting || v.wasHidden
		v.key, v.hidden, v.wasHidden, v.predicting = key, hidden, hidden != -1, predicting
		var both func(i, j int) bool // the sentences' masked cells
		if v.Props.State.Causal {
			both = causalMask
		}
		texts := v.sentences(c)
		v.pairs[0] = comparePairOf(lang, &c.Sentences, i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB"), key.large, [3]func(i, j int) bool{both, both, both}, texts)
		v.pairs[0].hide(hidden, whole, lang)
		v.pairs[1] = comparePairOf(lang, &c.Masks, i18n.T(lang, "compare.nomask"), i18n.T(lang, "compare.causal"), key.large, [3]func(i, j int) bool{nil, causalMask, causalMask}, [2]string{texts[0], texts[0]})
	}
}

// sentences are the sentences of c's sides as exports name them: the
// sentence and the second one as typed, or on a trained layer the probe's
// and the second sequence's words.
func (v *CompareView) sentences(c *compute.Comparison) [2]string {
	if s := v.Props.State; !s.TrainedOn() {
		return [2]string{s.Text, s.Sentence2()}
	}
	return [2]string{strings.Join(c.Sentences.TokensA, " "), strings.Join(c.Sentences.TokensB, " ")}
}

// comparePairOf makes the charts of p, or says why there are none; large
// for presentation; masks name the masked cells of A, B and the
// difference (nil for none), striped as in the other views; texts are the
// sides' sentences, for exports.
func comparePairOf(lang string, p *compute.Pair, nameA, nameB string, large bool, masks [3]func(i, j int) bool, texts [2]string) comparePair {
	switch {
	case p.Empty:
		return comparePair{err: i18n.T(lang, "compare.empty")}
	case p.Rejected >= 0:
		reason := p.Reason
		if p.Why.Key != "" {
			reason = ProblemText(lang, p.Why)
		}
		return comparePair{err: i18n.Tf(lang, "compare.rejected", [2]string{nameA, nameB}[p.Rejected], reason)}
	case !p.OK():
		return comparePair{err: i18n.Tf(lang, "compare.counts", len(p.TokensA), len(p.TokensB))}
	}
	ta, tb := p.TokensA, p.TokensB
	ha := weightsMap(lang, nameA, p.A, ta, ta)
	hb := weightsMap(lang, nameB, p.B, tb, tb)
	// Label the difference's rows and columns by both tokens where they
	// differ.
	labels := make([]string, len(ta))
	for i := range ta {
		labels[i] = ta[i]
		if ta[i] != tb[i] {
			labels[i] = ta[i] + "/" + tb[i]
		}
	}
	hd := diffMap(lang, i18n.Tf(lang, "compare.diff", nameA, nameB), p.Diff, p.MaxAbs, labels, labels)
	ha.Large, hb.Large, hd.Large = large, large, large
	ha.MaskedCell, hb.MaskedCell, hd.MaskedCell = masks[0], masks[1], masks[2]
	ha.DecalMasked, hb.DecalMasked, hd.DecalMasked = true, true, true
	c := comparePair{maxAbs: p.MaxAbs, ha: ha, hb: hb, hd: hd, minSize: trioMinSize(len(ta), large, ha, hb, hd),
		maskA: masks[0], maskB: masks[1], maskDiff: masks[2]}
	a, b := chartLabel{texts[0], masks[0] != nil}, chartLabel{texts[1], masks[1] != nil}
	c.labels = [3]chartLabel{a, b, diffLabel(a, b)}
	c.a, c.pa = chart.Drawing(ha, chart.OptionOf)
	c.b, c.pb = chart.Drawing(hb, chart.OptionOf)
	c.diff, c.pdiff = chart.Drawing(hd, chart.DiffOption)
	c.tipA, c.tipB, c.tipDiff = ha.TooltipHTML, hb.TooltipHTML, hd.TooltipHTML
	return c
}
