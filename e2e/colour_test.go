//go:build !wasm

package e2e

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// luminance is WCAG 2's relative luminance of an sRGB colour.
func luminance(c [3]int) float64 {
	var l [3]float64
	for k, v := range c {
		s := float64(v) / 255
		if s <= 0.04045 {
			l[k] = s / 12.92
		} else {
			l[k] = math.Pow((s+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// contrast is WCAG 2's contrast ratio of two colours.
func contrast(a, b [3]int) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// cellLabelJS returns, for every cell of #heatmap, the colour of its fill
// (a pixel near its corner) and of the pixel in its label area that stands
// out most from that fill: [[fill r, g, b, text r, g, b], …], row by row.
const cellLabelJS = `(() => {
	const el = document.querySelector("#heatmap");
	const chart = echarts.getInstanceByDom(el);
	const ctx = ` + chartCanvasJS + `;
	const k = ctx.canvas.width / el.getBoundingClientRect().width;
	const n = chart.getOption().yAxis[0].data.length;
	const lum = (r, g, b) => [r, g, b].map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
		.reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
	const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
	const out = [];
	for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
		const c = chart.convertToPixel({gridIndex: 0}, [j, i]);
		const c2 = chart.convertToPixel({gridIndex: 0}, [j + 1, i + 1]);
		const w = (c2[0] - c[0]) * k, h = (c2[1] - c[1]) * k;
		const x = c[0] * k, y = c[1] * k;
		const fill = ctx.getImageData(Math.round(x - w / 2 + 3 * k), Math.round(y - h / 2 + 3 * k), 1, 1).data;
		const box = ctx.getImageData(Math.round(x - w / 3), Math.round(y - h / 4), Math.round(2 * w / 3), Math.round(h / 2)).data;
		const lf = lum(fill[0], fill[1], fill[2]);
		let best = [fill[0], fill[1], fill[2]], most = 1;
		for (let p = 0; p < box.length; p += 4) {
			const r = ratio(lf, lum(box[p], box[p + 1], box[p + 2]));
			if (r > most) { most = r; best = [box[p], box[p + 1], box[p + 2]]; }
		}
		out.push([fill[0], fill[1], fill[2], ...best]);
	}
	return out;
})()`

// TestCellLabelContrast reads the rendered canvas of the main heatmap (at
// two device pixels per CSS pixel, where glyph stems are solid) and checks
// that in every cell the number's darkest or brightest pixel stands out
// from the cell's fill by at least 4.5:1; then the same with each row
// stretched (stretch=1 by the checkbox), where each row's largest weight
// takes the scale's bright end and its smallest the dark end, and the cells
// still print the true weights.
func TestCellLabelContrast(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a 2× screen", chromedp.EmulateViewport(1280, 900, chromedp.EmulateScale(2)))
	tb.open(s.URL() + "#head=0")
	tb.checkLabelContrast("true weights")

	tb.click("#stretch")
	if st := eval[bool](tb, `window.attnviz.state().stretch`); !st {
		t.Fatal("#stretch did not set stretch in state()")
	}
	tb.waitFor("stretch=1 in the link", `location.hash.includes("stretch=1")`, 5*time.Second)
	tb.do("letting the chart draw", chromedp.Sleep(300*time.Millisecond))
	tb.checkLabelContrast("stretched rows")
	tb.checkStretched()
	tb.viewShot("colour-stretched")
	tb.checkClean("cell label contrast")
}

// checkLabelContrast checks every cell's number against its fill.
func (tb *tab) checkLabelContrast(what string) {
	tb.t.Helper()
	cells := eval[[][6]int](tb, cellLabelJS)
	if len(cells) == 0 {
		tb.t.Fatalf("%s: no cells read", what)
	}
	worst, dark, light := 21.0, 0, 0
	for k, c := range cells {
		fill, text := [3]int{c[0], c[1], c[2]}, [3]int{c[3], c[4], c[5]}
		r := contrast(fill, text)
		worst = min(worst, r)
		if luminance(text) < luminance(fill) {
			dark++
		} else {
			light++
		}
		if r < 4.5 {
			tb.t.Errorf("%s: cell %d: number %v on fill %v: %.2f:1, want ≥ 4.5", what, k, text, fill, r)
		}
	}
	if dark == 0 || light == 0 {
		tb.t.Errorf("%s: %d cells with dark numbers, %d with light: want both on viridis", what, dark, light)
	}
	tb.t.Logf("ok: %s: %d cells, numbers at least %.2f:1 from their fill (%d dark, %d light)", what, len(cells), worst, dark, light)
}

// checkStretched checks that each row's largest weight is drawn in
// viridis' bright end and its smallest in its dark end, and that the cells
// print the true weights.
func (tb *tab) checkStretched() {
	tb.t.Helper()
	r := tb.result()
	w, err := r.weights("0")
	if err != nil {
		tb.t.Fatal(err)
	}
	n := len(w)
	var cells [][2]int
	for i := range n {
		lo, hi := 0, 0
		for j := range n {
			if w[i][j] < w[i][lo] {
				lo = j
			}
			if w[i][j] > w[i][hi] {
				hi = j
			}
		}
		cells = append(cells, [2]int{i, hi}, [2]int{i, lo})
	}
	fills := eval[[][6]int](tb, cellLabelJS) // each cell's fill, off its number
	fill := func(c [2]int) [3]int { f := fills[c[0]*n+c[1]]; return [3]int{f[0], f[1], f[2]} }
	top, bottom := [3]int{0xfd, 0xe7, 0x25}, [3]int{0x44, 0x01, 0x54}
	for k := 0; k < len(cells); k += 2 {
		if hi, lo := fill(cells[k]), fill(cells[k+1]); !nearColor(hi, top, 12) || !nearColor(lo, bottom, 12) {
			tb.t.Errorf("row %d: largest weight drawn %v (want about %v), smallest %v (want about %v)", cells[k][0], hi, top, lo, bottom)
		}
	}
	labels := eval[[]string](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().series[0].data.map(d => d[3])`)
	if len(labels) != n*n {
		tb.t.Fatalf("%d cell labels, want %d", len(labels), n*n)
	}
	for i := range n {
		for j := range n {
			want := "|" + strconv.FormatFloat(w[i][j], 'f', 2, 64) + "}"
			if got := labels[i*n+j]; !strings.HasSuffix(got, want) {
				tb.t.Errorf("cell (%d, %d) prints %q, want the true weight %s", i, j, got, want)
			}
		}
	}
	bar := eval[string](tb, `JSON.stringify(echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().graphic)`)
	if !strings.Contains(bar, "row max") || !strings.Contains(bar, "row min") {
		tb.t.Errorf("the colour bar does not say row min and row max: %.200s", bar)
	}
	tb.t.Logf("ok: %d rows stretched from their smallest to their largest weight, every cell printing its true weight", n)
}
