package chart

import (
	"encoding/json"
	"strconv"
	"testing"
)

// TestHeatmapLabelDigits checks that LabelDigits sets the decimals of the
// cell labels, and that wider labels need a wider chart before they show.
func TestHeatmapLabelDigits(t *testing.T) {
	h := testHeatmap()
	h.CellLabels = true
	width := func(o parsedOption) float64 { // the least width that shows labels
		for w := 100.0; w < 5000; w++ {
			if labels, _ := o.at(t, w); labels {
				return w
			}
		}
		return 0
	}
	two := width(parseOption(t, h))
	h.LabelDigits = 3
	o := parseOption(t, h)
	for _, d := range o.cells(t) {
		// A label is its number in a rich style by the cell's colour: {d|…} or {l|…}.
		if want := strconv.FormatFloat(d.Value[2].(float64), 'f', 3, 64); d.Value[3] != "{d|"+want+"}" && d.Value[3] != "{l|"+want+"}" {
			t.Errorf("label %q for value %v, want %q", d.Value[3], d.Value[2], want)
		}
	}
	if three := width(o); two == 0 || three <= two {
		t.Errorf("labels show from %v px with 2 decimals, from %v px with 3: want wider", two, three)
	}
}

// TestHeatmapLarge checks that a Large heatmap, for presentation, has axis
// labels and cell labels of at least 24 px, and leaves its labels room.
func TestHeatmapLarge(t *testing.T) {
	h := testHeatmap()
	h.CellLabels = true
	small := parseSizes(t, h)
	h.Large = true
	large := parseSizes(t, h)
	if large.X < 24 || large.Y < 24 || large.Cell < 24 {
		t.Errorf("large: axis labels %v and %v px, cell labels %v px; want 24 at least", large.X, large.Y, large.Cell)
	}
	if small.X >= 24 || small.Cell >= 24 {
		t.Errorf("not large: axis labels %v px, cell labels %v px", small.X, small.Cell)
	}
	if large.Left <= small.Left {
		t.Errorf("the grid leaves the row labels %v px large, %v px small", large.Left, small.Left)
	}
}

type sizes struct{ X, Y, Cell, Left float64 }

func parseSizes(t *testing.T, h Heatmap) sizes {
	t.Helper()
	js, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		XAxis []struct {
			AxisLabel struct{ FontSize float64 } `json:"axisLabel"`
		} `json:"xAxis"`
		YAxis []struct {
			AxisLabel struct{ FontSize float64 } `json:"axisLabel"`
		} `json:"yAxis"`
		Series []struct {
			Label struct{ FontSize float64 } `json:"label"`
		} `json:"series"`
		Grid []struct {
			Left string `json:"left"`
		} `json:"grid"`
	}
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		t.Fatal(err)
	}
	left, _ := strconv.ParseFloat(o.Grid[0].Left, 64)
	return sizes{o.XAxis[0].AxisLabel.FontSize, o.YAxis[0].AxisLabel.FontSize, o.Series[0].Label.FontSize, left}
}
