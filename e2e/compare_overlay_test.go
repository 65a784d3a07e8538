//go:build !wasm

package e2e

import (
	"bytes"
	"fmt"
	"image/png"
	"net/url"
	"strings"
	"testing"
	"time"
)

// overlaysShownJS counts the compare view's picture canvases laid over the
// charts (app/chart/chart_overlay.go) that are shown.
const overlaysShownJS = `Array.from(document.querySelectorAll(".view-compare canvas.chart-overlay")).filter((c) => c.style.display !== "none").length`

// TestCompareOverlay checks the compare view's pictures at 40 tokens under
// the causal mask, which the browser scales over each chart's grid rather
// than zrender drawing them: what the chart shows, read where each cell is,
// is what zrender draws for the same option on an instance of its own
// (cells, the lines between them, the masked cells' stripes); a PNG export
// has the picture; a sentence of a few tokens, drawn as a heatmap series,
// hides the canvases again.
func TestCompareOverlay(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	dir := t.TempDir()
	tb.allowDownloads(dir)
	words := func(prefix string, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("%s%d", prefix, i)
		}
		return strings.Join(w, " ")
	}
	tb.open(s.URL() + "#view=compare&causal=1&head=0&text=" + url.QueryEscape(words("w", 40)) + "&text2=" + url.QueryEscape(words("v", 40)))
	tb.showChart("#compare-causal") // the masks pair draws near the screen
	tb.waitFor("six pictures over the charts", overlaysShownJS+" === 12", 15*time.Second)
	tb.settle()

	for _, id := range []string{"compare-a", "compare-causal", "compare-maskdiff"} {
		// Each cell's middle, a point a tenth of a cell from its corner
		// (on the line between cells where there is one) and the chart
		// drawn by zrender alone at the same size.
		got := eval[[][2][]int](tb, fmt.Sprintf(`(() => {
			const el = document.getElementById(%q);
			const chart = echarts.getInstanceByDom(el);
			const ctx = %s;
			const k = ctx.canvas.width / el.getBoundingClientRect().width;
			const div = document.createElement("div");
			const own = echarts.init(div, null, {renderer: "canvas", width: chart.getWidth(), height: chart.getHeight()});
			const o = chart.getOption();
			o.animation = false;
			own.setOption(o);
			const ref = own.getRenderedCanvas({pixelRatio: k}).getContext("2d");
			const out = [];
			const cell = chart.convertToPixel({gridIndex: 0}, [1, 1])[0] - chart.convertToPixel({gridIndex: 0}, [0, 0])[0];
			for (const [row, col] of [[0, 0], [2, 30], [30, 2], [39, 39], [13, 27], [20, 5]]) {
				const p = chart.convertToPixel({gridIndex: 0}, [col, row]);
				for (const [dx, dy] of [[0, 0], [-0.45, -0.45], [0.2, -0.3]]) {
					const x = Math.floor((p[0] + dx * cell) * k), y = Math.floor((p[1] + dy * cell) * k);
					out.push([Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)), Array.from(ref.getImageData(x, y, 1, 1).data.slice(0, 3))]);
				}
			}
			own.dispose();
			return out;
		})()`, id, chartCanvasJS))
		bad := 0
		for i, g := range got {
			if len(g[0]) != 3 || len(g[1]) != 3 || !nearColor([3]int(g[0]), [3]int(g[1]), 6) {
				bad++
				t.Errorf("#%s, point %d: shown %v, zrender draws %v", id, i, g[0], g[1])
			}
		}
		if bad == 0 {
			t.Logf("ok: #%s: %d points as zrender draws them", id, len(got))
		}
	}
	tb.screenshots("compare-overlay", nil)

	// The export menu's PNG of the causal side: zrender draws the picture
	// on an instance of its own, so the middle of cell (30, 2) is coloured.
	tb.openExportMenu()
	eval[bool](tb, `(() => { const s = document.querySelector("#export-chart");
		const i = [...document.querySelectorAll('.stage .chart[role="img"]')].findIndex((e) => e.id === "compare-causal");
		s.value = String(i); s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitFor("the menu's buttons for #compare-causal", `document.querySelector('#export [data-export="png"]').dataset.exportChart === "compare-causal"`, 5*time.Second)
	at := eval[[]float64](tb, `(() => { const c = echarts.getInstanceByDom(document.getElementById("compare-causal"));
		return c.convertToPixel({gridIndex: 0}, [2, 30]).concat([devicePixelRatio]); })()`)
	_, data := tb.saveVia(dir, `#export [data-export="png"]`, "#export-status")
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the PNG of #compare-causal: %v", err)
	}
	k := 2 * at[2]
	r, g, b, _ := img.At(int(at[0]*k), int(at[1]*k)).RGBA()
	if r>>8 > 245 && g>>8 > 245 && b>>8 > 245 {
		t.Errorf("the PNG of #compare-causal is white in the middle of cell (30, 2): no picture")
	}

	tb.setSentence(words("w", 8))
	tb.setSentence(words("w", 8) + " ")
	tb.showChart("#compare-causal")
	tb.waitFor("no picture over the charts at 8 tokens", overlaysShownJS+" === 0", 10*time.Second)
	tb.checkClean("the compare view's pictures")
}
