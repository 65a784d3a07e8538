package views

import (
	"math"
	"strconv"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// HeatmapTable is the text alternative of a heatmap chart: its numbers as a
// table (rows and columns labelled as the chart's), behind a toggle, and
// rendered only while open.
type HeatmapTable struct {
	app.Compo

	ID      string        // of the <details>; may be empty
	Heatmap chart.Heatmap // the chart's heatmap: its true numbers are its Labels, else its Values
	Lang    string

	open bool
}

// Render returns the toggle and, open, the table.
func (t *HeatmapTable) Render() app.UI {
	h := t.Heatmap
	details := app.Details().ID(t.ID).Class("weights-table").
		On("toggle", func(ctx app.Context, e app.Event) { t.open = ctx.JSSrc().Get("open").Bool() })
	summary := app.Summary().Text(i18n.T(t.Lang, "table.show"))
	if !t.open || h.Values == nil {
		return details.Body(summary)
	}
	m := h.Values
	if h.Labels != nil {
		m = h.Labels
	}
	corner := h.RowName
	if h.ColName != "" {
		corner += " \\ " + h.ColName
	}
	return details.Body(summary, valuesTable(i18n.Tf(t.Lang, "table.caption", h.Name), corner, h.Rows, h.Cols, m))
}

// valuesTable is a table of m, to 3 decimals, with caption, the row and
// column labels as headers, and corner in the corner.
func valuesTable(caption, corner string, rows, cols []string, m mat.Matrix) app.UI {
	head := []app.UI{app.Th().Scope("col").Text(corner)}
	for _, c := range cols {
		head = append(head, app.Th().Scope("col").Text(c))
	}
	body := make([]app.UI, len(rows))
	for i, r := range rows {
		cells := []app.UI{app.Th().Scope("row").Text(r)}
		for j := range cols {
			v := strconv.FormatFloat(m.At(i, j), 'f', 3, 64)
			if math.IsNaN(m.At(i, j)) {
				v = "?" // hidden until revealed (predict_change.go)
			}
			cells = append(cells, app.Td().Text(v))
		}
		body[i] = app.Tr().Body(cells...)
	}
	return app.Div().Class("table-scroll").TabIndex(0).Body(
		app.Table().Class("values").Body(
			app.Caption().Text(caption),
			app.THead().Body(app.Tr().Body(head...)),
			app.TBody().Body(body...),
		),
	)
}
