//go:build !wasm

package e2e

import (
	"math"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPresentFits checks three things a projector showed wrong, found by
// an exploratory test: the padding view's heatmaps are no taller than a
// 1280×720 screen (1253 px square, below the first one's fold the padded
// sentence two screens down); in the Learn view at 1024×768 the bar holds
// the view select and Exit on one line, not wrapped under the room its
// hidden sentence kept; and the tour's learning step does not move its
// heatmaps when the run ends (its status wrapped, 76 px).
func TestPresentFits(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a 1280×720 projector", chromedp.EmulateViewport(1280, 720))
	tb.open(s.URL() + "#view=padding&present=1&lang=en")
	if h := eval[float64](tb, `document.querySelector("#padding-1").getBoundingClientRect().height`); h > 720 {
		t.Errorf("padding at 1280×720: the second sentence's heatmap is %.0f px high, over the screen's 720", h)
	}

	tb.do("a 1024×768 projector", chromedp.EmulateViewport(1024, 768))
	tb.open(s.URL() + "#view=learn&present=1&lang=en")
	bar := eval[[]float64](tb, `(() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
		return [r("#present-view").top, r("#present").top, r(".present-bar").height]; })()`)
	if math.Abs(bar[0]-bar[1]) > 8 || bar[2] > 80 {
		t.Errorf("Learn at 1024×768: the view select at %.0f px, Exit at %.0f px, the bar %.0f px high; want one line", bar[0], bar[1], bar[2])
	}

	tb.do("a 1280×720 projector", chromedp.EmulateViewport(1280, 720))
	tb.open(s.URL() + "#view=tour&step=11&present=1&lang=en")
	tb.click("#tour-next")
	tb.waitFor("the run", `(t => t && t.running && t.step > 5)(window.attnviz.training())`, 20*time.Second)
	running := eval[float64](tb, `document.querySelector(".learn-maps").getBoundingClientRect().top`)
	tb.waitFor("the run's end", `(t => t && !t.running && t.step === 150)(window.attnviz.training())`, 60*time.Second)
	tb.settle()
	if done := eval[float64](tb, `document.querySelector(".learn-maps").getBoundingClientRect().top`); math.Abs(done-running) > 1 {
		t.Errorf("the tour's learning step at 1280×720: the heatmaps at %.0f px while it trains, %.0f px once it stops", running, done)
	}
	tb.checkClean("presentation fits")
}
