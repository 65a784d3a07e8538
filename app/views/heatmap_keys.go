package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// HeatmapKeys makes the large heatmap of the result's head shown navigable
// from the keyboard (#heatmap-keys, focusable): the arrow keys move a cursor
// between the cells, Home and End to the row's ends (with Ctrl, the
// matrix's), and Enter or Space opens the cell's worked weight (the cell
// panel). Each move is said in a live region, #heatmap-live. Under the
// chart, a table of the weights (behind a toggle, #weights-table) is its
// text alternative.
type HeatmapKeys struct {
	app.Compo

	Props Props
	Chart *chart.Chart // the heatmap; its Selected rings the cursor while focused
	Name  string       // what the chart shows, for its accessible name

	// NoOpen: Enter opens nothing (a view without the cell panel).
	NoOpen bool

	cursor    state.CellRef // On while the heatmap has the focus
	said      string        // the live region's text
	tableOpen bool          // the table of weights is shown
}

// Render returns the focusable heatmap, its live region and its table.
func (c *HeatmapKeys) Render() app.UI {
	lang := c.Props.State.Lang
	if r := c.Props.Result; r != nil && c.cursor.On {
		c.cursor = clampCell(c.cursor, len(r.Tokens))
		c.Chart.Selected = chart.Cell(c.cursor)
	}
	return app.Div().Class("heatmap-keys-wrap").Body(
		app.Div().ID("heatmap-keys").Class("heatmap-keys").TabIndex(0).Role("application").
			Aria("label", i18n.Tf(lang, c.labelKey(), c.Name)).
			Aria("describedby", "heatmap-keys-help").
			OnFocus(c.onFocus).OnBlur(c.onBlur).OnKeyDown(c.onKey).
			Body(app.Div().Class("chart-scroll").Body(c.Chart)),
		app.P().ID("heatmap-keys-help").Class("visually-hidden").Text(i18n.T(lang, "keys.help")),
		app.P().ID("heatmap-live").Class("visually-hidden").Role("status").Aria("live", "polite").Text(c.said),
		c.table(lang),
	)
}

// labelKey is the message of the accessible name: it says what Enter does
// only where it does something.
func (c *HeatmapKeys) labelKey() string {
	if c.NoOpen {
		return "keys.label.walk"
	}
	return "keys.label"
}

// onFocus puts the cursor on the selected cell, or the first, and says it.
func (c *HeatmapKeys) onFocus(ctx app.Context, e app.Event) {
	r := c.Props.Result
	if r == nil {
		return
	}
	c.cursor = state.CellRef{On: true}
	if cell := c.Props.State.Cell; cell.In(len(r.Tokens)) {
		c.cursor = cell
	}
	c.said = c.describe(c.cursor.I, c.cursor.J)
}

// onBlur hides the cursor: the chart rings the selected cell again.
func (c *HeatmapKeys) onBlur(ctx app.Context, e app.Event) {
	c.cursor.On = false
	c.Chart.Selected = chart.Cell(selectedCell(c.Props.State.Cell, c.tokens()))
}

// onKey moves the cursor, or opens its cell.
func (c *HeatmapKeys) onKey(ctx app.Context, e app.Event) {
	n := c.tokens()
	if n == 0 || e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
		return
	}
	if !c.cursor.On {
		c.onFocus(ctx, e)
	}
	key := e.Get("key").String()
	if (key == "Enter" || key == " ") && !c.NoOpen {
		e.PreventDefault()
		cell := c.cursor
		c.Props.Set(ctx, e, func(s *state.State) { s.Cell = cell })
		return
	}
	i, j, ok := moveCell(c.cursor.I, c.cursor.J, n, key, e.Get("ctrlKey").Bool())
	if !ok {
		return
	}
	e.PreventDefault()
	c.cursor = state.CellRef{I: i, J: j, On: true}
	c.said = c.describe(i, j)
}

// moveCell returns the cell that key moves (i, j) to in an n × n heatmap,
// and whether key is a key that moves: the arrows by one cell, Home and End
// to the row's first and last key, with ctrl to the first and last cell,
// PageUp and PageDown to the column's first and last query. It stops at the
// edges.
func moveCell(i, j, n int, key string, ctrl bool) (int, int, bool) {
	switch key {
	case "ArrowLeft":
		j--
	case "ArrowRight":
		j++
	case "ArrowUp":
		i--
	case "ArrowDown":
		i++
	case "Home":
		j = 0
		if ctrl {
			i = 0
		}
	case "End":
		j = n - 1
		if ctrl {
			i = n - 1
		}
	case "PageUp":
		i = 0
	case "PageDown":
		i = n - 1
	default:
		return i, j, false
	}
	return min(max(i, 0), n-1), min(max(j, 0), n-1), true
}

// clampCell returns cell inside an n × n heatmap.
func clampCell(cell state.CellRef, n int) state.CellRef {
	cell.I, cell.J = min(max(cell.I, 0), n-1), min(max(cell.J, 0), n-1)
	return cell
}

// tokens is the number of tokens of the result shown, 0 for none.
func (c *HeatmapKeys) tokens() int {
	if c.Props.Result == nil {
		return 0
	}
	return len(c.Props.Result.Tokens)
}

// describe says cell (i, j) of the head shown: its query, key, weight and
// head, and whether it is masked.
func (c *HeatmapKeys) describe(i, j int) string {
	r, lang := c.Props.Result, c.Props.State.Lang
	w := compute.HeadWeights(r, c.Props.Head).At(i, j)
	s := i18n.Tf(lang, "keys.cell", r.Tokens[i], i+1, r.Tokens[j], j+1,
		strconv.FormatFloat(w, 'f', 2, 64), headName(lang, c.Props.Head))
	if r.Options.Masked(i, j) {
		s += ", " + i18n.T(lang, "keys.masked")
	}
	return s
}

// table is the chart's text alternative: the weights of the head shown as a
// table, rendered only while its toggle is open.
func (c *HeatmapKeys) table(lang string) app.UI {
	r := c.Props.Result
	details := app.Details().ID("weights-table").Class("weights-table").
		On("toggle", func(ctx app.Context, e app.Event) { c.tableOpen = ctx.JSSrc().Get("open").Bool() })
	summary := app.Summary().Text(i18n.T(lang, "table.show"))
	if r == nil || !c.tableOpen {
		return details.Body(summary)
	}
	return details.Body(summary, valuesTable(i18n.Tf(lang, "table.caption", c.Name), i18n.T(lang, "table.corner"),
		r.Tokens, r.Tokens, compute.HeadWeights(r, c.Props.Head)))
}
