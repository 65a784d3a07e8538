package views

import (
	"math"
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// ScalingView shows what dividing the scores by √d_k, and by a temperature,
// does: the selected head's weights with each row's largest weight and
// entropy beside them, and how the mean of both over the rows changes with
// d_k, with and without the scaling. The switch, the slider and the d_k
// choice are the page's settings (ScalingControls), in the sidebar, and in
// the view itself in presentation mode.
type ScalingView struct {
	app.Compo

	Props Props

	main       string           // the heatmap's option, or
	mainParts  chart.ChartParts // its picture
	mainTip    func(row, col int, v float64) string
	sweepTable chart.Heatmap // the sweep's numbers, the line charts' table
	mainKey    headKey

	maxOpt, entOpt string // the sweep's line charts
	optKey         sweepKey

	mainChart chart.Ref[chart.Chart] // the mounted heatmap, which drawNow draws
}

// sweepKey is what the sweep's line charts are made of.
type sweepKey struct {
	sweep *compute.Sweep
	lang  string
}

// Render returns the view.
func (v *ScalingView) Render() app.UI {
	lang := v.Props.State.Lang
	r := v.Props.Result
	if r == nil {
		return emptyView(lang)
	}
	st := v.Props.State
	name := headName(lang, v.Props.Head)
	v.buildMain(v.Props)
	v.buildSweep(v.Props.Sweep, lang)

	n := len(r.Tokens)
	dk := state.EffectiveDK(st)
	formula := "softmax(q·k / √" + strconv.Itoa(dk) + " / " + state.ShowTemperature(st.Temperature) + ")"
	if st.NoScale {
		formula = "softmax(q·k / " + state.ShowTemperature(st.Temperature) + ")"
	}

	return app.Section().Class("view", "view-scaling").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "scaling.title")),
			app.P().Class("lead").Text(i18n.T(lang, "scaling.intro")),
			app.P().ID("scaling-formula").Class("formula").Text(formula),
			app.P().Class("caption").Text(i18n.Tf(lang, "scaling.settings", dk, state.ShowTemperature(st.Temperature))),
			// In presentation mode, which has no sidebar, the settings the
			// view is about come with it.
			app.If(st.Present, func() app.UI { return &ScalingControls{State: st, Set: v.Props.Set} }),
		),
		app.Div().Class("scaling-main").Body(
			app.Div().Class("panel").Body(
				app.H3().Text(i18n.Tf(lang, "attn.title", name)),
				// Walked from the keyboard, with its table (heatmap_keys.go).
				&HeatmapKeys{Props: v.Props, Name: name, NoOpen: true, Chart: &chart.Chart{
					ID:      "heatmap",
					Class:   "heatmap",
					Label:   i18n.Tf(lang, "chart.label", name),
					Option:  v.main,
					Parts:   v.mainParts,
					Tooltip: v.mainTip,
					MinSize: largeMinSize(n, v.Props.State.Present),
					Loading: i18n.T(lang, "chart.loading"),
					Ref:     &v.mainChart,
					Overlay: true,
				}},
			),
			app.Div().Class("panel", "row-stats").Body(
				app.H3().Text(i18n.T(lang, "scaling.rows")),
				app.Div().Class("table-scroll").TabIndex(0).Body(
					rowStatsTable(lang, r.Tokens, v.Props.Rows),
				),
				app.P().Class("caption").Text(i18n.Tf(lang, "scaling.entropy.note", n, strconv.FormatFloat(math.Log(float64(n)), 'f', 3, 64))),
			),
		),
		app.Div().Class("panel").Body(
			app.H3().Text(i18n.T(lang, "scaling.sweep")),
			app.Div().Class("sweep-charts").Body(
				&chart.Chart{ID: "sweep-max", Class: "line-chart", Label: i18n.T(lang, "scaling.sweep.max"), Option: v.maxOpt, Loading: i18n.T(lang, "chart.loading")},
				&chart.Chart{ID: "sweep-entropy", Class: "line-chart", Label: i18n.T(lang, "scaling.sweep.entropy"), Option: v.entOpt, Loading: i18n.T(lang, "chart.loading")},
			),
			&HeatmapTable{ID: "sweep-table", Heatmap: v.sweepTable, Lang: lang},
			app.P().Class("caption").Text(i18n.T(lang, "scaling.sweep.caption")),
			app.P().Class("caption").Text(i18n.T(lang, "scaling.sweep.init")),
		),
	)
}

// buildMain makes the heatmap of p's head if it is out of date.
func (v *ScalingView) buildMain(p Props) {
	if key := (headKey{resultKey{p.Rev, p.State.Lang, p.State.Present}, p.Head}); key != v.mainKey {
		h := WeightsHeatmap(p.Result, p.Head, p.State.Lang, false)
		h.Large = p.State.Present
		v.main, v.mainParts = chart.Drawing(h, chart.OptionOf)
		v.mainTip, v.mainKey = h.TooltipHTML, key
	}
}

// buildSweep makes the line charts of sw (nil: none yet) when they are
// out of date.
func (v *ScalingView) buildSweep(sw *compute.Sweep, lang string) {
	key := sweepKey{sw, lang}
	if key == v.optKey {
		return
	}
	var points []compute.SweepPoint
	tokens := 0
	if sw != nil {
		points, tokens = sw.Points, sw.Tokens
	}
	x := make([]string, len(points))
	var maxS, maxR, entS, entR []float64
	for i, p := range points {
		x[i] = strconv.Itoa(p.DK)
		maxS, maxR = append(maxS, p.MaxScaled), append(maxR, p.MaxRaw)
		entS, entR = append(entS, p.EntScaled), append(entR, p.EntRaw)
	}
	scaled, raw := i18n.T(lang, "scaling.on"), i18n.T(lang, "scaling.off")
	v.maxOpt = chart.LineOption("d_k", i18n.T(lang, "scaling.sweep.max"), x, 0, 1, []chart.LineSeries{
		{Name: scaled, Values: maxS, Color: "#1f6feb"},
		{Name: raw, Values: maxR, Color: "#c2410c", Dashed: true},
	})
	top := math.Ceil(math.Log(float64(tokens))*10) / 10
	v.entOpt = chart.LineOption("d_k", i18n.T(lang, "scaling.sweep.entropy"), x, 0, max(top, 0.1), []chart.LineSeries{
		{Name: scaled, Values: entS, Color: "#1f6feb"},
		{Name: raw, Values: entR, Color: "#c2410c", Dashed: true},
	})
	v.sweepTable = chart.Heatmap{
		Name: i18n.T(lang, "scaling.sweep"), RowName: "d_k", Rows: x,
		Cols: []string{
			i18n.T(lang, "scaling.sweep.max") + " (" + scaled + ")", i18n.T(lang, "scaling.sweep.max") + " (" + raw + ")",
			i18n.T(lang, "scaling.sweep.entropy") + " (" + scaled + ")", i18n.T(lang, "scaling.sweep.entropy") + " (" + raw + ")",
		},
	}
	if len(points) > 0 {
		m := mat.NewDense(len(points), 4, nil)
		for i := range points {
			m.SetRow(i, []float64{maxS[i], maxR[i], entS[i], entR[i]})
		}
		v.sweepTable.Values = m
	}
	v.optKey = key
}

// emptyView prompts for a sentence.
func emptyView(lang string) app.UI {
	return app.Section().Class("view", "view-empty").Body(
		app.H2().Text(i18n.T(lang, "empty.title")),
		app.P().Text(i18n.T(lang, "empty.body")),
	)
}
