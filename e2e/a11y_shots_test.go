//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestA11yShots saves screenshots, for people to look at, of the export
// menu open, the heatmap focused from the keyboard with its cursor ringed,
// and its table of weights open, at 390×844, 1280×800 and 1920×1080
// (artifacts/a11y-<width>-*.png). It checks that the page is no wider than
// the screen and that the open menu fits in it.
func TestA11yShots(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	for _, size := range [][2]int64{{390, 844}, {1280, 800}, {1920, 1080}} {
		var opts []chromedp.EmulateViewportOption
		if size[0] < 500 {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size[0], size[1], opts...))
		tb.resized()
		name := fmt.Sprintf("a11y-%d", size[0])
		tb.do("opening the export menu", chromedp.ScrollIntoView(chromedp.CSS("#export summary")), chromedp.Click(chromedp.CSS("#export summary")))
		tb.waitFor("the export menu", `document.querySelector("#export").open`, 5*time.Second)
		if out := eval[float64](tb, `(() => { const r = document.querySelector("#export .export-body").getBoundingClientRect(); return Math.max(0, -r.left, r.right - document.documentElement.clientWidth); })()`); out > 0 {
			t.Errorf("%d px: the export menu sticks %v px out of the screen", size[0], out)
		}
		tb.do("scrolling to the menu", chromedp.ScrollIntoView(chromedp.CSS("#export .export-body")))
		tb.viewShot(name + "-export")
		tb.do("closing the export menu", chromedp.Click(chromedp.CSS("#export summary")))
		tb.do("focusing the heatmap", chromedp.Focus(chromedp.CSS("#heatmap-keys")), chromedp.ScrollIntoView(chromedp.CSS("#heatmap-keys")))
		tb.press("↓", kb.ArrowDown)
		tb.press("→", kb.ArrowRight)
		tb.settle()
		tb.viewShot(name + "-focus")
		tb.do("opening the table", chromedp.Click(chromedp.CSS("#weights-table summary")), chromedp.Sleep(300*time.Millisecond))
		tb.do("scrolling to the table", chromedp.ScrollIntoView(chromedp.CSS("#weights-table")))
		tb.viewShot(name + "-table")
		tb.do("closing the table", chromedp.Click(chromedp.CSS("#weights-table summary")))
		if overflow := eval[float64](tb, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); overflow > 0 {
			t.Errorf("%d px: the page is %v px wider than the screen", size[0], overflow)
		}
	}
	tb.checkClean("a11y screenshots")
}
