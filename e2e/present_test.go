//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPresentation switches presentation mode on with the key P at
// 1920×1080, measures the heatmap's share of the screen and its type,
// visits every view in it, leaves it with Esc, and opens it from a link.
func TestPresentation(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))
	tb.open(s.URL())
	eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur()`)
	n := tb.updates()
	tb.do("pressing P", chromedp.KeyEvent("p"))
	tb.waitUpdates(n)
	tb.waitFor("presentation mode", `window.attnviz.state().present === true && !!document.querySelector(".page.present #heatmap")`, 10*time.Second)
	tb.waitFor("the large chart", `(() => { const c = echarts.getInstanceByDom(document.querySelector("#heatmap")); return c && c.getOption().xAxis[0].axisLabel.fontSize >= 24; })()`, 10*time.Second)
	tb.checkPresentedChart()
	if !eval[bool](tb, `!!document.fullscreenElement`) {
		t.Error("P did not ask for the browser's full screen")
	}
	tb.shot("present-attention-1920")

	for _, view := range []string{"pipeline", "scaling", "compare", "padding", "matrices", "attention"} {
		n := tb.updates()
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
			const el = document.querySelector("#present-view");
			el.value = %q;
			el.dispatchEvent(new Event("change", {bubbles: true}));
		})()`, view))
		tb.waitUpdates(n)
		tb.waitFor(view+" in presentation mode", fmt.Sprintf(`window.attnviz.state().view === %q && !!document.querySelector(".page.present .view")`, view), 10*time.Second)
		if bar := eval[bool](tb, `!!document.querySelector(".present-bar #sentence") && !!document.querySelector(".present-bar #causal") && !!document.querySelector(".present-bar #heads") && !document.querySelector(".sidebar")`); !bar {
			t.Errorf("%s: the bar lacks the sentence, causal or head, or the sidebar is shown", view)
		}
		time.Sleep(300 * time.Millisecond)
		tb.shot("present-" + view + "-1920")
	}
	tb.checkPresentedChart()

	// The bar's controls work in it.
	tb.click(".present-bar #causal")
	if st := tb.state(); st.Mask != "causal" {
		t.Errorf("the bar's causal box: mask %q", st.Mask)
	}
	tb.screenshots("present", nil)
	tb.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))

	tb.do("pressing Esc", chromedp.KeyEvent(kb.Escape))
	tb.waitFor("presentation mode and full screen left", `window.attnviz.state().present === false && !document.querySelector(".page.present") && !!document.querySelector(".tabs") && !document.fullscreenElement`, 10*time.Second)

	tb.open(s.URL() + "#present=1&view=scaling&lang=zh-Hans")
	tb.waitFor("presentation mode from a link", `!!document.querySelector(".page.present") && window.attnviz.state().view === "scaling"`, 10*time.Second)
	tb.shot("present-link-zh-1920")
	tb.checkClean("presentation")
}

// checkPresentedChart checks that #heatmap covers at least 60 % of the
// viewport and that its labels and numbers are at least 24 px.
func (tb *tab) checkPresentedChart() {
	tb.t.Helper()
	share := eval[float64](tb, `(() => {
		const r = document.querySelector("#heatmap").getBoundingClientRect();
		const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
		const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
		return w * h / (innerWidth * innerHeight);
	})()`)
	if share < 0.6 {
		tb.t.Errorf("the heatmap covers %.0f %% of the 1920×1080 viewport, want 60 %% at least", share*100)
	}
	var sizes struct {
		X, Y, Cell float64
		Shown      bool
	}
	raw := eval[string](tb, `(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption();
		return JSON.stringify({x: o.xAxis[0].axisLabel.fontSize, y: o.yAxis[0].axisLabel.fontSize,
			cell: o.series[0].label.fontSize, shown: !!o.series[0].label.show});
	})()`)
	if err := jsonUnmarshalString(raw, &sizes); err != nil {
		tb.t.Fatal(err)
	}
	if sizes.X < 24 || sizes.Y < 24 || sizes.Cell < 24 || !sizes.Shown {
		tb.t.Errorf("presentation: axis labels %v and %v px, cell numbers %v px (shown: %v); want 24 px at least, shown",
			sizes.X, sizes.Y, sizes.Cell, sizes.Shown)
	}
	tb.t.Logf("presentation: the heatmap covers %.0f %% of the viewport; labels %v/%v px, numbers %v px", share*100, sizes.X, sizes.Y, sizes.Cell)
}

// shot saves a screenshot of the viewport to artifacts/<name>.png.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(artifactsDir, name+".png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// TestPresentKeys checks that the keyboard shortcuts work in presentation
// mode as outside it (there were none): c switches the causal mask, 1 and m
// choose the head, v the next view, ? lists the keys; the list's button
// stays off the bar.
func TestPresentKeys(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("a 1920×1080 screen", chromedp.EmulateViewport(1920, 1080))
	tb.open(s.URL() + "#present=1&lang=en")
	tb.waitFor("presentation mode", `!!document.querySelector(".page.present #heatmap")`, 10*time.Second)
	eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur()`)
	tb.pressWait("c", "c")
	tb.pressWait("1", "1")
	if st := tb.state(); st.Mask != "causal" || st.Head != "0" || !tb.presenting() {
		t.Errorf("after c and 1 in presentation mode: mask %q, head %q, present %v", st.Mask, st.Head, tb.presenting())
	}
	tb.pressWait("m", "m")
	if st := tb.state(); st.Head != "mean" {
		t.Errorf("after m: head %q", st.Head)
	}
	tb.pressWait("v", "v")
	if st := tb.state(); st.View != "pipeline" || !tb.presenting() {
		t.Errorf("after v: view %q, present %v", st.View, tb.presenting())
	}
	tb.press("?", "?")
	tb.waitFor("the list of keys", `!!document.querySelector("#shortcuts")`, 10*time.Second)
	if eval[bool](tb, `document.querySelector("#shortcuts-open").checkVisibility()`) {
		t.Error("the list's button shows on the presentation bar")
	}
	tb.shot("present-keys-1920")
	tb.checkClean("keys in presentation mode")
}

// presenting reports whether the page is in presentation mode.
func (tb *tab) presenting() bool {
	tb.t.Helper()
	return eval[bool](tb, `window.attnviz.state().present === true && !!document.querySelector(".page.present")`)
}
