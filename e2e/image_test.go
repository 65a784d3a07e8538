package e2e

import (
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// viridis is the colour scale of the weights (app.Viridis), from 0 to 1.
var viridis = []string{
	"#440154", "#482878", "#3e4989", "#31688e", "#26828e",
	"#1f9e89", "#35b779", "#6ece58", "#b5de2b", "#fde725",
}

// viridisAt returns the colour ECharts' visualMap gives weight w: linear
// between the evenly spaced stops, each channel rounded half up.
func viridisAt(w float64) [3]int {
	x := min(max(w, 0), 1) * float64(len(viridis)-1)
	lo, hi := int(math.Floor(x)), int(math.Ceil(x))
	f := x - float64(lo)
	var rgb [3]int
	for c := range 3 {
		a, _ := strconv.ParseUint(viridis[lo][1+2*c:3+2*c], 16, 8)
		b, _ := strconv.ParseUint(viridis[hi][1+2*c:3+2*c], 16, 8)
		rgb[c] = int(math.Floor(float64(a) + (float64(b)-float64(a))*f + 0.5))
	}
	return rgb
}

// TestLargeHeatmapImage types a sentence of 48 tokens, which the main view
// draws as one image instead of a cell per ECharts element, and checks the
// picture itself: the colour in the middle of sampled cells, read from the
// chart's canvas, is the colour of cmd/attn's weight; the tooltip under the
// pointer names the cell and its weight; a click opens the cell.
func TestLargeHeatmapImage(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#head=1")
	words := make([]string, 48)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	tb.setSentence(strings.Join(words, " "))
	st := tb.state()
	r := tb.checkAgainstCLI("48 tokens")
	want, err := cli(t, st).weights(st.Head)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(want); n != 48 {
		t.Fatalf("%d tokens, want 48", n)
	}
	if typ := eval[string](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().series[0].type`); typ != "custom" {
		t.Fatalf("the 48×48 heatmap is drawn by a %q series, want the image (custom)", typ)
	}
	// Labels still come from the axes.
	labels := eval[[]string](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().yAxis[0].data`)
	if !equalStrings(labels, r.Tokens) {
		t.Errorf("row labels %q, want the tokens", labels)
	}

	bad := 0
	cells := [][2]int{{0, 0}, {0, 47}, {47, 0}, {47, 47}, {20, 21}, {33, 5}, {5, 33}}
	for i := range 48 {
		cells = append(cells, [2]int{i, (i * 7) % 48})
	}
	rgb, _ := tb.heatmapPixels(cells)
	for k, c := range cells {
		w := want[c[0]][c[1]]
		if exp := viridisAt(w); !nearColor(rgb[k], exp, 2) {
			if bad++; bad <= 5 {
				t.Errorf("cell (%d, %d), weight %.4f: pixel rgb%v, want rgb%v", c[0], c[1], w, rgb[k], exp)
			}
		}
	}
	if bad == 0 {
		t.Logf("ok: %d sampled cells of the 48×48 image have their weight's colour", len(cells))
	}

	// The tooltip of the cell under the pointer.
	const qi, kj = 30, 12
	_, ats := tb.heatmapPixels([][2]int{{qi, kj}, {qi, kj + 1}})
	at := ats[0]
	// The middle of the cell's left edge, where a ring around it is drawn.
	edge := [2]float64{at[0] - (ats[1][0]-at[0])/2, at[1]}
	if tb.ringAt(edge, "black") || tb.ringAt(edge, "white") {
		t.Errorf("the left edge of cell (30, 12) is ringed before the pointer is over it: %v",
			tb.chartPixels([][2]float64{{edge[0] - 1, edge[1]}, edge, {edge[0] + 1, edge[1]}}))
	}
	box := eval[[]float64](tb, `(() => {
		const el = document.querySelector("#heatmap");
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		return [r.left, r.top];
	})()`)
	x, y := box[0]+at[0], box[1]+at[1]
	tb.do("moving the pointer over cell (30, 12)", chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	wantTip := []string{"“w30” (#31)", "“w12” (#13)", strconv.FormatFloat(want[qi][kj], 'f', 3, 64)}
	tb.waitFor("the tooltip of cell (30, 12)", fmt.Sprintf(`(() => {
		const t = Array.from(document.querySelectorAll("#heatmap div")).map(d => d.innerText || "").find(s => s.includes(%s));
		return t !== undefined && %s.every(s => t.includes(s));
	})()`, jsString(wantTip[0]), jsArray(wantTip)), 10*time.Second)
	// The image has no hover state of its own: the Chart rings the cell.
	tb.waitRing("the hover ring around cell (30, 12)", edge, "black")

	n0 := tb.updates()
	tb.do("clicking cell (30, 12)", chromedp.MouseClickXY(x, y))
	tb.waitUpdates(n0)
	tb.waitFor("the cell panel of (30, 12)", `document.querySelector("#cell-panel[data-query='30'][data-key='12']") !== null`, 10*time.Second)
	tb.screenshots("TestLargeHeatmapImage", nil)
	// With the pointer gone, the selected cell keeps its white ring.
	tb.do("moving the pointer off the chart", chromedp.MouseEvent(chromedp.MouseMoved, 1, 1))
	tb.waitRing("the ring around the selected cell (30, 12)", edge, "white")

	// Down to 10 tokens the chart is a heatmap series again, with every
	// cell, and back up an image: each switch replaces the option whole.
	seriesType := func() string {
		return eval[string](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().series.map(s => s.type).join(",")`)
	}
	tb.setSentence(strings.Join(words[:10], " "))
	r, w := tb.headWeights("10 tokens after 48")
	if typ := seriesType(); typ != "heatmap" {
		t.Errorf("10 tokens after 48: series %q, want one heatmap series", typ)
	}
	tb.checkHeatmap("10 tokens after 48", r.Tokens, w)
	tb.setSentence(strings.Join(words[:40], " "))
	if typ := seriesType(); typ != "custom" {
		t.Errorf("40 tokens after 10: series %q, want the image", typ)
	}
	tb.checkGaps("40 tokens")
	tb.checkClean("the 48-token image")
}

// checkGaps checks that #heatmap, an image of up to 40 tokens, has the
// heatmap series' white lines between its cells: a white pixel on the edge
// between two cells, in a few places.
func (tb *tab) checkGaps(what string) {
	tb.t.Helper()
	_, ats := tb.heatmapPixels([][2]int{{3, 3}, {3, 4}, {20, 20}, {20, 21}, {9, 30}, {9, 31}})
	for k := 0; k < len(ats); k += 2 {
		between := [2]float64{(ats[k][0] + ats[k+1][0]) / 2, ats[k][1]}
		if !tb.ringAt(between, "white") {
			tb.t.Errorf("%s: no white line between cells at %v: %v", what, between,
				tb.chartPixels([][2]float64{{between[0] - 1, between[1]}, between, {between[0] + 1, between[1]}}))
		}
	}
}

// ringAt reports whether a line of colour ("black" or "white") passes
// through the point at (in CSS pixels of #heatmap): one of the three
// pixels across it, read from the chart's canvas, has that colour. No
// colour of the weights' scale is either: viridis(0) is rgb(68, 1, 84).
func (tb *tab) ringAt(at [2]float64, colour string) bool {
	tb.t.Helper()
	for _, px := range tb.chartPixels([][2]float64{{at[0] - 1, at[1]}, at, {at[0] + 1, at[1]}}) {
		if colour == "black" && max(px[0], px[1], px[2]) < 40 || colour == "white" && min(px[0], px[1], px[2]) > 200 {
			return true
		}
	}
	return false
}

// waitRing waits for a ring of colour to pass through at: zrender paints at
// the next animation frame.
func (tb *tab) waitRing(what string, at [2]float64, colour string) {
	tb.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !tb.ringAt(at, colour) {
		if time.Now().After(deadline) {
			tb.t.Errorf("%s: no %s ring through %v: pixels %v", what, colour, at,
				tb.chartPixels([][2]float64{{at[0] - 1, at[1]}, at, {at[0] + 1, at[1]}}))
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.t.Logf("ok: %s", what)
}

// waitRingAround waits for #heatmap to ring the cell (row, col) as
// selected, and no other: a white rectangle (app/chart_outline.go) around
// the cell's middle, the size of a cell. It reads the rectangles zrender
// draws, not pixels, which cannot tell a ring from the white borders
// between a heatmap series' cells.
func (tb *tab) waitRingAround(what string, row, col int) {
	tb.t.Helper()
	if row == 0 || col == 0 {
		tb.t.Fatalf("%s: pick a cell with a neighbour above and to the left", what)
	}
	_, at := tb.heatmapPixels([][2]int{{row, col}, {row + 1, col + 1}, {row - 1, col - 1}})
	cw, ch := math.Abs(at[1][0]-at[2][0])/2, math.Abs(at[1][1]-at[2][1])/2
	var rings [][4]float64
	deadline := time.Now().Add(5 * time.Second)
	for {
		rings = eval[[][4]float64](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getZr().storage.getDisplayList(true)
			.filter(e => e.type === "rect" && e.silent && e.style.stroke === "#ffffff")
			.map(e => [e.shape.x, e.shape.y, e.shape.width, e.shape.height])`)
		if len(rings) == 1 {
			r := rings[0]
			if math.Abs(r[0]+r[2]/2-at[0][0]) < 1 && math.Abs(r[1]+r[3]/2-at[0][1]) < 1 &&
				math.Abs(r[2]-cw) < 1 && math.Abs(r[3]-ch) < 1 {
				tb.t.Logf("ok: %s", what)
				return
			}
		}
		if time.Now().After(deadline) {
			tb.t.Errorf("%s: white rings %v, want one of %.1f × %.1f centred on %v", what, rings, cw, ch, at[0])
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestHeatmapImageHiDPI draws the image heatmap on a screen of two device
// pixels per CSS pixel, as a phone's or a laptop's: every cell has its
// weight's colour, the white lines between cells are there, and the
// selected cell is ringed.
func TestHeatmapImageHiDPI(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a screen of 2 device pixels per CSS pixel", chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(2)))
	tb.open(s.URL() + "#head=0&cell=5,3")
	words := make([]string, 36)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i)
	}
	tb.setSentence(strings.Join(words, " "))
	if dpr := eval[float64](tb, `devicePixelRatio`); dpr != 2 {
		t.Fatalf("devicePixelRatio %v, want 2", dpr)
	}
	r, w := tb.headWeights("36 tokens at 2 device pixels per CSS pixel")
	if !tb.heatmapIsImage() {
		t.Fatal("36 tokens: #heatmap is not drawn as an image")
	}
	tb.checkHeatmap("36 tokens at 2 device pixels per CSS pixel", r.Tokens, w)
	tb.checkGaps("36 tokens at 2 device pixels per CSS pixel")
	tb.waitRingAround("the ring around the selected cell (5, 3)", 5, 3)
	tb.checkClean("the image heatmap at 2 device pixels per CSS pixel")
}

// jsArray returns ss as a JavaScript array literal of strings.
func jsArray(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = jsString(s)
	}
	return "[" + strings.Join(q, ",") + "]"
}

// TestThumbnails checks the small multiples of the main view and of the
// pipeline: each head's thumbnail, and the mean's, shows that head's weights
// (the colour in the middle of sampled cells, read from the canvas under the
// thumbnail), and a click on one selects its head.
func TestThumbnails(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, view := range []string{"attention", "pipeline"} {
		t.Run(view, func(t *testing.T) { testThumbnails(t, s, view) })
	}
}

func testThumbnails(t *testing.T, s *site, view string) {
	tb := newTab(t, s)
	tb.open(s.URL() + "#heads=4&head=0&view=" + view)
	// Every thumbnail shows its head's weights: drawn anew (a new number of
	// tokens), and repainted in place (the same layout, other weights:
	// another seed).
	tb.setSentence("The cat sat on the mat because it was tired")
	for _, seed := range []string{"", "7"} {
		if seed != "" {
			tb.change("#seed", seed, "change")
		}
		st := tb.state()
		r := tb.checkAgainstCLI("10 tokens, 4 heads")
		n := len(r.Tokens)
		pixel := func(key string, row, col int) [3]int {
			return tb.slotPixel(fmt.Sprintf(`.thumbs [data-thumb="%s"] .thumb-chart`, key), row, col, n, n)
		}
		bad := 0
		for _, key := range []string{"0", "1", "2", "3", "mean"} {
			w, err := r.weights(key)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range [][2]int{{0, 0}, {9, 9}, {3, 7}, {7, 3}, {5, 5}, {2, 8}} {
				got, want := pixel(key, c[0], c[1]), viridisAt(w[c[0]][c[1]])
				if !nearColor(got, want, 3) {
					bad++
					t.Errorf("seed %d: thumbnail %s, cell (%d, %d), weight %.4f: rgb%v, want rgb%v", st.Seed, key, c[0], c[1], w[c[0]][c[1]], got, want)
				}
			}
		}
		if bad == 0 {
			t.Logf("ok: the 5 thumbnails show their heads' weights (seed %d, mask %s)", st.Seed, st.Mask)
		}
	}
	n0 := tb.updates()
	tb.do("clicking head 3's thumbnail", chromedp.Click(chromedp.CSS(`.thumbs [data-thumb="2"]`)))
	tb.waitUpdates(n0)
	if h := tb.state().Head; h != "2" {
		t.Errorf("head %q after clicking head 3's thumbnail, want 2", h)
	}
	tb.checkClean("the thumbnails")
}

// TestOtherViewsDrawPictures checks the other views' large heatmaps at 40
// tokens, where they too are drawn as pictures (app/attention_view.go,
// drawing): every cell of the scaling view's heatmap has its weight's
// colour, and the compare and padding views' heatmaps and the pipeline's
// open step are pictures with their cells drawn.
func TestOtherViewsDrawPictures(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	words := func(prefix string, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return strings.Join(w, " ")
	}

	tb.open(s.URL() + "#view=scaling&head=0")
	tb.setSentence(words("w", 40))
	r, w := tb.headWeights("the scaling view at 40 tokens")
	if !tb.heatmapIsImage() {
		t.Errorf("the scaling view's heatmap at 40 tokens is not a picture")
	}
	tb.checkHeatmap("the scaling view at 40 tokens", r.Tokens, w)

	for _, c := range []struct {
		view, link, sel string
		charts          int
	}{
		{"compare", "#view=compare&text=" + url.QueryEscape(words("w", 40)) + "&text2=" + url.QueryEscape(words("v", 40)), ".view .chart.heatmap", 6},
		{"padding", "#view=padding&text=" + url.QueryEscape(words("w", 40)) + "&text2=" + url.QueryEscape(words("v", 30)), ".view .chart.heatmap", 2},
		{"pipeline", "#view=pipeline&step=weights&head=0&causal=1&text=" + url.QueryEscape(words("w", 40)), "#step-heatmap", 1},
	} {
		tb.open(s.URL() + c.link)
		if c.view == "compare" {
			tb.showChart("#compare-causal") // the masks pair draws near the screen
		}
		tb.waitFor("the charts of the "+c.view+" view", fmt.Sprintf(`document.querySelectorAll(%s).length === %d`, jsString(c.sel), c.charts), 10*time.Second)
		// Each chart's series, and the pixel a third of the way into its
		// cells, across and down.
		type drawn struct {
			Series string `json:"series"`
			RGBA   []int  `json:"rgba"`
		}
		var got []drawn
		deadline := time.Now().Add(10 * time.Second)
		for {
			got = eval[[]drawn](tb, fmt.Sprintf(`Array.from(document.querySelectorAll(%s)).map(el => {
				const c = echarts.getInstanceByDom(el);
				const o = c && c.getOption();
				if (!o || !o.series || !o.series.length) return {series: "none", rgba: []};
				const n = o.xAxis[0].data.length;
				const p = c.convertToPixel({gridIndex: 0}, [Math.floor(n / 3), Math.floor(n / 3)]);
				const ctx = %s;
				const k = ctx.canvas.width / el.getBoundingClientRect().width;
				return {series: o.series[0].type, rgba: Array.from(ctx.getImageData(Math.floor(p[0] * k), Math.floor(p[1] * k), 1, 1).data)};
			})`, jsString(c.sel), chartCanvasJS))
			ok := len(got) == c.charts
			for _, g := range got {
				ok = ok && g.Series == "custom" && len(g.RGBA) == 4 && g.RGBA[3] == 255 && min(g.RGBA[0], g.RGBA[1], g.RGBA[2]) < 250
			}
			if ok {
				t.Logf("ok: the %s view at 40 tokens: %d pictures, drawn: %v", c.view, len(got), got)
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("the %s view at 40 tokens: %v, want %d custom series (pictures), each with a coloured cell", c.view, got, c.charts)
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		tb.checkClean("the " + c.view + " view at 40 tokens")
	}

	// The pipeline's weights step, still open from the loop above, under
	// the causal mask: a masked cell of the picture has no tooltip and
	// takes no click, as in the heatmap series of fewer tokens; an unmasked
	// one has both.
	tip := func() string {
		return eval[string](tb, `Array.from(document.querySelectorAll("#step-heatmap div")).map(d => d.offsetParent !== null ? d.innerText || "" : "").join("|")`)
	}
	masked, open := tb.cellOnScreen("#step-heatmap", 2, 30), tb.cellOnScreen("#step-heatmap", 30, 2)
	tb.do("moving the pointer over the unmasked cell (30, 2)", chromedp.MouseEvent(chromedp.MouseMoved, open[0], open[1]))
	tb.waitFor("the tooltip of cell (30, 2)", `Array.from(document.querySelectorAll("#step-heatmap div")).some(d => d.offsetParent !== null && (d.innerText || "").includes("“w30”"))`, 10*time.Second)
	tb.do("moving the pointer over the masked cell (2, 30)", chromedp.MouseEvent(chromedp.MouseMoved, masked[0], masked[1]))
	time.Sleep(300 * time.Millisecond)
	if got := tip(); strings.Contains(got, "“w2”") {
		t.Errorf("the masked cell (2, 30) has a tooltip: %q", got)
	}
	tb.do("clicking the masked cell (2, 30)", chromedp.MouseClickXY(masked[0], masked[1]))
	time.Sleep(500 * time.Millisecond)
	if step := eval[string](tb, `window.attnviz.state().step`); step != "weights" {
		t.Errorf("clicking the masked cell (2, 30) closed the weights step: step %q", step)
	}
}

// slotPixel returns the colour drawn in the middle of cell (row, col) of the
// rows × cols picture in the slot sel selects, read from the canvas over it:
// a HeatmapGrid draws inside its slot, 2 px from each edge. It gives
// [-1 -1 -1] where no canvas draws there.
func (tb *tab) slotPixel(sel string, row, col, rows, cols int) [3]int {
	tb.t.Helper()
	v := eval[[]float64](tb, fmt.Sprintf(`(%s)(%s, %d, %d, %d, %d)`, slotPixelJS, jsString(sel), row, col, rows, cols))
	return [3]int{int(v[0]), int(v[1]), int(v[2])}
}

// slotPixelJS is slotPixel's JavaScript function: (sel, row, col, rows,
// cols) to [r, g, b], [-1, -1, -1] where no canvas draws there.
const slotPixelJS = `(sel, row, col, rows, cols) => {
	const slot = document.querySelector(sel);
	slot.scrollIntoView({block: "center"});
	const b = slot.getBoundingClientRect();
	const x = b.left + 2 + (col + 0.5) * (b.width - 4) / cols;
	const y = b.top + 2 + (row + 0.5) * (b.height - 4) / rows;
	for (const canvas of document.querySelectorAll(".heatmap-grid canvas")) {
		const c = canvas.getBoundingClientRect();
		if (x < c.left || x >= c.right || y < c.top || y >= c.bottom) continue;
		const k = canvas.width / c.width;
		const d = canvas.getContext("2d").getImageData(Math.floor((x - c.left) * k), Math.floor((y - c.top) * k), 1, 1).data;
		if (d[3] === 0) continue; // a transparent layer
		return [d[0], d[1], d[2]];
	}
	return [-1, -1, -1];
}`

// TestPipelineThumbnails checks the pictures of the pipeline's steps under
// the causal mask: the weights step has its masked cells grey (#8c939b) and
// the others in their weight's colour, as cmd/attn computes it.
func TestPipelineThumbnails(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline&causal=1&head=0")
	tb.setSentence("The cat sat on the mat because it was tired")
	r := tb.checkAgainstCLI("10 tokens, causal")
	w, err := r.weights("0")
	if err != nil {
		t.Fatal(err)
	}
	n := len(r.Tokens)
	if got := eval[int](tb, `echarts.getInstanceByDom(document.querySelector("#pipeline .heatmap-grid")).getOption().series.length`); got != 11 {
		t.Errorf("the steps' grid draws %d pictures, want 11", got)
	}
	grey := [3]int{0x8c, 0x93, 0x9b}
	bad := 0
	for _, c := range [][2]int{{0, 0}, {0, 9}, {3, 7}, {7, 3}, {9, 9}, {5, 6}, {6, 5}} {
		got := tb.slotPixel(`#pipeline [data-step="weights"] .pipe-chart`, c[0], c[1], n, n)
		want := viridisAt(w[c[0]][c[1]])
		if c[1] > c[0] {
			want = grey
		}
		for k := range 3 {
			if d := got[k] - want[k]; d < -3 || d > 3 {
				bad++
				t.Errorf("weights step, cell (%d, %d): rgb%v, want rgb%v", c[0], c[1], got, want)
				break
			}
		}
	}
	if bad == 0 {
		t.Logf("ok: the weights step's picture: masked cells grey, the others their weight's colour")
	}
	tb.screenshots("TestPipelineThumbnails", nil)
	tb.checkClean("the pipeline's pictures")
}
