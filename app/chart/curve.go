package chart

import (
	"encoding/json"
	"math"
	"strconv"
	"sync"
)

// A Curve is one line over training steps, as the Learn view draws its
// loss and accuracy: a value axis of steps (a category axis of hundreds of
// step labels costs ECharts a measure of every label at each redraw) and
// one series.
type Curve struct {
	Name, XName string
	Top         float64 // the y axis runs from 0 to Top
	Color       string
	Symbols     bool // mark each point
	Large       bool // for presentation: type of LargeLabelSize px
	Steps       []int
	Values      []float64
}

// curveBases holds the bases CurveParts made: a page has two curves, whose
// bases change only with the language and the loss's top.
var curveBases = struct {
	sync.Mutex
	m map[curveKey]string
}{m: map[curveKey]string{}}

// curveKey is everything a Curve's base depends on.
type curveKey struct {
	name, xName, color string
	top                float64
	symbols, large     bool
}

// Parts returns c as ChartParts: the base, made once for its names, top
// and colour, and the points as Data, so that a redraw while training
// merges in only the points.
func (c Curve) Parts() ChartParts {
	k := curveKey{c.Name, c.XName, c.Color, c.Top, c.Symbols, c.Large}
	curveBases.Lock()
	defer curveBases.Unlock()
	base, ok := curveBases.m[k]
	if !ok {
		if len(curveBases.m) >= maxBases {
			clear(curveBases.m)
		}
		base = c.base()
		curveBases.m[k] = base
	}
	return ChartParts{Base: base, Data: c.data()}
}

// data is the points as JSON: [[step, value], …], values to 4 decimals.
func (c Curve) data() string {
	b := make([]byte, 0, 16*len(c.Steps)+2)
	b = append(b, '[')
	for i, s := range c.Steps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(s), 10)
		b = append(b, ',')
		b = strconv.AppendFloat(b, math.Round(c.Values[i]*1e4)/1e4, 'g', -1, 64)
		b = append(b, ']')
	}
	return string(append(b, ']'))
}

// base is the option of c with dataPlaceholder for its points.
func (c Curve) base() string {
	size, left, bottom, gap := 13, "44", "40", 28
	if c.Large {
		size, left, bottom, gap = LargeLabelSize, "72", "76", 48
	}
	axisLabel := map[string]any{"fontSize": size, "color": "#1f2328"}
	o := map[string]any{
		"animation": false,
		"color":     []string{c.Color},
		"textStyle": map[string]any{"fontFamily": fontStack, "fontSize": size},
		"legend":    map[string]any{"show": true, "top": "0", "left": "center", "textStyle": map[string]any{"fontSize": size}},
		"tooltip":   map[string]any{"show": true, "trigger": "axis"},
		"grid":      []any{map[string]any{"left": left, "right": "24", "top": "72", "bottom": bottom}},
		"xAxis": []any{map[string]any{"type": "value", "name": c.XName, "nameLocation": "middle", "nameGap": gap,
			"min": 0, "max": "dataMax", "minInterval": 1, "axisLabel": axisLabel}},
		"yAxis": []any{map[string]any{"type": "value", "name": c.Name, "nameGap": 16, "min": 0, "max": c.Top, "axisLabel": axisLabel,
			"nameTextStyle": map[string]any{"fontSize": size}}},
		"series": []any{map[string]any{
			"name": c.Name, "type": "line", "animation": false, "showSymbol": c.Symbols, "data": dataPlaceholder,
			"lineStyle": map[string]any{"color": c.Color, "width": 3}, "itemStyle": map[string]any{"color": c.Color},
		}},
	}
	b, err := json.Marshal(o)
	if err != nil {
		panic(err) // maps of strings and numbers always encode
	}
	return string(b)
}
