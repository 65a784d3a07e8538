package views

import (
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// CompareView puts two attentions side by side with their difference: (a)
// the sentence and a second sentence of as many tokens through the same
// weights, (b) the sentence without and with the causal mask. Each side is
// its own run of the engine; the difference is A − B on a diverging scale
// symmetric around 0.
type CompareView struct {
	app.Compo

	Props Props

	ea, eb attention.Engine
	key    string
	pairs  [2]comparePair
}

// comparePair is one comparison: the two sides and their difference, as
// chart options, or why it cannot be made.
type comparePair struct {
	a, b, diff          string           // the heatmaps' options, or
	pa, pb, pdiff       chart.ChartParts // their pictures (see chart.Drawing)
	tipA, tipB, tipDiff func(row, col int, v float64) string
	nA, nB              int // token counts
	maxAbs              float64
	err                 string // i18n text shown instead, "" when drawn
}

// Render returns the view.
func (v *CompareView) Render() app.UI {
	st := v.Props.State
	lang := st.Lang
	if v.Props.Result == nil {
		return emptyView(lang)
	}
	head := st.Head
	if head >= len(v.Props.Result.Heads) {
		head = state.HeadMean
	}
	v.build(st, head)
	p, q := v.pairs[0], v.pairs[1]

	return app.Section().Class("view", "view-compare").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.a.title")),
			app.P().Class("lead").Text(i18n.T(lang, "compare.a.intro")),
			app.Label().For("sentence2").Class("sentence-label").Text(i18n.T(lang, "compare.sentence2")),
			sentence2Input(&v.Props),
			app.Button().Type("button").ID("copy-sentence").Class("small-button").
				Text(i18n.T(lang, "compare.copy")).
				OnClick(func(ctx app.Context, e app.Event) {
					v.Props.Set(ctx, e, func(s *state.State) { s.Text2 = s.Text })
				}),
			v.trio(lang, p, "compare-a", "compare-b", "compare-diff",
				i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB")),
			app.P().Class("caption").Text(i18n.T(lang, "compare.a.caption")),
		),
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "compare.b.title")),
			v.trio(lang, q, "compare-nomask", "compare-causal", "compare-maskdiff",
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
func (v *CompareView) trio(lang string, p comparePair, idA, idB, idDiff, nameA, nameB string) app.UI {
	if p.err != "" {
		return app.P().ID(idDiff + "-error").Class("compare-error").Role("status").Text(p.err)
	}
	return app.Div().Class("trio").Body(
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameA),
			&chart.Chart{ID: idA, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameA), Option: p.a, Parts: p.pa, Tooltip: p.tipA, Loading: i18n.T(lang, "chart.loading")},
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(nameB),
			&chart.Chart{ID: idB, Class: "heatmap", Label: i18n.Tf(lang, "chart.label", nameB), Option: p.b, Parts: p.pb, Tooltip: p.tipB, Loading: i18n.T(lang, "chart.loading")},
		),
		app.Figure().Class("trio-item").Body(
			app.FigCaption().Text(i18n.Tf(lang, "compare.diff", nameA, nameB)),
			&chart.Chart{ID: idDiff, Class: "heatmap", Label: i18n.Tf(lang, "compare.diff", nameA, nameB), Option: p.diff, Parts: p.pdiff, Tooltip: p.tipDiff, Loading: i18n.T(lang, "chart.loading")},
			app.P().Class("caption").Text(i18n.Tf(lang, "compare.maxdiff", strconv.FormatFloat(p.maxAbs, 'f', 3, 64))),
		),
	)
}

// build runs the engine for both comparisons when the settings changed.
func (v *CompareView) build(st state.State, head int) {
	key := st.Encode() + "\x00" + strconv.Itoa(head)
	if key == v.key {
		return
	}
	v.key = key
	lang := st.Lang

	// (a) the sentence against the second sentence.
	b := st
	b.Text = st.Text2
	v.pairs[0] = v.compare(lang, head, st.Spec(), b.Spec(), i18n.T(lang, "compare.sideA"), i18n.T(lang, "compare.sideB"))
	if v.pairs[0].err == "" && v.pairs[0].nA != v.pairs[0].nB {
		v.pairs[0] = comparePair{err: i18n.Tf(lang, "compare.counts", v.pairs[0].nA, v.pairs[0].nB)}
	}

	// (b) no mask against the causal mask.
	none, causal := st, st
	none.Causal, causal.Causal = false, true
	v.pairs[1] = v.compare(lang, head, none.Spec(), causal.Spec(), i18n.T(lang, "compare.nomask"), i18n.T(lang, "compare.causal"))
}

// compare runs sa and sb and makes the charts of both and of their
// difference.
func (v *CompareView) compare(lang string, head int, sa, sb *attention.Spec, nameA, nameB string) comparePair {
	ta, wa, err := runCopy(&v.ea, sa, head)
	if err != nil {
		return comparePair{err: i18n.Tf(lang, "compare.rejected", nameA, err.Error())}
	}
	tb, wb, err := runCopy(&v.eb, sb, head)
	if err != nil {
		if strings.TrimSpace(*sb.Text) == "" {
			return comparePair{err: i18n.T(lang, "compare.empty")}
		}
		return comparePair{err: i18n.Tf(lang, "compare.rejected", nameB, err.Error())}
	}
	p := comparePair{nA: len(ta), nB: len(tb)}
	if len(ta) != len(tb) {
		return p
	}
	ha := weightsMap(lang, nameA, wa, ta, ta)
	hb := weightsMap(lang, nameB, wb, tb, tb)
	var d *mat.Dense
	d, p.maxAbs = Difference(wa, wb)
	// Label the difference's rows and columns by both tokens where they
	// differ.
	labels := make([]string, len(ta))
	for i := range ta {
		labels[i] = ta[i]
		if ta[i] != tb[i] {
			labels[i] = ta[i] + "/" + tb[i]
		}
	}
	hd := diffMap(lang, i18n.Tf(lang, "compare.diff", nameA, nameB), d, p.maxAbs, labels, labels)
	p.a, p.pa = chart.Drawing(ha, chart.OptionOf)
	p.b, p.pb = chart.Drawing(hb, chart.OptionOf)
	p.diff, p.pdiff = chart.Drawing(hd, chart.DiffOption)
	p.tipA, p.tipB, p.tipDiff = ha.TooltipHTML, hb.TooltipHTML, hd.TooltipHTML
	return p
}
