//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPhoneNoSideways opens every view at 390×844, a phone, and checks
// that nothing scrolls sideways: the page is no wider than the screen, and
// no heatmap of the Learn view is wider than its box or the screen, also in
// presentation mode on a probe of 8 tokens (the guided tour's).
func TestPhoneNoSideways(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("resizing", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	for _, link := range []string{
		"view=attention", "view=pipeline", "view=scaling", "view=compare", "view=padding", "view=matrices", "view=mytour",
		"view=learn", "view=learn&task=coreference", "view=tour&step=12",
		"present=1&view=learn&task=reverse", "present=1&view=tour&step=12", "present=1&lang=zh-Hans&view=learn&task=reverse&probe=h+g+f+e+d+c+b+a",
	} {
		tb.open(s.URL() + "#" + link)
		if strings.Contains(link, "learn") || strings.Contains(link, "step=12") {
			tb.waitFor(link+": its heatmaps", `!!document.querySelector(".learn-map canvas")`, 20*time.Second)
		}
		tb.do("settling", chromedp.Sleep(time.Second))
		var out struct {
			Page float64  // how much wider the page is than the screen
			Wide []string // the Learn view's heatmaps wider than their box or the screen
		}
		raw := eval[string](tb, `(() => {
			const W = Math.min(innerWidth, document.documentElement.clientWidth);
			const wide = [...document.querySelectorAll(".learn-map")].filter(e => e.checkVisibility()).filter(e => {
				const box = e.closest(".chart-scroll");
				return e.getBoundingClientRect().right > W + 1 || (box && box.scrollWidth > box.clientWidth + 1);
			}).map(e => e.id + ": " + Math.round(e.getBoundingClientRect().width) + " px");
			return JSON.stringify({page: document.scrollingElement.scrollWidth - W, wide});
		})()`)
		if err := jsonUnmarshalString(raw, &out); err != nil {
			t.Fatal(err)
		}
		if out.Page > 0 || len(out.Wide) > 0 {
			t.Errorf("%s at 390 px: the page is %v px wider than the screen; heatmaps scrolled sideways: %v", link, out.Page, out.Wide)
		}
	}
	tb.checkClean("every view on a phone")
}
