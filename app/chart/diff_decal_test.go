package chart

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestDiffOptionDecal checks that a difference whose masked cells carry a
// decal still has its "-0.00" labels written "0.00", on plain cells and on
// masked ones.
func TestDiffOptionDecal(t *testing.T) {
	h := Heatmap{
		Values: mat.NewDense(2, 2, []float64{-0.001, -0.001, 0.5, -0.001}),
		Rows:   []string{"a", "b"}, Cols: []string{"a", "b"},
		Min: -1, Max: 1, Colors: Diverging, CellLabels: true,
		MaskedCell: func(i, j int) bool { return j > i }, DecalMasked: true,
	}
	s := DiffOption(h)
	if s == "" {
		t.Fatal("no option")
	}
	if strings.Contains(s, "|-0.00}") {
		t.Errorf("the option keeps -0.00: %s", s)
	}
	if n := strings.Count(s, `"decal"`); n != 1 || strings.Count(s, "|0.00}") != 3 {
		t.Errorf("%d decals, want 1 (cell 0, 1): %s", n, s)
	}
}
