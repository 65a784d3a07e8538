package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/attention"
)

// cellDigits is the number of decimals the cell panel prints.
const cellDigits = 4

// CellPanel works out the selected weight (state.State.Cell) by hand (#cell-panel):
// q_i and k_j, their products and sum, the scaling, the mask, the row's
// exponentials, the weight, and output_i as the weighted sum of the values.
// Every number comes from attention.ExplainCell, through app/compute
// (compute.Results.Cell). Each printed number is a
// span with data-name (q, k, product, score, scaled, logit, max, exp,
// expsum, weight, rowweight, v, term, output, mean) and data-idx (its index
// within that name, "l" or "j" or "j,c").
type CellPanel struct {
	app.Compo

	Props Props

	ctx    app.Context // from OnMount: it outlives the close button
	focus  dialogFocus // moves the focus in and out as it opens and closes (dialog.go)
	opener panelOpener // where the focus goes back to (cellpanel_focus.go)
}

// OnMount keeps the panel's context.
func (c *CellPanel) OnMount(ctx app.Context) {
	c.ctx = ctx
	c.follow(ctx, false)
}

// OnUpdate moves the focus into the panel as it opens, and back as it closes.
func (c *CellPanel) OnUpdate(ctx app.Context) {
	c.follow(ctx, true)
}

// cellPanelBack selects where the focus goes as the panel closes when the
// element that had it is gone: the heatmap walked (the attention view's, or
// cross-attention's), or the pipeline's weights box, whose step the panel
// replaced.
const cellPanelBack = `#heatmap-keys, #cross-heatmap-keys, .pipe-step[data-step="weights"]`

// isOpen reports whether the panel shows a weight.
func (c *CellPanel) isOpen() bool { return c.Props.Result != nil && c.Props.Cell != nil }

// Render returns the panel, or nothing when no weight is selected.
func (c *CellPanel) Render() app.UI {
	st := c.Props.State
	r := c.Props.Result
	lang := st.Lang
	if r == nil || c.Props.Cell == nil {
		return app.Div().ID("cell-panel").Class("cell-panel", "cell-none").Body(
			app.P().Class("caption").Text(i18n.T(lang, "cell.hint")),
		)
	}
	return c.explanation(r, st)
}

// explanation returns the panel of the selected weight, which must be in
// r. It is Render's but for Render's first lines: a function of its own
// (and app/… is compiled without inlining), so that a page with no weight
// selected, such as every first visit, runs none of its 75 KB of wasm,
// which the browser compiles when it first runs.
func (c *CellPanel) explanation(r *attention.Result, st state.State) app.UI {
	lang := st.Lang
	h := c.Props.StepHead
	i, j := st.Cell.I, st.Cell.J
	w := cellWork{lang: lang, r: r, e: *c.Props.Cell, i: i, j: j}
	tok := func(toks []string, k int) string { return i18n.Tf(lang, "tip.quote", toks[k]) }
	close := func(ctx app.Context, ev app.Event) {
		c.Props.Set(mountedCtx(c.ctx, ctx), ev, func(s *state.State) { s.Cell = state.CellRef{} })
	}
	return app.Section().ID("cell-panel").Class("panel", "cell-panel").Role("dialog").Attr(FocusTrap, "true").
		DataSet("head", strconv.Itoa(h)).DataSet("query", strconv.Itoa(i)).DataSet("key", strconv.Itoa(j)).
		Aria("labelledby", "cell-title").
		Body(
			app.Div().Class("step-head").Body(
				app.H2().ID("cell-title").Text(i18n.Tf(lang, "cell.title", headName(lang, h), i+1, tok(r.Tokens, i), j+1, tok(KeyTokens(r), j))),
				app.Button().ID("cell-close").Type("button").Class("dismiss").
					Aria("label", i18n.T(lang, "cell.close")).Title(i18n.T(lang, "cell.close")).Text("×").OnClick(close),
			),
			c.pickers(r, lang),
			Slot(c.Props.Head == state.HeadMean, func() app.UI {
				return c.meanNote(r, i, j, lang)
			}),
			app.Ol().Class("cell-steps").Body(
				w.dot(), w.scale(), w.mask(), w.softmax(), w.weight(), w.output(),
			),
		)
}

// cellWork is the working out of weight (i, j) of r, e, as the panel's
// steps print it.
type cellWork struct {
	lang string
	r    *attention.Result
	e    attention.CellExplanation
	i, j int
}

// num prints v, the idx-th number of the kind name (data-name, data-idx).
func (w *cellWork) num(name, idx string, v float64) app.UI {
	return app.Span().Class("num").DataSet("name", name).DataSet("idx", idx).Text(formatNum(v, cellDigits))
}

// table is a table of the panel: a row of heads and rows of numbers.
func (w *cellWork) table(head []app.UI, rows ...app.UI) app.UI {
	return app.Div().Class("table-scroll").TabIndex(0).Body(app.Table().Class("values", "cell-table").Body(
		app.THead().Body(app.Tr().Body(head...)),
		app.TBody().Body(rows...),
	))
}

// dot is step 1: q_i · k_j.
func (w *cellWork) dot() app.UI {
	e := w.e
	idxRow := []app.UI{app.Th().Scope("col").Text("l")}
	qRow := []app.UI{app.Th().Scope("row").Text("q" + sub(w.i+1))}
	kRow := []app.UI{app.Th().Scope("row").Text("k" + sub(w.j+1))}
	pRow := []app.UI{app.Th().Scope("row").Text("q·k")}
	for l := range len(e.Q) {
		idx := strconv.Itoa(l)
		idxRow = append(idxRow, app.Th().Scope("col").Text(strconv.Itoa(l+1)))
		qRow = append(qRow, app.Td().Body(w.num("q", idx, e.Q[l])))
		kRow = append(kRow, app.Td().Body(w.num("k", idx, e.K[l])))
		pRow = append(pRow, app.Td().Body(w.num("product", idx, e.Products[l])))
	}
	return app.Li().Body(
		app.H3().Text(i18n.T(w.lang, "cell.dot")),
		w.table(idxRow, app.Tr().Body(qRow...), app.Tr().Body(kRow...), app.Tr().Body(pRow...)),
		app.P().Class("eq").Body(app.Text("Σ q·k = "), w.num("score", "", e.Score)),
	)
}

// scale is steps 2 and 3: ÷ √d_k and ÷ T.
func (w *cellWork) scale() app.UI {
	e := w.e
	return app.Li().Body(
		app.H3().Text(i18n.T(w.lang, "cell.scale")),
		app.P().Class("eq").Body(
			app.If(e.Scale, func() app.UI {
				return app.Span().Body(
					w.num("score", "", e.Score), app.Text(" ÷ √"+strconv.Itoa(len(e.Q))+" ("),
					w.num("sqrtdk", "", e.SqrtDK), app.Text(") = "), w.num("scaled", "", e.ScaledScore),
				)
			}).Else(func() app.UI {
				return app.Span().Body(app.Text(i18n.T(w.lang, "cell.noscale")+" "), w.num("scaled", "", e.ScaledScore))
			}),
		),
		app.P().Class("eq").Body(
			w.num("scaled", "", e.ScaledScore), app.Text(" ÷ T ("), w.num("temperature", "", e.Temperature),
			app.Text(") = "), w.num("unmasked", "", e.Unmasked),
		),
	)
}

// mask is step 4: the mask, −∞ or the score.
func (w *cellWork) mask() app.UI {
	e, lang := w.e, w.lang
	maskText := i18n.T(lang, "cell.unmasked")
	if e.Masked {
		maskText = i18n.T(lang, "cell.masked")
		if w.r.Options.Causal && w.j > w.i {
			maskText = i18n.T(lang, "cell.masked.causal")
		}
	}
	return app.Li().Body(
		app.H3().Text(i18n.T(lang, "cell.mask")),
		app.P().Class("eq", ClassIf(e.Masked, "masked")).Body(
			app.Text(maskText+" → s = "),
			app.If(e.Masked, func() app.UI { return app.Span().Class("num", "masked").Text("−∞") }).
				Else(func() app.UI { return w.num("logit", strconv.Itoa(w.j), e.Logit) }),
		),
	)
}

// softmax is step 5: the row's exponentials and weights.
func (w *cellWork) softmax() app.UI {
	e, lang := w.e, w.lang
	keyRow := []app.UI{app.Th().Scope("col").Text(i18n.T(lang, "term.key"))}
	logitRow := []app.UI{app.Th().Scope("row").Text("s")}
	expRow := []app.UI{app.Th().Scope("row").Class("formula").Text(i18n.T(lang, "cell.exp.row"))}
	wRow := []app.UI{app.Th().Scope("row").Text(i18n.T(lang, "term.weight"))}
	for k := range e.Logits {
		idx := strconv.Itoa(k)
		cls := ClassIf(k == w.j, "sel")
		keyRow = append(keyRow, app.Th().Scope("col").Class(cls).Text(KeyTokens(w.r)[k]))
		if attentionMasked(w.r, w.i, k) {
			logitRow = append(logitRow, app.Td().Class(cls, "masked").Text("−∞"))
		} else {
			logitRow = append(logitRow, app.Td().Class(cls).Body(w.num("logit", idx, e.Logits[k])))
		}
		expRow = append(expRow, app.Td().Class(cls).Body(w.num("exp", idx, e.Exps[k])))
		wRow = append(wRow, app.Td().Class(cls).Body(w.num("rowweight", idx, e.Weights[k])))
	}
	return app.Li().Body(
		app.H3().Text(i18n.T(lang, "cell.softmax")),
		w.table(keyRow, app.Tr().Body(logitRow...), app.Tr().Body(expRow...), app.Tr().Body(wRow...)),
		app.P().Class("eq").Body(
			app.Text(i18n.T(lang, "cell.max")), w.num("max", "", e.Max),
			app.Text(i18n.T(lang, "cell.expsum")), w.num("expsum", "", e.ExpSum),
		),
	)
}

// weight is step 6: the weight, an exponential over their sum.
func (w *cellWork) weight() app.UI {
	e := w.e
	return app.Li().Body(
		app.H3().Text(i18n.T(w.lang, "cell.weight")),
		app.P().Class("eq", "result").Body(
			app.Text("w = "), w.num("exp", strconv.Itoa(w.j), e.Exps[w.j]),
			app.Text(" ÷ "), w.num("expsum", "", e.ExpSum), app.Text(" = "),
			app.Strong().Body(w.num("weight", "", e.Weight)),
		),
	)
}

// output is the last step: output_i = Σ_j w_ij·v_j.
func (w *cellWork) output() app.UI {
	e, lang := w.e, w.lang
	head := []app.UI{app.Th().Scope("col").Text(i18n.T(lang, "term.key")), app.Th().Scope("col").Text("w")}
	for cc := range len(e.Output) {
		head = append(head, app.Th().Scope("col").Text(strconv.Itoa(cc+1)))
	}
	rows := make([]app.UI, 0, len(e.Terms)+1)
	for k, term := range e.Terms {
		cells := []app.UI{
			app.Th().Scope("row").Text(KeyTokens(w.r)[k]),
			app.Td().Body(w.num("rowweight", strconv.Itoa(k), e.Weights[k])),
		}
		for cc, x := range term {
			cells = append(cells, app.Td().Title("v = "+formatNum(e.V[k][cc], cellDigits)).
				Body(w.num("term", strconv.Itoa(k)+","+strconv.Itoa(cc), x)))
		}
		rows = append(rows, app.Tr().Class(ClassIf(e.Weights[k] == 0, "zero")).Body(cells...))
	}
	sum := []app.UI{app.Th().Scope("row").Text(i18n.Tf(lang, "cell.sum.output", sub(w.i+1))), app.Td()}
	for cc, x := range e.Output {
		sum = append(sum, app.Td().Body(w.num("output", strconv.Itoa(cc), x)))
	}
	rows = append(rows, app.Tr().Class("sum").Body(sum...))
	return app.Li().Body(
		app.H3().Text(i18n.Tf(lang, "cell.output", w.i+1)),
		app.P().Class("caption").Text(i18n.T(lang, "cell.output.caption")),
		w.table(head, rows...),
	)
}

// pickers are the selects of the query and the key, for keyboards and for
// cells too small to tap.
func (c *CellPanel) pickers(r *attention.Result, lang string) app.UI {
	pick := func(id, label string, toks []string, cur int, set func(*state.State, int)) app.UI {
		opts := make([]app.UI, len(toks))
		for k, t := range toks {
			opts[k] = Choice(strconv.Itoa(k), strconv.Itoa(k+1)+" "+t, k == cur)
		}
		return app.Label().Class("cell-pick").Body(
			app.Span().Class("field-name").Text(label),
			app.Select().ID(id).OnChange(func(ctx app.Context, e app.Event) {
				k, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
				if err != nil {
					return
				}
				c.Props.Set(ctx, e, func(s *state.State) { set(s, k) })
			}).Body(opts...),
		)
	}
	st := c.Props.State
	return app.Div().Class("cell-picks").Body(
		pick("cell-query", i18n.T(lang, "term.query"), r.Tokens, st.Cell.I, func(s *state.State, k int) { s.Cell.I = k }),
		pick("cell-key", i18n.T(lang, "term.key"), KeyTokens(r), st.Cell.J, func(s *state.State, k int) { s.Cell.J = k }),
	)
}

// meanNote says that the mean is explained through head 1, and gives the
// mean of the heads' weights.
func (c *CellPanel) meanNote(r *attention.Result, i, j int, lang string) app.UI {
	parts := []app.UI{app.Text(i18n.T(lang, "cell.mean") + " (")}
	for h := range r.Heads {
		if h > 0 {
			parts = append(parts, app.Text(" + "))
		}
		parts = append(parts, app.Span().Class("num").DataSet("name", "headweight").DataSet("idx", strconv.Itoa(h)).
			Text(formatNum(r.Heads[h].Weights.At(i, j), cellDigits)))
	}
	parts = append(parts, app.Text(") ÷ "+strconv.Itoa(len(r.Heads))+" = "),
		app.Span().Class("num").DataSet("name", "mean").DataSet("idx", "").Text(formatNum(r.WeightsMean.At(i, j), cellDigits)))
	return app.P().Class("caption", "pipe-note").Body(parts...)
}

// attentionMasked reports whether r masks key j for query i.
func attentionMasked(r *attention.Result, i, j int) bool { return r.Options.Masked(i, j) }

// sub writes n in subscript digits.
func sub(n int) string {
	const digits = "₀₁₂₃₄₅₆₇₈₉"
	s := ""
	for _, d := range strconv.Itoa(n) {
		s += string([]rune(digits)[d-'0'])
	}
	return s
}
