//go:build !wasm

package e2e

import (
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chartSize is a chart's size on the screen and its type, as ECharts has it.
type chartSize struct {
	W, H         float64 // the element's box, px
	X, Cell      float64 // the axis labels' and the cells' font size, px
	Pitch        float64 // the distance between two columns' centres, px
	Rotate       float64 // the column labels' turn, degrees
	Overflowing  bool    // the page is wider than the screen
	CellsLabeled bool
}

// chartSizeOf measures the chart sel.
func (tb *tab) chartSizeOf(sel string) chartSize {
	tb.t.Helper()
	tb.waitFor(sel, fmt.Sprintf(`(() => { const el = document.querySelector(%q); const c = el && echarts.getInstanceByDom(el); return !!(c && c.getOption().xAxis); })()`, sel), 10*time.Second)
	var c chartSize
	raw := eval[string](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q), c = echarts.getInstanceByDom(el), o = c.getOption(), r = el.getBoundingClientRect();
		const [x0] = c.convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [0, 0]), [x1] = c.convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [1, 0]);
		return JSON.stringify({w: r.width, h: r.height, x: o.xAxis[0].axisLabel.fontSize, cell: o.series[0].label?.fontSize ?? 0,
			pitch: Math.abs(x1 - x0), rotate: o.xAxis[0].axisLabel.rotate ?? 0,
			overflowing: document.documentElement.scrollWidth > innerWidth + 1, cellsLabeled: !!o.series[0].label?.show});
	})()`, sel))
	if err := jsonUnmarshalString(raw, &c); err != nil {
		tb.t.Fatal(err)
	}
	return c
}

// TestPresentEveryView opens the compare, cross, padding, attention,
// scaling and pipeline views in presentation mode and measures their charts at
// 1920×1080, 1280×800 and 390×844: 24 px labels at least, wide charts on
// the projector, and on the phone columns far enough apart that the turned
// labels do not overlap; the page never wider than the screen.
func TestPresentEveryView(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	cases := []struct {
		link   string
		charts []string
	}{
		{"view=compare", []string{"#compare-a", "#compare-b", "#compare-diff", "#compare-causal"}},
		{"view=compare&cross=1", []string{"#cross-heatmap"}},
		{"view=padding&text2=the+cat+sat", []string{"#padding-0", "#padding-1"}},
		{"view=attention", []string{"#heatmap"}},
		{"view=scaling", []string{"#heatmap"}},
		{"view=pipeline&step=weights", []string{"#step-heatmap"}},
	}
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1920, 1080, false}, {1280, 800, false}, {390, 844, true}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		for _, c := range cases {
			tb.open(s.URL() + "#present=1&lang=en&" + c.link)
			tb.do("settling", chromedp.Sleep(500*time.Millisecond))
			for _, sel := range c.charts {
				if sel == "#compare-causal" {
					tb.showChart(sel) // the masks pair draws near the screen
				}
				m := tb.chartSizeOf(sel)
				t.Logf("%d×%d %s %s: %.0f×%.0f px, labels %v px, numbers %v px, columns %.0f px apart, turned %v°",
					size.w, size.h, c.link, sel, m.W, m.H, m.X, m.Cell, m.Pitch, m.Rotate)
				if m.X < 24 || m.CellsLabeled && m.Cell < 22 {
					t.Errorf("%s %s at %d px: labels %v px, numbers %v px; want 24 and 22 at least", c.link, sel, size.w, m.X, m.Cell)
				}
				if size.w == 1920 && m.W < 560 {
					t.Errorf("%s %s at 1920×1080: %.0f px wide, want 560 at least", c.link, sel, m.W)
				}
				if clear := m.Pitch * math.Sin(m.Rotate*math.Pi/180); m.Rotate != 0 && clear < m.X {
					t.Errorf("%s %s at %d px: turned labels %.0f px apart, less than their %v px size", c.link, sel, size.w, clear, m.X)
				}
				if m.Overflowing {
					t.Errorf("%s at %d px: the page is wider than the screen", c.link, size.w)
				}
			}
			eval[chromedp.Void](tb, `scrollTo(0, 0)`)
			tb.checkBarApart(c.link, size.w)
			tb.shot(fmt.Sprintf("present-view-%s-%d", url.PathEscape(c.link), size.w))
		}
		tb.open(s.URL() + "#present=1&lang=en&view=pipeline")
		tb.checkLeast(".pipe-step", map[bool]float64{false: 180, true: 150}[size.mobile], size.w)
		tb.shot(fmt.Sprintf("present-view-pipeline-%d", size.w))
	}
	tb.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))
	tb.open(s.URL() + "#present=1&lang=en&view=attention&heads=4")
	tb.checkLeast(".thumb-chart", 180, 1920)
	tb.teachShots("present-thumbs", ".thumbs-panel")
	tb.checkClean("every view in presentation mode")
}

// checkBarApart checks that the presentation bar's controls do not overlap.
func (tb *tab) checkBarApart(what string, width int64) {
	tb.t.Helper()
	overlaps := eval[[]string](tb, `(() => {
		const els = [...document.querySelectorAll(".present-bar #sentence, .present-bar .present-controls .check, .present-bar #heads button, .present-bar #present-view, .present-bar #present")];
		const out = [];
		for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
			const a = els[i].getBoundingClientRect(), b = els[j].getBoundingClientRect();
			if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push((els[i].id || els[i].className) + " × " + (els[j].id || els[j].textContent));
		}
		return out;
	})()`)
	if len(overlaps) > 0 {
		tb.t.Errorf("%s at %d px: the bar's controls overlap: %v", what, width, overlaps)
	}
}

// checkLeast checks that every element sel selects is at least px wide.
func (tb *tab) checkLeast(sel string, px float64, width int64) {
	tb.t.Helper()
	tb.waitFor(sel, fmt.Sprintf(`document.querySelectorAll(%q).length > 0`, sel), 10*time.Second)
	least := eval[float64](tb, fmt.Sprintf(`Math.min(...[...document.querySelectorAll(%q)].map(e => e.getBoundingClientRect().width))`, sel))
	tb.t.Logf("%d px: the narrowest %s is %.0f px", width, sel, least)
	if least < px {
		tb.t.Errorf("%d px: %s is %.0f px wide, want %.0f at least", width, sel, least, px)
	}
}

// TestPresentTours walks the guided tour and a teacher's tour in
// presentation mode with the keyboard: the step's text and ← → are in the
// one bar, at 24 px at least, in both languages.
func TestPresentTours(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))
	for _, lang := range []string{"en", "zh-Hans"} {
		tb.open(s.URL() + "#present=1&view=tour&step=2&lang=" + lang)
		tb.checkBarText("guided tour "+lang, "#tour-title", "#tour-body", "#tour-next", "#tour-prev")
		title := eval[string](tb, `document.querySelector("#tour-title").textContent`)
		tb.pageKey(kb.ArrowRight)
		tb.waitFor("step 3", `window.attnviz.state().step === "3" && document.querySelector(".present-bar #tour-title").textContent !== `+jsString(title), 10*time.Second)
		tb.keyPress("#tour-next", "\r")
		tb.waitFor("step 4", `window.attnviz.state().step === "4"`, 10*time.Second)
		tb.shot("present-tour-" + lang + "-1920")
		tb.checkTranslated("present-tour")
		if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
			tb.axeCheck(axe, "present-tour-"+lang)
		}

		tb.open(s.URL() + "#present=1&view=attention&text=the+cat+sat&lang=" + lang + "&teach=" + url.QueryEscape(keyTour()) + "&tstep=1")
		tb.checkBarText("teacher's tour "+lang, "#teach-note", "#teach-next", "#teach-prev")
		tb.pageKey(kb.ArrowRight)
		tb.checkPlaying(2, "pipeline", "2 二")
		if !eval[bool](tb, `!!document.querySelector(".page.present .present-bar #teach-bar") && window.attnviz.state().present`) {
			t.Errorf("%s: step 2 left presentation mode or its bar", lang)
		}
		tb.shot("present-teach-" + lang + "-1920")
		tb.checkTranslated("present-teach")
		if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
			tb.axeCheck(axe, "present-teach-"+lang)
		}
	}
	tb.do("a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	tb.open(s.URL() + "#present=1&view=tour&step=1&lang=zh-Hans")
	tb.checkBarText("guided tour on a phone", "#tour-title", "#tour-body", "#tour-next")
	tb.checkBarApart("guided tour", 390)
	tb.shot("present-tour-zh-390")
	tb.open(s.URL() + "#present=1&view=tour&step=11&lang=en")
	tb.checkFirstScreen("the longest step's Next on a phone", "#tour-next")
	tb.open(s.URL() + "#present=1&view=attention&text=the+cat+sat&lang=en&teach=" + url.QueryEscape(keyTour()) + "&tstep=2")
	tb.checkBarText("teacher's tour on a phone", "#teach-note", "#teach-next")
	tb.checkBarApart("teacher's tour", 390)
	if !eval[bool](tb, `document.querySelector("#teach-next").getBoundingClientRect().bottom <= document.querySelector("#teach-note").getBoundingClientRect().top`) {
		t.Error("teacher's tour on a phone: its buttons are not above its note")
	}
	tb.teachShots("present-teach", "#teach-bar")
	tb.checkClean("tours in presentation mode")
}

// checkBarText checks that each of sels is in the presentation bar, in
// type of 24 px at least.
func (tb *tab) checkBarText(what string, sels ...string) {
	tb.t.Helper()
	for _, sel := range sels {
		tb.waitFor(what+": "+sel+" in the bar", fmt.Sprintf(`!!document.querySelector(".present-bar %s")`, sel), 10*time.Second)
		px := eval[float64](tb, fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector(".present-bar %s")).fontSize)`, sel))
		if px < 24 {
			tb.t.Errorf("%s: %s is %v px, want 24 at least", what, sel, px)
		}
	}
}

// checkFirstScreen fails unless sel is whole within the window's first
// screen, unscrolled.
func (tb *tab) checkFirstScreen(what, sel string) {
	tb.t.Helper()
	tb.waitFor(what+": "+sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel), 10*time.Second)
	r := eval[map[string]float64](tb, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {top: r.top + scrollY, bottom: r.bottom + scrollY, h: innerHeight}; })()`, sel))
	if r["top"] < 0 || r["bottom"] > r["h"] {
		tb.t.Errorf("%s: %s spans %v–%v px of the page, the first screen 0–%v", what, sel, r["top"], r["bottom"], r["h"])
	}
}

// TestPresentScalingControls checks that the scaling view in presentation
// mode, which has no sidebar, holds the settings it is about, as the
// guided tour's step asks ("turn the scaling off and raise d_k"): the
// √d_k switch and the d_k choice work from there.
func TestPresentScalingControls(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a projector's screen", chromedp.EmulateViewport(1280, 720))
	tb.open(s.URL() + "#view=tour&step=4&present=1")
	if !eval[bool](tb, `(() => { const el = document.querySelector(".present .view-scaling #scale"); return !!el && el.getClientRects().length > 0 && !document.querySelector(".sidebar"); })()`) {
		t.Fatal("the scaling view in presentation mode shows no √d_k switch")
	}
	tb.click(".view-scaling #scale")
	tb.waitFor("the scaling off", `window.attnviz.state().scale === false && window.attnviz.state().step === "4"`, 10*time.Second)
	tb.choose(".view-scaling #dk", "64")
	tb.waitFor("d_k 64", `window.attnviz.state().d_k === 64 && document.querySelector("#scaling-formula").textContent.includes("q·k / 1")`, 10*time.Second)
	tb.checkClean("the scaling view's settings in presentation mode")
}

// TestPresentCellPanel checks that the one-cell panel of the tour's step 6
// reads from the back of the room in presentation mode: its sums at 24 px
// and its tables' numbers at 20 px at least, as the charts' labels are
// large there.
func TestPresentCellPanel(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a projector's screen", chromedp.EmulateViewport(1920, 1080))
	tb.open(s.URL() + "#view=tour&step=6&present=1")
	tb.waitFor("the cell panel", `!!document.querySelector("#cell-panel .values td")`, 10*time.Second)
	for sel, least := range map[string]float64{"#cell-panel .eq": 24, "#cell-panel .values td": 20, "#cell-panel h3": 24, "#cell-title": 24} {
		if px := eval[float64](tb, fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector(%q)).fontSize)`, sel)); px < least {
			t.Errorf("%s is %v px in presentation mode, want %v at least", sel, px, least)
		}
	}
	tb.checkClean("the cell panel in presentation mode")
}
