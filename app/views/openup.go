package views

import (
	"math"
	"slices"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Shared parts of the views that open up the computation: scaling, compare
// and padding. Every number they show comes from the engine (attention.Run,
// an attention.Engine) or from package attention's functions.

// chart.Diverging and chart.MaskedColor are those of the pipeline view (pipeline.go).

// headWeights returns the weights of head (or state.HeadMean) of r, copied: r is
// reused by its engine's next run.
func headWeights(r *attention.Result, head int) *mat.Dense {
	if head == state.HeadMean || head >= len(r.Heads) {
		return mat.DenseCopyOf(r.WeightsMean)
	}
	return mat.DenseCopyOf(r.Heads[head].Weights)
}

// runCopy runs spec on e and returns the tokens and the weights of head,
// copied.
func runCopy(e *attention.Engine, spec *attention.Spec, head int) ([]string, *mat.Dense, error) {
	r, err := e.Run(spec)
	if err != nil {
		return nil, nil, err
	}
	return slices.Clone(r.Tokens), headWeights(r, head), nil
}

// Difference returns a − b, element by element, and the largest magnitude
// of its elements. It panics if the shapes differ.
func Difference(a, b *mat.Dense) (*mat.Dense, float64) {
	var d mat.Dense
	d.Sub(a, b)
	m := 0.0
	r, c := d.Dims()
	for i := range r {
		for _, v := range d.RawRowView(i)[:c] {
			m = max(m, math.Abs(v))
		}
	}
	return &d, m
}

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
