package chart

import (
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
		if want := strconv.FormatFloat(d.Value[2].(float64), 'f', 3, 64); d.Value[3] != want {
			t.Errorf("label %q for value %v, want %q", d.Value[3], d.Value[2], want)
		}
	}
	if three := width(o); two == 0 || three <= two {
		t.Errorf("labels show from %v px with 2 decimals, from %v px with 3: want wider", two, three)
	}
}
