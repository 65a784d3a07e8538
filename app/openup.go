package app

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/attnviz/attnviz/attention"
	"gonum.org/v1/gonum/mat"
)

// Shared parts of the views that open up the computation: scaling, compare
// and padding. Every number they show comes from the engine (attention.Run,
// an attention.Engine) or from package attention's functions.

// Diverging and maskedColor are those of the pipeline view (pipeline.go).

// headWeights returns the weights of head (or HeadMean) of r, copied: r is
// reused by its engine's next run.
func headWeights(r *attention.Result, head int) *mat.Dense {
	if head == HeadMean || head >= len(r.Heads) {
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

// symmetricEnd returns the end of a colour scale symmetric around 0 that
// holds values of magnitude up to m: m rounded up to a tenth (at least 0.1),
// so that small differences still show as colours and equal matrices are
// white.
func symmetricEnd(m float64) float64 {
	return max(0.1, math.Ceil(m*10-1e-9)/10)
}

// weightsMap describes a weights matrix for Heatmap: rows queries, columns
// keys, on [0, 1].
func weightsMap(lang, name string, w *mat.Dense, rows, cols []string) Heatmap {
	n, _ := w.Dims()
	return Heatmap{
		Name:        name,
		Values:      w,
		Rows:        rows,
		Cols:        cols,
		Min:         0,
		Max:         1,
		RowName:     T(lang, "term.query"),
		ColName:     T(lang, "term.key"),
		ValueName:   T(lang, "term.weight"),
		PosFormat:   T(lang, "tip.position"),
		QuoteFormat: T(lang, "tip.quote"),
		CellLabels:  CellLabelsFit(n),
	}
}

// diffMap describes a difference of weights on the diverging scale,
// symmetric around 0.
func diffMap(lang, name string, d *mat.Dense, maxAbs float64, rows, cols []string) Heatmap {
	h := weightsMap(lang, name, d, rows, cols)
	end := symmetricEnd(maxAbs)
	h.Min, h.Max, h.Colors = -end, end, Diverging
	h.ValueName = T(lang, "term.difference")
	return h
}

// MaskedOption returns the option of h with the cells of columns valid and
// after drawn as masked: grey, outside the colour scale, in a second series
// whose values stay what h holds (the engine's exact 0). It is h.Option with
// the data split in two.
func MaskedOption(h Heatmap, valid int) (string, error) {
	s, err := h.Option()
	if err != nil {
		return "", err
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return "", fmt.Errorf("masked heatmap: %v", err)
	}
	series, ok := o["series"].([]any)
	if !ok || len(series) != 1 {
		return "", fmt.Errorf("masked heatmap: the option has no single series")
	}
	s0 := series[0].(map[string]any)
	data, _ := s0["data"].([]any)
	shown, masked := []any{}, []any{}
	for _, d := range data {
		cell := d.([]any)
		if col, _ := cell[0].(float64); int(col) >= valid {
			masked = append(masked, cell)
		} else {
			shown = append(shown, cell)
		}
	}
	s0["data"] = shown
	s1 := map[string]any{}
	for k, v := range s0 {
		s1[k] = v
	}
	s1["data"] = masked
	s1["itemStyle"] = map[string]any{"color": maskedColor, "borderColor": "#ffffff", "borderWidth": 1}
	if label, ok := s0["label"].(map[string]any); ok {
		l := map[string]any{}
		for k, v := range label {
			l[k] = v
		}
		l["color"] = "#1f2328"
		l["backgroundColor"] = "transparent"
		s1["label"] = l
	}
	o["series"] = []any{s0, s1}
	if vms, ok := o["visualMap"].([]any); ok {
		for _, vm := range vms {
			vm.(map[string]any)["seriesIndex"] = 0
		}
	}
	// The media set the cell labels of every series.
	if media, ok := o["media"].([]any); ok {
		for _, m := range media {
			opt, _ := m.(map[string]any)["option"].(map[string]any)
			if ss, ok := opt["series"].([]any); ok && len(ss) == 1 {
				opt["series"] = []any{ss[0], ss[0]}
			}
		}
	}
	b, err := json.Marshal(o)
	return string(b), err
}

// diffOption returns the option of a difference heatmap h: its cell labels
// dark on the light middle of the diverging scale (no dark box), with
// "-0.00" written "0.00".
func diffOption(h Heatmap) string {
	s := option(h)
	if s == "" {
		return ""
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return s
	}
	for _, x := range o["series"].([]any) {
		series := x.(map[string]any)
		if label, ok := series["label"].(map[string]any); ok {
			label["color"], label["backgroundColor"] = "#1f2328", "rgba(255,255,255,0.6)"
		}
		for _, d := range series["data"].([]any) {
			if cell := d.([]any); len(cell) > 3 && cell[3] == "-0.00" {
				cell[3] = "0.00"
			}
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		return s
	}
	return string(b)
}
