package views

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// PredictPanel is predict-then-reveal (state.State.Predict): the switch
// #predict, and while it is on, for one query row of the head shown, whose
// weights the heatmap hides, the keys to guess from (#predict-keys, a
// button data-key="j" each; a click on the row in the chart guesses too),
// an estimate of the row's largest weight (#predict-weight), Reveal, how
// far off the guess was, and the score over the session. With Change, in
// the compare view, the question is which key's weight changes most
// between the two sentences (predict_change.go).
type PredictPanel struct {
	app.Compo

	Props  Props
	Change bool // the compare view's question
}

// Render returns the panel.
func (c *PredictPanel) Render() app.UI {
	st := c.Props.State
	lang := st.Lang
	body := []app.UI{
		app.Label().Class("check", "predict-switch").Title(i18n.T(lang, c.msg("predict.switch.title"))).Body(
			checked(app.Input().ID("predict").Type("checkbox"), st.Predict).
				OnChange(func(ctx app.Context, e app.Event) {
					on := ctx.JSSrc().Get("checked").Bool()
					c.Props.Set(ctx, e, func(s *state.State) { s.Predict = on; s.NewGuess(); s.Cell = state.CellRef{} })
				}),
			app.Span().Text(i18n.T(lang, "predict.switch")),
		),
	}
	if p := c.prediction(); st.Predict && p != nil && c.Props.Result != nil {
		body = append(body, c.question(lang, p), c.keys(lang, p), c.estimate(lang, p), c.actions(lang, p))
		if st.PredictShown {
			body = append(body, c.verdict(lang, p))
		}
		body = append(body, c.score(lang))
	}
	return app.Div().ID("predict-panel").Class("panel", "predict-panel", ClassIf(st.Predict, "on")).Body(body...)
}

// question asks about the row, with the choice of row (#predict-row).
func (c *PredictPanel) question(lang string, p *compute.Prediction) app.UI {
	tokens := c.tokens()
	options := make([]app.UI, len(tokens))
	for i, t := range tokens {
		options[i] = Choice(strconv.Itoa(i), strconv.Itoa(i+1)+" · "+t, i == p.Row)
	}
	visible := 0
	for _, v := range p.Visible {
		if v {
			visible++
		}
	}
	if p.Rows {
		return app.Div().Class("predict-question").Body(
			c.what(lang),
			app.P().ID("predict-question").Class("predict-ask").Text(i18n.T(lang, "predict.rows.question")),
		)
	}
	return app.Div().Class("predict-question").Body(
		app.If(c.Change, func() app.UI { return c.what(lang) }),
		app.Label().Class("field").Body(
			app.Span().Class("field-name").Text(i18n.T(lang, "predict.row")),
			app.Select().ID("predict-row").Attr("value", strconv.Itoa(p.Row)).Attr("translate", "no").
				OnChange(func(ctx app.Context, e app.Event) {
					if row, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
						c.Props.Set(ctx, e, func(s *state.State) { s.PredictRow = row; s.NewGuess(); s.Cell = state.CellRef{} })
					}
				}).Body(options...),
		),
		app.P().ID("predict-question").Class("predict-ask").Text(i18n.Tf(lang, c.msg("predict.question"), tokens[p.Row])),
		app.If(visible < len(p.Visible), func() app.UI {
			return app.P().Class("caption").Text(i18n.Tf(lang, "predict.causal", tokens[p.Row], visible, len(p.Visible)))
		}),
	)
}

// keys are the buttons that guess a key: those the row cannot see are
// disabled; once revealed, each shows its weight.
func (c *PredictPanel) keys(lang string, p *compute.Prediction) app.UI {
	st := c.Props.State
	tokens := c.tokens()
	buttons := make([]app.UI, len(tokens))
	for j, t := range tokens {
		label := []app.UI{
			app.Span().Class("predict-token").Attr("translate", "no").Text(t),
			// Its place, for a screen reader: "The" and "the" are two keys.
			app.Span().Class("visually-hidden").Text(" " + i18n.Tf(lang, "tip.position", j+1)),
		}
		if st.PredictShown && p.Visible[j] {
			w := formatNum(p.Weights[j], 2)
			if p.Diff != nil {
				w = signed(p.Diff[j])
			}
			label = append(label, app.Span().Class("predict-weight").Text(w))
		}
		b := disabled(app.Button().Type("button").
			Class("predict-key", ClassIf(j == p.Guess, "guess"), ClassIf(st.PredictShown && j == p.Best, "best"), ClassIf(!p.Visible[j], "masked")).
			DataSet("key", j).
			Aria("pressed", j == p.Guess), !p.Visible[j] || st.PredictShown).
			Body(label...)
		if !p.Visible[j] {
			b = b.Title(i18n.Tf(lang, "predict.masked", tokens[p.Row]))
		} else {
			b = b.OnClick(func(ctx app.Context, e app.Event) {
				c.Props.Set(ctx, e, func(s *state.State) { s.PredictGuess = j })
			})
		}
		buttons[j] = b
	}
	return app.Div().ID("predict-keys").Class("predict-keys").Role("group").
		Aria("label", i18n.T(lang, c.msg("predict.keys"))).Body(buttons...)
}

// estimate is the slider of the row's largest weight, #predict-weight.
func (c *PredictPanel) estimate(lang string, p *compute.Prediction) app.UI {
	st := c.Props.State
	value, shown := 50, i18n.T(lang, "predict.estimate.none")
	if st.PredictEstimate >= 0 {
		value, shown = st.PredictEstimate, formatNum(p.Estimate, 2)
	}
	return app.Label().Class("field", "predict-estimate").Body(
		app.Span().Class("field-name").Text(i18n.T(lang, c.msg("predict.estimate"))),
		disabled(app.Input().ID("predict-weight").Type("range").Min(0).Max(100).Step(1).
			Value(strconv.Itoa(value)), st.PredictShown).
			Aria("valuetext", shown).
			OnInput(func(ctx app.Context, e app.Event) {
				if v, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
					c.Props.Set(ctx, e, func(s *state.State) { s.PredictEstimate = v })
				}
			}),
		app.Output().ID("predict-estimate").Text(shown),
	)
}

// actions are Reveal and, once revealed, the next row.
func (c *PredictPanel) actions(lang string, p *compute.Prediction) app.UI {
	st := c.Props.State
	return app.Div().Class("predict-actions").Body(
		disabled(app.Button().ID("predict-reveal").Type("button").Class("predict-button"),
			st.PredictShown || !p.Guessed()).
			Text(i18n.T(lang, "predict.reveal")).
			OnClick(c.reveal),
		// Always there, enabled once revealed: a button that goes with its
		// own click would take the click's deferred work with it.
		disabled(app.Button().ID("predict-next").Type("button").Class("predict-button"), !st.PredictShown).
			Text(i18n.T(lang, c.msg("predict.next"))).
			OnClick(c.next),
	)
}

// reveal shows the row, and rings and works out the guessed cell. Like
// every handler here it reads the Props at the click: go-app keeps an
// element's first handler.
func (c *PredictPanel) reveal(ctx app.Context, e app.Event) {
	p := c.Props.Predict
	if p == nil {
		return
	}
	c.Props.Set(ctx, e, func(s *state.State) {
		s.PredictShown = true
		if p.Guess >= 0 && p.Row >= 0 {
			s.Cell = state.CellRef{I: p.Row, J: p.Guess, On: true}
		}
	})
	// Reveal is disabled now: the focus goes on to the next row's button,
	// not into the panel that works the guess out (CellPanel.follow).
	ctx.Defer(func(app.Context) { dom.Focus("#predict-next") })
}

// next hides the next row for a new guess.
func (c *PredictPanel) next(ctx app.Context, e app.Event) {
	p, r := c.Props.Predict, c.Props.Result
	if p == nil || r == nil {
		return
	}
	c.Props.Set(ctx, e, func(s *state.State) {
		if !p.Rows {
			s.PredictRow = (p.Row + 1) % len(r.Tokens)
		}
		s.NewGuess()
		s.Cell = state.CellRef{}
	})
	// Next is disabled now: the focus goes to the new guess.
	ctx.Defer(func(app.Context) {
		_ = dom.FocusTaken("#predict-keys button:not(:disabled)") || dom.FocusTaken("#predict-row")
	})
}

// verdict says how far off the guess was.
func (c *PredictPanel) verdict(lang string, p *compute.Prediction) app.UI {
	tokens := c.tokens()
	best := formatNum(p.Weights[p.Best], 2)
	var text string
	switch {
	case p.Guess < 0:
		text = i18n.Tf(lang, c.msg("predict.nokey"), tokens[p.Best], best)
	case p.Hit:
		text = i18n.Tf(lang, c.msg("predict.hit"), tokens[p.Best], best)
	default:
		text = i18n.Tf(lang, c.msg("predict.miss"), tokens[p.Guess], formatNum(p.Weights[p.Guess], 2), tokens[p.Best], best, formatNum(p.Off, 2))
	}
	if !math.IsNaN(p.EstOff) {
		text += " " + i18n.Tf(lang, "predict.estimated", formatNum(p.Estimate, 2), formatNum(p.EstOff, 2))
	}
	return app.P().ID("predict-result").Class("predict-result", ClassIf(p.Hit, "hit")).Role("status").
		DataSet("hit", p.Hit).Text(text)
}

// score is the score over the session.
func (c *PredictPanel) score(lang string) app.UI {
	sc := c.Props.Score
	text := i18n.Tf(lang, "predict.score", sc.Hits, sc.Rows)
	if m := sc.MeanEstOff(); !math.IsNaN(m) {
		text = i18n.Tf(lang, "predict.score.est", sc.Hits, sc.Rows, formatNum(m, 2))
	}
	return app.P().ID("predict-score").Class("caption").Text(text)
}

// mainKey is what the attention view's large chart is made of: a head, and
// the row predict-then-reveal hides, or -1.
type mainKey struct {
	headKey
	hidden int
}

// hiddenRow returns the row of p's chart to hide until revealed, or -1.
func hiddenRow(p Props) int {
	if p.Predict == nil || p.Predict.Diff != nil || p.State.PredictShown {
		return -1
	}
	return p.Predict.Row
}

// hideRow returns what the chart of h draws with row hidden (every row
// for allRows): an option or a picture (chart.Drawing), and a tooltip that
// does not tell the row.
func hideRow(h chart.Heatmap, row int, lang string) (string, chart.ChartParts, func(int, int, float64) string) {
	h.MaskedCell, h.DecalMasked = func(i, _ int) bool { return i == row || row == allRows }, false
	option, parts := chart.Drawing(h, chart.HiddenOption)
	tip := func(i, j int, v float64) string {
		if i == row || row == allRows {
			return chart.EscapeHTML(i18n.T(lang, "predict.hidden"))
		}
		return h.TooltipHTML(i, j, v)
	}
	return option, parts, tip
}

// onCell is the large chart's click: on the hidden row, a guess of the
// key; elsewhere, the cell to work out.
func (v *AttentionView) onCell(ctx app.Context, e app.Event, row, col int) {
	if row == hiddenRow(v.Props) {
		if p := v.Props.Predict; col < len(p.Visible) && p.Visible[col] {
			v.Props.Set(ctx, e, func(s *state.State) { s.PredictGuess = col })
		}
		return
	}
	v.Props.Set(ctx, e, func(s *state.State) { s.Cell = state.CellRef{I: row, J: col, On: true} })
}

// disabled disables e when on. As with checked, go-app writes
// disabled="false" into the pre-rendered page, which a browser reads as
// disabled: there, an enabled element gets no attribute.
func disabled[T interface{ Disabled(bool) T }](e T, on bool) T {
	if on || app.IsClient {
		return e.Disabled(on)
	}
	return e
}
