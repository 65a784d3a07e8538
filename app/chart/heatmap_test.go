package chart

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// parsedOption is the part of an ECharts heatmap option the tests read.
type parsedOption struct {
	XAxis []struct {
		Data     []string `json:"data"`
		Position string   `json:"position"`
		Show     bool     `json:"show"`
	} `json:"xAxis"`
	YAxis []struct {
		Data    []string `json:"data"`
		Inverse bool     `json:"inverse"`
		Show    bool     `json:"show"`
	} `json:"yAxis"`
	Series []struct {
		Type  string            `json:"type"`
		Name  string            `json:"name"`
		Data  []json.RawMessage `json:"data"`
		Label struct {
			Show      bool   `json:"show"`
			Formatter string `json:"formatter"`
		} `json:"label"`
	} `json:"series"`
	Media []struct {
		Query  map[string]float64 `json:"query"`
		Option struct {
			Series []struct {
				Label struct {
					Show bool `json:"show"`
				} `json:"label"`
			} `json:"series"`
			XAxis []struct {
				AxisLabel struct {
					Rotate float64 `json:"rotate"`
				} `json:"axisLabel"`
			} `json:"xAxis"`
		} `json:"option"`
	} `json:"media"`
	Tooltip struct {
		Show      bool   `json:"show"`
		Formatter any    `json:"formatter"`
		Trigger   string `json:"trigger"`
	} `json:"tooltip"`
	VisualMap []struct {
		Min       *float64 `json:"min"`
		Max       *float64 `json:"max"`
		Dimension string   `json:"dimension"`
		InRange   struct {
			Color []string `json:"color"`
		} `json:"inRange"`
	} `json:"visualMap"`
}

func parseOption(t *testing.T, h Heatmap) parsedOption {
	t.Helper()
	s, err := h.Option()
	if err != nil {
		t.Fatalf("Option: %v", err)
	}
	var o parsedOption
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		t.Fatalf("Option is not the expected JSON: %v\n%s", err, s)
	}
	if len(o.XAxis) != 1 || len(o.YAxis) != 1 || len(o.Series) != 1 || len(o.VisualMap) != 1 {
		t.Fatalf("Option has %d x axes, %d y axes, %d series, %d visual maps; want 1 each",
			len(o.XAxis), len(o.YAxis), len(o.Series), len(o.VisualMap))
	}
	return o
}

// at returns what o's media set for a chart width wide: whether cells are
// labelled, and the rotation of the column labels.
func (o parsedOption) at(t *testing.T, width float64) (labels bool, rotate float64) {
	t.Helper()
	for i, m := range o.Media {
		last := i == len(o.Media)-1
		if last != (m.Query == nil) {
			t.Fatalf("media %d has query %v; want a query on all but the last", i, m.Query)
		}
		if last || m.Query["minWidth"] <= width && width <= m.Query["maxWidth"] {
			if len(m.Option.Series) != 1 || len(m.Option.XAxis) != 1 {
				t.Fatalf("media %d sets %+v, want the labels and the rotation", i, m.Option)
			}
			return m.Option.Series[0].Label.Show, m.Option.XAxis[0].AxisLabel.Rotate
		}
	}
	t.Fatal("no media")
	return
}

// cell is one data item of a heatmap option.
type cell struct {
	Name  string
	Value []any
}

// cells decodes the data of o's series: {"name", "value"} objects or, in a
// compact option, bare value arrays.
func (o parsedOption) cells(t *testing.T) []cell {
	t.Helper()
	var cs []cell
	for _, raw := range o.Series[0].Data {
		var c cell
		if err := json.Unmarshal(raw, &c.Value); err != nil {
			if err := json.Unmarshal(raw, &c); err != nil {
				t.Fatalf("data item %s: %v", raw, err)
			}
		}
		cs = append(cs, c)
	}
	return cs
}

func testHeatmap() Heatmap {
	// 3 queries × 4 keys, every value distinct, "the" twice among the keys.
	return Heatmap{
		Name:      "Head 1",
		Values:    mat.NewDense(3, 4, []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.25, 0.125, 0.125, 0, 0, 0.75, 0.25}),
		Rows:      []string{"the", "<img src=x onerror=alert(1)>", "</script>"},
		Cols:      []string{"the", "cat", "the", "猫🐱"},
		Min:       0,
		Max:       1,
		RowName:   "query",
		ColName:   "key",
		ValueName: "weight",
	}
}

func TestHeatmapOrientation(t *testing.T) {
	h := testHeatmap()
	o := parseOption(t, h)
	if got := o.XAxis[0].Data; strings.Join(got, "|") != strings.Join(h.Cols, "|") {
		t.Errorf("x axis (keys) = %q, want %q", got, h.Cols)
	}
	if got := o.YAxis[0].Data; strings.Join(got, "|") != strings.Join(h.Rows, "|") {
		t.Errorf("y axis (queries) = %q, want %q", got, h.Rows)
	}
	if !o.YAxis[0].Inverse {
		t.Error("y axis is not inverse: the first query would be at the bottom")
	}
	if o.Series[0].Type != "heatmap" {
		t.Errorf("series type %q", o.Series[0].Type)
	}
	data := o.cells(t)
	if len(data) != 12 {
		t.Fatalf("%d data items, want 12", len(data))
	}
	seen := map[[2]int]bool{}
	for _, d := range data {
		if len(d.Value) != 3 {
			t.Fatalf("data value %v, want [col, row, weight]", d.Value)
		}
		col, row := int(d.Value[0].(float64)), int(d.Value[1].(float64))
		if seen[[2]int{col, row}] {
			t.Errorf("cell [%d,%d] twice: repeated labels must stay distinct cells", col, row)
		}
		seen[[2]int{col, row}] = true
		if got, want := d.Value[2].(float64), h.Values.At(row, col); got != want {
			t.Errorf("cell [col %d, row %d] = %v, want weights[%d][%d] = %v", col, row, got, row, col, want)
		}
	}
}

func TestHeatmapScaleFixed(t *testing.T) {
	// Values far from 0 and 1: the scale must not follow the data.
	h := testHeatmap()
	h.Values = mat.NewDense(3, 4, []float64{0.4, 0.5, 0.5, 0.5, 0.45, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.6})
	s, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s, `"min":0`) || !strings.Contains(s, `"max":1`) {
		t.Errorf("visual map without min 0 and max 1: %s", s)
	}
	o := parseOption(t, h)
	vm := o.VisualMap[0]
	if vm.Min == nil || *vm.Min != 0 || vm.Max == nil || *vm.Max != 1 {
		t.Errorf("visual map min %v max %v, want 0 and 1", vm.Min, vm.Max)
	}
	if vm.Dimension != "2" {
		t.Errorf("visual map dimension %q, want the value's, 2", vm.Dimension)
	}
	if strings.Join(vm.InRange.Color, ",") != strings.Join(Viridis, ",") {
		t.Errorf("colours %v, want Viridis", vm.InRange.Color)
	}

	h.Min, h.Max = -3, 3
	o = parseOption(t, h)
	if *o.VisualMap[0].Min != -3 || *o.VisualMap[0].Max != 3 {
		t.Errorf("visual map [%v, %v], want [-3, 3]", *o.VisualMap[0].Min, *o.VisualMap[0].Max)
	}
}

func TestHeatmapLabelsStayText(t *testing.T) {
	h := testHeatmap()
	s, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	// The JSON carries no markup a careless consumer could inject.
	if strings.ContainsAny(s, "<>") {
		t.Errorf("option JSON holds a raw < or >: %s", s)
	}
	o := parseOption(t, h)
	// The option's own tooltip is a string template, which ECharts
	// HTML-encodes as it fills it in; no function, no HTML built here.
	f, ok := o.Tooltip.Formatter.(string)
	if !ok || f != "{a}" || !o.Tooltip.Show || o.Tooltip.Trigger != "item" {
		t.Errorf("tooltip %+v, want the item template {a}", o.Tooltip)
	}
	if strings.Contains(s, "function") {
		t.Error("option holds a function")
	}
	for _, d := range o.cells(t) {
		if d.Name != "" {
			t.Errorf("data item with a name %q: the tooltip comes from TooltipHTML", d.Name)
		}
	}
}

func TestHeatmapTooltipHTML(t *testing.T) {
	h := testHeatmap()
	got := h.TooltipHTML(1, 3, 0.125)
	want := "<strong>Head 1</strong><br>" +
		"query “&lt;img src=x onerror=alert(1)&gt;” (#2)<br>" +
		"key “猫🐱” (#4)<br>" +
		"weight 0.125"
	if got != want {
		t.Errorf("TooltipHTML(1, 3) =\n%s\nwant\n%s", got, want)
	}
	if got := h.TooltipHTML(2, 0, 0.5); !strings.Contains(got, "“&lt;/script&gt;” (#3)") {
		t.Errorf("TooltipHTML(2, 0) = %s", got)
	}
	h.Name = "<b>x</b>"
	if got := h.TooltipHTML(0, 0, 0); !strings.HasPrefix(got, "<strong>&lt;b&gt;x&lt;/b&gt;</strong>") {
		t.Errorf("series name not escaped: %s", got)
	}
	for _, rc := range [][2]int{{-1, 0}, {3, 0}, {0, 4}, {0, -1}} {
		if got := h.TooltipHTML(rc[0], rc[1], 0); got != "" {
			t.Errorf("TooltipHTML%v outside the matrix = %q", rc, got)
		}
	}
	h.QuoteFormat, h.PosFormat, h.RowName = "「%s」", "第 %d 个", "查询"
	if got := h.TooltipHTML(0, 0, 0.1); !strings.Contains(got, "查询 「the」 (第 1 个)") {
		t.Errorf("Chinese tooltip %s", got)
	}
}

func TestHeatmapCellLabels(t *testing.T) {
	h := testHeatmap()
	h.CellLabels = true
	o := parseOption(t, h)
	if o.Series[0].Label.Formatter != "{@[3]}" {
		t.Errorf("label %+v, want dimension 3", o.Series[0].Label)
	}
	// Shown by the media while the chart is wide enough for them.
	if labels, rotate := o.at(t, 150); labels || rotate != 60 {
		t.Errorf("at 150px: labels %v, rotation %v; want none, 60", labels, rotate)
	}
	if labels, rotate := o.at(t, 2000); !labels || rotate != 0 {
		t.Errorf("at 2000px: labels %v, rotation %v; want labels, 0", labels, rotate)
	}
	for _, d := range o.cells(t) {
		if len(d.Value) != 4 {
			t.Fatalf("value %v, want a 4th dimension with the label", d.Value)
		}
		// The value to 2 decimals, in the rich text style of the cell's
		// colour (contrast.go): light text on the dark end, dark on the
		// bright end.
		v := d.Value[2].(float64)
		style := "l"
		if Contrast(colorAt(Viridis, (v-h.Min)/(h.Max-h.Min)), rgbOf(darkText)) > Contrast(colorAt(Viridis, (v-h.Min)/(h.Max-h.Min)), rgbOf(lightText)) {
			style = "d"
		}
		if want := "{" + style + "|" + strconv.FormatFloat(v, 'f', 2, 64) + "}"; d.Value[3] != want {
			t.Errorf("label %q for value %v, want %q", d.Value[3], d.Value[2], want)
		}
	}
	if CellLabelsFit(40) || !CellLabelsFit(8) {
		t.Error("CellLabelsFit: want labels for 8 tokens, none for 40")
	}

	// Without labels, the media hide them at every width (a chart merges
	// each option into the last one, so the media must be there).
	h.CellLabels = false
	o = parseOption(t, h)
	for _, w := range []float64{100, 400, 5000} {
		if labels, _ := o.at(t, w); labels {
			t.Errorf("at %vpx: labels without CellLabels", w)
		}
	}
	// Single Han characters stand upright where longer words turn.
	h.Cols = []string{"小", "猫", "坐", "下"}
	if _, rotate := parseOption(t, h).at(t, 400); rotate != 0 {
		t.Errorf("4 Han characters in 400px rotated %v°", rotate)
	}
	for _, d := range o.cells(t) {
		if len(d.Value) != 3 {
			t.Fatalf("value %v without labels, want 3 dimensions", d.Value)
		}
	}
}

func TestHeatmapCompact(t *testing.T) {
	h := testHeatmap()
	h.Compact = true
	h.Digits = 1
	o := parseOption(t, h)
	if o.XAxis[0].Show || o.YAxis[0].Show || o.Tooltip.Show {
		t.Error("a compact heatmap shows axes or a tooltip")
	}
	if len(o.Media) != 0 {
		t.Error("a compact heatmap has media")
	}
	for _, d := range o.cells(t) {
		if d.Name != "" {
			t.Errorf("compact data item has a name %q", d.Name)
		}
		v := d.Value[2].(float64)
		if math.Abs(v*10-math.Round(v*10)) > 1e-9 {
			t.Errorf("value %v not rounded to 1 decimal", v)
		}
	}
}

func TestHeatmapErrors(t *testing.T) {
	tests := map[string]func(*Heatmap){
		"row labels":   func(h *Heatmap) { h.Rows = h.Rows[:2] },
		"col labels":   func(h *Heatmap) { h.Cols = append(h.Cols, "x") },
		"empty scale":  func(h *Heatmap) { h.Min, h.Max = 1, 1 },
		"NaN scale":    func(h *Heatmap) { h.Max = math.NaN() },
		"NaN value":    func(h *Heatmap) { h.Values.(*mat.Dense).Set(1, 1, math.NaN()) },
		"infinite val": func(h *Heatmap) { h.Values.(*mat.Dense).Set(0, 0, math.Inf(-1)) },
	}
	for name, spoil := range tests {
		h := testHeatmap()
		spoil(&h)
		if s, err := h.Option(); err == nil {
			t.Errorf("%s: no error, option %.80s", name, s)
		}
	}
}
