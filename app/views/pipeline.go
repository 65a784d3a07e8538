package views

import (
	"math"
	"slices"
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// A pipelineStep is one matrix of the computation of a head, in order.
type pipelineStep struct {
	ID      string // in links: step=<ID>
	Formula string // how it is computed, in symbols (not translated)
	Shape   string // its shape in symbols: "n×d_k"
	Weights bool   // a matrix of weights: the scale [0, 1]; else diverging around 0
	Masked  bool   // masked entries show as masked
	NByN    bool   // rows and columns are tokens

	// Matrix returns the step's matrix of head h of r, given the scaled
	// scores (compute.Results.Scaled), the one step r does not hold.
	Matrix func(r *attention.Result, h int, scaled *mat.Dense) *mat.Dense
}

// pipelineSteps are the steps of the pipeline view, in the lesson's order.
var pipelineSteps = []pipelineStep{
	{ID: "x", Formula: "X", Shape: "n×d_model",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.X }},
	{ID: "q", Formula: "Q = X·Wq", Shape: "n×d_k",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].Q }},
	{ID: "k", Formula: "K = X·Wk", Shape: "n×d_k",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].K }},
	{ID: "v", Formula: "V = X·Wv", Shape: "n×d_v",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].V }},
	{ID: "scores", Formula: "Q·Kᵀ", Shape: "n×n", NByN: true,
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].Scores }},
	{ID: "scaled", Formula: "÷ √d_k ÷ T", Shape: "n×n", NByN: true,
		Matrix: func(r *attention.Result, h int, scaled *mat.Dense) *mat.Dense { return scaled }},
	{ID: "masked", Formula: "mask → −∞", Shape: "n×n", NByN: true, Masked: true,
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].Logits }},
	{ID: "weights", Formula: "softmax", Shape: "n×n", NByN: true, Masked: true, Weights: true,
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].Weights }},
	{ID: "output", Formula: "weights·V", Shape: "n×d_v",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Heads[h].Output }},
	{ID: "concat", Formula: "[head₁…head_h]", Shape: "n×h·d_v",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Concat }},
	{ID: "wo", Formula: "·Wo", Shape: "n×d_model",
		Matrix: func(r *attention.Result, h int, _ *mat.Dense) *mat.Dense { return r.Output }},
}

// formula returns the step's formula in lang: the "step.formula.<id>" message
// where a formula has words in it, the Formula as written otherwise.
func (s *pipelineStep) formula(lang string) string {
	if key := "step.formula." + s.ID; i18n.T(lang, key) != key {
		return i18n.T(lang, key)
	}
	return s.Formula
}

// stepByID returns the pipeline step of id, or nil.
func stepByID(id string) *pipelineStep {
	for i := range pipelineSteps {
		if pipelineSteps[i].ID == id {
			return &pipelineSteps[i]
		}
	}
	return nil
}

// HasStep reports whether id is the id of a pipeline step.
func HasStep(id string) bool { return stepByID(id) != nil }

// StepHeatmap describes step s of head h of r as a heatmap: tokens as rows,
// tokens or column numbers as columns; weights on [0, 1], other matrices on
// a diverging scale symmetric around 0. m is the step's matrix. Masked
// entries are given 0 here and named by MaskedCell: chart.StepOption draws them
// masked in a heatmap series, and image in a picture.
func StepHeatmap(r *attention.Result, s *pipelineStep, h int, m *mat.Dense, lang string, compact bool) chart.Heatmap {
	rows, cols := m.Dims()
	tokens := slices.Clone(r.Tokens)
	colLabels := tokens
	if !s.NByN {
		colLabels = make([]string, cols)
		for c := range colLabels {
			colLabels[c] = strconv.Itoa(c + 1)
		}
	}
	values := m
	if s.Masked {
		values = mat.DenseCopyOf(m)
		for i := range rows {
			for j := range cols {
				if r.Options.Masked(i, j) {
					values.Set(i, j, 0)
				}
			}
		}
	}
	hm := chart.Heatmap{
		Name:        i18n.T(lang, "step."+s.ID),
		Values:      values,
		Rows:        tokens,
		Cols:        colLabels,
		RowName:     i18n.T(lang, "term.token"),
		ColName:     i18n.T(lang, "term.column"),
		ValueName:   i18n.T(lang, "term.value.number"),
		PosFormat:   i18n.T(lang, "tip.position"),
		QuoteFormat: i18n.T(lang, "tip.quote"),
		Compact:     compact,
	}
	if s.Masked {
		hm.MaskedCell = r.Options.Masked
	}
	if s.NByN {
		hm.RowName, hm.ColName = i18n.T(lang, "term.query"), i18n.T(lang, "term.key")
	}
	if s.Weights {
		hm.Min, hm.Max = 0, 1
		hm.ValueName = i18n.T(lang, "term.weight")
	} else {
		a := 0.0
		for i := range rows {
			for j := range cols {
				if v := m.At(i, j); !math.IsInf(v, 0) && !math.IsNaN(v) {
					a = math.Max(a, math.Abs(v))
				}
			}
		}
		if a == 0 {
			a = 1
		}
		hm.Min, hm.Max, hm.Colors = -a, a, chart.Diverging
	}
	if compact {
		hm.Digits = 3
	} else {
		hm.CellLabels = chart.CellLabelsFit(max(rows, cols))
	}
	return hm
}

// PipelineView shows the computation of the selected head as a row of small
// heatmaps, X to the output projection; one click opens a step large, with
// its values (#step-view).
type PipelineView struct {
	app.Compo

	Props Props

	thumbs     []*chart.HeatmapImage // the steps' thumbnails, by step
	heads      []*chart.HeatmapImage // the pictures of the heads' and the mean's thumbnails
	key        headKey               // what thumbs are made of (the head is StepHead)
	headsKey   resultKey
	large      string           // the open step's option, or
	largeParts chart.ChartParts // its picture (see chart.Drawing)
	largeTip   func(row, col int, v float64) string
	largeH     chart.Heatmap // the open step's, walked from the keyboard
	largeKey   stepKey

	// The mounted grids of the steps and heads, and the open step's chart
	// (drawNow).
	stepGrid, headGrid chart.Ref[chart.HeatmapGrid]
	largeChart         chart.Ref[chart.Chart]

	onKey     app.Func // the window's keydown listener: Esc closes the step
	ctx       app.Context
	shownStep string // the step whose dialog the focus follows
}

// OnMount listens for Esc.
func (v *PipelineView) OnMount(ctx app.Context) {
	v.ctx = ctx
	v.followFocus(ctx)
	v.Props.Live.Own(v, v.drawNow)
	v.Props.Alone.View(v, ctx, &v.Props)
	v.onKey = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 || args[0].Get("key").String() != "Escape" || v.Props.State.Step == "" {
			return nil
		}
		e := app.Event{Value: args[0]}
		v.ctx.Dispatch(func(ctx app.Context) {
			v.Props.Set(ctx, e, func(s *state.State) { s.Step = "" })
		})
		return nil
	})
	dom.Try(func() { app.Window().Call("addEventListener", "keydown", v.onKey) })
}

// OnUpdate moves the focus as the step dialog opens or closes.
func (v *PipelineView) OnUpdate(ctx app.Context) { v.followFocus(ctx) }

// followFocus moves the focus, as a modal dialog does, into the step dialog
// when it opens (to its close button) and, when it closes, back to the
// button of its step: a keyboard user goes on from where they were.
func (v *PipelineView) followFocus(ctx app.Context) {
	was, now := v.shownStep, v.Props.State.Step
	v.shownStep = now
	switch {
	case now != "" && was == "":
		ctx.Defer(func(app.Context) { dom.Focus("#step-close") })
	case now == "" && was != "" && v.Props.Cell != nil:
		// A cell of the step opened the cell panel, which takes the focus.
	case now == "" && was != "":
		// Step IDs are pipelineSteps' own (decodeStep checks a link's).
		ctx.Defer(func(app.Context) { dom.Focus(`.pipe-step[data-step="` + was + `"]`) })
	}
}

// OnDismount stops listening, and drawing the page's keystrokes.
func (v *PipelineView) OnDismount() {
	v.Props.Live.Release(v)
	v.Props.Alone.Release(v)
	if v.onKey != nil {
		dom.Try(func() { app.Window().Call("removeEventListener", "keydown", v.onKey) })
		v.onKey.Release()
		v.onKey = nil
	}
}

// Render returns the view.
func (v *PipelineView) Render() app.UI {
	lang := v.Props.State.Lang
	r := v.Props.Result
	if r == nil {
		return emptyView(lang)
	}
	h := v.Props.StepHead
	v.build(v.Props)
	cards := v.stepCards(r, h, lang)

	name := headName(lang, h)
	return app.Section().Class("view", "view-pipeline").Body(
		app.Div().Class("panel", "pipe-panel").Body(
			app.H2().Text(i18n.Tf(lang, "pipe.title", name)),
			app.P().Class("caption").Text(i18n.T(lang, "pipe.caption")),
			Slot(v.Props.Head == state.HeadMean, func() app.UI {
				return app.P().Class("caption", "pipe-note").Text(i18n.T(lang, "pipe.mean"))
			}),
			app.Div().ID("pipeline").Class("pipe").Body(append(cards, &chart.HeatmapGrid{Images: v.thumbs, Slot: "pipe-chart", Ref: &v.stepGrid})...),
			app.P().Class("caption").Body(
				app.Span().Class("pipe-swatch").Aria("hidden", "true"),
				app.Text(" "+i18n.T(lang, "pipe.legend")),
			),
			&ChartsExport{Props: v.Props, ID: "steps-export", Title: i18n.T(lang, "export.steps"),
				Targets: stepTargets(v.Props), Option: stepOption},
		),
		Slot(v.Props.State.Step != "" && stepByID(v.Props.State.Step) != nil, func() app.UI {
			return v.stepView(r, h, lang)
		}),
		&CellPanel{Props: v.Props},
		app.Div().Class("panel", "thumbs-panel", "pipe-heads").Body(
			app.H3().Text(i18n.T(lang, "attn.all")),
			app.P().Class("caption").Text(i18n.T(lang, "pipe.heads.caption")),
			v.headThumbs(r, lang),
			&ChartsExport{Props: v.Props, ID: "heads-export", Title: i18n.T(lang, "export.thumbs"),
				Targets: headTargets(v.Props), Option: headOption},
		),
	)
}

// stepCards are the steps' buttons, arrows between them, each with an
// empty slot for its thumbnail (which a chart.HeatmapGrid draws).
func (v *PipelineView) stepCards(r *attention.Result, h int, lang string) []app.UI {
	cards := make([]app.UI, 0, 2*len(pipelineSteps))
	for k := range pipelineSteps {
		s := &pipelineSteps[k]
		m := s.Matrix(r, h, v.Props.Scaled)
		rows, cols := m.Dims()
		if k > 0 {
			cards = append(cards, app.Span().Class("pipe-arrow").Aria("hidden", "true").Text("→"))
		}
		cards = append(cards, app.Button().
			Type("button").
			Class("pipe-step", ClassIf(v.Props.State.Step == s.ID, "on")).
			DataSet("step", s.ID).
			OnClick(func(ctx app.Context, e app.Event) {
				v.Props.Set(ctx, e, func(st *state.State) { st.Step = s.ID })
			}).
			Body(
				// Its name is its visible text, spaced (axe's rule
				// label-content-name-mismatch: a label of only some of it
				// hides the rest from voice control).
				app.Span().Class("pipe-name").Text(i18n.T(lang, "step."+s.ID)), app.Text(" "),
				app.Span().Class("pipe-formula").Text(s.formula(lang)), app.Text(" "),
				app.Div().Class("pipe-chart"), // where Render's chart.HeatmapGrid draws it
				app.Span().Class("pipe-shape").DataSet("shape", strconv.Itoa(rows)+"×"+strconv.Itoa(cols)).
					Text(shapeText(stepShape(s, r), rows, cols)),
			))
	}
	return cards
}

// stepShape returns the shape of step s of r in symbols: its Shape, but
// "n×d_out" for the output projection of a Wo that is not square.
func stepShape(s *pipelineStep, r *attention.Result) string {
	_, dModel := r.X.Dims()
	if _, dOut := r.Output.Dims(); s.ID == "wo" && dOut != dModel {
		return "n×d_out"
	}
	return s.Shape
}

// shapeText writes a shape in symbols and numbers: "n×d_k = 10×8".
func shapeText(shape string, rows, cols int) string {
	return shape + " = " + strconv.Itoa(rows) + "×" + strconv.Itoa(cols)
}

// build makes the chart options that are out of date.
func (v *PipelineView) build(p Props) {
	r, h, lang := p.Result, p.StepHead, p.State.Lang
	key := headKey{resultKey{p.Rev, lang, p.State.Present}, h}
	if key != v.key {
		// A new slice, for the chart.HeatmapGrid to tell from the last one.
		v.thumbs = make([]*chart.HeatmapImage, 0, len(pipelineSteps))
		for k := range pipelineSteps {
			s := &pipelineSteps[k]
			m := s.Matrix(r, h, p.Scaled)
			v.thumbs = append(v.thumbs, chart.Thumbnail(StepHeatmap(r, s, h, m, lang, true)))
		}
		v.key = key
	}
	if hk := key.resultKey; hk != v.headsKey {
		// A new slice, for the chart.HeatmapGrid to tell from the last one.
		v.heads = make([]*chart.HeatmapImage, 0, len(r.Heads)+1)
		for _, id := range thumbHeads(r) {
			v.heads = append(v.heads, chart.Thumbnail(WeightsHeatmap(r, id, lang, true)))
		}
		v.headsKey = hk
	}
	if s := stepByID(p.State.Step); s != nil {
		if lk := (stepKey{key, s.ID}); lk != v.largeKey {
			m := s.Matrix(r, h, p.Scaled)
			hm := StepHeatmap(r, s, h, m, lang, false)
			hm.Large = p.State.Present
			v.large, v.largeParts = chart.Drawing(hm, chart.StepOption)
			v.largeTip, v.largeKey, v.largeH = hm.TooltipHTML, lk, hm
			if masked := hm.MaskedCell; masked != nil {
				// As chart.StepOption leaves them: a masked cell has no
				// value to tell (its 0 in hm stands for −∞).
				v.largeTip = func(row, col int, x float64) string {
					if masked(row, col) {
						return ""
					}
					return hm.TooltipHTML(row, col, x)
				}
			}
		}
	}
}

// headThumbs is the grid of every head and the mean: a click selects one,
// for every view.
func (v *PipelineView) headThumbs(r *attention.Result, lang string) app.UI {
	head := v.Props.State.Head
	thumbs := make([]app.UI, 0, len(r.Heads)+1)
	for k := range len(r.Heads) + 1 {
		id := k
		if k == len(r.Heads) {
			id = state.HeadMean
		}
		// An empty slot, where the chart.HeatmapGrid below draws the picture.
		thumbs = append(thumbs, headThumb(&v.Props, lang, id, head, app.Div().Class("thumb-chart")))
	}
	// The grid first, as in the attention view.
	return app.Div().Class("thumbs").Body(append([]app.UI{&chart.HeatmapGrid{Images: v.heads, Slot: "thumb-chart", Ref: &v.headGrid}}, thumbs...)...)
}

// stepView is the open step, large, with its values (#step-view): a dialog
// that Esc and its button close.
func (v *PipelineView) stepView(r *attention.Result, h int, lang string) app.UI {
	s := stepByID(v.Props.State.Step)
	m := s.Matrix(r, h, v.Props.Scaled)
	rows, cols := m.Dims()
	name := i18n.T(lang, "step."+s.ID)
	closeStep := func(ctx app.Context, e app.Event) {
		v.Props.Set(mountedCtx(v.ctx, ctx), e, func(st *state.State) { st.Step = "" })
	}
	onCell, masked := v.stepCellHandlers(s, r)

	return app.Div().Class("step-backdrop").Body(
		app.Div().
			ID("step-view").
			Class("step-view").
			Role("dialog").
			Aria("modal", "true").
			Attr(FocusTrap, "true").
			Aria("labelledby", "step-title").
			DataSet("step", s.ID).
			Body(
				app.Div().Class("step-head").Body(
					app.H2().ID("step-title").Text(i18n.Tf(lang, "step.large.title", name, headName(lang, h))),
					app.Button().
						ID("step-close").
						Type("button").
						Class("dismiss").
						Aria("label", i18n.T(lang, "step.close")).
						Title(i18n.T(lang, "step.close")).
						Text("×").
						OnClick(closeStep),
				),
				app.P().Class("step-formula").Body(
					app.Code().Text(s.formula(lang)),
					app.Span().ID("step-shape").DataSet("shape", strconv.Itoa(rows)+"×"+strconv.Itoa(cols)).
						Text(" "+shapeText(stepShape(s, r), rows, cols)),
				),
				app.P().Class("caption").Text(i18n.T(lang, "step.explain."+s.ID)),
				&CellWalk{ID: "step-heatmap", Name: name, Lang: lang, Heatmap: v.largeH, Masked: masked,
					Start: v.Props.State.Cell, Open: v.openByKey(s, onCell), NoTable: true, Chart: &chart.Chart{
						ID:      "step-heatmap",
						Class:   "step-heatmap",
						Label:   name,
						Option:  v.large,
						Parts:   v.largeParts,
						Tooltip: v.largeTip,
						OnCell:  onCell,
						MinSize: largeMinSize(max(rows, cols), v.Props.State.Present),
						Ref:     &v.largeChart,
					}},
				app.If(s.NByN, func() app.UI {
					return app.P().Class("caption").Text(i18n.T(lang, "step.clickCell"))
				}),
				app.H3().Text(i18n.T(lang, "step.values")),
				stepValues(s, r, m, lang),
			),
	)
}

// stepCellHandlers returns what a click on a cell of step s's heatmap does
// (nil where its cells are not tokens × tokens: select the cell, and on the
// weights show its panel), and which cells are masked (nil for none).
func (v *PipelineView) stepCellHandlers(s *pipelineStep, r *attention.Result) (onCell func(ctx app.Context, e app.Event, row, col int), masked func(i, j int) bool) {
	if s.Masked {
		masked = r.Options.Masked
	}
	if s.NByN {
		onCell = func(ctx app.Context, e app.Event, row, col int) {
			if s.Masked && r.Options.Masked(row, col) {
				return // as in chart.StepOption's heatmap, where a masked cell is not drawn
			}
			v.Props.Set(mountedCtx(v.ctx, ctx), e, func(st *state.State) {
				st.Cell = state.CellRef{I: row, J: col, On: true}
				if s.Weights {
					st.Step = "" // show the cell's panel
				}
			})
		}
	}
	return onCell, masked
}

// stepValues is the table of step s's values m (#step-values), masked
// cells marked.
func stepValues(s *pipelineStep, r *attention.Result, m mat.Matrix, lang string) app.UI {
	rows, cols := m.Dims()
	head := make([]app.UI, 0, cols+1)
	head = append(head, app.Th().Scope("col").Text(i18n.T(lang, "term.token")))
	for c := range cols {
		label := strconv.Itoa(c + 1)
		if s.NByN {
			label = r.Tokens[c]
		}
		head = append(head, app.Th().Scope("col").Text(label))
	}
	body := make([]app.UI, rows)
	for i := range rows {
		cells := make([]app.UI, 0, cols+1)
		cells = append(cells, app.Th().Scope("row").Text(r.Tokens[i]))
		for j := range cols {
			x := m.At(i, j)
			if s.Masked && r.Options.Masked(i, j) {
				// Shown as masked: −∞ before the softmax, 0 after it.
				cells = append(cells, app.Td().Class("masked").DataSet("masked", "1").
					Title(i18n.T(lang, "step.maskedCell")).Text(formatNum(x, 0)))
				continue
			}
			cells = append(cells, app.Td().Text(formatNum(x, 3)))
		}
		body[i] = app.Tr().Body(cells...)
	}
	return app.Div().Class("table-scroll").TabIndex(0).Body(
		app.Table().ID("step-values").Class("values").Body(
			app.THead().Body(app.Tr().Body(head...)),
			app.TBody().Body(body...),
		),
	)
}

// openByKey is what Enter does on a cell of step s's heatmap: what a click
// does (onCell), and on the weights, whose cell panel replaces the step,
// the focus into the panel (mounted anew, it takes none by itself).
func (v *PipelineView) openByKey(s *pipelineStep, onCell func(ctx app.Context, e app.Event, row, col int)) func(ctx app.Context, e app.Event, row, col int) {
	if onCell == nil || !s.Weights {
		return onCell
	}
	return func(ctx app.Context, e app.Event, row, col int) {
		onCell(ctx, e, row, col)
		mountedCtx(v.ctx, ctx).Defer(func(app.Context) { dom.Focus("#cell-close") })
	}
}

// formatNum formats v to digits decimals with a true minus sign, and −∞ for
// −Inf.
func formatNum(v float64, digits int) string {
	switch {
	case math.IsInf(v, -1):
		return "−∞"
	case math.IsInf(v, 1):
		return "∞"
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if s[0] == '-' {
		if strconv.FormatFloat(0, 'f', digits, 64) == s[1:] {
			return s[1:] // −0.000 reads 0.000
		}
		return "−" + s[1:]
	}
	return s
}

// mountedCtx returns own, the context of a component that outlives the
// change, if it has one, else ctx: the page measures an update in a Defer of
// the context it is given, which never runs if that context's element (a
// close button, say) is gone after the update.
func mountedCtx(own, ctx app.Context) app.Context {
	if own.Context != nil {
		return own
	}
	return ctx
}

// stepKey is what the chart of a pipeline step is made of.
type stepKey struct {
	headKey
	step string
}
