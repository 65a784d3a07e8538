//go:build !wasm

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// drawnTextsJS lists the texts ECharts draws in the chart sel selects (its
// display list, without the labels it leaves out).
const drawnTextsJS = `(sel => echarts.getInstanceByDom(document.querySelector(sel)).getZr().storage.getDisplayList(true)
	.filter(e => e.style && e.style.text != null && !e.ignore).map(e => String(e.style.text)))`

// TestCompareLabelsEveryToken checks that each of the compare view's six
// heatmaps, about 280 px wide at 1280 and 1920 px, draws every label of its
// axes (11 tokens a side): where its rows are shorter than the labels,
// ECharts left out the first and the last row's ("The" and ".") unless
// told that every label shows (interval 0 as a number, not "0").
func TestCompareLabelsEveryToken(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, w := range []int64{1280, 1920} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			tb := newTab(t, s)
			tb.do("the screen", chromedp.EmulateViewport(w, 900))
			tb.open(s.URL() + "#view=compare&text=" + "The+cat+sat+on+the+mat+because+it+was+tired.")
			for _, id := range []string{"#compare-a", "#compare-b", "#compare-diff", "#compare-nomask", "#compare-causal", "#compare-maskdiff"} {
				tb.showChart(id)
				drawn := eval[[]string](tb, fmt.Sprintf("%s(%s)", drawnTextsJS, jsString(id)))
				labels := eval[[]string](tb, fmt.Sprintf(`(o => [...o.xAxis[0].data, ...o.yAxis[0].data].map(String))(echarts.getInstanceByDom(document.querySelector(%s)).getOption())`, jsString(id)))
				if len(labels) != 22 {
					t.Fatalf("%s: %d axis labels, want 11 a side: %q", id, len(labels), labels)
				}
				for _, l := range labels {
					if n, want := countOf(drawn, l), countOf(labels, l); n < want {
						t.Errorf("%s at %d px: %q drawn %d times, want %d; drawn: %q", id, w, l, n, want, drawn)
					}
				}
			}
			tb.checkClean("compare labels")
		})
	}
}

// countOf returns how many times s is in list.
func countOf(list []string, s string) int {
	n := 0
	for _, v := range list {
		if v == s {
			n++
		}
	}
	return n
}
