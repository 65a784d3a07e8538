package views

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// CrossPanel is the compare view in cross-attention mode (state.CrossOn):
// the n × m weights of the head shown (#cross-heatmap), queries from the
// sentence and keys and values from the second sentence, and one cell's
// score worked out as sᵀ·W·h and as (s·Wq)·(h·Wk) (#cross-check).
type CrossPanel struct {
	app.Compo

	Props Props

	key    headKey
	option string
	parts  chart.ChartParts
	hm     chart.Heatmap
}

// KeyTokens returns the tokens of r's keys: its key/value side's in
// cross-attention, else its own.
func KeyTokens(r *attention.Result) []string {
	if r.TokensKV != nil {
		return r.TokensKV
	}
	return r.Tokens
}

// crossToggle is the switch #cross of the compare view.
func crossToggle(p *Props) app.UI {
	lang := p.State.Lang
	return app.Label().Class("check", "cross-toggle").Body(
		checked(app.Input().ID("cross").Type("checkbox"), p.State.Cross).
			OnChange(func(ctx app.Context, e app.Event) {
				on := ctx.JSSrc().Get("checked").Bool()
				p.Set(ctx, e, func(s *state.State) { s.Cross, s.Cell = on, state.CellRef{} })
			}),
		app.Span().Text(i18n.T(lang, "cross.toggle")),
	)
}

// Render returns the panel.
func (v *CrossPanel) Render() app.UI {
	lang := v.Props.State.Lang
	head := v.Props.Results.Head
	body := []app.UI{
		app.H2().Text(i18n.T(lang, "cross.title")),
		app.P().Class("lead").Text(i18n.T(lang, "cross.intro")),
		crossToggle(&v.Props),
		app.Label().For("sentence2").Class("sentence-label").Text(i18n.T(lang, "cross.kv")),
		sentence2Input(&v.Props),
	}
	r := v.Props.Result
	if r == nil || r.XKV == nil {
		msg := i18n.T(lang, "cross.empty")
		if v.Props.Rejected.OnKV() {
			msg = ProblemText(lang, v.Props.Rejected) // too many tokens, too long
		}
		body = append(body, app.P().ID("cross-empty").Class("compare-error").Role("status").Text(msg))
		return app.Section().Class("view", "view-compare", "view-cross").Body(app.Div().Class("panel").Body(body...))
	}
	if k := (headKey{resultKey{v.Props.Rev, lang, v.Props.State.Present}, head}); k != v.key {
		v.key = k
		name := i18n.Tf(lang, "cross.chart", headName(lang, head))
		v.hm = weightsMap(lang, name, compute.HeadWeights(r, head), r.Tokens, r.TokensKV)
		v.hm.Large = k.large
		v.option, v.parts = chart.Drawing(v.hm, chart.OptionOf)
	}
	body = append(body,
		&CellWalk{ID: "cross-heatmap", Name: v.hm.Name, Lang: lang, Heatmap: v.hm, Start: v.Props.State.Cell,
			Extra: headName(lang, head), Masked: r.Options.Masked, Open: v.onCell, Chart: &chart.Chart{
				ID: "cross-heatmap", Class: "heatmap", Label: v.hm.Name, Option: v.option, Parts: v.parts,
				Tooltip: v.hm.TooltipHTML, Loading: i18n.T(lang, "chart.loading"), OnCell: v.onCell,
				MinSize: largeMinSize(max(len(r.Tokens), len(r.TokensKV)), v.Props.State.Present)}},
		app.P().Class("caption").Text(i18n.T(lang, "cross.caption")),
		renderCrossCheck(lang, v.Props.Cross),
		&CellPanel{Props: v.Props},
	)
	return app.Section().Class("view", "view-compare", "view-cross").Body(app.Div().Class("panel").Body(body...))
}

// onCell checks the clicked cell.
func (v *CrossPanel) onCell(ctx app.Context, e app.Event, row, col int) {
	v.Props.Set(ctx, e, func(s *state.State) { s.Cell = state.CellRef{I: row, J: col, On: true} })
}

// renderCrossCheck is one cell's score, two ways, and the engine's.
func renderCrossCheck(lang string, c *compute.CrossCheck) app.UI {
	if c == nil {
		return app.Div()
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	return app.Div().ID("cross-check").Class("cross-check").
		DataSet("cell", strconv.Itoa(c.I)+","+strconv.Itoa(c.J)).Body(
		app.H3().Text(i18n.T(lang, "cross.check")),
		app.P().Text(i18n.Tf(lang, "cross.cell", c.I+1, c.TokenI, c.J+1, c.TokenJ, c.Head+1)),
		app.Ul().Body(
			app.Li().ID("cross-bilinear").Text(i18n.Tf(lang, "cross.bilinear", c.DModel, c.DModel, f(c.Bilinear))),
			app.Li().ID("cross-dot").Text(i18n.Tf(lang, "cross.dot", f(c.Dot))),
			app.Li().ID("cross-score").Text(i18n.Tf(lang, "cross.score", f(c.Score))),
		),
		app.P().Class("caption").Text(i18n.T(lang, "cross.same")),
	)
}
