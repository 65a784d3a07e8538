package e2e

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPresentLearnTrained opens the Learn view and the trained layer in
// presentation mode at 1920×1080, 1280×800 (in Chinese) and 390×844: the Learn view's curves and
// heatmaps have 24 px labels at least and are wide on the projector; the
// bar hides the sentence there, and on the trained layer names the layer
// and the probe instead of the sentence.
func TestPresentLearnTrained(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const train = "task=reverse&seed=3&steps=30&probe=a+b+c+d+e+f+g+h"
	for _, size := range []struct {
		w, h   int64
		mobile bool
		lang   string
	}{{1920, 1080, false, "en"}, {1280, 800, false, "zh"}, {390, 844, true, "en"}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		tb.open(s.URL() + "#present=1&lang=" + size.lang + "&view=learn&" + train)
		tb.waitFor("the Learn view's heatmaps", `!!document.querySelector("#now-0-0")`, 30*time.Second)
		if tb.sentenceShown() {
			t.Errorf("the Learn view in presentation mode at %d px shows the sentence box", size.w)
		}
		for _, sel := range []string{"#loss-chart", "#accuracy-chart", "#before-0-0", "#now-0-0"} {
			tb.checkPresentChart("view=learn", sel, size.w)
		}
		tb.shot(fmt.Sprintf("present-learn-%s-%d", size.lang, size.w))

		tb.open(s.URL() + "#present=1&lang=" + size.lang + "&view=attention&trained=1&" + train)
		tb.waitFor("the trained layer's line in the bar", `!!document.querySelector("#trained-present")`, 30*time.Second)
		tb.checkPresentChart("the trained attention", "#heatmap", size.w)
		line := eval[string](tb, `document.querySelector("#trained-present").textContent`)
		if !strings.Contains(line, "a b c d e f g h") || tb.sentenceShown() {
			t.Errorf("the trained layer in presentation mode at %d px: the bar says %q (want the probe) and shows the sentence: %v",
				size.w, line, tb.sentenceShown())
		}
		if eval[bool](tb, `!!document.querySelector("#causal") && document.querySelector("#causal").checkVisibility()`) {
			t.Errorf("the trained layer in presentation mode at %d px offers the causal mask, which does not apply", size.w)
		}
		tb.checkBarApart("the trained attention", size.w)
		eval[bool](tb, `(scrollTo(0, 0), true)`)
		tb.shot(fmt.Sprintf("present-trained-%s-%d", size.lang, size.w))
	}
	tb.checkClean("the Learn view and the trained layer in presentation mode")
}

// sentenceShown reports whether the sentence box is visible.
func (tb *tab) sentenceShown() bool {
	return eval[bool](tb, `(e => !!e && e.checkVisibility({visibilityProperty: true}))(document.querySelector("#sentence"))`)
}

// checkPresentChart scrolls the chart sel into view and checks its sizes
// for presentation, as TestPresentEveryView does.
func (tb *tab) checkPresentChart(what, sel string, width int64) {
	tb.t.Helper()
	tb.do("scrolling to "+sel, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Sleep(300*time.Millisecond))
	m := tb.chartSizeOf(sel)
	tb.t.Logf("%d px %s %s: %.0f×%.0f px, labels %v px, numbers %v px, columns %.0f px apart, turned %v°",
		width, what, sel, m.W, m.H, m.X, m.Cell, m.Pitch, m.Rotate)
	if m.X < 24 || m.CellsLabeled && m.Cell < 22 {
		tb.t.Errorf("%s %s at %d px: labels %v px, numbers %v px; want 24 and 22 at least", what, sel, width, m.X, m.Cell)
	}
	if width == 1920 && m.W < 560 {
		tb.t.Errorf("%s %s at 1920×1080: %.0f px wide, want 560 at least", what, sel, m.W)
	}
	if clear := m.Pitch * math.Sin(m.Rotate*math.Pi/180); m.Rotate != 0 && clear < m.X {
		tb.t.Errorf("%s %s at %d px: turned labels %.0f px apart, less than their %v px size", what, sel, width, clear, m.X)
	}
	if m.Overflowing {
		tb.t.Errorf("%s at %d px: the page is wider than the screen", what, width)
	}
}
