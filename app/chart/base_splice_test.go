package chart

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/go-echarts/go-echarts/v2/opts"
)

// TestBaseSplice: the base that baseOption splices together is, byte for
// byte, what encoding/json gives for the option with the colour bar as a
// json.RawMessage and the media as decoded JSON (maps, keys sorted), the
// way the bases were made before: for every golden heatmap, as an image
// too, and in large print.
func TestBaseSplice(t *testing.T) {
	for name, h := range goldenHeatmaps() {
		for _, v := range []struct {
			name           string
			asImage, large bool
		}{{"", false, false}, {" as image", true, false}, {" large", false, true}} {
			h := h
			h.AsImage, h.Large = v.asImage, v.large
			if err := checkSplice(h); err != "" {
				t.Errorf("%s%s: %s", name, v.name, err)
			}
		}
	}
}

// checkSplice says how h's base differs from the reference encoding, ""
// when it does not.
func checkSplice(h Heatmap) string {
	p, err := h.Parts()
	if err != nil {
		return err.Error()
	}
	ref, err := referenceBase(h)
	if err != nil {
		return err.Error()
	}
	if p.Base != ref {
		i := 0
		for i < min(len(p.Base), len(ref)) && p.Base[i] == ref[i] {
			i++
		}
		return "base differs from the reference at byte " + strconv.Itoa(i) + ":\n got " + tail(p.Base, i) + "\nwant " + tail(ref, i)
	}
	return ""
}

// referenceBase encodes h's option as one json.Marshal with the colour bar
// and the media as fields.
func referenceBase(h Heatmap) (string, error) {
	rows, cols := h.Values.Dims()
	colors := h.Colors
	if colors == nil {
		colors = Viridis
	}
	labelSize := 14
	switch n := max(rows, cols); {
	case n > 48:
		labelSize = 10
	case n > 24:
		labelSize = 12
	}
	if h.Large && !h.Compact {
		labelSize = LargeLabelSize
	}
	var l labelLayout
	grid := chartGrid{Grid: opts.Grid{Left: "2", Right: "2", Top: "2", Bottom: "2"}, OuterBoundsMode: "none"}
	if !h.Compact {
		l = h.labelLayout(labelSize)
		grid = l.grid(false)
	}
	x, y := h.axes(labelSize, rows, cols)
	o := chartOption{
		XAxis: []chartXAxis{x}, YAxis: []chartYAxis{y}, Grid: []chartGrid{grid},
		Tooltip: h.tooltip(), VisualMap: []chartVisualMap{h.visualMap(colors)},
		Series: []chartSeries{h.series(labelSize, rows, cols)},
	}
	var graphic json.RawMessage
	var media []any
	if !h.Compact {
		graphic = colourBar(o.VisualMap[0])
		o.VisualMap[0].Show = opts.Bool(false)
		if err := json.Unmarshal([]byte(h.media(l)), &media); err != nil {
			return "", err
		}
	}
	if h.AsImage {
		h.imageSeries(&o)
	}
	b, err := json.Marshal(struct {
		Animation bool             `json:"animation"`
		Color     []string         `json:"color,omitempty"`
		TextStyle any              `json:"textStyle,omitempty"`
		Legend    any              `json:"legend,omitempty"`
		Tooltip   *chartTooltip    `json:"tooltip,omitempty"`
		Grid      []chartGrid      `json:"grid,omitempty"`
		XAxis     []chartXAxis     `json:"xAxis,omitempty"`
		YAxis     []chartYAxis     `json:"yAxis,omitempty"`
		VisualMap []chartVisualMap `json:"visualMap,omitempty"`
		Graphic   json.RawMessage  `json:"graphic,omitempty"`
		Series    []chartSeries    `json:"series,omitempty"`
		Media     []any            `json:"media,omitempty"`
	}{Tooltip: o.Tooltip, Grid: o.Grid, XAxis: o.XAxis, YAxis: o.YAxis, VisualMap: o.VisualMap, Graphic: graphic, Series: o.Series, Media: media})
	return string(b), err
}

// tail is s from 40 bytes before i, at most 120 bytes.
func tail(s string, i int) string {
	s = s[max(0, i-40):]
	return s[:min(len(s), 120)]
}
