//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestLearnProbePicture types into the Learn view's probe (the task
// previous, causal: at step 0 query 0 weighs key 0 by 1 and key 1 by 0) and
// checks, at 1280×800, 390×844 and 1920×1080, that as the probe takes the
// focus the probe's heatmaps turn into pictures (a custom series), that
// right after a keystroke their cells print their numbers, dark on the
// yellow of weight 1 and light on the purple of weight 0 (chart.CellText),
// axes labelled with the new probe, that they stay pictures while the
// probe keeps the focus, and that once it loses it they are ECharts'
// labelled cells again, of the new probe.
// Screenshots of each: artifacts/learn-probe-typing-* and -settled-*.
func TestLearnProbePicture(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const probe = "c a f b e d a c h "
	tb.openLearn(s, "probe="+url.QueryEscape(probe))
	sizes := []struct {
		w, h   int64
		mobile bool
	}{{1280, 800, false}, {390, 844, true}, {1920, 1080, false}}
	for k, size := range sizes {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		tb.resized()
		tb.do("scrolling to the heatmaps", chromedp.ScrollIntoView(chromedp.CSS("#now-0-0")), chromedp.Sleep(300*time.Millisecond))
		took := eval[float64](tb, `(() => {
			const el = document.querySelector("#probe"), t0 = performance.now();
			el.focus({preventScroll: true});
			const took = performance.now() - t0;
			el.setSelectionRange(el.value.length, el.value.length);
			return took;
		})()`)
		t.Logf("%d px: the probe's focus event took %.1f ms (wall)", size.w, took)
		tb.waitFor("the probe's heatmaps as pictures once it has the focus", `(() => {
			const type = (id) => echarts.getInstanceByDom(document.querySelector(id)).getOption().series[0].type;
			return type("#now-0-0") === "custom" && type("#before-0-0") === "custom";
		})()`, 5*time.Second)
		key := "a"
		if k%2 == 1 {
			key = kb.Backspace
		}
		want := len(tb.result().Tokens) + 1
		if key != "a" {
			want -= 2
		}
		before := tb.updates()
		tb.do("a keystroke in #probe", chromedp.KeyEvent(key))
		tb.waitUpdates(before)
		tb.pairShot(fmt.Sprintf("learn-probe-typing-%d", size.w))
		tb.checkProbeChart(fmt.Sprintf("%d px, typing", size.w), eval[probeChart](tb, probeChartJS), "custom", want)
		tb.do("a pause in the typing", chromedp.Sleep(800*time.Millisecond))
		if got := eval[probeChart](tb, probeChartJS); got.Type != "custom" || got.BeforeType != "custom" {
			t.Errorf("%d px: with the probe still focused, after the typing paused: series %q and %q, want pictures", size.w, got.Type, got.BeforeType)
		}
		eval[chromedp.Void](tb, `document.querySelector("#probe").blur()`)
		tb.waitFor("the probe's heatmap as labelled cells again",
			`echarts.getInstanceByDom(document.querySelector("#now-0-0")).getOption().series[0].type === "heatmap"`, 10*time.Second)
		tb.do("settling", chromedp.Sleep(300*time.Millisecond))
		tb.pairShot(fmt.Sprintf("learn-probe-settled-%d", size.w))
		tb.checkProbeChart(fmt.Sprintf("%d px, settled", size.w), eval[probeChart](tb, probeChartJS), "heatmap", want)
	}
	tb.do("restoring the viewport", chromedp.EmulateViewport(1280, 900))
	tb.checkClean("the probe's pictures")
}

// probeChart is what probeChartJS reads of the probe's heatmaps.
type probeChart struct {
	Type, BeforeType string
	X, Y             []string
	// The pixels of cell (0, 0) (weight 1) and (0, 1) (weight 0) of #now-0-0
	// near black and near white, inside the cell.
	Dark00, Light01 int
	Cell            float64 // the cells' width, CSS pixels
}

// probeChartJS reads probeChart.
const probeChartJS = `(() => {
	const el = document.querySelector("#now-0-0");
	const chart = echarts.getInstanceByDom(el), o = chart.getOption();
	const before = echarts.getInstanceByDom(document.querySelector("#before-0-0")).getOption();
	const ctx = ` + chartCanvasJS + `;
	const k = ctx.canvas.width / el.getBoundingClientRect().width;
	const a = chart.convertToPixel({gridIndex: 0}, [0, 0]), b = chart.convertToPixel({gridIndex: 0}, [1, 0]);
	const cw = b[0] - a[0];
	const count = (cx, cy, want) => {
		const x0 = Math.round((cx - cw / 2 + 2) * k), y0 = Math.round((cy - cw / 2 + 2) * k), side = Math.round((cw - 4) * k);
		const d = ctx.getImageData(x0, y0, side, side).data;
		let n = 0;
		for (let i = 0; i < d.length; i += 4) {
			const m = Math.max(d[i], d[i+1], d[i+2]), l = Math.min(d[i], d[i+1], d[i+2]);
			if (want === "dark" ? m < 60 : l > 200) n++;
		}
		return n;
	};
	return { type: o.series[0].type, beforeType: before.series[0].type, x: o.xAxis[0].data, y: o.yAxis[0].data,
		dark00: count(a[0], a[1], "dark"), light01: count(b[0], b[1], "light"), cell: cw };
})()`

// checkProbeChart checks got: the series type typ, axes of want tokens, and
// numbers in the cells (pixels of dark text on weight 1's yellow, light on
// weight 0's purple).
func (tb *tab) checkProbeChart(what string, got probeChart, typ string, want int) {
	tb.t.Helper()
	tokens := tb.result().Tokens
	if got.Type != typ || got.BeforeType != typ {
		tb.t.Errorf("%s: series %q (now) and %q (step 0), want %q", what, got.Type, got.BeforeType, typ)
	}
	if len(tokens) != want || !equalStrings(got.X, tokens) || !equalStrings(got.Y, tokens) {
		tb.t.Errorf("%s: axes %q and %q, result() tokens %q, want %d tokens on both axes", what, got.X, got.Y, tokens, want)
	}
	if got.Dark00 < 10 || got.Light01 < 10 {
		tb.t.Errorf("%s: cells %.0f px wide: %d dark pixels in cell (0,0), %d light in (0,1); want their numbers (10 or more each)",
			what, got.Cell, got.Dark00, got.Light01)
	}
	tb.t.Logf("%s: cells %.0f px wide, %d dark pixels of text in cell (0,0), %d light in (0,1)", what, got.Cell, got.Dark00, got.Light01)
}

// pairShot saves a screenshot of the first pair of heatmaps, at step 0 and
// now, to artifacts/<name>.png.
func (tb *tab) pairShot(name string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(".learn-pair-charts")))
	if err != nil {
		tb.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(artifactsDir, name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}
