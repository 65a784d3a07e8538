package chart

import (
	"math"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/opts"
)

// The cell labels' text colours, and their rich-text style names: a label's
// text is "{d|0.42}" (dark text) or "{l|0.42}" (light), chosen by the
// luminance of its cell's colour so that the number stands out from it by
// at least 4.5:1 (WCAG's contrast ratio for normal text): the better of
// black and white always does, by at least 4.58:1.
const (
	darkText  = "#000000"
	lightText = "#ffffff"
)

// chartLabel is a series label with ECharts' rich text styles, which
// opts.Label lacks.
type chartLabel struct {
	opts.Label
	Rich map[string]any `json:"rich,omitempty"`
}

// cellLabelRich are the rich text styles of the cell labels: d dark, l
// light.
var cellLabelRich = map[string]any{
	"d": map[string]any{"color": darkText},
	"l": map[string]any{"color": lightText},
}

// labelStyle returns the rich text style of a cell label on the colour of
// value v on the scale colors from lo to hi: "d" or "l".
func labelStyle(colors []string, lo, hi, v float64) string {
	c := colorAt(colors, (v-lo)/(hi-lo))
	if Contrast(c, rgbOf(darkText)) >= Contrast(c, rgbOf(lightText)) {
		return "d"
	}
	return "l"
}

// colorAt returns the colour at t in [0, 1] of the scale colors (hex
// "#rrggbb" stops, evenly spaced), interpolated linearly in sRGB as
// ECharts' visualMap does; t beyond [0, 1] gets the end colour.
func colorAt(colors []string, t float64) [3]float64 {
	if len(colors) == 0 {
		return [3]float64{}
	}
	t = min(max(t, 0), 1)
	if math.IsNaN(t) {
		t = 0
	}
	x := t * float64(len(colors)-1)
	i := min(int(x), len(colors)-2)
	if len(colors) == 1 {
		return rgbOf(colors[0])
	}
	a, b := rgbOf(colors[i]), rgbOf(colors[i+1])
	f := x - float64(i)
	var c [3]float64
	for k := range 3 {
		c[k] = math.Round(a[k] + (b[k]-a[k])*f)
	}
	return c
}

// rgbOf returns the channels, 0–255, of a colour "#rrggbb"; black for
// anything else.
func rgbOf(hex string) [3]float64 {
	var c [3]float64
	if len(hex) != 7 || hex[0] != '#' {
		return c
	}
	for k := range 3 {
		v, err := strconv.ParseUint(hex[1+2*k:3+2*k], 16, 8)
		if err != nil {
			return [3]float64{}
		}
		c[k] = float64(v)
	}
	return c
}

// Luminance returns the relative luminance of an sRGB colour of channels
// 0–255, as WCAG 2 defines it: 0 for black, 1 for white.
func Luminance(c [3]float64) float64 {
	var l [3]float64
	for k, v := range c {
		s := v / 255
		if s <= 0.04045 {
			l[k] = s / 12.92
		} else {
			l[k] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// Contrast returns WCAG 2's contrast ratio of two colours: from 1 (the
// same luminance) to 21 (black and white).
func Contrast(a, b [3]float64) float64 {
	la, lb := Luminance(a), Luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// maskedItem closes the data item of a masked cell, {"value":[…], with its
// decal: white diagonal stripes over its colour, so that a masked cell
// reads as masked without its colour, in grey scale too.
const maskedItem = `,"itemStyle":{"decal":` + maskedDecal + `}}`

// maskedDecal is ECharts' decal of a masked cell: stripes light enough
// that a white number still stands out from them by about 5:1 on viridis'
// darkest colour (at 60% white it was about 2.5:1).
const maskedDecal = `{"symbol":"rect","symbolSize":1,"dashArrayX":[1,0],"dashArrayY":[2,5],"rotation":-0.7853981633974483,"color":"` + maskedStripe + `"}`

// maskedStripe is the colour of the masked cells' stripes.
const maskedStripe = "rgba(255,255,255,0.35)"
