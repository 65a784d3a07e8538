//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPipelineKeepsItsParts checks that what comes and goes in the
// pipeline view (the mean's note, the step dialog) does not replace the
// parts after it (go-app matches children by position: views.Slot): the
// head picked from the keyboard keeps a focused step's button, its pictures'
// chart and the heads' thumbnails through the mean and back, and opening
// and closing a step keeps the thumbnails' chart.
func TestPipelineKeepsItsParts(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline&heads=2&head=0")
	eval[chromedp.Void](tb, `window.__kept = [document.querySelector("#pipeline"), document.querySelector("#pipeline .heatmap-grid"),
		document.querySelector(".pipe-heads .heatmap-grid")]; document.querySelector('.pipe-step[data-step="q"]').focus()`)
	kept := `window.__kept.every(el => el && el.isConnected)`
	tb.press("m, the mean", "m")
	tb.waitFor("the mean", `window.attnviz.state().head === "mean" && !!document.querySelector(".pipe-note")`, 10*time.Second)
	if !eval[bool](tb, kept) || !eval[bool](tb, `document.activeElement?.dataset.step === "q"`) {
		t.Errorf("the mean's note replaced the pipeline or the thumbnails, or the focus left the step's button: %s",
			eval[string](tb, `window.__kept.map(el => el.isConnected).join(",") + " " + (document.activeElement?.outerHTML || "").slice(0, 80)`))
	}
	tb.press("1, the first head", "1")
	tb.waitFor("head 1", `window.attnviz.state().head === "0" && !document.querySelector(".pipe-note")`, 10*time.Second)
	tb.press("Enter on the step", kb.Enter)
	tb.waitFor("the step open", `!!document.querySelector("#step-close")`, 10*time.Second)
	tb.press("Esc", kb.Escape)
	tb.waitFor("the step closed", `!document.querySelector("#step-close")`, 10*time.Second)
	if !eval[bool](tb, kept) {
		t.Errorf("a step opened and closed replaced the pipeline or the thumbnails: %s", eval[string](tb, `window.__kept.map(el => el.isConnected).join(",")`))
	}
	tb.checkClean("the pipeline's parts kept")
}

// TestThumbsKeepTheirChart checks that another number of heads, chosen in
// the sidebar, keeps the heads' thumbnails' chart (one ECharts instance
// over the buttons) in the attention and pipeline views, and that it then
// draws every head and the mean over the whole, taller, set of buttons.
func TestThumbsKeepTheirChart(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, view := range []string{"attention", "pipeline"} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#view=" + view + "&heads=2")
		sel := ".thumbs-panel .thumbs > .heatmap-grid"
		eval[chromedp.Void](tb, fmt.Sprintf(`window.__grid = document.querySelector(%s)`, jsString(sel)))
		tb.choose("#nheads", "8")
		tb.waitFor(view+": 8 heads drawn", fmt.Sprintf(`(() => {
			const g = document.querySelector(%s), c = echarts.getInstanceByDom(g);
			return window.attnviz.state().heads === 8 && document.querySelectorAll(".thumbs-panel .thumb").length === 9 &&
				c && c.getOption().series.length === 9 && Math.abs(c.getHeight() - g.parentElement.clientHeight) < 2;
		})()`, jsString(sel)), 10*time.Second)
		if !eval[bool](tb, fmt.Sprintf(`document.querySelector(%s) === window.__grid`, jsString(sel))) {
			t.Errorf("%s: another number of heads replaced the thumbnails' chart", view)
		}
		tb.checkClean(view + ": the thumbnails' chart kept")
	}
}

// choose sets the select sel to value as a choice in it does (its change
// event), and waits for the page's update.
func (tb *tab) choose(sel, value string) {
	tb.t.Helper()
	n := tb.updates()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		el.value = %s;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, jsString(sel), jsString(value)))
	tb.waitUpdates(n)
}
