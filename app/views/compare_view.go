package views

import (
	"strconv"

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

	keys  [2]sidesKey // what each of pairs is made of
	pairs [2]comparePair

	charts [2][3]chart.Ref[chart.Chart] // each pair's mounted charts: A, B, the difference (drawNow)
}

// sidesKey is what the charts of two results of app/compute are made of:
// the results (compute.Comparison or compute.Batch) and the language.
type sidesKey struct {
	of   any
	lang string
}

// comparePair is the charts of one comparison (compute.Pair): the two sides
// and their difference, or why it cannot be made.
type comparePair struct {
	a, b, diff          string           // the heatmaps' options, or
	pa, pb, pdiff       chart.ChartParts // their pictures (see chart.Drawing)
	tipA, tipB, tipDiff func(row, col int, v float64) string
	maxAbs              float64
	err                 string // i18n text shown instead, "" when drawn

	ha, hb, hd chart.Heatmap // for their tables (HeatmapTable)
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
	v.build(v.Props.Comparison, lang)
	p, q := v.pairs[0], v.pairs[1]

	return app.Section().Class("view", "view-compare").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.a.title")),
			app.P().Class("lead").Text(i18n.T(lang, "compare.a.intro")),
			app.Label().For("sentence2").Class("sentence-label").Text(i18n.T(lang, "compare.sentence2")),
			sentence2Input(&v.Props),
			crossToggle(&v.Props),
			app.Button().Type("button").ID("copy-sentence").Class("small-button").
				Text(i18n.T(lang, "compare.copy")).
				OnClick(func(ctx app.Context, e app.Event) {
					v.Props.Set(ctx, e, func(s *state.State) { s.Text2 = s.Text })
				}),
			v.trio(lang, p, &v.charts[0], "compare-a", "compare-b", "compare-diff",
				i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB")),
			app.P().Class("caption").Text(i18n.T(lang, "compare.a.caption")),
		),
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.b.title")),
			v.trio(lang, q, &v.charts[1], "compare-nomask", "compare-causal", "compare-maskdiff",
				i18n.T(lang, "compare.nomask"), i18n.T(lang, "compare.causal")),
			app.P().Class("caption").Text(i18n.T(lang, "compare.b.caption")),
		),
	)
}

// sentence2Input is the input of the second sentence (state.State.Text2), shared
// by the compare and padding views: it sets Text2 as the user types, once a
// composition ends.
func sentence2Input(p *Props) app.UI {
	return app.Input().
		ID("sentence2").
		Type("text").
		Value(p.State.Text2).
		MaxLength(1000).
		AutoComplete(false).
		Spellcheck(false).
		Attr("autocapitalize", "off").
		OnInput(func(ctx app.Context, e app.Event) {
			if e.Get("isComposing").Truthy() {
				return
			}
			t := ctx.JSSrc().Get("value").String()
			p.Set(ctx, e, func(s *state.State) { s.Text2 = t })
		}).
		On("compositionend", func(ctx app.Context, e app.Event) {
			t := ctx.JSSrc().Get("value").String()
			p.Set(ctx, e, func(s *state.State) { s.Text2 = t })
		})
}

// trio is two heatmaps and their difference, side by side where they fit.
func (v *CompareView) trio(lang string, p comparePair, refs *[3]chart.Ref[chart.Chart], idA, idB, idDiff, nameA, nameB string) app.UI {
	if p.err != "" {
		return app.P().ID(idDiff + "-error").Class("compare-error").Role("status").Text(p.err)
	}
	return app.Div().Class("trio").Body(
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameA),
			&chart.Chart{ID: idA, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameA), Option: p.a, Parts: p.pa, Tooltip: p.tipA, Loading: i18n.T(lang, "chart.loading"), Ref: &refs[0]},
			&HeatmapTable{Heatmap: p.ha, Lang: lang},
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameB),
			&chart.Chart{ID: idB, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameB), Option: p.b, Parts: p.pb, Tooltip: p.tipB, Loading: i18n.T(lang, "chart.loading"), Ref: &refs[1]},
			&HeatmapTable{Heatmap: p.hb, Lang: lang},
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(i18n.Tf(lang, "compare.diff", nameA, nameB)),
			&chart.Chart{ID: idDiff, Class: "heatmap", Label: i18n.Tf(lang, "compare.diff", nameA, nameB), Option: p.diff, Parts: p.pdiff, Tooltip: p.tipDiff, Loading: i18n.T(lang, "chart.loading"), Ref: &refs[2]},
			&HeatmapTable{Heatmap: p.hd, Lang: lang},
			app.P().Class("caption").Text(i18n.Tf(lang, "compare.maxdiff", strconv.FormatFloat(p.maxAbs, 'f', 3, 64))),
		),
	)
}

// build makes the charts of c that are out of date.
func (v *CompareView) build(c *compute.Comparison, lang string) {
	v.buildPair(0, c, lang)
	v.buildPair(1, c, lang)
}

// buildPair makes the charts of pair i of c (0 the sentences, 1 the masks)
// if they are out of date.
func (v *CompareView) buildPair(i int, c *compute.Comparison, lang string) {
	key := sidesKey{c, lang}
	if key == v.keys[i] {
		return
	}
	v.keys[i] = key
	if i == 0 {
		v.pairs[0] = comparePairOf(lang, &c.Sentences, i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB"))
	} else {
		v.pairs[1] = comparePairOf(lang, &c.Masks, i18n.T(lang, "compare.nomask"), i18n.T(lang, "compare.causal"))
	}
}

// comparePairOf makes the charts of p, or says why there are none.
func comparePairOf(lang string, p *compute.Pair, nameA, nameB string) comparePair {
	switch {
	case p.Empty:
		return comparePair{err: i18n.T(lang, "compare.empty")}
	case p.Rejected >= 0:
		return comparePair{err: i18n.Tf(lang, "compare.rejected", [2]string{nameA, nameB}[p.Rejected], p.Reason)}
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
	c := comparePair{maxAbs: p.MaxAbs, ha: ha, hb: hb, hd: hd}
	c.a, c.pa = chart.Drawing(ha, chart.OptionOf)
	c.b, c.pb = chart.Drawing(hb, chart.OptionOf)
	c.diff, c.pdiff = chart.Drawing(hd, chart.DiffOption)
	c.tipA, c.tipB, c.tipDiff = ha.TooltipHTML, hb.TooltipHTML, hd.TooltipHTML
	return c
}
