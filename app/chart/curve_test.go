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

// TestCurveLarge checks that a Large curve, for presentation, writes its
// axis labels, names and legend in type of at least LargeLabelSize px, on a
// base of its own.
func TestCurveLarge(t *testing.T) {
	c := Curve{Name: "loss", XName: "steps", Top: 1, Color: "#c2410c", Steps: []int{1}, Values: []float64{0.5}}
	small := c.Parts()
	c.Large = true
	large := c.Parts()
	if large.Base == small.Base {
		t.Fatal("a Large curve shares the base of a small one")
	}
	var o struct {
		TextStyle struct{ FontSize int } `json:"textStyle"`
		Legend    struct {
			TextStyle struct{ FontSize int } `json:"textStyle"`
		} `json:"legend"`
		XAxis []struct {
			AxisLabel struct{ FontSize int } `json:"axisLabel"`
		} `json:"xAxis"`
		YAxis []struct {
			AxisLabel     struct{ FontSize int } `json:"axisLabel"`
			NameTextStyle struct{ FontSize int } `json:"nameTextStyle"`
		} `json:"yAxis"`
	}
	if err := json.Unmarshal([]byte(large.Option()), &o); err != nil {
		t.Fatalf("the option is not JSON: %v", err)
	}
	sizes := []int{o.TextStyle.FontSize, o.Legend.TextStyle.FontSize, o.XAxis[0].AxisLabel.FontSize,
		o.YAxis[0].AxisLabel.FontSize, o.YAxis[0].NameTextStyle.FontSize}
	for i, s := range sizes {
		if s < 24 {
			t.Errorf("size %d of a Large curve is %d px, want 24 at least (all: %v)", i, s, sizes)
		}
	}
}
