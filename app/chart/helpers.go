package chart

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// Options and pictures that the views make of a Heatmap, logged rather than
// returned when they fail, which the engine's results never cause.

// MaxThumbCells is the most rows and columns of a thumbnail.
const MaxThumbCells = 32

// Pool returns the square matrix m reduced to at most size rows and columns:
// each cell the mean of a block of about n/size rows and columns of m.
func Pool(m *mat.Dense, size int) *mat.Dense {
	n, _ := m.Dims()
	if n <= size {
		return m
	}
	dst := mat.NewDense(size, size, nil)
	block := func(b int) (lo, hi int) { return b * n / size, (b + 1) * n / size }
	for bi := range size {
		i0, i1 := block(bi)
		for bj := range size {
			j0, j1 := block(bj)
			sum := 0.0
			for i := i0; i < i1; i++ {
				for _, v := range m.RawRowView(i)[j0:j1] {
					sum += v
				}
			}
			dst.Set(bi, bj, sum/float64((i1-i0)*(j1-j0)))
		}
	}
	return dst
}

// PartsOf returns h's option in parts, or none (an empty chart) if h cannot be
// drawn, which the engine's results never cause.
func PartsOf(h Heatmap) ChartParts {
	p, err := h.Parts()
	if err != nil {
		app.Log("attnviz:", err)
		return ChartParts{}
	}
	return p
}

// Thumbnail returns h's picture, or nil (an empty slot) if h cannot be
// drawn, which the engine's results never cause.
func Thumbnail(h Heatmap) *HeatmapImage {
	img, err := h.image()
	if err != nil {
		app.Log("attnviz:", err)
		return nil
	}
	return img
}

// Drawing returns what a Chart draws for h, a full-size heatmap: its Parts
// as a picture where h.asPicture, else the option that opt makes (option,
// or a view's own with its tweaks). The other is empty; a Chart given both
// draws the Parts.
func Drawing(h Heatmap, opt func(Heatmap) string) (string, ChartParts) {
	if !h.AsPicture() {
		return opt(h), ChartParts{}
	}
	h.AsImage = true
	return "", PartsOf(h)
}

// OptionOf returns h's option, or "" (an empty chart) if h cannot be drawn,
// which the engine's results never cause.
func OptionOf(h Heatmap) string {
	s, err := h.Option()
	if err != nil {
		app.Log("attnviz:", err)
		return ""
	}
	return s
}

// SymmetricEnd returns the end of a colour scale symmetric around 0 that
// holds values of magnitude up to m: m rounded up to a tenth (at least 0.1),
// so that small differences still show as colours and equal matrices are
// white.
func SymmetricEnd(m float64) float64 {
	return max(0.1, math.Ceil(m*10-1e-9)/10)
}

// MaskedOption returns the option of h with the cells of columns valid and
// after drawn as masked: grey, outside the colour scale, in a second series
// whose values stay what h holds (the engine's exact 0). It is h.Option with
// the data split in two.
func MaskedOption(h Heatmap, valid int) (string, error) {
	return splitOption(h, func(_, col int) bool { return col >= valid }, "")
}

// splitOption returns the option of h with the cells that masked names in
// a second series, grey. With a label, their values are 0 and their labels
// label: they are hidden, not masked.
func splitOption(h Heatmap, masked func(row, col int) bool, label string) (string, error) {
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
	shown, grey := []any{}, []any{}
	for _, d := range data {
		cell := d.([]any)
		col, _ := cell[0].(float64)
		row, _ := cell[1].(float64)
		if !masked(int(row), int(col)) {
			shown = append(shown, cell)
			continue
		}
		if label != "" {
			cell[2] = 0
			if len(cell) > 3 {
				cell[3] = label
			}
		}
		grey = append(grey, cell)
	}
	s0["data"] = shown
	s1 := map[string]any{}
	for k, v := range s0 {
		s1[k] = v
	}
	s1["data"] = grey
	s1["itemStyle"] = map[string]any{"color": MaskedColor, "borderColor": "#ffffff", "borderWidth": 1, "decal": json.RawMessage(maskedDecal)}
	if label, ok := s0["label"].(map[string]any); ok {
		l := map[string]any{}
		for k, v := range label {
			l[k] = v
		}
		l["color"] = "#1f2328"
		l["backgroundColor"] = "transparent"
		// Dark on the grey whatever the value (5.0:1), in place of the
		// rich styles by the scale's colour (contrast.go).
		dark := map[string]any{"color": "#1f2328"}
		l["rich"] = map[string]any{"d": dark, "l": dark}
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

// DiffOption returns the option of a difference heatmap h, with "-0.00"
// written "0.00".
func DiffOption(h Heatmap) string {
	s := OptionOf(h)
	if s == "" {
		return ""
	}
	var o map[string]any
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return s
	}
	for _, x := range o["series"].([]any) {
		series := x.(map[string]any)
		// The labels' rich styles, dark or light by the cell's colour
		// (contrast.go), stand on the cells themselves.
		for _, d := range series["data"].([]any) {
			if cell := dataCell(d); len(cell) > 3 {
				if s, ok := cell[3].(string); ok && strings.HasSuffix(s, "|-0.00}") {
					cell[3] = strings.Replace(s, "|-0.00}", "|0.00}", 1)
				}
			}
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		return s
	}
	return string(b)
}

// dataCell returns a data item's cell: the item, or its "value" where the
// item is an object (a masked cell's decal, DecalMasked).
func dataCell(d any) []any {
	if m, ok := d.(map[string]any); ok {
		d = m["value"]
	}
	cell, _ := d.([]any)
	return cell
}

// Diverging is the colour scale of matrices whose values have a sign:
// ColorBrewer's RdBu, blue for negative, near-white for 0, red for positive.
// It reads for the common colour-vision deficiencies, and its ends stay
// apart in grey scale by lightness from the centre.
var Diverging = []string{
	"#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7",
	"#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f",
}

// MaskedColor is the colour of a masked cell: a mid grey, apart from every
// colour of Diverging and Viridis.
const MaskedColor = "#8c939b"

// StepOption returns the ECharts option of hm, a step's heatmap (see
// StepHeatmap), with the entries its MaskedCell names drawn grey (the grid's
// background, where no cell is drawn) and no number.
func StepOption(hm Heatmap) string { return maskCells(hm, "−∞") }

// maskCells returns the option of hm with the cells its MaskedCell names
// not drawn (the grid's grey background shows) and labelled label.
func maskCells(hm Heatmap, label string) string {
	o := OptionOf(hm)
	if o == "" || hm.MaskedCell == nil {
		return o
	}
	var opt map[string]any
	if err := json.Unmarshal([]byte(o), &opt); err != nil {
		app.Log("attnviz:", err)
		return o
	}
	grid := func(g any) {
		if m, ok := g.(map[string]any); ok {
			m["show"], m["backgroundColor"], m["borderWidth"] = true, MaskedColor, 0
		}
	}
	switch g := opt["grid"].(type) {
	case []any:
		for _, x := range g {
			grid(x)
		}
	default:
		grid(g)
	}
	series, _ := opt["series"].([]any)
	if len(series) > 0 {
		if s0, ok := series[0].(map[string]any); ok {
			data, _ := s0["data"].([]any)
			for _, d := range data {
				item, ok := d.([]any)
				if !ok || len(item) < 3 {
					continue
				}
				col, _ := item[0].(float64)
				row, _ := item[1].(float64)
				if hm.MaskedCell(int(row), int(col)) {
					item[2] = "-" // ECharts draws no cell: the background shows
					if len(item) > 3 {
						item[3] = label
					}
				}
			}
		}
	}
	b, err := json.Marshal(opt)
	if err != nil {
		app.Log("attnviz:", err)
		return o
	}
	return string(b)
}
