package chart

import (
	"encoding/json"
	"testing"
)

// TestHiddenOption checks that a hidden row's cells are a second, grey
// series of zeros labelled "?", and every other cell is as it was.
func TestHiddenOption(t *testing.T) {
	h := testHeatmap()
	h.CellLabels = true
	h.MaskedCell = func(row, _ int) bool { return row == 1 }
	var o struct {
		Series []struct {
			Data      [][]any        `json:"data"`
			ItemStyle map[string]any `json:"itemStyle"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(HiddenOption(h)), &o); err != nil {
		t.Fatal(err)
	}
	rows, cols := h.Values.Dims()
	if len(o.Series) != 2 || len(o.Series[1].Data) != cols || len(o.Series[0].Data) != (rows-1)*cols {
		t.Fatalf("%d series, %d hidden cells: want 2 series, the %d cells of row 1 hidden", len(o.Series), len(o.Series[1].Data), cols)
	}
	for _, d := range o.Series[1].Data {
		if d[1].(float64) != 1 || d[2].(float64) != 0 || d[3] != "?" {
			t.Errorf("hidden cell %v, want row 1, 0, \"?\"", d)
		}
	}
	for _, d := range o.Series[0].Data {
		if row, col := int(d[1].(float64)), int(d[0].(float64)); row == 1 || d[2].(float64) != h.Values.At(row, col) {
			t.Errorf("shown cell %v, want the value %v of a row other than 1", d, h.Values.At(row, col))
		}
	}
	if o.Series[1].ItemStyle["color"] != MaskedColor {
		t.Errorf("hidden cells' style %v", o.Series[1].ItemStyle)
	}
}
