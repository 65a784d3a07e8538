package chart

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/gonum/mat"
)

// A heatmap drawn as an image.
//
// ECharts' heatmap series makes one canvas element per cell, each with its
// own style, hover state and border: about 15 µs a cell on a school laptop,
// so a 128-token sentence (16 384 cells) takes a quarter of a second per
// keystroke, and every small multiple costs a few milliseconds even when it
// has few cells. A Heatmap with AsImage set is drawn instead as one picture,
// one pixel per cell scaled up without smoothing, by an ECharts custom
// series on the same axes, colour bar and tooltip: the chart looks the same,
// and redraws in a few milliseconds whatever its size. What it lacks is the
// per-cell furniture, which Chart makes up for: it shows the tooltip and
// takes clicks from the pointer's position, and rings the cell under the
// pointer (chart_outline.go); the white lines between cells are drawn into
// the picture. The numbers in the cells are printed into the picture by
// the canvas (heatmap_text.go), which only the Learn view's probe heatmaps
// do while the probe is typed; the page draws images mostly where numbers
// are not printed: thumbnails, and matrices too large for them.

// AsPicture reports whether h, a full-size heatmap, is drawn as a picture:
// where its cells print no numbers, a cell per ECharts element costs far
// more than it gives (at 128 tokens, hundreds of milliseconds a chart per
// keystroke). A thumbnail is always a picture, of a HeatmapGrid.
func (h Heatmap) AsPicture() bool { return !h.CellLabels && !h.Compact }

// imageSeriesData is the data of an image's custom series: one item, which
// Chart's renderItem draws as the whole picture.
const imageSeriesData = "[[0,0]]"

// imageSeries turns o, the option of h, into that of h drawn as an image: a
// custom series in place of the heatmap's, a tooltip that Chart shows (from
// the pointer's position, not from an element of a series), and no
// visualMap (the image has its colours; the colour bar is colourBar's); a
// thumbnail has neither tooltip nor colour bar.
func (h Heatmap) imageSeries(o *chartOption) {
	o.Series = []chartSeries{{
		Name:             h.Name,
		Type:             "custom",
		CoordinateSystem: "cartesian2d",
		Silent:           opts.Bool(true),
		Data:             dataPlaceholder,
	}}
	if h.Compact {
		// A thumbnail shows neither: without the components ECharts does
		// not update them (a tooltip reads the page's computed style) at
		// every keystroke.
		o.Tooltip, o.VisualMap = nil, nil
		return
	}
	o.Tooltip.TriggerOn = "none"
	o.VisualMap = nil
}

// colourBar returns the graphic elements that draw vm's colour bar as
// ECharts' continuous visualMap draws it (its ContinuousView, without
// handles): a bar of 140 × 20 px with corners of 3 px, the gradient of its
// colours from left to right, its ends' texts 10 px out, the whole centred,
// 15 px (its padding) above the chart's bottom. A full-size heatmap shows
// it in place of its visualMap's own, which it hides.
//
// ECharts renders a shown visualMap anew at every update, a third to a half
// of a keystroke's update of a heatmap (docs/performance.md); graphic
// elements that do not change are not rendered again. The bar no
// longer marks the value of the cell under the pointer; the tooltip tells
// it.
func colourBar(vm chartVisualMap) json.RawMessage {
	const length, thickness, gap = 140, 20, 10
	var colors []string
	if vm.InRange != nil {
		colors = vm.InRange.Color
	}
	size, fill := 14, "#1f2328"
	if ts := vm.TextStyle; ts != nil {
		size, fill = ts.FontSize, ts.Color
	}
	low, high := "", ""
	if len(vm.Text) == 2 {
		high, low = vm.Text[0], vm.Text[1] // ECharts' order
	}
	// Written out: map literals would cost the wasm several times the code.
	var b strings.Builder
	text := func(s string, x int, align string) {
		fmt.Fprintf(&b, `{"type":"text","x":%d,"y":%d,"style":{"text":%s,"align":%q,"verticalAlign":"middle","fontSize":%d,"fontFamily":%s,"fill":%s}}`,
			x, thickness/2, jsonString(s), align, size, jsonString(fontStack), jsonString(fill))
	}
	b.WriteString(`[{"type":"group","left":"center","bottom":15,"silent":true,"children":[`)
	text(low, -gap, "right")
	fmt.Fprintf(&b, `,{"type":"rect","shape":{"width":%d,"height":%d,"r":3},"style":{"fill":{"type":"linear","x":0,"y":0,"x2":1,"y2":0,"colorStops":[`, length, thickness)
	for i, c := range colors {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"offset":%s,"color":%s}`,
			strconv.FormatFloat(float64(i)/float64(max(len(colors)-1, 1)), 'g', -1, 64), jsonString(c))
	}
	b.WriteString(`]}}},`)
	text(high, length+gap, "left")
	b.WriteString(`]}]`)
	return json.RawMessage(b.String())
}

// SVG returns the picture as an inline SVG element of class thumb-picture, a square
// of one unit a cell, stretched to its box: the thumbnails of the page that
// go-app pre-renders, shown until the wasm draws them (an HTML parser puts
// an <svg> in the SVG namespace by itself).
func (m *HeatmapImage) SVG() string {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="thumb-picture" viewBox="0 0 %d %d" preserveAspectRatio="none" shape-rendering="crispEdges" aria-hidden="true">`, m.Cols, m.Rows)
	for i := range m.Rows {
		for j := range m.Cols {
			px := m.RGBA[4*(i*m.Cols+j):]
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="1" height="1" fill="#%02x%02x%02x"/>`, j, i, px[0], px[1], px[2])
		}
	}
	b.WriteString("</svg>")
	return b.String()
}

// jsonString returns s as a JSON string.
func jsonString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // strings always encode
	}
	return string(b)
}

// HeatmapImage is a heatmap's cells as pixels, for Chart to draw.
type HeatmapImage struct {
	Rows, Cols int
	RGBA       []byte    // 4 bytes a cell, row after row, top to bottom
	Values     []float64 // the cells' values, row after row: the tooltip's
	Gaps       bool      // white lines between the cells, as the heatmap series draws them

	// Stripes are the runs of masked cells to stripe, as the heatmap
	// series' decal stripes them (DecalMasked): {row, first column, last
	// column + 1}, row after row; nil for none.
	Stripes [][3]int

	// Text, if not nil, are the numbers printed in the cells (heatmap_text.go).
	Text *CellText
}

// same reports whether m and o draw the same picture.
func (m *HeatmapImage) same(o *HeatmapImage) bool {
	if m == nil || o == nil {
		return m == o
	}
	return m.Rows == o.Rows && m.Cols == o.Cols && m.Gaps == o.Gaps && string(m.RGBA) == string(o.RGBA) &&
		slices.Equal(m.Stripes, o.Stripes) && m.Text.same(o.Text)
}

// At returns the value of the cell at row and col, and whether there is one.
func (m *HeatmapImage) At(row, col int) (float64, bool) {
	if m == nil || row < 0 || row >= m.Rows || col < 0 || col >= m.Cols {
		return 0, false
	}
	return m.Values[row*m.Cols+col], true
}

// image returns h's cells as pixels, coloured as ECharts' continuous
// visualMap colours them (see colorScale). Its errors are those of data: a
// value that is NaN or infinite.
func (h Heatmap) image() (*HeatmapImage, error) {
	colors := h.Colors
	if colors == nil {
		colors = Viridis
	}
	scale, err := newColorScale(h.Min, h.Max, colors)
	if err != nil {
		return nil, err
	}
	rows, cols := h.Values.Dims()
	img := &HeatmapImage{
		Rows: rows, Cols: cols,
		RGBA: make([]byte, 4*rows*cols), Values: make([]float64, rows*cols),
		Gaps: h.borderWidth(rows, cols) > 0,
	}
	var masked [4]byte
	grey := h.MaskedCell != nil && !h.DecalMasked // else masked cells keep their colour, striped
	if grey {
		rgb, err := parseHexColor(MaskedColor)
		if err != nil {
			return nil, err
		}
		masked = [4]byte{byte(rgb[0]), byte(rgb[1]), byte(rgb[2]), 255}
	}
	dense, _ := h.Values.(*mat.Dense)
	for i := range rows {
		row := img.Values[i*cols : (i+1)*cols]
		if dense != nil {
			copy(row, dense.RawRowView(i))
		} else {
			for j := range row {
				row[j] = h.Values.At(i, j)
			}
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("heatmap: value [%d][%d] is %v", i, j, v)
			}
			k := 4 * (i*cols + j)
			if grey && h.MaskedCell(i, j) {
				copy(img.RGBA[k:k+4], masked[:])
				continue
			}
			scale.put(img.RGBA[k:k+4], v)
		}
		if h.DecalMasked && h.MaskedCell != nil {
			img.Stripes = appendRuns(img.Stripes, i, cols, h.MaskedCell)
		}
	}
	return img, nil
}

// appendRuns appends to runs the runs of cells of row (of cols) that masked
// names, as Stripes holds them.
func appendRuns(runs [][3]int, row, cols int, masked func(row, col int) bool) [][3]int {
	start := -1
	for j := 0; j <= cols; j++ {
		in := j < cols && masked(row, j)
		switch {
		case in && start < 0:
			start = j
		case !in && start >= 0:
			runs = append(runs, [3]int{row, start, j})
			start = -1
		}
	}
	return runs
}

// colorScale maps values to colours as ECharts' continuous visualMap does
// with inRange.color: the value is placed linearly on [min, max] (clamped),
// and the colour interpolated linearly, channel by channel, between the two
// nearest of the evenly spaced stops, each channel rounded half up (zrender's
// fastLerp). The picture then matches the colour bar beside it.
type colorScale struct {
	min, max float64
	stops    [][3]float64
}

func newColorScale(lo, hi float64, colors []string) (colorScale, error) {
	if !(lo < hi) {
		return colorScale{}, fmt.Errorf("heatmap: empty colour scale [%v, %v]", lo, hi)
	}
	if len(colors) == 0 {
		return colorScale{}, fmt.Errorf("heatmap: no colours")
	}
	s := colorScale{min: lo, max: hi, stops: make([][3]float64, len(colors))}
	for i, c := range colors {
		rgb, err := parseHexColor(c)
		if err != nil {
			return colorScale{}, err
		}
		s.stops[i] = rgb
	}
	return s, nil
}

// put writes the colour of v, opaque, into px[0:4]. It runs for every cell
// at every keystroke, so it spells out what math.Floor, min and max would
// do (they cost several times more in WebAssembly): all the numbers here
// are ≥ 0, where converting to an integer rounds down.
func (s colorScale) put(px []byte, v float64) {
	t := (v - s.min) / (s.max - s.min)
	if !(t > 0) { // also NaN, which image rejects before
		t = 0
	} else if t > 1 {
		t = 1
	}
	last := len(s.stops) - 1
	x := t * float64(last)
	lo := int(x)
	hi := min(lo+1, last) // where x is a stop, f is 0 and hi unused
	f := x - float64(lo)
	a, b := &s.stops[lo], &s.stops[hi]
	px[0] = byte(int(a[0] + (b[0]-a[0])*f + 0.5)) // rounded half up, as Math.round
	px[1] = byte(int(a[1] + (b[1]-a[1])*f + 0.5))
	px[2] = byte(int(a[2] + (b[2]-a[2])*f + 0.5))
	px[3] = 255
}

// parseHexColor parses "#rrggbb".
func parseHexColor(s string) ([3]float64, error) {
	var rgb [3]float64
	if len(s) != 7 || s[0] != '#' {
		return rgb, fmt.Errorf("heatmap: colour %q is not #rrggbb", s)
	}
	for i := range 3 {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return rgb, fmt.Errorf("heatmap: colour %q is not #rrggbb", s)
		}
		rgb[i] = float64(v)
	}
	return rgb, nil
}
