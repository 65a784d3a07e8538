package chart

import (
	"encoding/json"
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

// TestDecalMasked checks that with DecalMasked the masked cells, and only
// they, are data items with a decal.
func TestDecalMasked(t *testing.T) {
	h := testHeatmap()
	h.CellLabels = true
	h.MaskedCell = func(i, j int) bool { return j > i }
	h.DecalMasked = true
	var raw struct {
		Series []struct {
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	s, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		t.Fatal(err)
	}
	rows, cols := h.Values.Dims()
	for k, d := range raw.Series[0].Data {
		i, j := k/cols, k%cols
		var item struct {
			Value     []any `json:"value"`
			ItemStyle struct {
				Decal map[string]any `json:"decal"`
			} `json:"itemStyle"`
		}
		isObject := json.Unmarshal(d, &item) == nil
		switch {
		case j > i && (!isObject || item.ItemStyle.Decal == nil || len(item.Value) != 4):
			t.Errorf("masked cell (%d, %d) = %s, want an item with a decal", i, j, d)
		case j <= i && isObject:
			t.Errorf("cell (%d, %d) = %s, want a plain array", i, j, d)
		}
	}
	if len(raw.Series[0].Data) != rows*cols {
		t.Errorf("%d data items, want %d", len(raw.Series[0].Data), rows*cols)
	}
}
