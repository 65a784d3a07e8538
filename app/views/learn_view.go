package views

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention/model"
)

// A TrainAction is what the Learn view's buttons ask the page to do.
type TrainAction int

// The Learn view's actions.
const (
	TrainToggle TrainAction = iota // start training towards Until, or pause it
	TrainStep                      // take one step (pausing)
	TrainReset                     // back to step 0
)

// LearnView trains a small model on a task (app/compute's Training, driven
// by the page): the controls, the loss and accuracy curves, every layer's
// and head's weights on the probe sequence at step 0 and now, the probe's
// predictions, and the ways out: the matrices view, and the model's JSON.
type LearnView struct {
	app.Compo

	Props Props

	maps     []learnMap // the heatmaps, by layer and head
	mapsKey  learnKey
	before   *model.Probe // what the step-0 heatmaps of maps were made of
	lossOpt  chart.ChartParts
	accOpt   chart.ChartParts
	curveKey learnKey
	curvesAt time.Time // when lossOpt and accOpt were made

	shown  panelShown                         // what the panel of heatmaps shows (learn_maps.go)
	charts map[string]*chart.Ref[chart.Chart] // the mounted heatmaps by id (drawNow)
	typing probeTyping                        // whether the probe is being typed (learn_typing.go)
	bad    map[string]string                  // what was typed into a field and rejected, by id (learn_fields.go)
}

// learnMap is one head's heatmaps: at step 0 and now, in parts, so that a
// redraw while training hands ECharts only the new data.
type learnMap struct {
	title             string
	before, now       chart.ChartParts
	beforeTip, nowTip func(row, col int, v float64) string
	beforeL, nowL     string // accessible names
	beforeID, nowID   string
	beforeH, nowH     chart.Heatmap // walked from the keyboard (CellWalk)
}

// learnKey is what the view's charts are made of.
type learnKey struct {
	rev     int
	steps   int
	lang    string
	running bool
	large   bool // for presentation (state.State.Present)
	typing  bool // the probe is being typed: the heatmaps are pictures (learn_typing.go)
}

// Render returns the view.
func (v *LearnView) Render() app.UI {
	lang := v.Props.State.Lang
	tr := v.Props.Training
	if tr == nil {
		return app.Section().Class("view", "view-learn")
	}
	v.build(tr, lang)
	if v.Props.State.Present {
		// The heatmaps right under the compact controls, in the order the
		// screen shows them, which Tab follows (web/app.css).
		return app.Section().Class("view", "view-learn").Body(
			v.controls(tr, lang), v.panel(tr), v.probe(tr, lang), v.curves(tr, lang),
		)
	}
	return app.Section().Class("view", "view-learn").Body(
		app.Div().Class("learn-side").Body(v.controls(tr, lang), v.probe(tr, lang)),
		v.curves(tr, lang),
		v.panel(tr),
	)
}

// controls are the task, the seed, the learning rate, where to stop, the
// buttons and what training has reached.
func (v *LearnView) controls(tr *compute.Training, lang string) app.UI {
	s := v.Props.State
	options := []app.UI{}
	for _, t := range model.Tasks() {
		options = append(options, Choice(t.Name, TaskName(lang, t), t.Name == s.Task))
	}
	trainText := i18n.T(lang, "learn.train")
	if tr.Running {
		trainText = i18n.T(lang, "learn.pause")
	}
	ok := tr.Problem == compute.Problem{}
	canTrain := ok && (tr.Running || tr.Step < tr.Until)
	return app.Div().Class("panel", "learn-controls").Body(
		app.H2().Text(i18n.T(lang, "learn.title")),
		app.P().Class("lead").Text(i18n.T(lang, "learn.intro")),
		app.Div().Class("learn-form").Body(
			app.Label().Class("field").Body(
				app.Span().Class("field-name").Text(i18n.T(lang, "learn.task")),
				app.Select().ID("task").Attr("value", s.Task).OnChange(v.onTask).Body(options...),
			),
			v.numberField("learn-seed", i18n.T(lang, "seed.label"), strconv.FormatInt(s.Seed, 10), lang, v.onSeed),
			v.numberField("lr", i18n.T(lang, "learn.lr"), state.FormatLR(s.TaskLR()), lang, v.onLR),
			v.numberField("until", i18n.T(lang, "learn.until"), strconv.Itoa(tr.Until), lang, v.onUntil),
			v.paceField(lang),
		),
		app.Div().Class("learn-buttons").Body(
			v.button("train", trainText, canTrain, TrainToggle).Aria("pressed", tr.Running),
			v.button("step", i18n.T(lang, "learn.step"), ok, TrainStep),
			v.button("reset", i18n.T(lang, "learn.reset"), true, TrainReset),
		),
		// A live region, quiet while training runs (aria-busy): it changes
		// ten times a second then.
		app.P().ID("learn-status").Class("learn-status").Role("status").Aria("busy", tr.Running).
			Text(status(tr, v.Props.State.Steps, lang)+paceLeft(tr, v.Props.State.Pace, lang)),
		app.If(tr.Problem.Key != "", func() app.UI {
			return app.P().ID("learn-error").Class("error").Role("alert").Text(ProblemText(lang, tr.Problem))
		}),
		app.If(tr.Task != nil, func() app.UI {
			return app.Div().Class("learn-task").Body(
				app.P().ID("task-summary").Class("learn-summary").Text(i18n.Tf(lang, "learn.summary", inLang(lang, tr.Task.Summary))),
				app.P().Class("caption").Text(inLang(lang, tr.Task.Explain)),
			)
		}),
	)
}

// button is one of the training buttons, which clear the fields' notes of
// values refused.
func (v *LearnView) button(id, text string, enabled bool, a TrainAction) app.HTMLButton {
	return disabled(app.Button().ID(id).Type("button").Class("learn-button"), !enabled).Text(text).
		OnClick(func(ctx app.Context, e app.Event) {
			v.bad = nil // the student has moved on from what a field refused
			if v.Props.Train != nil {
				v.Props.Train(ctx, e, a)
			}
		})
}

// numberField is a labelled text box of a number, read on change, and
// what it takes if a value was rejected.
func (v *LearnView) numberField(id, label, value, lang string, onChange app.EventHandler) app.UI {
	_, bad := v.bad[id]
	described := ""
	if bad {
		described = id + "-error"
	}
	return app.Label().Class("field").Body(
		app.Span().Class("field-name").Text(label),
		app.Input().ID(id).Type("text").Attr("inputmode", "decimal").Value(value).
			Aria("invalid", bad).Aria("describedby", described).
			AutoComplete(false).Spellcheck(false).OnChange(onChange),
		v.fieldNote(id, value, lang),
	)
}

// status says the step, the loss and the accuracy; — for those not
// known, or after training diverged. Below steps, the link's step, with
// training off, the page is retraining to reopen the link's model.
func status(tr *compute.Training, steps int, lang string) string {
	loss, acc := "—", "—"
	diverged := tr.Problem.Key == "learn.diverged" // the last finite figures would mislead
	if !math.IsNaN(tr.Loss) && !diverged {
		loss = formatLoss(tr.Loss)
	}
	if !math.IsNaN(tr.Accuracy) && !diverged {
		acc = strconv.FormatFloat(100*tr.Accuracy, 'f', 1, 64) + "\u00a0%"
	}
	key, of := "learn.status", tr.Until
	switch {
	case tr.Running:
		key = "learn.status.running"
	case tr.Step < steps && tr.Problem.Key == "":
		key, of = "learn.status.replay", steps
	case tr.Step >= tr.Until && tr.Step > 0:
		key = "learn.status.done"
	}
	return i18n.Tf(lang, key, tr.Step, of, loss, acc)
}

// formatLoss writes a loss with 4 decimals, or, below 0.0001, which they
// would show as 0.0000, with 3 significant digits: 7.02e-13.
func formatLoss(x float64) string {
	if x != 0 && math.Abs(x) < 1e-4 {
		return strconv.FormatFloat(x, 'e', 2, 64)
	}
	return strconv.FormatFloat(x, 'f', 4, 64)
}

// ProblemText writes p in lang: its Arg, or each of Arg's []any, fills the
// message's verbs.
func ProblemText(lang string, p compute.Problem) string {
	if args, ok := p.Arg.([]any); ok {
		return i18n.Tf(lang, p.Key, args...)
	}
	if p.Arg == nil {
		return i18n.T(lang, p.Key)
	}
	return i18n.Tf(lang, p.Key, p.Arg)
}

// TaskName names task t in lang: its message "task.<name>", or its name.
func TaskName(lang string, t *model.Task) string {
	if key := "task." + t.Name; i18n.Has(lang, key) || i18n.Has(i18n.LangEN, key) {
		return i18n.T(lang, key)
	}
	return t.Name
}

// inLang is e in lang.
func inLang(lang string, e model.Explanation) string {
	if lang == i18n.LangZH && e.ZhHans != "" {
		return e.ZhHans
	}
	return e.En
}

// onTask trains another task, from step 0 at its learning rate.
func (v *LearnView) onTask(ctx app.Context, e app.Event) {
	name := ctx.JSSrc().Get("value").String()
	if _, err := model.Lookup(name); err != nil {
		return
	}
	v.Props.Set(ctx, e, func(s *state.State) {
		s.Task, s.LR, s.Steps, s.Until, s.Layer, s.Probe, s.Probe2 = name, 0, 0, 0, 0, "", ""
	})
}

// onSeed starts again from the weights of another seed.
func (v *LearnView) onSeed(ctx app.Context, e app.Event) {
	n, err := strconv.ParseInt(ctx.JSSrc().Get("value").String(), 10, 64)
	if err != nil || n < 0 || n > state.MaxSeed {
		v.reject(ctx, "learn-seed", strconv.FormatInt(v.Props.State.Seed, 10))
		return
	}
	v.accept("learn-seed")
	v.Props.Set(ctx, e, func(s *state.State) { s.Seed, s.Steps = n, 0 })
}

// onLR starts again with another learning rate; a number out of range
// restores the box and says what it takes.
func (v *LearnView) onLR(ctx app.Context, e app.Event) {
	lr, err := state.ParseLR(ctx.JSSrc().Get("value").String())
	if err != nil {
		v.reject(ctx, "lr", state.FormatLR(v.Props.State.TaskLR()))
		return
	}
	v.accept("lr")
	v.Props.Set(ctx, e, func(s *state.State) { s.LR, s.Steps = lr, 0 })
}

// onUntil moves the step where training stops.
func (v *LearnView) onUntil(ctx app.Context, e app.Event) {
	n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil || n < 1 || n > state.MaxSteps {
		v.reject(ctx, "until", strconv.Itoa(v.Props.State.TaskUntil()))
		return
	}
	v.accept("until")
	v.Props.Set(ctx, e, func(s *state.State) { s.Until = n })
}

// curves are the loss and accuracy line charts.
func (v *LearnView) curves(tr *compute.Training, lang string) app.UI {
	return app.Div().Class("panel", "learn-curves").Body(
		app.H3().Text(i18n.T(lang, "learn.curves")),
		app.Div().Class("sweep-charts").Body(
			&chart.Chart{ID: "loss-chart", Class: "line-chart", Label: i18n.T(lang, "learn.loss"), Parts: v.lossOpt, Loading: i18n.T(lang, "chart.loading")},
			&chart.Chart{ID: "accuracy-chart", Class: "line-chart", Label: i18n.T(lang, "learn.accuracy"), Parts: v.accOpt, Loading: i18n.T(lang, "chart.loading")},
		),
		app.P().Class("caption").Text(i18n.T(lang, "learn.curves.caption")),
	)
}

// maxCurvePoints is the most points a curve draws: a longer one shows
// every k-th point, and its last.
const maxCurvePoints = 200

// curveParts is the line chart of points, from 0 to top.
func curveParts(lang, name string, points []compute.Point, top float64, color string, symbols, large bool) chart.ChartParts {
	k := max(1, (len(points)+maxCurvePoints-1)/maxCurvePoints)
	// One point is no line: its symbol shows it (after a run that diverged
	// at its second step, the loss had no mark at all).
	c := chart.Curve{Name: name, XName: i18n.T(lang, "learn.steps"), Top: top, Color: color, Symbols: symbols || len(points) == 1, Large: large}
	for i, p := range points {
		if i%k == 0 || i == len(points)-1 {
			c.Steps, c.Values = append(c.Steps, p.Step), append(c.Values, p.Value)
		}
	}
	return c.Parts()
}

// build makes the charts' options that are out of date.
func (v *LearnView) build(tr *compute.Training, lang string) {
	large := v.Props.State.Present
	if key := (learnKey{tr.Rev, tr.Step, lang, false, large, false}); key != v.curveKey && !v.curvesWait(tr, key) {
		top := 0.0
		for _, p := range tr.Losses {
			top = max(top, p.Value)
		}
		top = math.Ceil(max(top, 0.1)*10) / 10
		v.lossOpt = curveParts(lang, i18n.T(lang, "learn.loss"), tr.Losses, top, "#c2410c", false, large)
		v.accOpt = curveParts(lang, i18n.T(lang, "learn.accuracy"), tr.Accuracies, 1, "#1f6feb", true, large)
		v.curveKey, v.curvesAt = key, time.Now()
	}
	if key := (learnKey{tr.Rev, tr.NowStep, lang, tr.Running, large, v.typing.on}); key != v.mapsKey {
		if tr.Now == nil {
			v.maps = v.maps[:0]
		} else {
			v.buildMaps(tr, lang, tr.Before != v.before || key.lang != v.mapsKey.lang || large != v.mapsKey.large ||
				key.typing != v.mapsKey.typing)
		}
		v.mapsKey, v.before = key, tr.Before
	}
}

// buildMaps makes the heatmaps of every layer and head now, and at step 0
// too if withBefore (else it keeps them: they change with the probe only).
func (v *LearnView) buildMaps(tr *compute.Training, lang string, withBefore bool) {
	words := tr.Now.Words
	n := 0
	for l := range tr.Task.Arch.Layers {
		n += len(tr.Now.Layers[l].Result.Heads)
	}
	if len(v.maps) != n {
		v.maps, withBefore = make([]learnMap, n), true
	}
	i := 0
	for l := range tr.Task.Arch.Layers {
		before, now := &tr.Before.Layers[l].Result, &tr.Now.Layers[l].Result
		for h := range now.Heads {
			m := &v.maps[i]
			i++
			m.title = i18n.Tf(lang, "learn.layerHead", l+1, h+1)
			if withBefore {
				hb := weightsMap(lang, m.title, before.Heads[h].Weights, words, words)
				hb.Large = v.Props.State.Present
				hb.AsImage = v.typing.on // its numbers printed into the picture (learn_typing.go)
				m.beforeH = hb
				m.before, m.beforeTip = chart.PartsOf(hb), hb.TooltipHTML
				m.beforeL = i18n.Tf(lang, "learn.mapAt", m.title, 0)
			}
			hn := weightsMap(lang, m.title, now.Heads[h].Weights, words, words)
			hn.Large = v.Props.State.Present
			// While training runs, no numbers in the cells (they change ten
			// times a second, too fast to read, and drawing them was most of
			// a redraw), and the cells as a picture on the chart's axes (as
			// chart.Drawing draws a large heatmap of many tokens): one
			// element for ECharts to update, not a rectangle per cell and a
			// visualMap.
			hn.CellLabels = hn.CellLabels && !tr.Running
			hn.AsImage = tr.Running || v.typing.on
			m.nowH = hn
			m.now, m.nowTip = chart.PartsOf(hn), hn.TooltipHTML
			m.nowL = i18n.Tf(lang, "learn.mapAt", m.title, tr.NowStep)
			m.beforeID, m.nowID = fmt.Sprintf("before-%d-%d", l, h), fmt.Sprintf("now-%d-%d", l, h)
		}
	}
}

// heatmaps shows every layer's and head's weights on the probe: at step 0
// and now, side by side.
func (v *LearnView) heatmaps(tr *compute.Training, lang string) app.UI {
	if tr.Now == nil {
		return nil
	}
	items := make([]app.UI, len(v.maps))
	least := v.mapsMinSize(len(tr.Now.Words))
	for i, m := range v.maps {
		items[i] = app.Div().Class("learn-pair").Body(
			app.H3().Text(m.title),
			app.Div().Class("learn-pair-charts").Body(
				app.Figure().Body(
					&CellWalk{ID: m.beforeID, Name: m.beforeL, Lang: lang, Heatmap: m.beforeH, Chart: &chart.Chart{
						ID: m.beforeID, Class: "learn-map", Label: m.beforeL, Parts: m.before, Tooltip: m.beforeTip, Ref: v.ref(m.beforeID), MinSize: least}},
					app.FigCaption().Text(i18n.T(lang, "learn.before")),
				),
				app.Figure().Body(
					&CellWalk{ID: m.nowID, Name: m.nowL, Lang: lang, Heatmap: m.nowH, Chart: &chart.Chart{
						ID: m.nowID, Class: "learn-map", Label: m.nowL, Parts: m.now, Tooltip: m.nowTip, Ref: v.ref(m.nowID), Lazy: tr.Running, Layer: tr.Running, MinSize: least}},
					app.FigCaption().Text(i18n.Tf(lang, "learn.now", v.mapsKey.steps)),
				),
			),
		)
	}
	return app.Div().Class("panel", "learn-maps").Body(
		app.H3().Text(i18n.T(lang, "learn.maps")),
		app.P().Class("caption").Text(i18n.T(lang, "learn.maps.caption")),
		app.Div().Class("learn-pairs").Body(items...),
	)
}

// mapsMinSize is the least width of the heatmaps of n tokens
// (chart.Chart.MinSize): for presentation, the least at which their labels
// do not overlap (trioMinSize), which a phone has for a probe of up to 8
// tokens, the tour's among them: whole on its screen, not scrolled sideways.
func (v *LearnView) mapsMinSize(n int) int {
	hs := make([]chart.Heatmap, 0, 2*len(v.maps))
	for _, m := range v.maps {
		hs = append(hs, m.beforeH, m.nowH)
	}
	return trioMinSize(n, v.Props.State.Present, hs...)
}

// probe is the probe box, its predictions, and the ways out.
func (v *LearnView) probe(tr *compute.Training, lang string) app.UI {
	text := v.Props.State.ProbeBox()
	return app.Div().Class("panel", "learn-probe").Body(
		app.Label().For("probe").Class("field-name").Text(i18n.T(lang, "learn.probe")),
		app.Input().ID("probe").Type("text").Value(text).AutoComplete(false).Spellcheck(false).
			Attr("autocapitalize", "off").Aria("invalid", tr.ProbeProblem.Key != "").
			OnInput(v.onProbe).OnFocus(v.onProbeFocus).OnBlur(v.onProbeBlur),
		app.If(tr.ProbeProblem.Key != "", func() app.UI {
			return app.P().ID("probe-error").Class("error").Role("alert").Text(ProblemText(lang, tr.ProbeProblem))
		}),
		app.If(tr.Now != nil, func() app.UI { return predictions(tr.Now, lang) }),
		v.layerPicker(tr, lang),
		v.openButtons(tr, lang),
		app.P().Class("caption").Text(i18n.T(lang, "learn.open.caption")),
		app.Div().Class("learn-buttons").Body(v.exportButton(tr, lang)),
	)
}

// onProbe shows the attention on the typed sequence; an emptied box is a
// blank probe, which the view says is empty, not the task's sample.
func (v *LearnView) onProbe(ctx app.Context, e app.Event) {
	if e.Value != nil && e.Get("isComposing").Truthy() {
		return
	}
	text := state.TypedProbe(ctx.JSSrc().Get("value").String())
	v.Props.Set(ctx, e, func(s *state.State) { s.Probe = text })
}

// predictions is the table of the probe's words and what the model predicts
// at each.
func predictions(p *model.Probe, lang string) app.UI {
	words := []app.UI{app.Th().Scope("row").Text(i18n.T(lang, "learn.input"))}
	preds := []app.UI{app.Th().Scope("row").Text(i18n.T(lang, "learn.predicted"))}
	for i, w := range p.Words {
		words = append(words, app.Td().Text(w))
		preds = append(preds, app.Td().Text(p.Predicted[i]))
	}
	return app.Div().Class("table-scroll").Body(
		app.Table().ID("predictions").Class("stats", "learn-predictions").Body(
			app.TBody().Body(app.Tr().Body(words...), app.Tr().Body(preds...)),
		),
	)
}

// layerPicker chooses the layer that "open" takes and result() shows;
// nothing for a model of one layer.
func (v *LearnView) layerPicker(tr *compute.Training, lang string) app.UI {
	if tr.Task == nil || tr.Task.Arch.Layers < 2 {
		return nil
	}
	options := make([]app.UI, tr.Task.Arch.Layers)
	for l := range options {
		options[l] = Choice(strconv.Itoa(l), i18n.Tf(lang, "learn.layer.n", l+1), l == v.Props.State.Layer)
	}
	return app.Label().Class("field").Body(
		app.Span().Class("field-name").Text(i18n.T(lang, "learn.layer")),
		app.Select().ID("layer").Attr("value", strconv.Itoa(v.Props.State.Layer)).Body(options...).
			OnChange(func(ctx app.Context, e app.Event) {
				if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
					v.Props.Set(ctx, e, func(s *state.State) { s.Layer = n })
				}
			}),
	)
}

// openMatrices makes the chosen layer, on the probe, the matrices view's
// input, and shows that view: X is the layer's input, and its weights are
// the trained ones.
func (v *LearnView) openMatrices(ctx app.Context, e app.Event) {
	tr := v.Props.Training
	if tr == nil || tr.Now == nil {
		return
	}
	l := v.Props.State.Layer
	spec, perr := state.ParseImport(LayerSpecJSON(tr.Now, l))
	if perr != nil {
		app.Log("attnviz: open in the matrices view:", perr.Message(i18n.LangEN))
		return
	}
	js := state.CanonicalMatrices(spec)
	v.Props.Set(ctx, e, func(s *state.State) { s.Matrices, s.View = js, state.MatricesViewID })
}

// LayerSpecJSON is layer l of p as spec JSON (compute.LayerSpec): its
// input X on the probe, its Wq, Wk, Wv, Wo, heads and mask.
func LayerSpecJSON(p *model.Probe, l int) []byte {
	b, err := json.Marshal(compute.LayerSpec(p, l, ""))
	if err != nil {
		panic(err) // the trained weights are finite: divergence makes no update
	}
	return b
}

// exportButton downloads the trained model's JSON. Its handler reads the
// training when called: go-app keeps a button's first handler, and each
// Update gives a new Training.
func (v *LearnView) exportButton(tr *compute.Training, lang string) app.UI {
	b, why := app.Button().ID("export-model").Type("button").Class("learn-button"), noExport(tr)
	if why != "" {
		b = b.Title(i18n.T(lang, why))
	}
	return disabled(b, tr.Task == nil || why != "").
		Text(i18n.T(lang, "learn.export")).
		OnClick(func(ctx app.Context, e app.Event) {
			tr := v.Props.Training
			if tr == nil || tr.Task == nil {
				return
			}
			js, err := tr.ModelJSON()
			if err != nil {
				app.Log("attnviz: export:", err)
				return
			}
			name := fmt.Sprintf("attnviz-%s-seed%d-step%d.json", tr.Task.Name, v.Props.State.Seed, tr.Step)
			dom.Download(name, "application/json", []byte(js))
		})
}

// noExport is why the model cannot be downloaded now, as a message key: a
// run that has diverged (there is no model to trust), or whose model is not
// at hand yet (a worker sends it where it stops); "" when it can.
func noExport(tr *compute.Training) string {
	switch {
	case tr.Task == nil || tr.CanExport:
		return ""
	case tr.Problem.Key == "learn.diverged":
		return "learn.export.diverged"
	}
	return "learn.export.running"
}
