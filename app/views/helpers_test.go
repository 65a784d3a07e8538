package views

import (
	"encoding/json"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/state"
)

// render mounts c in go-app's test engine and returns its HTML.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()
	return app.HTMLString(c)
}

func noSet(app.Context, app.Event, func(*state.State)) {}

// propsOf returns what the page hands a view of s that needs needs: the
// results of a compute.Computer, its sweep run whole, as the page does on
// the server.
func propsOf(t *testing.T, s state.State, needs compute.Need) Props {
	t.Helper()
	var c compute.Computer
	c.Update(s, needs)
	for n := 0; ; n++ {
		if _, ok := c.SweepPending(); !ok {
			break
		}
		if n > 100 {
			t.Fatal("the sweep does not end")
		}
		c.SweepStep()
	}
	return Props{State: s, Results: c.Update(s, needs), Set: noSet}
}

// optionCells returns the cells [col, row, value] of series i of an option.
func optionCells(t *testing.T, option string, i int) [][]float64 {
	t.Helper()
	var o struct {
		Series []struct {
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		t.Fatalf("option: %v", err)
	}
	if i >= len(o.Series) {
		t.Fatalf("option has %d series, want series %d", len(o.Series), i)
	}
	var cells [][]float64
	for _, raw := range o.Series[i].Data {
		d, _ := dataItem(t, raw)
		cells = append(cells, []float64{d[0].(float64), d[1].(float64), d[2].(float64)})
	}
	return cells
}

// dataItem returns a data item's cell, and whether it is an object with a
// decal (a masked cell, chart.Heatmap.DecalMasked).
func dataItem(t *testing.T, raw json.RawMessage) ([]any, bool) {
	t.Helper()
	var cell []any
	if json.Unmarshal(raw, &cell) == nil {
		return cell, false
	}
	var item struct {
		Value     []any          `json:"value"`
		ItemStyle map[string]any `json:"itemStyle"`
	}
	if err := json.Unmarshal(raw, &item); err != nil {
		t.Fatalf("data item %s: %v", raw, err)
	}
	return item.Value, item.ItemStyle["decal"] != nil
}
