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
// Every number comes from attention.ExplainCell. Each printed number is a
// span with data-name (q, k, product, score, scaled, logit, max, exp,
// expsum, weight, rowweight, v, term, output, mean) and data-idx (its index
// within that name, "l" or "j" or "j,c").
type CellPanel struct {
	app.Compo

	Props Props

	ctx app.Context // from OnMount: it outlives the close button
}

// OnMount keeps the panel's context.
func (c *CellPanel) OnMount(ctx app.Context) { c.ctx = ctx }

// Render returns the panel, or nothing when no weight is selected.
func (c *CellPanel) Render() app.UI {
	st := c.Props.State
	r := c.Props.Result
	lang := st.Lang
	if r == nil || !st.Cell.In(len(r.Tokens)) {
		return app.Div().ID("cell-panel").Class("cell-panel", "cell-none").Body(
			app.P().Class("caption").Text(i18n.T(lang, "cell.hint")),
		)
	}
	return c.explanation(r, st)
}

// explanation returns the panel of the selected weight, which must be in
// r. It is Render's but for Render's first lines: a function of its own
// (and the app package is compiled without inlining), so that a page with
// no weight selected, such as every first visit, runs none of its 75 KB of
// wasm, which the browser compiles when it first runs.
func (c *CellPanel) explanation(r *attention.Result, st state.State) app.UI {
	lang := st.Lang
	h := c.Props.StepHead
	i, j := st.Cell.I, st.Cell.J
	e := attention.ExplainCell(r, h, i, j)
	tok := func(k int) string { return i18n.Tf(lang, "tip.quote", r.Tokens[k]) }
	num := func(name, idx string, v float64) app.UI {
		return app.Span().Class("num").DataSet("name", name).DataSet("idx", idx).Text(formatNum(v, cellDigits))
	}
	close := func(ctx app.Context, ev app.Event) {
		c.Props.Set(mountedCtx(c.ctx, ctx), ev, func(s *state.State) { s.Cell = state.CellRef{} })
	}

	// 1. q_i · k_j
	dk := len(e.Q)
	idxRow := []app.UI{app.Th().Scope("col").Text("l")}
	qRow := []app.UI{app.Th().Scope("row").Text("q" + sub(i+1))}
	kRow := []app.UI{app.Th().Scope("row").Text("k" + sub(j+1))}
	pRow := []app.UI{app.Th().Scope("row").Text("q·k")}
	for l := range dk {
		idx := strconv.Itoa(l)
		idxRow = append(idxRow, app.Th().Scope("col").Text(strconv.Itoa(l+1)))
		qRow = append(qRow, app.Td().Body(num("q", idx, e.Q[l])))
		kRow = append(kRow, app.Td().Body(num("k", idx, e.K[l])))
		pRow = append(pRow, app.Td().Body(num("product", idx, e.Products[l])))
	}

	// 4. the row's softmax
	keyRow := []app.UI{app.Th().Scope("col").Text(i18n.T(lang, "term.key"))}
	logitRow := []app.UI{app.Th().Scope("row").Text("s")}
	expRow := []app.UI{app.Th().Scope("row").Text("exp(s − max)")}
	wRow := []app.UI{app.Th().Scope("row").Text(i18n.T(lang, "term.weight"))}
	for k := range e.Logits {
		idx := strconv.Itoa(k)
		cls := ""
		if k == j {
			cls = "sel"
		}
		keyRow = append(keyRow, app.Th().Scope("col").Class(cls).Text(r.Tokens[k]))
		if attentionMasked(r, i, k) {
			logitRow = append(logitRow, app.Td().Class(cls, "masked").Text("−∞"))
		} else {
			logitRow = append(logitRow, app.Td().Class(cls).Body(num("logit", idx, e.Logits[k])))
		}
		expRow = append(expRow, app.Td().Class(cls).Body(num("exp", idx, e.Exps[k])))
		wRow = append(wRow, app.Td().Class(cls).Body(num("rowweight", idx, e.Weights[k])))
	}

	// 6. output_i = Σ_j w_ij·v_j
	dv := len(e.Output)
	outHead := []app.UI{app.Th().Scope("col").Text(i18n.T(lang, "term.key")), app.Th().Scope("col").Text("w")}
	for cc := range dv {
		outHead = append(outHead, app.Th().Scope("col").Text(strconv.Itoa(cc+1)))
	}
	outRows := make([]app.UI, 0, len(e.Terms)+1)
	for k, term := range e.Terms {
		cells := []app.UI{
			app.Th().Scope("row").Text(r.Tokens[k]),
			app.Td().Body(num("rowweight", strconv.Itoa(k), e.Weights[k])),
		}
		for cc, x := range term {
			cells = append(cells, app.Td().Title("v = "+formatNum(e.V[k][cc], cellDigits)).
				Body(num("term", strconv.Itoa(k)+","+strconv.Itoa(cc), x)))
		}
		cls := ""
		if e.Weights[k] == 0 {
			cls = "zero"
		}
		outRows = append(outRows, app.Tr().Class(cls).Body(cells...))
	}
	sumCells := []app.UI{app.Th().Scope("row").Text("Σ = output" + sub(i+1)), app.Td()}
	for cc, x := range e.Output {
		sumCells = append(sumCells, app.Td().Body(num("output", strconv.Itoa(cc), x)))
	}
	outRows = append(outRows, app.Tr().Class("sum").Body(sumCells...))

	maskText := i18n.T(lang, "cell.unmasked")
	if e.Masked {
		maskText = i18n.T(lang, "cell.masked")
		if r.Options.Causal && j > i {
			maskText = i18n.T(lang, "cell.masked.causal")
		}
	}

	return app.Section().ID("cell-panel").Class("panel", "cell-panel").
		DataSet("head", strconv.Itoa(h)).DataSet("query", strconv.Itoa(i)).DataSet("key", strconv.Itoa(j)).
		Aria("labelledby", "cell-title").
		Body(
			app.Div().Class("step-head").Body(
				app.H2().ID("cell-title").Text(i18n.Tf(lang, "cell.title", headName(lang, h), i+1, tok(i), j+1, tok(j))),
				app.Button().ID("cell-close").Type("button").Class("dismiss").
					Aria("label", i18n.T(lang, "cell.close")).Title(i18n.T(lang, "cell.close")).Text("×").OnClick(close),
			),
			c.pickers(r, lang),
			app.If(st.Head == state.HeadMean, func() app.UI {
				return c.meanNote(r, i, j, lang)
			}),
			app.Ol().Class("cell-steps").Body(
				app.Li().Body(
					app.H3().Text(i18n.T(lang, "cell.dot")),
					app.Div().Class("table-scroll").Body(app.Table().Class("values", "cell-table").Body(
						app.THead().Body(app.Tr().Body(idxRow...)),
						app.TBody().Body(app.Tr().Body(qRow...), app.Tr().Body(kRow...), app.Tr().Body(pRow...)),
					)),
					app.P().Class("eq").Body(
						app.Text("Σ q·k = "), num("score", "", e.Score),
					),
				),
				app.Li().Body(
					app.H3().Text(i18n.T(lang, "cell.scale")),
					app.P().Class("eq").Body(
						app.If(e.Scale, func() app.UI {
							return app.Span().Body(
								num("score", "", e.Score), app.Text(" ÷ √"+strconv.Itoa(dk)+" ("),
								num("sqrtdk", "", e.SqrtDK), app.Text(") = "), num("scaled", "", e.ScaledScore),
							)
						}).Else(func() app.UI {
							return app.Span().Body(app.Text(i18n.T(lang, "cell.noscale")+" "), num("scaled", "", e.ScaledScore))
						}),
					),
					app.P().Class("eq").Body(
						num("scaled", "", e.ScaledScore), app.Text(" ÷ i18n.T ("), num("temperature", "", e.Temperature),
						app.Text(") = "), num("unmasked", "", e.Unmasked),
					),
				),
				app.Li().Body(
					app.H3().Text(i18n.T(lang, "cell.mask")),
					app.P().Class("eq", ClassIf(e.Masked, "masked")).Body(
						app.Text(maskText+" → s = "),
						app.If(e.Masked, func() app.UI { return app.Span().Class("num", "masked").Text("−∞") }).
							Else(func() app.UI { return num("logit", strconv.Itoa(j), e.Logit) }),
					),
				),
				app.Li().Body(
					app.H3().Text(i18n.T(lang, "cell.softmax")),
					app.Div().Class("table-scroll").Body(app.Table().Class("values", "cell-table").Body(
						app.THead().Body(app.Tr().Body(keyRow...)),
						app.TBody().Body(app.Tr().Body(logitRow...), app.Tr().Body(expRow...), app.Tr().Body(wRow...)),
					)),
					app.P().Class("eq").Body(
						app.Text("max = "), num("max", "", e.Max),
						app.Text(", Σ exp = "), num("expsum", "", e.ExpSum),
					),
				),
				app.Li().Body(
					app.H3().Text(i18n.T(lang, "cell.weight")),
					app.P().Class("eq", "result").Body(
						app.Text("w = "), num("exp", strconv.Itoa(j), e.Exps[j]),
						app.Text(" ÷ "), num("expsum", "", e.ExpSum), app.Text(" = "),
						app.Strong().Body(num("weight", "", e.Weight)),
					),
				),
				app.Li().Body(
					app.H3().Text(i18n.Tf(lang, "cell.output", i+1)),
					app.P().Class("caption").Text(i18n.T(lang, "cell.output.caption")),
					app.Div().Class("table-scroll").Body(app.Table().Class("values", "cell-table").Body(
						app.THead().Body(app.Tr().Body(outHead...)),
						app.TBody().Body(outRows...),
					)),
				),
			),
		)
}

// pickers are the selects of the query and the key, for keyboards and for
// cells too small to tap.
func (c *CellPanel) pickers(r *attention.Result, lang string) app.UI {
	pick := func(id, label string, cur int, set func(*state.State, int)) app.UI {
		opts := make([]app.UI, len(r.Tokens))
		for k, t := range r.Tokens {
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
		pick("cell-query", i18n.T(lang, "term.query"), st.Cell.I, func(s *state.State, k int) { s.Cell.I = k }),
		pick("cell-key", i18n.T(lang, "term.key"), st.Cell.J, func(s *state.State, k int) { s.Cell.J = k }),
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
