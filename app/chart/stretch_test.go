package chart

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestStretchRows(t *testing.T) {
	h := Heatmap{
		Values: mat.NewDense(3, 3, []float64{
			0.1, 0.2, 0.3, // spread
			0.5, 0.5, 0.5, // one value
			0.9, 0.1, 0.0, // the last cell masked
		}),
		Rows: []string{"a", "b", "c"}, Cols: []string{"a", "b", "c"},
		Min: 0, Max: 1, CellLabels: true,
		MaskedCell: func(i, j int) bool { return i == 2 && j == 2 },
	}
	s := h.StretchRows("row max", "row min")
	want := [][]float64{{0, 0.5, 1}, {0.5, 0.5, 0.5}, {1, 0, 0}}
	for i := range 3 {
		for j := range 3 {
			if got := s.Values.At(i, j); math.Abs(got-want[i][j]) > 1e-12 {
				t.Errorf("stretched [%d][%d] = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
	// The cells print the true weights, the colour bar says the mode.
	o, err := s.Option()
	if err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{`|0.10}`, `|0.20}`, `|0.30}`, `|0.90}`, `"row max"`, `"row min"`} {
		if !strings.Contains(o, label) {
			t.Errorf("the option lacks %s", label)
		}
	}
	if h.Values.At(0, 0) != 0.1 {
		t.Error("StretchRows changed the heatmap it was called on")
	}
}
