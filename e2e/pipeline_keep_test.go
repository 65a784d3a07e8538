//go:build !wasm

package e2e

import (
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
