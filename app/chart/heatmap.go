package chart

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/gonum/mat"
)

// Viridis samples matplotlib's viridis colour map at ten even steps, from low
// to high: perceptually uniform, ordered in lightness (so it reads on a
// grey-scale projector) and distinguishable with the common colour-vision
// deficiencies. ECharts interpolates between the steps.
var Viridis = []string{
	"#440154", "#482878", "#3e4989", "#31688e", "#26828e",
	"#1f9e89", "#35b779", "#6ece58", "#b5de2b", "#fde725",
}

// fontStack is the system font stack of web/app.css, for the text ECharts
// draws on its canvas.
const fontStack = `system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif`

// MaxLabelledCells is the most rows or columns a heatmap prints its values
// in: beyond it the numbers no longer fit a phone's screen.
const MaxLabelledCells = 12

// CellLabelsFit reports whether an n × n heatmap is small enough to print the
// value in every cell.
func CellLabelsFit(n int) bool { return n <= MaxLabelledCells }

// Heatmap is a matrix to draw as an ECharts heatmap. Its Option method gives
// the ECharts option; every chart of the page is made this way.
//
// Row i of Values is drawn as the i-th row from the top, column j as the j-th
// column from the left, whatever the labels: labels may repeat (a sentence
// has "the" twice) and stay distinct rows and columns.
type Heatmap struct {
	Name       string     // series name: the tooltip's first line
	Values     mat.Matrix // the numbers, rows × cols
	Rows, Cols []string   // the labels, one per row (top to bottom) and column (left to right)

	// Min and Max are the ends of the colour scale; values beyond them get
	// its end colours. Colors is the scale from Min to Max, Viridis if nil.
	Min, Max float64
	Colors   []string

	// RowName, ColName and ValueName name a row, a column and a value in
	// the tooltip and on the axes ("query", "key", "weight"); in the
	// tooltip PosFormat formats a 1-based position ("#%d") and QuoteFormat
	// a label (“%s”).
	RowName, ColName, ValueName string
	PosFormat, QuoteFormat      string

	CellLabels  bool // print each value, to LabelDigits decimals, in its cell
	LabelDigits int  // decimals of the cell labels; 0 for 2
	Large       bool // for presentation: axis labels of LargeLabelSize px, cell labels 2 px smaller
	Compact     bool // a thumbnail: no axes, tooltip or colour bar
	AsImage     bool // draw the cells as one image (heatmap_image.go): for a Chart's Parts only (Option refuses it)

	// MaskedCell, if not nil, tells the cells an image draws masked, in
	// MaskedColor, whatever their value.
	MaskedCell func(row, col int) bool
	Digits     int // if > 0, round values to this many decimals (smaller JSON)

	// Labels, if not nil, are the numbers the cells print, in place of
	// Values (which StretchRows rescales), and Ends, if set, the colour
	// bar's texts at Max and at Min (stretch.go).
	Labels mat.Matrix
	Ends   [2]string

	// DecalMasked gives the cells MaskedCell names a striped decal, in a
	// heatmap drawn as cells (not AsImage): data items {"value": […],
	// "itemStyle": {"decal": …}}.
	DecalMasked bool
}

// Option returns the ECharts option that draws h, as JSON for JSON.parse. It
// is made with go-echarts, and holds no functions and no HTML: ECharts draws
// the labels on a canvas, as text, and Chart gives the tooltip, made by
// TooltipHTML. The error reports labels that do not match the matrix, an
// empty scale (Min ≥ Max) or a value that is NaN or infinite.
func (h Heatmap) Option() (string, error) {
	if h.AsImage {
		// The picture is not part of the option: only a Chart given the
		// Parts draws it.
		return "", errors.New("heatmap: an image heatmap has no option of its own; draw its Parts")
	}
	p, err := h.Parts()
	if err != nil {
		return "", err
	}
	return p.Option(), nil
}

// Parts returns the option of h in the parts that Chart can update one by
// one: the base (made with go-echarts, and kept in a cache while what it is
// made of is unchanged: on a keystroke usually only the data and the labels
// change), the axis labels and the data. Its errors are Option's.
func (h Heatmap) Parts() (ChartParts, error) {
	rows, cols := h.Values.Dims()
	switch {
	case len(h.Rows) != rows || len(h.Cols) != cols:
		return ChartParts{}, fmt.Errorf("heatmap: %d row and %d column labels for a %d×%d matrix", len(h.Rows), len(h.Cols), rows, cols)
	case !(h.Min < h.Max):
		return ChartParts{}, fmt.Errorf("heatmap: empty colour scale [%v, %v]", h.Min, h.Max)
	}
	var (
		data []byte
		img  *HeatmapImage
		err  error
	)
	if h.AsImage {
		img, err = h.image()
		data = []byte(imageSeriesData)
	} else {
		data, err = h.data()
	}
	if err != nil {
		return ChartParts{}, err
	}
	labelSize := h.labelSize()
	var l labelLayout // none for a thumbnail
	grid := chartGrid{Grid: opts.Grid{Left: "2", Right: "2", Top: "2", Bottom: "2"}, OuterBoundsMode: "none"}
	if !h.Compact {
		l = h.labelLayout(labelSize)
		grid = l.grid(false)
		if img != nil {
			img.Text = h.cellText(img.Values, l) // its numbers, where it prints them (heatmap_text.go)
		}
	}
	return ChartParts{
		Base: h.base(labelSize, l, grid), X: labelsJSON(h.Cols), Y: labelsJSON(h.Rows), Data: string(data),
		Rows: rows, Cols: cols, Image: img,
	}, nil
}

// base returns the option of h without its labels and data, which stand as
// placeholders (see ChartParts), from the cache when it holds it.
func (h Heatmap) base(labelSize int, l labelLayout, grid chartGrid) string {
	colors := h.Colors
	if colors == nil {
		colors = Viridis
	}
	key, cached := baseCache.get(h, labelSize, colors, l, grid)
	if cached != "" {
		return cached
	}
	base := h.baseOption(labelSize, l, grid, colors)
	baseCache.put(key, base)
	return base
}

// baseOption makes the base of h: go-echarts' types encoded by
// encoding/json, into which the colour bar and the media, written out as
// JSON (colourBar, media), are spliced where encoding/json would put them.
// Encoded as a json.RawMessage and maps they cost the wasm's first base
// about as much again as the rest (docs/performance.md, "Switching into
// views (session 12)").
func (h Heatmap) baseOption(labelSize int, l labelLayout, grid chartGrid, colors []string) string {
	rows, cols := h.Values.Dims()
	x, y := h.axes(labelSize, rows, cols)
	o := chartOption{
		XAxis:     []chartXAxis{x},
		YAxis:     []chartYAxis{y},
		Grid:      []chartGrid{grid},
		Tooltip:   h.tooltip(),
		VisualMap: []chartVisualMap{h.visualMap(colors)},
		Series:    []chartSeries{h.series(labelSize, rows, cols)},
	}
	var graphic, media string
	if !h.Compact {
		// The visualMap colours the cells; graphic elements show its
		// colour bar (colourBar). A thumbnail's size never changes its
		// layout: no media.
		graphic = string(colourBar(o.VisualMap[0]))
		o.VisualMap[0].Show = opts.Bool(false)
		media = h.media(l)
	}
	if h.AsImage {
		h.imageSeries(&o)
	}
	base := o.encode()
	for _, ph := range []string{xPlaceholder, yPlaceholder, dataPlaceholder} {
		if strings.Count(base, `"`+ph+`"`) != 1 {
			panic("heatmap: the placeholder " + ph + " is not once in the option")
		}
	}
	if graphic != "" {
		// Before the series, the field after Graphic in chartOption: a
		// key outside a string, whose quotes would be escaped.
		const series = `,"series":`
		if strings.Count(base, series) != 1 {
			panic("heatmap: the series are not once in the option")
		}
		i := strings.Index(base, series)
		base = base[:i] + `,"graphic":` + graphic + base[i:]
	}
	if media != "" {
		base = base[:len(base)-1] + `,"media":` + media + "}"
	}
	return base
}

// axes returns the axes of h, of rows × cols cells, their labels
// placeholders: keys along the top, queries down the left.
func (h Heatmap) axes(labelSize, rows, cols int) (chartXAxis, chartYAxis) {
	axisLabel := func(n int) *chartAxisLabel {
		l := &chartAxisLabel{AxisLabel: opts.AxisLabel{
			Show:       opts.Bool(!h.Compact),
			FontSize:   labelSize,
			FontFamily: fontStack,
			Color:      "#1f2328",
			Width:      labelWidth(labelSize),
			Overflow:   "truncate",
		}}
		if n <= allLabels || labelSize == LargeLabelSize && n <= maxLargeLabelled {
			every := 0 // every label, where ECharts would leave out every other
			l.Interval = &every
		}
		return l
	}
	axisName := func(s string) string {
		if h.Compact {
			return ""
		}
		return s
	}
	nameStyle := &opts.TextStyle{FontSize: labelSize, FontWeight: "bold", Color: "#4d5560", FontFamily: fontStack}
	x := chartXAxis{XAxis: opts.XAxis{
		Type:     "category",
		Data:     xPlaceholder,
		Position: "top",
		Show:     opts.Bool(!h.Compact),
		Name:     axisName(h.ColName + " →"),
		// Centred above the column labels (ECharts moves the name clear
		// of them).
		NameLocation: "middle",
		NameGap:      8,
		AxisTick:     &opts.AxisTick{Show: opts.Bool(false)},
		AxisLine:     &opts.AxisLine{Show: opts.Bool(false)},
	}, AxisLabel: axisLabel(cols), NameTextStyle: nameStyle} // the labels turned by the media where they do not fit
	y := chartYAxis{YAxis: opts.YAxis{
		Type:         "category",
		Data:         yPlaceholder,
		Inverse:      opts.Bool(true), // row 0 on top
		Show:         opts.Bool(!h.Compact),
		Name:         axisName(h.RowName + " ↓"),
		NameLocation: "start",
		AxisLine:     &opts.AxisLine{Show: opts.Bool(false)},
	}, AxisLabel: axisLabel(rows), NameTextStyle: nameStyle}
	return x, y
}

// tooltip returns the tooltip of h, which Chart fills in (TooltipHTML).
func (h Heatmap) tooltip() *chartTooltip {
	return &chartTooltip{
		Tooltip: opts.Tooltip{
			Show:    opts.Bool(!h.Compact),
			Trigger: "item",
			// Chart replaces this template with a call of TooltipHTML;
			// ECharts HTML-encodes {a}, the series name.
			Formatter: "{a}",
		},
		Confine:   true,
		TextStyle: &opts.TextStyle{Color: "#1f2328", FontSize: 15, FontFamily: fontStack},
	}
}

// visualMap returns the colour scale of h, from h.Min to h.Max in colors.
func (h Heatmap) visualMap(colors []string) chartVisualMap {
	return chartVisualMap{
		VisualMap: opts.VisualMap{
			Type:       "continuous",
			Calculable: opts.Bool(false),
			Show:       opts.Bool(!h.Compact),
			Dimension:  "2", // the value; a cell label text is dimension 3
			Text:       h.endTexts(),
			Orient:     "horizontal",
			Left:       "center",
			Bottom:     "0",
			InRange:    &opts.VisualMapInRange{Color: colors},
			TextStyle:  &opts.TextStyle{FontSize: h.endSize(), Color: "#1f2328"},
		},
		Min: h.Min, Max: h.Max,
	}
}

// series returns the heatmap series of h, of rows × cols cells, its data a
// placeholder.
func (h Heatmap) series(labelSize, rows, cols int) chartSeries {
	// Draw every cell at once: ECharts would otherwise draw a large
	// heatmap over several frames, the old cells showing meanwhile.
	progressive := 0
	return chartSeries{
		Name: h.Name,
		Type: "heatmap",
		// The data, the bulk of the option, is written directly and
		// spliced in: encoding/json, even checking it as a RawMessage,
		// would cost more per keystroke than the rest of the page.
		Data: dataPlaceholder,
		Label: &chartLabel{Label: opts.Label{
			Show:       opts.Bool(false), // the media show them where they fit
			Formatter:  "{@[3]}",         // "{d|0.42}": dark or light text by the cell's colour (contrast.go)
			FontSize:   float32(labelSize - 2),
			FontFamily: fontStack,
			Color:      lightText,
		}, Rich: cellLabelRich},
		ItemStyle:   &opts.ItemStyle{BorderColor: "#ffffff", BorderWidth: h.borderWidth(rows, cols)},
		Emphasis:    &opts.Emphasis{ItemStyle: &opts.ItemStyle{BorderColor: "#000000", BorderWidth: 2}},
		Progressive: &progressive,
	}
}

// data returns the series data of h as JSON: each cell is [col, row, value],
// with, when the cells are labelled, a 4th dimension, the label text. col
// and row are category indexes, not labels: indexes keep repeated labels
// apart.
func (h Heatmap) data() ([]byte, error) {
	rows, cols := h.Values.Dims()
	pow := math.Pow10(h.Digits)
	colors := h.Colors
	if colors == nil {
		colors = Viridis
	}
	b := make([]byte, 0, rows*cols*24)
	b = append(b, '[')
	for i := range rows {
		for j := range cols {
			v := h.Values.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("heatmap: value [%d][%d] is %v", i, j, v)
			}
			if i > 0 || j > 0 {
				b = append(b, ',')
			}
			shown := v
			if h.Digits > 0 {
				shown = math.Round(v*pow) / pow
			}
			masked := h.DecalMasked && h.MaskedCell != nil && h.MaskedCell(i, j)
			if masked {
				b = append(b, `{"value":`...)
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(j), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(i), 10)
			b = append(b, ',')
			b = strconv.AppendFloat(b, shown, 'g', -1, 64)
			if h.CellLabels {
				b = append(b, ',', '"', '{')
				b = append(b, labelStyle(colors, h.Min, h.Max, v)...)
				b = append(b, '|')
				b = strconv.AppendFloat(b, h.labelValue(i, j, v), 'f', h.labelDigits(), 64)
				b = append(b, '}', '"')
			}
			b = append(b, ']')
			if masked {
				b = append(b, maskedItem...)
			}
		}
	}
	return append(b, ']'), nil
}

// TooltipHTML returns the tooltip of the cell at row and col, whose value
// is v, as HTML: the series name, the row, the column and the value to 3
// decimals, one per line. Labels are HTML-escaped: a token such as
// <img src=x onerror=…> shows as text. Chart calls it for ECharts.
func (h Heatmap) TooltipHTML(row, col int, v float64) string {
	if row < 0 || row >= len(h.Rows) || col < 0 || col >= len(h.Cols) {
		return ""
	}
	pos := cmp.Or(h.PosFormat, "#%d")
	quote := cmp.Or(h.QuoteFormat, "“%s”")
	line := func(name, label string, i int) string {
		return EscapeHTML(name+" "+fmt.Sprintf(quote, label)+" ("+fmt.Sprintf(pos, i+1)+")") + "<br>"
	}
	return "<strong>" + EscapeHTML(h.Name) + "</strong><br>" +
		line(h.RowName, h.Rows[row], row) +
		line(h.ColName, h.Cols[col], col) +
		EscapeHTML(h.ValueName) + " " + strconv.FormatFloat(v, 'f', 3, 64)
}

// allLabels is the most rows (or columns) whose every label a heatmap shows.
// ECharts' own choice leaves out every other label where two would come
// close, even at the example sentence's 11 tokens on a phone, and the
// compare view is about the tokens it would leave out. At 12 rows a phone's
// chart has about 19 px a row for its 14 px labels. The compare view's three
// charts side by side have about 11 px, where ECharts still drops the labels
// that overlap: the first and the last of 11 (forcing those dropped "cat",
// the word the view swaps, instead).
const allLabels = 12

// maxLabelWidth is the widest an axis label is drawn, in CSS pixels;
// longer labels are cut short with an ellipsis.
const maxLabelWidth = 96

// LargeLabelSize is the size of a Large heatmap's axis labels, in CSS
// pixels: its cell labels are 2 px smaller, 26 and 24 px being read from the
// back of a room.
const LargeLabelSize = 26

// labelWidth is the widest an axis label of fontSize is drawn: maxLabelWidth,
// larger for larger labels.
func labelWidth(fontSize int) int { return maxLabelWidth * max(fontSize, 14) / 14 }

// labelLayout is the room a full-size heatmap's axis labels take around its
// grid, from their text's estimated width (textWidth): the grid leaves it,
// with ECharts' outerBoundsMode "none" (see chartGrid), so that ECharts
// need not measure the labels at every update. The estimate is a little
// generous, and a label is never wider than maxLabelWidth.
type labelLayout struct {
	fontSize  int
	rowLabels int // the widest row label, in CSS pixels
	colLabel  int // the widest column label
	rowName   int // the row axis's name, centred above the row labels' right end
}

// The fixed parts of a heatmap's layout, in CSS pixels: the space between
// the chart's edge and a label or name, an axis label's distance from the
// grid (ECharts' axisLabel.margin), the grid's right side, and the room
// below it, for the colour bar.
const (
	edgePad     = 8
	labelMargin = 8
	gridRight   = 16
	gridBottom  = 56
)

func (h Heatmap) labelLayout(fontSize int) labelLayout {
	l := labelLayout{fontSize: fontSize}
	for _, s := range h.Rows {
		l.rowLabels = max(l.rowLabels, min(labelWidth(fontSize), textWidth(s, fontSize)))
	}
	for _, s := range h.Cols {
		l.colLabel = max(l.colLabel, min(labelWidth(fontSize), textWidth(s, fontSize)))
	}
	l.rowName = textWidth(h.RowName+" ↓", fontSize) * 11 / 10 // bold
	return l
}

// grid returns the grid that leaves room for the labels: the row labels on
// the left, and on top the axis name above the column labels, upright or
// turned 60°.
func (l labelLayout) grid(turned bool) chartGrid {
	line := l.fontSize * 5 / 4 // a line of text
	labels := line
	if turned {
		// A label turned 60° rises by sin 60° of its width and
		// cos 60° of its height.
		labels = int(math.Ceil(float64(l.colLabel)*math.Sqrt(3)/2 + float64(line)/2))
	}
	// The row labels, or half the row axis's name, centred on the grid's
	// left side, whichever is wider.
	left := max(edgePad+l.rowLabels+labelMargin, edgePad/2+(l.rowName+1)/2)
	// The column axis's name, ECharts' nameGap of 8 above the column
	// labels.
	top := edgePad/2 + line + 8 + labels + labelMargin
	return chartGrid{
		Grid: opts.Grid{
			Left: strconv.Itoa(left), Top: strconv.Itoa(top),
			Right: strconv.Itoa(gridRight), Bottom: strconv.Itoa(gridBottom),
		},
		OuterBoundsMode: "none",
	}
}

// media returns the ECharts media queries of a full-size heatmap whose
// labels take l: they apply to the chart's own width, at every resize. The
// column labels turn 60° where they no longer fit side by side, the grid
// leaving them room, and the cell labels show only where they fit in their
// cells (the tooltip still tells every value).
//
// Media that stop applying leave their settings behind, so the queries split
// the widths into ranges that each set everything; the last, query-less
// entry covers the widest. Every full-size option has media, even those with
// nothing to vary, because Chart merges each option into the one before.
func (h Heatmap) media(l labelLayout) string {
	_, cols := h.Values.Dims()
	frame := l.rowLabels + 40 // the row labels, their margin and the grid's
	upright := frame + cols*(l.colLabel+6)
	labelled := h.labelledWidth(l) // MaxInt: never
	// The JSON encoding/json gives the same maps, keys in order; written
	// out, as colourBar is.
	b := []byte{'['}
	entry := func(lo, hi int) {
		rotate := 0
		if lo < upright {
			rotate = 60
		}
		b = append(b, `{"option":{"grid":[{"top":`...)
		b = append(b, jsonString(l.grid(rotate != 0).Top)...)
		b = append(b, `}],"series":[{"label":{"show":`...)
		b = strconv.AppendBool(b, lo >= labelled)
		b = append(b, `}}],"xAxis":[{"axisLabel":{"rotate":`...)
		b = strconv.AppendInt(b, int64(rotate), 10)
		b = append(b, `}}]}`...)
		if hi > 0 {
			b = append(b, `,"query":{"maxWidth":`...)
			b = strconv.AppendInt(b, int64(hi-1), 10)
			b = append(b, `,"minWidth":`...)
			b = strconv.AppendInt(b, int64(lo), 10)
			b = append(b, '}')
		}
		b = append(b, `},`...)
	}
	lo := 0
	for _, hi := range slices.Sorted(slices.Values([]int{upright, labelled})) {
		if hi == math.MaxInt || hi <= lo {
			continue
		}
		entry(lo, hi)
		lo = hi
	}
	entry(lo, 0) // the widest: no query
	b[len(b)-1] = ']'
	return string(b)
}

// textWidth estimates the width of s drawn at fontSize, in CSS pixels: wide
// (East Asian and emoji) characters take an em, capitals and the wide m
// and w 0.8, others about 0.6. It errs wide: a heatmap's grid leaves this
// room for its labels (labelLayout).
func textWidth(s string, fontSize int) int {
	w := 0
	for _, r := range s {
		switch {
		case r >= 0x1100 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
			r >= 0xFF00 && r <= 0xFF60 || r >= 0x3000 && r <= 0x303F || r >= 0x1F000):
			w += 10 * fontSize
		case unicode.Is(unicode.Mn, r) || r == 0x200D || r >= 0xFE00 && r <= 0xFE0F:
			// combining and joining marks take no room of their own
		case unicode.IsUpper(r) || r == 'm' || r == 'w':
			w += 8 * fontSize
		default:
			w += 6 * fontSize
		}
	}
	return w / 10
}

// endSize is the size of the colour scale's end labels.
func (h Heatmap) endSize() int {
	if h.Large && !h.Compact {
		return 22
	}
	return 14
}

// labelDigits returns the decimals of the cell labels.
func (h Heatmap) labelDigits() int { return cmp.Or(h.LabelDigits, 2) }

func (h Heatmap) borderWidth(rows, cols int) float32 {
	if h.Compact || max(rows, cols) > 40 {
		return 0
	}
	return 1
}

// formatEnd formats an end of the colour scale for its label.
func formatEnd(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
