package chart

import (
	"encoding/json"
	"testing"
)

// TestCurveParts checks a curve's option: a value axis of steps, the points
// as [step, value] pairs rounded to 4 decimals, and a base shared by curves
// that differ only in their points, so that a redraw merges in the data.
func TestCurveParts(t *testing.T) {
	c := Curve{Name: "loss", XName: "steps", Top: 2.5, Color: "#c2410c", Steps: []int{1, 2, 30}, Values: []float64{2.123456, 1.5, 0.00001}}
	p := c.Parts()
	var o struct {
		XAxis []struct {
			Type string `json:"type"`
		} `json:"xAxis"`
		YAxis []struct {
			Max float64 `json:"max"`
		} `json:"yAxis"`
		Series []struct {
			Data [][2]float64 `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(p.Option()), &o); err != nil {
		t.Fatalf("the option is not JSON: %v\n%s", err, p.Option())
	}
	if len(o.XAxis) != 1 || o.XAxis[0].Type != "value" || len(o.YAxis) != 1 || o.YAxis[0].Max != 2.5 {
		t.Errorf("axes %+v %+v, want a value axis of steps and y up to 2.5", o.XAxis, o.YAxis)
	}
	want := [][2]float64{{1, 2.1235}, {2, 1.5}, {30, 0}}
	if len(o.Series) != 1 || len(o.Series[0].Data) != len(want) {
		t.Fatalf("series %+v", o.Series)
	}
	for i, d := range o.Series[0].Data {
		if d != want[i] {
			t.Errorf("point %d = %v, want %v", i, d, want[i])
		}
	}
	c.Steps, c.Values = append(c.Steps, 31), append(c.Values, 0.5)
	q := c.Parts()
	if q.Base != p.Base || q.Data == p.Data {
		t.Error("one more point changed the base, or not the data")
	}
	if u := q.update(p); u != `{"series":[{"data":`+q.Data+`}]}` {
		t.Errorf("the redraw merges %s, want only the series' data", u)
	}
	if e := (Curve{Name: "x"}).Parts(); e.Data != "[]" {
		t.Errorf("no points: data %q, want []", e.Data)
	}
}
