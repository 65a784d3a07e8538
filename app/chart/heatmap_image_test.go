package chart

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestColorScale(t *testing.T) {
	s, err := newColorScale(0, 1, Viridis)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    float64
		want [4]byte
	}{
		{0, [4]byte{0x44, 0x01, 0x54, 255}},
		{1, [4]byte{0xfd, 0xe7, 0x25, 255}},
		{-3, [4]byte{0x44, 0x01, 0x54, 255}}, // clamped, as ECharts clamps
		{7, [4]byte{0xfd, 0xe7, 0x25, 255}},
		{1.0 / 9, [4]byte{0x48, 0x28, 0x78, 255}}, // the second stop
		// Half way between the first two stops: (68+72)/2 = 70,
		// (1+40)/2 = 20.5 rounds up to 21, (84+120)/2 = 102.
		{1.0 / 18, [4]byte{70, 21, 102, 255}},
	} {
		var got [4]byte
		s.put(got[:], c.v)
		if got != c.want {
			t.Errorf("colour of %v = %v, want %v", c.v, got, c.want)
		}
	}

	// Everywhere on the scale, as zrender's fastLerp computes it.
	ref := func(v float64) [4]byte {
		t := min(max((v-s.min)/(s.max-s.min), 0), 1)
		x := t * float64(len(s.stops)-1)
		lo, hi := math.Floor(x), math.Ceil(x)
		var px [4]byte
		for c := range 3 {
			a, b := s.stops[int(lo)][c], s.stops[int(hi)][c]
			px[c] = byte(math.Floor(a + (b-a)*(x-lo) + 0.5))
		}
		px[3] = 255
		return px
	}
	for i := -100; i <= 10100; i++ {
		v := float64(i) / 10000
		var got [4]byte
		s.put(got[:], v)
		if want := ref(v); got != want {
			t.Fatalf("colour of %v = %v, fastLerp gives %v", v, got, want)
		}
	}

	d, err := newColorScale(-2, 2, []string{"#000000", "#ffffff"})
	if err != nil {
		t.Fatal(err)
	}
	var got [4]byte
	d.put(got[:], 1) // 3/4 of the way: 191.25 → 191
	if got != [4]byte{191, 191, 191, 255} {
		t.Errorf("colour of 1 on [-2, 2] black to white = %v, want 191 grey", got)
	}

	for _, bad := range [][]string{nil, {"#12345"}, {"123456"}, {"#12345g"}, {"#ffffff", "red"}} {
		if _, err := newColorScale(0, 1, bad); err == nil {
			t.Errorf("newColorScale(0, 1, %q) gave no error", bad)
		}
	}
	if _, err := newColorScale(1, 1, Viridis); err == nil {
		t.Error("newColorScale(1, 1) gave no error")
	}
}

func TestHeatmapImage(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{0, 0.5, 1, 1, 0.25, 0})
	h := Heatmap{Name: "w", Values: m, Rows: []string{"a", "b"}, Cols: []string{"x", "y", "z"}, Min: 0, Max: 1}
	img, err := h.image()
	if err != nil {
		t.Fatal(err)
	}
	if img.Rows != 2 || img.Cols != 3 || len(img.RGBA) != 24 || len(img.Values) != 6 {
		t.Fatalf("image %d×%d with %d bytes and %d values, want 2×3, 24, 6", img.Rows, img.Cols, len(img.RGBA), len(img.Values))
	}
	scale, _ := newColorScale(0, 1, Viridis)
	for i := range 2 {
		for j := range 3 {
			var want [4]byte
			scale.put(want[:], m.At(i, j))
			k := 4 * (i*3 + j)
			if got := [4]byte(img.RGBA[k : k+4]); got != want {
				t.Errorf("pixel (%d, %d) = %v, want %v", i, j, got, want)
			}
			if v, ok := img.At(i, j); !ok || v != m.At(i, j) {
				t.Errorf("at(%d, %d) = %v, %v; want %v", i, j, v, ok, m.At(i, j))
			}
		}
	}
	for _, rc := range [][2]int{{-1, 0}, {2, 0}, {0, 3}, {0, -1}} {
		if _, ok := img.At(rc[0], rc[1]); ok {
			t.Errorf("at(%d, %d) is a cell of a 2×3 image", rc[0], rc[1])
		}
	}

	again, _ := h.image()
	if !img.same(again) {
		t.Error("the same heatmap gave two different pictures")
	}
	m.Set(1, 2, 0.9)
	if changed, _ := h.image(); img.same(changed) {
		t.Error("a changed cell gave the same picture")
	}

	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		m.Set(0, 1, bad)
		if _, err := h.image(); err == nil || !strings.Contains(err.Error(), "[0][1]") {
			t.Errorf("a cell of %v: error %v, want one naming [0][1]", bad, err)
		}
	}
}

// TestImageOption checks the option of a heatmap drawn as an image: one
// custom series of one item, on the same axes and labels, a colour bar that
// colours no series, a tooltip that only Chart shows, and the picture in the
// parts.
func TestImageOption(t *testing.T) {
	m := mat.NewDense(3, 3, []float64{1, 0, 0, 0.5, 0.5, 0, 0.2, 0.3, 0.5})
	labels := []string{"a", "<b>", "a"}
	h := Heatmap{Name: "head 1", Values: m, Rows: labels, Cols: labels, Min: 0, Max: 1, AsImage: true}
	p, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if p.Image == nil || p.Image.Rows != 3 || p.Data != imageSeriesData {
		t.Fatalf("parts image %+v, data %s", p.Image, p.Data)
	}
	var o struct {
		Tooltip struct {
			Show      bool   `json:"show"`
			TriggerOn string `json:"triggerOn"`
		} `json:"tooltip"`
		VisualMap []any `json:"visualMap"`
		Graphic   []struct {
			Type     string `json:"type"`
			Children []struct {
				Type  string `json:"type"`
				Style struct {
					Text string `json:"text"`
					Fill any    `json:"fill"`
				} `json:"style"`
			} `json:"children"`
		} `json:"graphic"`
		Series []struct {
			Type             string  `json:"type"`
			CoordinateSystem string  `json:"coordinateSystem"`
			Silent           bool    `json:"silent"`
			Data             [][]int `json:"data"`
		} `json:"series"`
		XAxis []struct {
			Data []string `json:"data"`
		} `json:"xAxis"`
	}
	if err := json.Unmarshal([]byte(p.Option()), &o); err != nil {
		t.Fatal(err)
	}
	if len(o.Series) != 1 || o.Series[0].Type != "custom" || o.Series[0].CoordinateSystem != "cartesian2d" || !o.Series[0].Silent || len(o.Series[0].Data) != 1 {
		t.Errorf("series %+v, want one silent custom series of one item", o.Series)
	}
	if !o.Tooltip.Show || o.Tooltip.TriggerOn != "none" {
		t.Errorf("tooltip %+v, want shown, by Chart only", o.Tooltip)
	}
	// The colour bar: texts "0" and "1" either side of a bar whose
	// gradient runs through the scale's colours, and no visualMap, which
	// ECharts would render again at every keystroke.
	if len(o.VisualMap) != 0 {
		t.Errorf("visual map %+v, want none", o.VisualMap)
	}
	if g := o.Graphic; len(g) != 1 || g[0].Type != "group" || len(g[0].Children) != 3 {
		t.Fatalf("graphic %+v, want a group of the colour bar and its two texts", g)
	}
	bar := o.Graphic[0].Children
	if bar[0].Style.Text != "0" || bar[2].Style.Text != "1" || bar[1].Type != "rect" {
		t.Errorf("colour bar %+v, want 0, a bar, 1", bar)
	}
	fill, _ := json.Marshal(bar[1].Style.Fill)
	for _, c := range Viridis {
		if !strings.Contains(string(fill), `"`+c+`"`) {
			t.Errorf("the colour bar's gradient %s lacks the scale's colour %s", fill, c)
		}
	}
	if len(o.XAxis) != 1 || !slices.Equal(o.XAxis[0].Data, labels) {
		t.Errorf("x axis %+v, want the labels", o.XAxis)
	}
	h.AsImage = false
	q, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	if q.Image != nil || q.Base == p.Base {
		t.Error("the series and the image share a base, or the series has an image")
	}
}

// TestImageThumbnail checks that a thumbnail drawn as an image has no
// tooltip and no colour bar for ECharts to update at every keystroke.
func TestImageThumbnail(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{1, 0, 0.5, 0.5})
	h := Heatmap{Values: m, Rows: make([]string, 2), Cols: make([]string, 2), Min: 0, Max: 1, Compact: true, AsImage: true}
	p, err := h.Parts()
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal([]byte(p.Option()), &o); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tooltip", "visualMap"} {
		if _, ok := o[k]; ok {
			t.Errorf("the thumbnail's option has a %s", k)
		}
	}
	for _, k := range []string{"series", "xAxis", "yAxis", "grid"} {
		if _, ok := o[k]; !ok {
			t.Errorf("the thumbnail's option has no %s", k)
		}
	}
}

// TestImageHasNoOption checks that a heatmap to be drawn as an image refuses
// to give an Option, which would draw nothing: only a Chart's Parts carry
// the picture.
func TestImageHasNoOption(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{1, 0, 0.5, 0.5})
	h := Heatmap{Values: m, Rows: []string{"a", "b"}, Cols: []string{"a", "b"}, Min: 0, Max: 1, AsImage: true}
	if o, err := h.Option(); err == nil {
		t.Errorf("Option of an image heatmap = %.80s…, want an error", o)
	}
	if _, err := h.Parts(); err != nil {
		t.Errorf("Parts of an image heatmap: %v", err)
	}
}

// TestImageMaskedCells checks that the cells MaskedCell names are drawn in
// MaskedColor, whatever their value, and the others in their colour.
func TestImageMaskedCells(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{0.5, 1, 0.25, 0})
	h := Heatmap{Values: m, Rows: make([]string, 2), Cols: make([]string, 2), Min: 0, Max: 1,
		MaskedCell: func(i, j int) bool { return j > i }}
	img, err := h.image()
	if err != nil {
		t.Fatal(err)
	}
	grey, _ := parseHexColor(MaskedColor)
	scale, _ := newColorScale(0, 1, Viridis)
	for i := range 2 {
		for j := range 2 {
			var want [4]byte
			if j > i {
				want = [4]byte{byte(grey[0]), byte(grey[1]), byte(grey[2]), 255}
			} else {
				scale.put(want[:], m.At(i, j))
			}
			k := 4 * (i*2 + j)
			if got := [4]byte(img.RGBA[k : k+4]); got != want {
				t.Errorf("pixel (%d, %d) = %v, want %v", i, j, got, want)
			}
		}
	}
}

// TestImageSVG checks the thumbnails of the pre-rendered page: a rect of
// each cell's colour, in its place.
func TestImageSVG(t *testing.T) {
	m := mat.NewDense(2, 3, []float64{0, 0.5, 1, 1, 0.25, 0})
	h := Heatmap{Values: m, Rows: make([]string, 2), Cols: make([]string, 3), Min: 0, Max: 1, Compact: true}
	img, err := h.image()
	if err != nil {
		t.Fatal(err)
	}
	s := img.SVG()
	if !strings.HasPrefix(s, `<svg class="thumb-picture" viewBox="0 0 3 2" `) || !strings.HasSuffix(s, "</svg>") {
		t.Fatalf("svg %.120s…", s)
	}
	if n := strings.Count(s, "<rect "); n != 6 {
		t.Errorf("%d rects, want 6", n)
	}
	for _, want := range []string{
		`<rect x="0" y="0" width="1" height="1" fill="#440154"/>`, // 0: viridis' first colour
		`<rect x="2" y="0" width="1" height="1" fill="#fde725"/>`, // 1: its last
		`<rect x="0" y="1" width="1" height="1" fill="#fde725"/>`,
		`<rect x="2" y="1" width="1" height="1" fill="#440154"/>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("svg lacks %s", want)
		}
	}
}
