package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestHeatmapMedia checks the heatmap's responsive settings, which the page
// applies by the chart's width (app/chart_media.go): the numbers in the
// cells show where they fit, the column labels turn where they do not fit
// side by side, and a resize switches between them.
func TestHeatmapMedia(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#head=0")
	type shown struct {
		Width  float64 `json:"width"`
		Labels bool    `json:"labels"`
		Rotate float64 `json:"rotate"`
	}
	read := func() shown {
		return eval[shown](tb, `(() => {
			const el = document.querySelector("#heatmap");
			const o = echarts.getInstanceByDom(el).getOption();
			return {width: el.clientWidth, labels: !!o.series[0].label.show, rotate: o.xAxis[0].axisLabel.rotate || 0};
		})()`)
	}
	settle := func(what string, want func(shown) bool) shown {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			got := read()
			if want(got) {
				t.Logf("ok: %s: %+v", what, got)
				return got
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: %+v", what, got)
				return got
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	tb.setSentence("The cat sat.")
	settle("4 tokens, 1280 wide: numbers in the cells, labels upright", func(s shown) bool { return s.Labels && s.Rotate == 0 })

	// Twelve short words fit upright, with their numbers, in the chart of a
	// laptop's screen, and not on a phone's.
	tb.setSentence("cat dog owl bee ant fox elk yak emu cow pig hen")
	wide := settle("12 tokens, 1280 wide: numbers, labels upright", func(s shown) bool { return s.Labels && s.Rotate == 0 })

	tb.do("narrowing the window", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	narrow := settle("12 tokens, 390 wide: no numbers, labels turned", func(s shown) bool { return !s.Labels && s.Rotate == 60 })
	if narrow.Width >= wide.Width {
		t.Errorf("the chart is %v wide at 390 and %v at 1280", narrow.Width, wide.Width)
	}
	tb.screenshots("TestHeatmapMedia", nil)

	tb.do("widening the window", chromedp.EmulateViewport(1280, 900))
	settle("12 tokens, 1280 wide again", func(s shown) bool { return s.Labels && s.Rotate == 0 })
	tb.checkClean("resizing the heatmap")
}
