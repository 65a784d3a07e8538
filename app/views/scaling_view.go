package views

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// ScalingView shows what dividing the scores by √d_k, and by a temperature,
// does: the selected head's weights with each row's largest weight and
// entropy beside them, and how the mean of both over the rows changes with
// d_k, with and without the scaling. The switch, the slider and the d_k
// choice are the page's settings (ScalingControls).
type ScalingView struct {
	app.Compo

	Props Props

	main      string           // the heatmap's option, or
	mainParts chart.ChartParts // its picture
	mainTip   func(row, col int, v float64) string
	mainKey   string

	engine   attention.Engine
	weights  sweepWeights
	sweep    []sweepPoint // the sweep the line charts show
	sweepKey string       // the settings it is of
	sweepN   int          // the sentence's tokens in it
	next     sweepRun     // the sweep being computed
	gen      int          // numbers the sweeps started
	maxOpt   string
	entOpt   string
	optKey   string
	ctx      app.Context
}

// sweepRun is a sweep computed a d_k at a time (see buildSweep).
type sweepRun struct {
	key    string // the settings it is of; "" when none is being computed
	gen    int    // its number: a timer of an earlier run does nothing
	n      int    // the sentence's tokens
	st     state.State
	points []sweepPoint
	done   int // the runs done: two for each d_k of state.DKChoices, scaled and not
}

// sweepDelay is how long the settings must stay as they are before the
// sweep of the new ones starts: typing waits for no sweep.
const sweepDelay = 150 * time.Millisecond

// OnMount starts the sweep that the first render asked for.
func (v *ScalingView) OnMount(ctx app.Context) {
	v.ctx = ctx
	if v.next.key != "" {
		v.scheduleSweep(v.next.gen, 0)
	}
}

// sweepPoint is the saturation of the current sentence at one d_k: the mean
// over heads and rows of the largest weight and of the entropy, with and
// without scaling.
type sweepPoint struct {
	DK                int
	MaxScaled, MaxRaw float64
	EntScaled, EntRaw float64
}

// Render returns the view.
func (v *ScalingView) Render() app.UI {
	lang := v.Props.State.Lang
	r := v.Props.Result
	if r == nil {
		return emptyView(lang)
	}
	st := v.Props.State
	head := st.Head
	if head >= len(r.Heads) {
		head = state.HeadMean
	}
	name := headName(lang, head)
	key := strconv.Itoa(v.Props.Rev) + "/" + lang + "/" + state.HeadKey(head)
	if key != v.mainKey {
		h := WeightsHeatmap(r, head, lang, false)
		v.main, v.mainParts = chart.Drawing(h, chart.OptionOf)
		v.mainTip, v.mainKey = h.TooltipHTML, key
	}
	v.buildSweep(st, lang, len(r.Tokens))

	w := r.WeightsMean
	if head != state.HeadMean {
		w = r.Heads[head].Weights
	}
	n := len(r.Tokens)
	dk := state.EffectiveDK(st)
	formula := "softmax(q·k / √" + strconv.Itoa(dk) + " / " + state.ShowTemperature(st.Temperature) + ")"
	if st.NoScale {
		formula = "softmax(q·k / " + state.ShowTemperature(st.Temperature) + ")"
	}

	rows := make([]app.UI, n)
	for i := range n {
		row := w.RawRowView(i)
		mx, ent := attention.MaxWeight(row), attention.Entropy(row)
		rows[i] = app.Tr().Body(
			app.Th().Scope("row").Class("token-cell").Text(r.Tokens[i]),
			app.Td().Class("num").Body(bar(mx, 1), app.Span().Text(strconv.FormatFloat(mx, 'f', 3, 64))),
			app.Td().Class("num").Body(bar(ent, math.Log(float64(n))), app.Span().Text(strconv.FormatFloat(ent, 'f', 3, 64))),
		)
	}

	return app.Section().Class("view", "view-scaling").Body(
		app.Div().Class("panel").Body(
			app.H2().Text(i18n.T(lang, "scaling.title")),
			app.P().Class("lead").Text(i18n.T(lang, "scaling.intro")),
			app.P().ID("scaling-formula").Class("formula").Text(formula),
			app.P().Class("caption").Text(i18n.Tf(lang, "scaling.settings", dk, state.ShowTemperature(st.Temperature))),
		),
		app.Div().Class("scaling-main").Body(
			app.Div().Class("panel").Body(
				app.H3().Text(i18n.Tf(lang, "attn.title", name)),
				app.Div().Class("chart-scroll").Body(&chart.Chart{
					ID:      "heatmap",
					Class:   "heatmap",
					Label:   i18n.Tf(lang, "chart.label", name),
					Option:  v.main,
					Parts:   v.mainParts,
					Tooltip: v.mainTip,
					MinSize: heatmapMinSize(n),
					Loading: i18n.T(lang, "chart.loading"),
				}),
			),
			app.Div().Class("panel", "row-stats").Body(
				app.H3().Text(i18n.T(lang, "scaling.rows")),
				app.Div().Class("table-scroll").Body(
					app.Table().ID("row-stats").Class("stats").Body(
						app.THead().Body(app.Tr().Body(
							app.Th().Scope("col").Text(i18n.T(lang, "term.query")),
							app.Th().Scope("col").Text(i18n.T(lang, "scaling.max")),
							app.Th().Scope("col").Text(i18n.T(lang, "scaling.entropy")),
						)),
						app.TBody().Body(rows...),
					),
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
			app.P().Class("caption").Text(i18n.T(lang, "scaling.sweep.caption")),
			app.P().Class("caption").Text(i18n.T(lang, "scaling.sweep.init")),
		),
	)
}

// bar is a small horizontal bar of v out of full, behind a table number.
func bar(v, full float64) app.UI {
	f := 0.0
	if full > 0 {
		f = max(0, min(1, v/full))
	}
	return app.Span().Class("bar").Aria("hidden", "true").Style("width", strconv.FormatFloat(f*100, 'f', 1, 64)+"%")
}

// buildSweep computes, when its input changed, the saturation of the
// current sentence at every d_k of state.DKChoices, scaled and unscaled, and the
// two line charts that show it.
func (v *ScalingView) buildSweep(st state.State, lang string, n int) {
	key := strings.Join([]string{st.Text, strconv.Itoa(st.Heads), strconv.Itoa(st.DModel),
		strconv.FormatInt(st.Seed, 10), state.EncodeBool(st.Causal), state.EncodeBool(st.Positional),
		state.FormatTemperature(st.Temperature)}, "\x00")
	switch {
	case key == v.sweepKey:
		v.next = sweepRun{} // back to the settings shown: a run pending is stale
	case key == v.next.key:
	case !app.IsClient:
		// Rendered on the server (the pre-rendered page, tests): no
		// browser to keep responsive.
		v.sweep, v.sweepKey, v.sweepN = Sweep(&v.engine, st, &v.weights), key, n
	default:
		v.gen++
		v.next = sweepRun{key: key, gen: v.gen, n: n, st: st}
		if v.ctx.Context != nil { // else OnMount starts it
			v.scheduleSweep(v.gen, sweepDelay)
		}
	}
	if optKey := v.sweepKey + "\x00" + lang; optKey != v.optKey {
		x := make([]string, len(v.sweep))
		var maxS, maxR, entS, entR []float64
		for i, p := range v.sweep {
			x[i] = strconv.Itoa(p.DK)
			maxS, maxR = append(maxS, p.MaxScaled), append(maxR, p.MaxRaw)
			entS, entR = append(entS, p.EntScaled), append(entR, p.EntRaw)
		}
		scaled, raw := i18n.T(lang, "scaling.on"), i18n.T(lang, "scaling.off")
		v.maxOpt = chart.LineOption("d_k", i18n.T(lang, "scaling.sweep.max"), x, 0, 1, []chart.LineSeries{
			{Name: scaled, Values: maxS, Color: "#1f6feb"},
			{Name: raw, Values: maxR, Color: "#c2410c", Dashed: true},
		})
		top := math.Ceil(math.Log(float64(v.sweepN))*10) / 10
		v.entOpt = chart.LineOption("d_k", i18n.T(lang, "scaling.sweep.entropy"), x, 0, max(top, 0.1), []chart.LineSeries{
			{Name: scaled, Values: entS, Color: "#1f6feb"},
			{Name: raw, Values: entR, Color: "#c2410c", Dashed: true},
		})
		v.optKey = optKey
	}
}

// scheduleSweep runs the next of the sweep's 14 runs of the engine (7 d_k,
// scaled and not) after delay, and so on, each in a task of its own, while
// run gen is still the one to compute. At 128 tokens and 8 heads the whole
// sweep made a keystroke in this view take about 0.2 s in Chromium (median
// 226 ms, against 48 ms now), too long for one task. The line charts show
// the last whole sweep until the new one is done.
func (v *ScalingView) scheduleSweep(gen int, delay time.Duration) {
	v.ctx.After(delay, func(ctx app.Context) {
		run := &v.next
		if !v.Mounted() || run.key == "" || run.gen != gen {
			ctx.PreventUpdate()
			return // superseded, or gone
		}
		// Step 2k is d_k state.DKChoices[k] scaled, step 2k+1 the same unscaled.
		k, scale := run.done/2, run.done%2 == 0
		p := sweepPoint{DK: state.DKChoices[k]}
		if scale {
			run.points = append(run.points, p)
		}
		last := &run.points[len(run.points)-1]
		mx, ent, ok := sweepStats(&v.engine, run.st, &v.weights, p.DK, scale)
		switch {
		case !ok:
			run.points = run.points[:len(run.points)-1] // a point the engine rejects is left out
			if scale {
				run.done++ // and so is its other half
			}
		case scale:
			last.MaxScaled, last.EntScaled = mx, ent
		default:
			last.MaxRaw, last.EntRaw = mx, ent
		}
		if run.done++; run.done < 2*len(state.DKChoices) {
			ctx.PreventUpdate()
			v.scheduleSweep(gen, time.Millisecond)
			return
		}
		// Done: the view renders the new lines.
		v.sweep, v.sweepKey, v.sweepN = run.points, run.key, run.n
		*run = sweepRun{}
	})
}

// Sweep runs the engine on the sentence of st at every d_k of state.DKChoices,
// with and without scaling, at st's temperature and mask, and returns the
// mean over the heads and the rows of the largest weight and of the entropy.
// The query and key weights are attention.UnitVariance, so that queries and
// keys have components of variance about 1, as the argument for √d_k
// assumes; the other weights are the engine's. Points the engine rejects
// are left out. The values do not change the weights, so they get d_v = 1,
// which keeps the sweep cheap. w, if not nil, keeps the weights between
// calls.
func Sweep(e *attention.Engine, st state.State, w *sweepWeights) []sweepPoint {
	if w == nil {
		w = new(sweepWeights)
	}
	var out []sweepPoint
	for _, dk := range state.DKChoices {
		if p, ok := SweepPoint(e, st, w, dk); ok {
			out = append(out, p)
		}
	}
	return out
}

// SweepPoint is the point of Sweep at d_k dk, and false if the engine
// rejects it.
func SweepPoint(e *attention.Engine, st state.State, w *sweepWeights, dk int) (sweepPoint, bool) {
	p := sweepPoint{DK: dk}
	var ok1, ok2 bool
	p.MaxScaled, p.EntScaled, ok1 = sweepStats(e, st, w, dk, true)
	p.MaxRaw, p.EntRaw, ok2 = sweepStats(e, st, w, dk, false)
	return p, ok1 && ok2
}

// sweepStats runs the engine on the sentence of st at d_k dk, scaled or
// not, and returns the mean over the heads and the rows of the largest
// weight and of the entropy, and false if the engine rejects it.
func sweepStats(e *attention.Engine, st state.State, w *sweepWeights, dk int, scale bool) (mx, ent float64, ok bool) {
	if w == nil {
		w = new(sweepWeights)
	}
	wq, wk, wv := w.get(st.Seed, st.DModel, st.Heads, dk)
	s := st
	s.DK, s.NoScale = dk, !scale
	spec := s.Spec()
	spec.Wq, spec.Wk, spec.Wv = wq, wk, wv
	r, err := e.Run(spec)
	if err != nil {
		return 0, 0, false
	}
	for _, h := range r.Heads {
		m, en := attention.MeanRowStats(h.Weights)
		mx += m
		ent += en
	}
	return mx / float64(len(r.Heads)), ent / float64(len(r.Heads)), true
}

// sweepWeights keeps the weights of a sweep (the query and key weights by
// d_k) for one seed, d_model and number of heads: typing changes none of
// them.
type sweepWeights struct {
	key    [3]int64
	wq, wk map[int][][]float64
	wv     [][]float64 // d_model × heads: d_v = 1
}

func (w *sweepWeights) get(seed int64, dModel, heads, dk int) (wq, wk, wv [][]float64) {
	if key := [3]int64{seed, int64(dModel), int64(heads)}; key != w.key || w.wq == nil {
		w.key, w.wq, w.wk = key, map[int][][]float64{}, map[int][][]float64{}
		v := mat.NewDense(dModel, heads, nil)
		attention.Xavier(v, seed, "wv")
		w.wv = attention.Rows(v)
	}
	if w.wq[dk] == nil {
		q := mat.NewDense(dModel, heads*dk, nil)
		k := mat.NewDense(dModel, heads*dk, nil)
		attention.UnitVariance(q, seed, "wq")
		attention.UnitVariance(k, seed, "wk")
		w.wq[dk], w.wk[dk] = attention.Rows(q), attention.Rows(k)
	}
	return w.wq[dk], w.wk[dk], w.wv
}

// emptyView prompts for a sentence.
func emptyView(lang string) app.UI {
	return app.Section().Class("view", "view-empty").Body(
		app.H2().Text(i18n.T(lang, "empty.title")),
		app.P().Text(i18n.T(lang, "empty.body")),
	)
}
