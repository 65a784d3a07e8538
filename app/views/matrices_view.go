package views

import (
	"cmp"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention"
)

// MatricesView is the "matrices" view: X, Wq, Wk, Wv and Wo typed or pasted
// as text, with tokens, heads, mask, valid, scale and temperature, or
// imported as spec JSON; and the engine's result, the weights of every head
// and the output. An edit that the engine would reject is marked at its box,
// and the result of the last accepted input stays.
//
// The page computes the accepted input (state.State.Matrices, which
// State.Spec gives when this view is shown), so window.attnviz.result() and
// the link hold it too.
type MatricesView struct {
	app.Compo

	Props Props

	draft  state.MatrixDraft
	synced string            // the state.State.Matrices the draft was made from or into
	shown  bool              // the draft has been made
	err    *state.InputError // why the draft is rejected; nil when it is not

	json      string            // the import box
	jsonErr   *state.InputError // why the import box was not imported
	jsonNote  string            // i18n key of what the import box last did
	jsonStale bool              // the box was edited after jsonErr or jsonNote
	answers   int               // the buttons' answers so far (answer)
	download  string            // a data: URL of the exported JSON; "" until exported
	clipboard []app.Func        // callbacks of a clipboard write, released with the view
	reader    []app.Func        // callbacks of a FileReader

	charts   []string // the heatmaps' options, by head (and the mean last)
	tips     []func(row, col int, v float64) string
	maps     []chart.Heatmap // for their tables (HeatmapTable)
	chartKey resultKey
}

// OnNav shows, in the boxes that can be empty, the matrices of a link edited
// in the address bar (Render has made them the draft).
func (v *MatricesView) OnNav(ctx app.Context) { v.showBlankable(ctx) }

// showBlankable writes the boxes that can be empty from the draft, after
// go-app's frame: go-app cannot write an empty value (setInputValue).
func (v *MatricesView) showBlankable(ctx app.Context) {
	ctx.Defer(func(app.Context) {
		dom.SetInputValue("mx-tokens", v.draft.Tokens)
		dom.SetInputValue("mx-valid", v.draft.Valid)
	})
}

// OnDismount releases the callbacks the view handed the browser.
func (v *MatricesView) OnDismount() {
	for _, f := range append(v.clipboard, v.reader...) {
		f.Release()
	}
	v.clipboard, v.reader = nil, nil
}

// Render returns the view.
func (v *MatricesView) Render() app.UI {
	lang := v.Props.State.Lang
	if !v.shown || v.Props.State.Matrices != v.synced {
		// First shown, or the state changed other than by the boxes (a
		// link, an import): the boxes show the state's matrices.
		v.draft = state.DraftOf(state.MatricesSpec(v.Props.State.Matrices))
		v.synced, v.shown, v.err = v.Props.State.Matrices, true, nil
	}
	return app.Section().Class("view", "view-matrices").Body(
		v.renderInput(lang),
		v.renderResult(lang),
		v.renderIO(lang),
	)
}

// renderInput is the boxes of the input.
func (v *MatricesView) renderInput(lang string) app.UI {
	d := v.draft
	grids := make([]app.UI, len(state.GridFields))
	for i, f := range state.GridFields {
		grids[i] = v.gridBox(lang, f)
	}
	return app.Div().Class("panel", "mx-input").Body(
		app.H2().Text(i18n.T(lang, "mx.title")),
		app.P().Class("caption").Text(i18n.T(lang, "mx.intro")),
		v.renderExamples(lang),
		app.Div().Class("mx-settings").Body(
			v.field(lang, "tokens", "mx-tokens",
				app.Input().ID("mx-tokens").Type("text").Class("mx-tokens").
					Value(d.Tokens).
					Placeholder(i18n.T(lang, "mx.tokens.placeholder")).
					Attr("translate", "no").
					AutoComplete(false).Spellcheck(false).Attr("autocapitalize", "off").
					MaxLength(4096).
					Aria("invalid", v.errAt("tokens")).
					OnInput(v.onText(func(d *state.MatrixDraft, s string) { d.Tokens = s }))),
			v.field(lang, "heads", "mx-heads",
				app.Input().ID("mx-heads").Type("number").Min(1).Max(state.MaxMatrixHeads).Step(1).
					Attr("inputmode", "numeric").
					Value(d.Heads).
					Aria("invalid", v.errAt("heads")).
					OnInput(v.onText(func(d *state.MatrixDraft, s string) { d.Heads = s }))),
			v.field(lang, "mask", "mx-mask",
				app.Select().ID("mx-mask").Attr("value", d.Mask).
					OnChange(v.onText(func(d *state.MatrixDraft, s string) { d.Mask = s })).
					Body(
						Choice("none", i18n.T(lang, "mx.mask.none"), d.Mask == "none"),
						Choice("causal", i18n.T(lang, "mx.mask.causal"), d.Mask == "causal"),
					)),
			v.field(lang, "valid", "mx-valid",
				app.Input().ID("mx-valid").Type("number").Min(0).Max(state.MaxMatrixTokens).Step(1).
					Attr("inputmode", "numeric").
					Value(d.Valid).
					Placeholder(i18n.T(lang, "mx.valid.placeholder")).
					Title(i18n.T(lang, "mx.valid.title")).
					Aria("invalid", v.errAt("valid")).
					OnInput(v.onText(func(d *state.MatrixDraft, s string) { d.Valid = s }))),
			v.field(lang, "temperature", "mx-temperature",
				app.Input().ID("mx-temperature").Type("number").Min(state.MinMatrixTemp).Attr("step", "any").
					Attr("inputmode", "decimal").
					Value(d.Temperature).
					Title(i18n.T(lang, "mx.temperature.title")).
					Aria("invalid", v.errAt("temperature")).
					OnInput(v.onText(func(d *state.MatrixDraft, s string) { d.Temperature = s }))),
			app.Label().Class("check").Title(i18n.T(lang, "mx.scale.title")).Body(
				checked(app.Input().ID("mx-scale").Type("checkbox"), d.Scale).
					OnChange(func(ctx app.Context, e app.Event) {
						on := ctx.JSSrc().Get("checked").Bool()
						v.draft.Scale = on
						v.apply(ctx, e)
					}),
				app.Span().Text(i18n.T(lang, "mx.scale")),
			),
		),
		Slot(v.err != nil && !isGrid(v.err.Field), func() app.UI {
			return v.errorBox(lang, "")
		}),
		app.Div().Class("mx-grids").Body(grids...),
	)
}

// field is a labelled setting, with its error under it.
func (v *MatricesView) field(lang, name, id string, input app.UI) app.UI {
	return app.Div().Class("field", "mx-field").Body(
		app.Label().For(id).Class("field-name").Text(i18n.T(lang, "mx."+name)),
		input,
	)
}

// errorBox is the message of v.err, #error: at the box of a matrix when
// field is that matrix, above the matrices for the rest.
func (v *MatricesView) errorBox(lang, field string) app.UI {
	msg := i18n.Tf(lang, "mx.err.whole", v.err.Message(lang), i18n.T(lang, "mx.err.kept"))
	if label := state.FieldLabel(lang, v.err.Field); label != "" {
		msg = i18n.Tf(lang, "mx.err.at", label, v.err.Message(lang), i18n.T(lang, "mx.err.kept"))
	}
	return app.P().ID("error").Class("error", "mx-error").Role("alert").
		DataSet("field", v.err.Field).
		Text(msg)
}

func isGrid(field string) bool {
	for _, f := range state.GridFields {
		if f == field {
			return true
		}
	}
	return false
}

// errAt reports whether v.err is about the box field.
func (v *MatricesView) errAt(field string) bool { return v.err != nil && v.err.Field == field }

// gridBox is the text box of a matrix, #mx-<field>.
func (v *MatricesView) gridBox(lang, field string) app.UI {
	text := v.draft.Grids[field]
	rows := strings.Count(text, "\n") + 2
	rows = min(max(rows, 3), 10)
	bad := v.errAt(field)
	invalid := ""
	if bad {
		invalid = "invalid"
	}
	id := "mx-" + field
	return app.Div().Class("mx-grid", invalid).DataSet("field", field).Body(
		app.Label().For(id).Class("mx-grid-label").Body(
			app.Strong().Text(state.FieldLabel(lang, field)),
			app.Span().Class("mx-shape").Text(" "+i18n.T(lang, "mx.shape."+field)),
		),
		app.Textarea().
			ID(id).
			Class("mx-matrix").
			Rows(rows).
			Wrap("off").
			Spellcheck(false).
			Attr("autocapitalize", "off").
			Attr("autocomplete", "off").
			Attr("translate", "no").
			Placeholder(i18n.T(lang, "mx.placeholder."+field)).
			Aria("invalid", bad).
			Text(text).
			OnInput(v.onText(func(d *state.MatrixDraft, s string) { d.Grids[field] = s })),
		app.If(bad, func() app.UI { return v.errorBox(lang, field) }),
	)
}

// onText returns the input handler of a box: it puts the box's value into
// the draft with set, and applies the draft.
func (v *MatricesView) onText(set func(d *state.MatrixDraft, s string)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		set(&v.draft, ctx.JSSrc().Get("value").String())
		v.apply(ctx, e)
	}
}

// apply checks the draft: accepted, it becomes the page's input; rejected,
// the boxes say why and the result stays.
func (v *MatricesView) apply(ctx app.Context, e app.Event) {
	spec, err := v.draft.Check()
	if err != nil {
		v.err = err
		return
	}
	v.err = nil
	js := state.CanonicalMatrices(spec)
	v.synced = js
	v.Props.Set(ctx, e, func(s *state.State) { s.Matrices = js })
}

// renderResult shows what the engine computed from the accepted input.
func (v *MatricesView) renderResult(lang string) app.UI {
	r := v.Props.Result
	if r == nil || len(r.Heads) == 0 {
		return app.Div().Class("panel", "mx-result").Body(app.P().Text(i18n.T(lang, "chart.loading")))
	}
	spec := state.MatricesSpec(v.Props.State.Matrices)
	v.build(r, lang)
	n, dModel := r.X.Dims()
	_, dk := r.Heads[0].Q.Dims()
	_, dv := r.Heads[0].V.Dims()
	_, dOut := r.Output.Dims()

	var wo string
	if spec.Wo != nil {
		wo = i18n.Tf(lang, "mx.wo.given", len(spec.Wo), len(spec.Wo[0]))
	} else {
		wo = i18n.T(lang, "mx.wo.none")
	}
	charts := make([]app.UI, 0, len(v.charts))
	for h := range v.charts {
		id, key := state.HeadMean, "mean"
		if h < len(r.Heads) {
			id, key = h, strconv.Itoa(h)
		}
		charts = append(charts, app.Figure().Class("mx-head").DataSet("head", key).Body(
			app.H3().Text(headName(lang, id)),
			&CellWalk{ID: "mx-heatmap-" + key, Name: headName(lang, id), Lang: lang, Heatmap: v.maps[h],
				Masked: r.Options.Masked, Chart: &chart.Chart{
					ID:      "mx-heatmap-" + key,
					Class:   "heatmap",
					Label:   i18n.Tf(lang, "chart.label", headName(lang, id)),
					Option:  v.charts[h],
					Tooltip: v.tips[h],
					MinSize: largeMinSize(n, v.Props.State.Present),
				}},
		))
	}
	stale := ""
	if v.err != nil {
		stale = "stale"
	}
	return app.Div().Class("panel", "mx-result", stale).Body(
		app.H2().Text(i18n.T(lang, "mx.result")),
		app.P().ID("mx-summary").Class("mx-summary").Text(
			i18n.Tf(lang, "mx.summary", n, dModel, len(r.Heads), dk, dv, dOut)),
		app.P().ID("mx-wo-note").Class("mx-wo").DataSet("wo", strconv.FormatBool(spec.Wo != nil)).Text(wo),
		Slot(stale != "", func() app.UI {
			return app.P().Class("caption", "mx-stale").Text(i18n.T(lang, "mx.stale"))
		}),
		app.P().Class("caption").Text(i18n.T(lang, captionKey(r.Options.Valid))),
		Slot(r.Options.Causal, func() app.UI {
			return app.P().Class("caption").Text(i18n.T(lang, "attn.causal"))
		}),
		Slot(r.Options.Valid < n && r.Options.Valid > 0, func() app.UI {
			return app.P().Class("caption").Text(i18n.Tf(lang, "mx.valid.caption", r.Options.Valid))
		}),
		app.Div().Class("mx-heads").Body(charts...),
		app.H3().Text(i18n.T(lang, "mx.output")),
		app.P().Class("caption").Text(wo),
		v.outputTable(r),
	)
}

// captionKey is the i18n key of the caption under the weights: each row
// sums to 1, but for no valid key at all (valid 0), where every row is
// masked and every weight 0.
func captionKey(valid int) string {
	if valid == 0 {
		return "mx.valid.none"
	}
	return "attn.caption"
}

// build makes the heatmaps' options when the result or the language changed.
func (v *MatricesView) build(r *attention.Result, lang string) {
	key := resultKey{v.Props.Rev, lang, v.Props.State.Present}
	if key == v.chartKey {
		return
	}
	v.charts, v.tips, v.maps = v.charts[:0], v.tips[:0], v.maps[:0]
	for h := range len(r.Heads) + 1 {
		id := h
		if h == len(r.Heads) {
			if len(r.Heads) == 1 {
				break // the mean of one head is that head
			}
			id = state.HeadMean
		}
		hm := WeightsHeatmap(r, id, lang, false)
		hm.LabelDigits = mxLabelDigits
		hm.Large = v.Props.State.Present
		v.charts = append(v.charts, chart.OptionOf(hm))
		v.maps = append(v.maps, hm)
		v.tips = append(v.tips, hm.TooltipHTML)
	}
	v.chartKey = key
}

// outputTable is the output matrix, a row per token.
func (v *MatricesView) outputTable(r *attention.Result) app.UI {
	n, cols := r.Output.Dims()
	head := make([]app.UI, 0, cols+1)
	head = append(head, app.Th().Scope("col").Text(i18n.T(v.Props.State.Lang, "term.token")))
	for j := range cols {
		head = append(head, app.Th().Scope("col").Text(strconv.Itoa(j+1)))
	}
	rows := make([]app.UI, n)
	for i := range n {
		cells := make([]app.UI, 0, cols+1)
		cells = append(cells, app.Th().Scope("row").Attr("translate", "no").Text(r.Tokens[i]))
		for j := range cols {
			cells = append(cells, app.Td().Text(formatOutput(r.Output.At(i, j))))
		}
		rows[i] = app.Tr().Body(cells...)
	}
	return app.Div().Class("mx-table-scroll").Body(
		app.Table().ID("mx-output").Class("mx-table").Body(
			app.THead().Body(app.Tr().Body(head...)),
			app.TBody().Body(rows...),
		),
	)
}

// renderIO is the import and export of spec JSON.
func (v *MatricesView) renderIO(lang string) app.UI {
	return app.Div().Class("panel", "mx-io").Body(
		app.H2().Text(i18n.T(lang, "mx.io.title")),
		app.P().Class("caption").Text(i18n.T(lang, "mx.io.intro")),
		Slot(!state.MatricesLinkFits(v.Props.State), func() app.UI {
			return app.P().ID("mx-link-note").Class("notice", "mx-link-note").Role("status").
				Text(i18n.T(lang, "mx.link.tooLarge"))
		}),
		app.Textarea().
			ID("mx-json").
			Class("mx-matrix", "mx-json").
			Rows(8).
			Wrap("off").
			Spellcheck(false).
			Attr("autocapitalize", "off").
			Attr("autocomplete", "off").
			Attr("translate", "no").
			Aria("label", i18n.T(lang, "mx.json")).
			Aria("invalid", v.jsonErr != nil && v.jsonErr.Field == "json" && !v.jsonStale).
			Placeholder(i18n.T(lang, "mx.json.placeholder")).
			Text(v.json).
			OnInput(func(ctx app.Context, e app.Event) {
				v.json = ctx.JSSrc().Get("value").String()
				v.jsonStale = true
			}),
		app.Div().Class("mx-buttons").Body(
			app.Button().ID("mx-import").Type("button").Class("mx-button").
				Text(i18n.T(lang, "mx.import")).
				OnClick(func(ctx app.Context, e app.Event) { v.importJSON(ctx, e, v.json) }),
			app.Button().ID("mx-export").Type("button").Class("mx-button").
				Text(i18n.T(lang, "mx.export")).
				OnClick(v.export),
			app.Label().Class("mx-button", "mx-file").Body(
				app.Span().Text(i18n.T(lang, "mx.file")),
				app.Input().ID("mx-file").Type("file").Accept(".json,application/json").OnChange(v.onFile),
			),
			app.If(v.download != "", func() app.UI {
				return app.A().ID("mx-download").Class("mx-button").
					Href(v.download).
					Attr("download", "attention-spec.json").
					Text(i18n.T(lang, "mx.download"))
			}),
		),
		// The answer to a button comes below the buttons, and stays while
		// the box is edited, marked as stale: the student fixes the JSON
		// with the error in sight, and nothing moves under the pointer on
		// its way to the next button.
		Slot(v.jsonErr != nil, func() app.UI {
			return v.answer(lang, "mx-json-error", "error", "alert", v.jsonErr.Message(lang))
		}),
		Slot(v.jsonNote != "", func() app.UI {
			return v.answer(lang, "mx-json-note", "mx-note", "status", i18n.T(lang, v.jsonNote))
		}),
	)
}

// answer shows a button's answer, text: current, in a p with the live
// region role; stale (the box edited since), greyed in a div without one,
// after a visible "before your edit". The next press makes it a p again:
// go-app replaces an element whose tag changes, and a screen reader
// announces the new region even when its text is the same.
func (v *MatricesView) answer(lang, id, class, role, text string) app.UI {
	if v.jsonStale {
		return app.Div().ID(id).Class(class, "before-edit").Body(
			app.Span().Class("before-edit-label").Text(i18n.T(lang, "mx.beforeEdit")),
			app.Text(" "+text),
		)
	}
	return app.P().ID(id).Class(class).Role(role).Text(text)
}

// newAnswer starts the answer to a press of a button: err or the note
// with i18n key note, current. It returns the answer's number, which a
// later callback compares with v.answers to know that no other came since.
func (v *MatricesView) newAnswer(err *state.InputError, note string) int {
	v.jsonErr, v.jsonNote, v.jsonStale = err, note, false
	v.answers++
	return v.answers
}

// importJSON makes spec JSON the input, or says why it cannot be.
func (v *MatricesView) importJSON(ctx app.Context, e app.Event, data string) {
	spec, err := state.ParseImport([]byte(data))
	if err != nil {
		v.newAnswer(err, "")
		return
	}
	v.newAnswer(nil, "mx.imported")
	js := state.CanonicalMatrices(spec)
	v.draft, v.synced, v.shown, v.err = state.DraftOf(spec), js, true, nil
	v.Props.Set(ctx, e, func(s *state.State) { s.Matrices = js })
	v.showBlankable(ctx)
}

// export puts the accepted input's JSON into the import box, and copies it
// to the clipboard where the browser lets the page.
func (v *MatricesView) export(ctx app.Context, e app.Event) {
	text := state.ExportJSON(state.MatricesSpec(v.Props.State.Matrices))
	v.json = text
	n := v.newAnswer(nil, "mx.exported")
	v.download = "data:application/json;charset=utf-8," + url.PathEscape(text)
	ctx.Defer(func(app.Context) {
		dom.Try(func() {
			if el := app.Window().GetElementByID("mx-json"); el.Truthy() {
				el.Set("value", text)
				el.Call("select")
			}
		})
	})
	dom.Try(func() {
		clip := app.Window().Get("navigator").Get("clipboard")
		if !clip.Truthy() {
			return
		}
		for _, f := range v.clipboard {
			f.Release()
		}
		done := func(note string) app.Func {
			return dom.Func(func(app.Value, []app.Value) any {
				ctx.Dispatch(func(app.Context) {
					if v.answers == n { // no other press since
						v.jsonNote = note
					}
				})
				return nil
			})
		}
		ok, failed := done("mx.copied"), done("mx.exported")
		v.clipboard = []app.Func{ok, failed}
		clip.Call("writeText", text).Call("then", ok, failed)
	})
}

// onFile reads a chosen file into the import box and imports it.
func (v *MatricesView) onFile(ctx app.Context, e app.Event) {
	readFile(ctx, &v.reader, state.MaxMatrixSpecBytes,
		func(int) {
			v.newAnswer(state.NewInputError("file", "mx.err.importSize", state.MaxMatrixSpecBytes>>10), "")
		},
		func(ctx app.Context, text string) {
			v.json = text
			v.importJSON(ctx, e, text) // measured from the choice of the file
		},
		func(key string) { v.newAnswer(state.NewInputError("file", cmp.Or(key, "mx.err.file")), "") })
}

// formatOutput writes a value of the output table: with three decimals
// (formatNum), or, where those read badly (a textbook's matrices may hold
// 1e30, which would print 31 digits, or 1e-6, which would print 0.000), with
// three significant digits and a power of ten: 1.00e30, −2.50e−6.
func formatOutput(v float64) string {
	a := math.Abs(v)
	if a < 1e6 && (a == 0 || a >= 5e-4) || math.IsInf(v, 0) || math.IsNaN(v) {
		return formatNum(v, 3)
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(v, 'e', 2, 64), "e")
	e, _ := strconv.Atoi(exp) // Go writes e+06: drop the sign and the zero
	return strings.ReplaceAll(mant+"e"+strconv.Itoa(e), "-", "−")
}
