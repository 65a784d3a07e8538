package chart

import (
	"encoding/json"
	"math"

	"github.com/go-echarts/go-echarts/v2/opts"
)

// chartOption is an ECharts option assembled from go-echarts' option types
// (package opts), in the shape go-echarts' charts package gives them. The
// charts package itself is not used: it brings its HTML page templates
// (html/template, text/template, and the reflection they keep alive) into
// app.wasm, about 100 KB gzip for nothing the page draws.
//
// The types below add the few fields opts lacks: the visual map's min and
// max (opts has float32 with omitempty, so 0 would vanish and ECharts would
// take the data's minimum), the grid's outer bounds, the tooltip's confine
// and text style, the axis names' font and the series' progressive.
type chartOption struct {
	Animation bool             `json:"animation"`
	Color     []string         `json:"color,omitempty"`
	TextStyle *opts.TextStyle  `json:"textStyle,omitempty"`
	Legend    *opts.Legend     `json:"legend,omitempty"`
	Tooltip   *chartTooltip    `json:"tooltip,omitempty"`
	Grid      []chartGrid      `json:"grid,omitempty"`
	XAxis     []chartXAxis     `json:"xAxis,omitempty"`
	YAxis     []chartYAxis     `json:"yAxis,omitempty"`
	VisualMap []chartVisualMap `json:"visualMap,omitempty"`
	Series    []chartSeries    `json:"series,omitempty"`

	// A heatmap's "graphic" (colourBar), before "series", and "media"
	// (Heatmap.media), last, are spliced into the JSON as written out
	// (Heatmap.baseOption).
}

// chartGrid adds ECharts 6's outerBoundsMode. Its default, "auto", has
// ECharts lay out every axis label and name at each setOption to keep them
// inside the chart, a fifth of a merge into the main heatmap
// (docs/performance.md, "What the chart code's choices are worth"). A
// heatmap lays its labels out itself (Heatmap.labelLayout) and sets
// "none".
type chartGrid struct {
	opts.Grid
	OuterBoundsMode string `json:"outerBoundsMode,omitempty"`
}

type chartTooltip struct {
	opts.Tooltip
	Confine   bool            `json:"confine,omitempty"` // stay inside the chart, on a phone too
	TextStyle *opts.TextStyle `json:"textStyle,omitempty"`
}

// chartXAxis's and chartYAxis's AxisLabel hide those of opts.XAxis and
// opts.YAxis.
type chartXAxis struct {
	opts.XAxis
	AxisLabel     *chartAxisLabel `json:"axisLabel,omitempty"`
	NameTextStyle *opts.TextStyle `json:"nameTextStyle,omitempty"`
}

type chartYAxis struct {
	opts.YAxis
	AxisLabel     *chartAxisLabel `json:"axisLabel,omitempty"`
	NameTextStyle *opts.TextStyle `json:"nameTextStyle,omitempty"`
}

// chartAxisLabel's Interval hides the string of opts.AxisLabel: only the
// number 0 has ECharts show every label without exception, where "0"
// leaves out the first or the last where a small chart's rows are
// shorter than its labels.
type chartAxisLabel struct {
	opts.AxisLabel
	Interval *int `json:"interval,omitempty"`
}

// chartVisualMap's Min and Max hide those of opts.VisualMap.
type chartVisualMap struct {
	opts.VisualMap
	Min float64 `json:"min"`
	Max float64 `json:"max"`

	// SeriesIndex, if not nil, is the []int of the series it colours (all
	// if nil; an empty list, which []int with omitempty would drop, none).
	SeriesIndex any `json:"seriesIndex,omitempty"`
}

// chartSeries is one series; go-echarts' charts.SingleSeries has the same
// names for the same fields.
type chartSeries struct {
	Name      string          `json:"name"`
	Type      string          `json:"type"`
	Animation *bool           `json:"animation,omitempty"`
	Data      any             `json:"data"`
	Label     *chartLabel     `json:"label,omitempty"`
	ItemStyle *opts.ItemStyle `json:"itemStyle,omitempty"`
	LineStyle *opts.LineStyle `json:"lineStyle,omitempty"`
	Emphasis  *opts.Emphasis  `json:"emphasis,omitempty"`

	// Progressive is the number of cells ECharts draws per frame; 0 draws
	// them all at once.
	Progressive *int `json:"progressive,omitempty"`

	// The fields of a custom series (see Heatmap.imageSeries, gridOption).
	CoordinateSystem string `json:"coordinateSystem,omitempty"`
	Silent           *bool  `json:"silent,omitempty"`
	XAxisIndex       int    `json:"xAxisIndex,omitempty"`
	YAxisIndex       int    `json:"yAxisIndex,omitempty"`
}

// echartsPalette is go-echarts' default series palette, ECharts' own: the
// colours of the lines of a line chart.
var echartsPalette = []string{
	"#5470c6", "#91cc75", "#fac858", "#ee6666", "#73c0de",
	"#3ba272", "#fc8452", "#9a60b4", "#ea7ccc",
}

// encode returns o as JSON.
func (o *chartOption) encode() string {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err) // opts types, strings, numbers and maps of them always encode
	}
	return string(b)
}

// LineSeries is one line of a line chart.
type LineSeries struct {
	Name   string
	Values []float64
	Color  string
	Dashed bool
}

// LineOption returns the ECharts option of a small line chart over the
// categories x, made of go-echarts' option types, as JSON.
func LineOption(xName, yName string, x []string, yMin, yMax float64, lines []LineSeries) string {
	o := chartOption{
		Color:     echartsPalette,
		TextStyle: &opts.TextStyle{FontFamily: fontStack, FontSize: 13},
		Legend:    &opts.Legend{Show: opts.Bool(true), Top: "0", Left: "center"},
		Tooltip:   &chartTooltip{Tooltip: opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}},
		Grid:      []chartGrid{{Grid: opts.Grid{Left: "44", Right: "16", Top: "72", Bottom: "40"}}},
		XAxis: []chartXAxis{{XAxis: opts.XAxis{
			Type: "category", Data: x, Name: xName, NameLocation: "middle", NameGap: 28,
		}, AxisLabel: &chartAxisLabel{AxisLabel: opts.AxisLabel{FontSize: 13, Color: "#1f2328"}}}},
		YAxis: []chartYAxis{{YAxis: opts.YAxis{
			// Min and Max are interfaces: a 0 stays.
			Type: "value", Name: yName, Min: yMin, Max: yMax, NameGap: 16,
		}, AxisLabel: &chartAxisLabel{AxisLabel: opts.AxisLabel{FontSize: 13, Color: "#1f2328"}}}},
	}
	for _, l := range lines {
		data := make([]opts.LineData, len(l.Values))
		for i, v := range l.Values {
			data[i] = opts.LineData{Value: math.Round(v*1e4) / 1e4}
		}
		style := opts.LineStyle{Color: l.Color, Width: 3}
		if l.Dashed {
			style.Type = "dashed"
		}
		o.Series = append(o.Series, chartSeries{
			Name: l.Name, Type: "line", Animation: opts.Bool(false), Data: data,
			LineStyle: &style,
			ItemStyle: &opts.ItemStyle{Color: l.Color},
		})
	}
	return o.encode()
}
