package chart

import (
	"encoding/json"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPictureCellText checks the numbers a picture prints: each cell's
// value to the heatmap's decimals, dark on viridis' yellow end and light on
// its purple end, at the cell labels' size, shown from the width at which
// the option's media show a heatmap series' cell labels; none for a
// picture without CellLabels or a thumbnail.
func TestPictureCellText(t *testing.T) {
	h := Heatmap{
		Name: "w", Values: mat.NewDense(2, 3, []float64{1, 0, 0.25, 0.5, 0.125, 0.999}),
		Rows: []string{"a", "b"}, Cols: []string{"a", "b", "c"}, Min: 0, Max: 1,
		RowName: "query", ColName: "key", ValueName: "weight", CellLabels: true, AsImage: true,
	}
	p, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	txt := p.Image.Text
	if txt == nil {
		t.Fatal("a picture with CellLabels prints no numbers")
	}
	if want := []string{"1.00", "0.00", "0.25", "0.50", "0.12", "1.00"}; !slices.Equal(txt.Texts, want) {
		t.Errorf("texts %q, want %q", txt.Texts, want)
	}
	// Yellow (1, 0.999) takes black text, purple (0, 0.125) white.
	if !txt.Dark[0] || txt.Dark[1] || txt.Dark[4] || !txt.Dark[5] {
		t.Errorf("dark text %v: want it on the cells of 1 and 0.999, light on 0 and 0.125", txt.Dark)
	}
	if txt.Size != 12 {
		t.Errorf("font size %d px, want 12 (the 14 px axis labels less 2)", txt.Size)
	}
	// The option of the same heatmap as cells shows its labels from the
	// same width.
	h.AsImage = false
	o, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	var opt struct {
		Media []struct {
			Query  map[string]int
			Option struct {
				Series []struct {
					Label struct{ Show bool }
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(o), &opt); err != nil {
		t.Fatal(err)
	}
	from, next := -1, 0 // the first width that shows them; where the next entry starts
	for _, m := range opt.Media {
		start := next // the query-less last entry: the widths above the others
		if m.Query != nil {
			start, next = m.Query["minWidth"], m.Query["maxWidth"]+1
		}
		if m.Option.Series[0].Label.Show && from < 0 {
			from = start
		}
	}
	if from <= 0 || txt.MinWidth != from {
		t.Errorf("the picture prints its numbers from %d px wide, the option's media from %d px", txt.MinWidth, from)
	}

	h.AsImage, h.CellLabels = true, false
	if p, _ := h.Parts(); p.Image.Text != nil {
		t.Error("a picture without CellLabels prints numbers")
	}
	h.CellLabels, h.Compact = true, true
	if p, _ := h.Parts(); p.Image.Text != nil {
		t.Error("a thumbnail prints numbers")
	}
}
