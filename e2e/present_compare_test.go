//go:build !wasm

package e2e

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// compareEdges are the compare view's first three charts' boxes: each
// chart's right edge, its figure's, and whether the figure scrolls.
type compareEdges struct {
	Right, Figure, Top []float64
	Scrolls            []bool
	Labels             [][2]int  // the column and row labels ECharts shows
	Cells              int       // columns
	RowPitch           []float64 // the distance between two rows' centres, px
	Width              float64   // the viewport's
}

// compareEdgesOf measures #compare-a, #compare-b and #compare-diff.
func (tb *tab) compareEdgesOf() compareEdges {
	tb.t.Helper()
	var e compareEdges
	raw := eval[string](tb, `(() => {
		const e = {right: [], figure: [], top: [], scrolls: [], labels: [], rowPitch: [], width: document.documentElement.clientWidth};
		for (const id of ["compare-a", "compare-b", "compare-diff"]) {
			const c = document.getElementById(id), f = c.closest("figure");
			e.right.push(c.getBoundingClientRect().right);
			e.figure.push(f.getBoundingClientRect().right);
			e.top.push(c.getBoundingClientRect().top);
			e.scrolls.push(f.scrollWidth > f.clientWidth + 1);
			const ch = echarts.getInstanceByDom(c), m = ch.getModel();
			e.labels.push([m.getComponent("xAxis", 0).axis.getViewLabels().length, m.getComponent("yAxis", 0).axis.getViewLabels().length]);
			e.cells = m.getComponent("xAxis", 0).axis.scale.count();
			const [, y0] = ch.convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [0, 0]), [, y1] = ch.convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [0, 1]);
			e.rowPitch.push(Math.abs(y1 - y0));
		}
		return JSON.stringify(e);
	})()`)
	if err := jsonUnmarshalString(raw, &e); err != nil {
		tb.t.Fatal(err)
	}
	return e
}

// TestPresentCompareFits opens the compare view in presentation mode with
// 6 to 16 tokens in both languages at 1920×1080 and 1280×800: no chart
// is cut at its figure's or the screen's edge or scrolls sideways, with
// every one of its 26 px labels shown, apart; on the projector the 14 tokens of the
// Chinese example stand three side by side, and a short sentence's cells
// show their 24 px numbers. On a phone the page stays as wide as the
// screen.
func TestPresentCompareFits(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const (
		short = "text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat"
		long  = "text=the+cat+sat+on+the+mat+because+it+was+tired+and+then+it+slept+all+day" +
			"&text2=the+mat+sat+on+the+cat+because+it+was+tired+and+then+it+slept+all+day"
	)
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1920, 1080, false}, {1280, 800, false}, {390, 844, true}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		for _, link := range []string{"lang=zh-Hans", "lang=en", "lang=en&" + short, "lang=zh-Hans&" + long} {
			tb.open(s.URL() + "#present=1&view=compare&" + link)
			tb.do("settling", chromedp.Sleep(500*time.Millisecond))
			sizes := [3]chartSize{}
			for i, sel := range []string{"#compare-a", "#compare-b", "#compare-diff"} {
				sizes[i] = tb.chartSizeOf(sel)
			}
			e := tb.compareEdgesOf()
			t.Logf("%d×%d %s: charts %.0f px wide, right edges %v, figures %v, tops %v, numbers %v, labels %v of %d, rows %v px apart",
				size.w, size.h, link, sizes[0].W, e.Right, e.Figure, e.Top, sizes[0].CellsLabeled, e.Labels, e.Cells, e.RowPitch)
			tb.shot(fmt.Sprintf("present-compare-%s-%d", url.PathEscape(link[:min(len(link), 30)]), size.w))
			tb.checkCompareEdges(link, size.w, size.mobile, sizes, e)
			if size.w == 1920 && link == "lang=zh-Hans" && (e.Top[0] != e.Top[1] || e.Top[1] != e.Top[2]) {
				t.Errorf("%s at 1920×1080: A, B and A − B are not side by side (tops %v)", link, e.Top)
			}
			if size.w == 1920 && link == "lang=en&"+short {
				for i, m := range sizes {
					if !m.CellsLabeled || m.Cell < 22 {
						t.Errorf("%s at 1920×1080: chart %d shows numbers %v, %v px; want shown, 22 px at least", link, i, m.CellsLabeled, m.Cell)
					}
				}
			}
		}
	}
	tb.checkClean("the compare view in presentation mode")
}

// checkCompareEdges checks one layout of the compare view's charts.
func (tb *tab) checkCompareEdges(link string, width int64, mobile bool, sizes [3]chartSize, e compareEdges) {
	tb.t.Helper()
	for i, m := range sizes {
		if m.Overflowing {
			tb.t.Errorf("%s at %d px: the page is wider than the screen", link, width)
		}
		if m.X < 24 {
			tb.t.Errorf("%s at %d px: chart %d's labels are %v px, want 24 at least", link, width, i, m.X)
		}
		if mobile {
			continue // a phone's charts scroll sideways in their figures
		}
		if e.Right[i] > e.Figure[i]+1 || e.Right[i] > e.Width+1 || e.Scrolls[i] {
			tb.t.Errorf("%s at %d px: chart %d ends at %.0f px, its figure at %.0f, the screen at %.0f (figure scrolls: %v)",
				link, width, i, e.Right[i], e.Figure[i], e.Width, e.Scrolls[i])
		}
		if e.Labels[i] != [2]int{e.Cells, e.Cells} || e.RowPitch[i] < m.X {
			tb.t.Errorf("%s at %d px: chart %d shows %v of its %d column and row labels, rows %.0f px apart for %v px labels",
				link, width, i, e.Labels[i], e.Cells, e.RowPitch[i], m.X)
		}
		if clear := m.Pitch * sin60; m.Rotate != 0 && clear < m.X {
			tb.t.Errorf("%s at %d px: chart %d's turned labels are %.0f px apart, less than their %v px", link, width, i, clear, m.X)
		}
	}
}

// sin60 is sin 60°, the turn of crowded column labels.
const sin60 = 0.8660254037844386
