package chart

import (
	"encoding/json"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestChartParts: the parts of a heatmap put together are its option; a
// change of values or labels keeps the base (from the cache) and the update
// holds only what changed; a change of shape gives another base.
func TestChartParts(t *testing.T) {
	h := Heatmap{
		Name: "head 1", Values: mat.NewDense(2, 2, []float64{0.25, 0.75, 1, 0}),
		Rows: []string{"a", `"b"`}, Cols: []string{"a", `"b"`}, Min: 0, Max: 1,
		RowName: "query", ColName: "key", ValueName: "weight", CellLabels: true,
	}
	p, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	if p.Option() != whole {
		t.Fatalf("parts put together:\n%s\nOption:\n%s", p.Option(), whole)
	}
	if strings.Contains(whole, "attnviz:") || !json.Valid([]byte(whole)) {
		t.Fatalf("option with a placeholder left, or not JSON: %s", whole)
	}

	h2 := h
	h2.Values = mat.NewDense(2, 2, []float64{0.5, 0.5, 0.125, 0.875})
	h2.Rows = []string{"a", `"c"`}
	h2.Cols = h2.Rows
	p2, err := h2.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if p2.Base != p.Base {
		t.Errorf("new values and labels of the same width changed the base")
	}
	var up struct {
		XAxis  []struct{ Data []string } `json:"xAxis"`
		YAxis  []struct{ Data []string } `json:"yAxis"`
		Series []struct{ Data [][]any }  `json:"series"`
	}
	u := p2.update(p)
	if err := json.Unmarshal([]byte(u), &up); err != nil {
		t.Fatalf("update %s: %v", u, err)
	}
	if len(up.XAxis) != 1 || strings.Join(up.XAxis[0].Data, ",") != `a,"c"` || len(up.YAxis) != 1 || len(up.Series) != 1 || len(up.Series[0].Data) != 4 {
		t.Errorf("update %s", u)
	}
	if u := p2.update(ChartParts{Base: p2.Base, X: p2.X, Y: p2.Y}); strings.Contains(u, "Axis") {
		t.Errorf("update with the same labels sends them: %s", u)
	}

	h3 := h
	h3.Values = mat.NewDense(1, 1, []float64{1})
	h3.Rows, h3.Cols = []string{"a"}, []string{"a"}
	p3, err := h3.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if p3.Base == p.Base {
		t.Errorf("another shape kept the base")
	}
}
