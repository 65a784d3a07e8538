package views

// The heatmaps of weights and of differences of weights, which several
// views show.

import (
	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"

	"gonum.org/v1/gonum/mat"
)

// weightsMap describes a weights matrix for Heatmap: rows queries, columns
// keys, on [0, 1].
func weightsMap(lang, name string, w *mat.Dense, rows, cols []string) chart.Heatmap {
	n, _ := w.Dims()
	return chart.Heatmap{
		Name:        name,
		Values:      w,
		Rows:        rows,
		Cols:        cols,
		Min:         0,
		Max:         1,
		RowName:     i18n.T(lang, "term.query"),
		ColName:     i18n.T(lang, "term.key"),
		ValueName:   i18n.T(lang, "term.weight"),
		PosFormat:   i18n.T(lang, "tip.position"),
		QuoteFormat: i18n.T(lang, "tip.quote"),
		CellLabels:  chart.CellLabelsFit(n),
	}
}

// diffMap describes a difference of weights on the diverging scale,
// symmetric around 0.
func diffMap(lang, name string, d *mat.Dense, maxAbs float64, rows, cols []string) chart.Heatmap {
	h := weightsMap(lang, name, d, rows, cols)
	end := chart.SymmetricEnd(maxAbs)
	h.Min, h.Max, h.Colors = -end, end, chart.Diverging
	h.ValueName = i18n.T(lang, "term.difference")
	return h
}
