//go:build !wasm

package e2e

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"testing"
)

// TestImageStripes checks that the masked cells of a heatmap drawn as one
// image (16 tokens, causal) keep the stripes of their decal: along a line
// across a masked cell, read from the chart's canvas, lighter stripes and
// the cell's colour alternate, while an unmasked cell is one colour; and
// the same in the picture that the chart's SVG export embeds.
func TestImageStripes(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	dir := t.TempDir()
	tb.allowDownloads(dir)
	tb.open(s.URL() + "#causal=1")
	tb.setSentence("One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen")
	if !tb.heatmapIsImage() {
		t.Fatal("a 16-token heatmap is not drawn as an image")
	}
	n := len(tb.result().Tokens)
	masked := [][2]int{{0, n - 1}, {0, 1}, {3, 9}, {n - 2, n - 1}}
	open := [][2]int{{n - 1, 0}, {5, 5}, {9, 3}, {n - 1, n - 1}}
	for _, c := range masked {
		if k := tb.canvasStripes(c[0], c[1]); k < 2 {
			t.Errorf("masked cell (%d, %d): %d changes between stripe and cell along a line across it, want ≥ 2", c[0], c[1], k)
		}
	}
	for _, c := range open {
		if k := tb.canvasStripes(c[0], c[1]); k != 0 {
			t.Errorf("unmasked cell (%d, %d): %d changes of colour along a line across it, want none", c[0], c[1], k)
		}
	}
	tb.openExportMenu()
	svg := tb.download(dir, "svg")
	pic := embeddedPicture(t, svg)
	for _, c := range masked {
		if k := changesAcross(pic, c[0], c[1], n); k < 2 {
			t.Errorf("SVG's picture, masked cell (%d, %d): %d changes, want ≥ 2", c[0], c[1], k)
		}
	}
	for _, c := range open {
		if k := changesAcross(pic, c[0], c[1], n); k != 0 {
			t.Errorf("SVG's picture, unmasked cell (%d, %d): %d changes, want none", c[0], c[1], k)
		}
	}
	if !t.Failed() {
		t.Logf("ok: %d masked cells striped and %d unmasked plain, on the canvas and in the SVG's %v picture", len(masked), len(open), pic.Bounds().Size())
	}
	tb.checkClean("stripes")
}

// canvasStripes reads a line of pixels across the middle of cell (row, col)
// of #heatmap's canvas, inside 3 CSS pixels from its sides, and returns how
// many times it changes between light and dark (stripeChanges).
func (tb *tab) canvasStripes(row, col int) int {
	tb.t.Helper()
	return tb.canvasStripesOf("#heatmap", row, col, 0)
}

// canvasStripesOf is canvasStripes on the chart sel, along a line up
// cells' heights above the middle (off the cell's label).
func (tb *tab) canvasStripesOf(sel string, row, col int, up float64) int {
	tb.t.Helper()
	line := eval[[][3]int](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		const chart = echarts.getInstanceByDom(el);
		const ctx = `+chartCanvasJS+`;
		const k = ctx.canvas.width / el.getBoundingClientRect().width;
		const p = chart.convertToPixel({gridIndex: 0}, [%d, %d]);
		const q = chart.convertToPixel({gridIndex: 0}, [%d, %d]);
		const half = Math.abs(q[0] - p[0]) / 2 - 3;
		const y = p[1] - %g * Math.abs(chart.convertToPixel({gridIndex: 0}, [%d, %d])[1] - p[1]);
		const out = [];
		for (let x = Math.ceil((p[0] - half) * k); x <= Math.floor((p[0] + half) * k); x++) {
			out.push(Array.from(ctx.getImageData(x, Math.floor(y * k), 1, 1).data.slice(0, 3)));
		}
		return out;
	})()`, sel, col, row, col+1, row, up, col, row+1))
	if len(line) < 8 {
		tb.t.Fatalf("%s, cell (%d, %d): a line of %d pixels", sel, row, col, len(line))
	}
	return stripeChanges(line)
}

// stripeChanges returns how many times a line of pixels changes between
// its darkest colour and one lighter by more than 24 (summed channels).
func stripeChanges(line [][3]int) int {
	sum := func(c [3]int) int { return c[0] + c[1] + c[2] }
	darkest := sum(line[0])
	for _, c := range line {
		darkest = min(darkest, sum(c))
	}
	changes, light := 0, sum(line[0]) > darkest+24
	for _, c := range line[1:] {
		if l := sum(c) > darkest+24; l != light {
			changes++
			light = l
		}
	}
	return changes
}

var embeddedPNG = regexp.MustCompile(`data:image/png;base64,([A-Za-z0-9+/=]+)`)

// embeddedPicture returns the picture that svg embeds.
func embeddedPicture(t *testing.T, svg []byte) image.Image {
	t.Helper()
	m := embeddedPNG.FindSubmatch(svg)
	if m == nil {
		t.Fatal("the SVG embeds no PNG picture")
	}
	data, err := base64.StdEncoding.DecodeString(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// changesAcross returns stripeChanges of a line across the middle of cell
// (row, col) of pic, a picture of n × n cells, inside a sixth of the cell
// from its sides.
func changesAcross(pic image.Image, row, col, n int) int {
	b := pic.Bounds()
	cw, ch := float64(b.Dx())/float64(n), float64(b.Dy())/float64(n)
	y := b.Min.Y + int((float64(row)+0.5)*ch)
	var line [][3]int
	for x := int((float64(col) + 1.0/6) * cw); x < int((float64(col)+5.0/6)*cw); x++ {
		r, g, bl, _ := pic.At(b.Min.X+x, y).RGBA()
		line = append(line, [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)})
	}
	return stripeChanges(line)
}
