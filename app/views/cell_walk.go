package views

import (
	"math"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// CellWalk makes a heatmap chart walkable from the keyboard, cell by cell:
// every heatmap a student reads cell by cell is one (the attention and
// scaling views' through HeatmapKeys, the compare, padding, matrices and
// learn views', the pipeline's opened step). The element <ID>-keys, around
// the chart, takes the focus; the arrow keys move a cursor between the
// cells, Home and End to the row's ends (with Ctrl, the matrix's), PageUp
// and PageDown to the column's; Enter or Space calls Open, where there is
// one (the one-cell panel). Each move is said in the live region
// <ID>-live; the chart rings the cursor's cell. Under the chart, the table
// of its numbers (HeatmapTable, TableID) is its text alternative.
type CellWalk struct {
	app.Compo

	ID      string        // the prefix of its elements' ids
	TableID string        // the table's id; "" for <ID>-table
	Name    string        // what the chart shows, in its accessible name
	Lang    string        // the page's language
	Heatmap chart.Heatmap // what the chart draws: its numbers (Labels, else Values), labels and names
	Chart   *chart.Chart  // the chart; its Selected rings the cursor while focused

	Start  state.CellRef                                // where the cursor starts, if On and inside
	Masked func(i, j int) bool                          // the cells to say masked; nil for none
	Extra  string                                       // said after each cell (the head); may be ""
	Open   func(ctx app.Context, e app.Event, i, j int) // what Enter does; nil for nothing
	Said   func(i, j int) string                        // what to say when Enter opens (i, j); nil for nothing
	Keys   [2]string                                    // the label's and help's messages where Enter opens; zero for the cell panel's

	// NoTable leaves the table out, where the chart has one beside it.
	NoTable bool

	cursor state.CellRef // On while the chart has the focus
	said   string        // the live region's text
}

// Render returns the focusable chart, its help, its live region and its
// table.
func (c *CellWalk) Render() app.UI {
	rows, cols := c.dims()
	if c.cursor.On && rows > 0 {
		c.cursor.I, c.cursor.J = min(max(c.cursor.I, 0), rows-1), min(max(c.cursor.J, 0), cols-1)
		c.Chart.Selected = chart.Cell(c.cursor)
	}
	label := "keys.label.walk"
	if c.Open != nil {
		label = c.keys()[0]
	}
	help := c.ID + "-keys-help"
	tableID := c.TableID
	if tableID == "" {
		tableID = c.ID + "-table"
	}
	return app.Div().Class("heatmap-keys-wrap").Body(
		app.Div().ID(c.ID+"-keys").Class("heatmap-keys").TabIndex(0).Role("application").
			Aria("label", i18n.Tf(c.Lang, label, c.Name)).
			Aria("describedby", help).
			OnFocus(c.onFocus).OnBlur(c.onBlur).OnKeyDown(c.onKey).
			Body(app.Div().Class("chart-scroll").Body(c.Chart)),
		app.P().ID(help).Class("visually-hidden").Text(i18n.T(c.Lang, c.helpKey())),
		app.P().ID(c.ID+"-live").Class("visually-hidden").Role("status").Aria("live", "polite").Text(c.said),
		app.If(!c.NoTable, func() app.UI {
			return &HeatmapTable{ID: tableID, Heatmap: c.Heatmap, Lang: c.Lang}
		}),
	)
}

// helpKey is the message of the help: it says what Enter does only where it
// does something.
func (c *CellWalk) helpKey() string {
	if c.Open == nil {
		return "keys.help.walk"
	}
	return c.keys()[1]
}

// keys returns the label's and help's messages where Enter does something.
func (c *CellWalk) keys() [2]string {
	if c.Keys == ([2]string{}) {
		return [2]string{"keys.label", "keys.help"}
	}
	return c.Keys
}

// dims returns the heatmap's rows and columns; 0, 0 for none.
func (c *CellWalk) dims() (int, int) {
	if c.Heatmap.Values == nil {
		return 0, 0
	}
	return c.Heatmap.Values.Dims()
}

// onFocus puts the cursor on the cell the one-cell panel showed as it gave
// the focus back (walkBack), else on Start, or the first cell, and says it.
func (c *CellWalk) onFocus(ctx app.Context, e app.Event) {
	rows, cols := c.dims()
	if rows == 0 || cols == 0 {
		return
	}
	c.cursor = state.CellRef{On: true}
	back := walkBack
	walkBack.id = ""
	if back.id != c.ID+"-keys" {
		back.cell = c.Start
	}
	if s := back.cell; s.On && s.I >= 0 && s.I < rows && s.J >= 0 && s.J < cols {
		c.cursor = s
	}
	c.said = c.describe(c.cursor.I, c.cursor.J)
}

// onBlur hides the cursor: the chart rings Start again.
func (c *CellWalk) onBlur(ctx app.Context, e app.Event) {
	c.cursor.On = false
	rows, cols := c.dims()
	start := c.Start
	if start.I >= rows || start.J >= cols {
		start = state.CellRef{}
	}
	c.Chart.Selected = chart.Cell(start)
}

// onKey moves the cursor, or opens its cell.
func (c *CellWalk) onKey(ctx app.Context, e app.Event) {
	rows, cols := c.dims()
	if rows == 0 || cols == 0 || e.Get("altKey").Bool() || e.Get("metaKey").Bool() {
		return
	}
	if !c.cursor.On {
		c.onFocus(ctx, e)
	}
	key := e.Get("key").String()
	if (key == "Enter" || key == " ") && c.Open != nil {
		e.PreventDefault()
		if c.Said != nil {
			c.said = c.Said(c.cursor.I, c.cursor.J)
		}
		c.Open(ctx, e, c.cursor.I, c.cursor.J)
		return
	}
	i, j, ok := moveCell(c.cursor.I, c.cursor.J, rows, cols, key, e.Get("ctrlKey").Bool())
	if !ok {
		return
	}
	e.PreventDefault()
	c.cursor = state.CellRef{I: i, J: j, On: true}
	c.said = c.describe(i, j)
}

// describe says cell (i, j): its row, column and number, the Extra, and
// whether it is masked.
func (c *CellWalk) describe(i, j int) string {
	h := c.Heatmap
	m := h.Values
	if h.Labels != nil {
		m = h.Labels
	}
	v := "?" // hidden while the student predicts it (predict_change.go)
	if x := m.At(i, j); !math.IsNaN(x) {
		v = formatNum(x, 2)
	}
	s := i18n.Tf(c.Lang, "keys.cell.of", h.RowName, label(h.Rows, i), i+1, h.ColName, label(h.Cols, j), j+1, h.ValueName, v)
	if c.Extra != "" {
		s += ", " + c.Extra
	}
	if c.Masked != nil && c.Masked(i, j) {
		s += ", " + i18n.T(c.Lang, "keys.masked")
	}
	return s
}

// label returns labels[i], or "" where there is none.
func label(labels []string, i int) string {
	if i < len(labels) {
		return labels[i]
	}
	return ""
}
