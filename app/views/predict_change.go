package views

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// Predict, then reveal in the compare view (compute.JudgeChange): the
// student picks, for one query row, the key whose weight changes most
// between the sentence and the second sentence; the second side's row and
// the difference's row stay hidden until the reveal.

// changeMsg are the messages of the compare view's question, in place of
// the attention view's.
var changeMsg = map[string]string{
	"predict.switch.title": "predict.change.switch.title",
	"predict.question":     "predict.change.question",
	"predict.estimate":     "predict.change.estimate",
	"predict.hit":          "predict.change.hit",
	"predict.miss":         "predict.change.miss",
	"predict.nokey":        "predict.change.nokey",
	"predict.keys":         "predict.change.keys",
}

// rowsMsg are the messages of the compare view's question of rows.
var rowsMsg = map[string]string{
	"predict.keys":     "predict.rows.keys",
	"predict.hit":      "predict.rows.hit",
	"predict.miss":     "predict.rows.miss",
	"predict.next":     "predict.rows.next",
	"predict.nokey":    "predict.rows.nokey",
	"predict.estimate": "predict.rows.estimate",
}

// msg returns the message key of the panel's question: key, or its change
// counterpart in the compare view, or its rows' one.
func (c *PredictPanel) msg(key string) string {
	if k, ok := rowsMsg[key]; ok && c.Change && c.Props.State.PredictRows {
		return k
	}
	if k, ok := changeMsg[key]; ok && c.Change {
		return k
	}
	return key
}

// what chooses what the compare view's question asks for (#predict-what):
// a key in one row, or the row that changes most.
func (c *PredictPanel) what(lang string) app.UI {
	rows := c.Props.State.PredictRows
	return app.Label().Class("field").Body(
		app.Span().Class("field-name").Text(i18n.T(lang, "predict.what")),
		app.Select().ID("predict-what").Attr("value", map[bool]string{false: "key", true: "row"}[rows]).
			OnChange(func(ctx app.Context, e app.Event) {
				on := ctx.JSSrc().Get("value").String() == "row"
				c.Props.Set(ctx, e, func(s *state.State) { s.PredictRows = on; s.NewGuess(); s.Cell = state.CellRef{} })
			}).
			Body(Choice("key", i18n.T(lang, "predict.what.key"), !rows), Choice("row", i18n.T(lang, "predict.what.row"), rows)),
	)
}

// allRows is changeRow's answer when every row is hidden.
const allRows = -2

// changeRow returns the row of the compare view's first pair to hide until
// revealed, or -1.
func changeRow(p Props) int {
	switch {
	case p.Predict == nil || p.Predict.Diff == nil || p.State.PredictShown:
		return -1
	case p.Predict.Rows:
		return allRows
	}
	return p.Predict.Row
}

// hide hides row (unless -1; every row for allRows) in the second side and
// the difference: their charts, tooltips and tables. With whole and no
// row, they are drawn as Parts, which replace the last option: ECharts
// merges an option into the last, and would keep a hidden row's extra
// series.
func (c *comparePair) hide(row int, whole bool, lang string) {
	if c.err != "" {
		return
	}
	if row < 0 && row != allRows {
		if whole {
			c.b, c.pb = "", chart.PartsOf(asPicture(c.hb))
			c.diff, c.pdiff = "", chart.PartsOf(asPicture(c.hd))
		}
		return
	}
	c.b, c.pb, c.tipB = hideRow(c.hb, row, lang)
	c.diff, c.pdiff, c.tipDiff = hideRow(c.hd, row, lang)
	c.hb.Values, c.hd.Values = withoutRow(c.hb.Values, row), withoutRow(c.hd.Values, row)
	c.hb.Labels, c.hd.Labels = nil, nil
}

// withoutRow returns a copy of m with row's values NaN (every row's for
// allRows), which a table shows as "?".
func withoutRow(m mat.Matrix, row int) *mat.Dense {
	d := mat.DenseCopyOf(m)
	rows, n := d.Dims()
	for i := range rows {
		for j := range n {
			if i == row || row == allRows {
				d.Set(i, j, math.NaN())
			}
		}
	}
	return d
}

// signed formats a change with its sign, to two decimals.
func signed(v float64) string {
	if s := formatNum(v, 2); v > 0 && s != "0.00" {
		return "+" + s
	}
	return formatNum(v, 2)
}

// tokens are the names of the rows and keys: the sentence's tokens, and in
// the compare view both sentences' where they differ ("cat/mat"), as the
// difference's axes name them.
func (c *PredictPanel) tokens() []string {
	t := c.Props.Result.Tokens
	cmp := c.Props.Comparison
	if !c.Change || cmp == nil || !cmp.Sentences.OK() {
		return t
	}
	a, b := cmp.Sentences.TokensA, cmp.Sentences.TokensB
	labels := make([]string, len(a))
	for i := range a {
		labels[i] = a[i]
		if a[i] != b[i] {
			labels[i] = a[i] + "/" + b[i]
		}
	}
	return labels
}

// prediction is the Prediction the panel asks about: the change's in the
// compare view, the weights' elsewhere; nil for none.
func (c *PredictPanel) prediction() *compute.Prediction {
	if p := c.Props.Predict; p != nil && (p.Diff != nil) == c.Change {
		return p
	}
	return nil
}

// asPicture returns h drawn as one image where it is large enough.
func asPicture(h chart.Heatmap) chart.Heatmap {
	h.AsImage = h.AsPicture()
	return h
}

// onChangeCell is a click on the second side or the difference, or Enter
// on their cell (predict_keys.go): on the hidden row, a guess of the key.
// It reads the Props when called.
func (v *CompareView) onChangeCell(ctx app.Context, e app.Event, row, col int) {
	if g, why := v.changeGuess(row, col); why == "" {
		v.Props.Set(ctx, e, func(s *state.State) { s.PredictGuess = g })
	}
}
