//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/attnviz/attnviz/app/views"
)

// tourShownJS reports whether, where the bar stays on screen, the tour
// step's text shows whole in it and every box the step marks whole under
// it; elsewhere, whether the page is at its top, where the text starts (a
// phone's may be longer than its screen).
const tourShownJS = `(() => {
	const bar = document.querySelector(".present-bar"), body = document.querySelector("#tour-body");
	const view = document.querySelector(".view-tour");
	if (!bar || !body || !view) return false;
	const b = bar.getBoundingClientRect(), t = body.getBoundingClientRect();
	if (getComputedStyle(bar).position !== "sticky") return scrollY === 0 && t.top >= 0 && t.top < innerHeight;
	if (t.top < 0 || t.bottom > b.bottom) return false;
	const marks = (view.dataset.pipe || "").split(" ").filter(Boolean);
	return marks.length > 0 && marks.every(id => {
		const r = document.querySelector('.view-tour .pipe-step[data-step="' + id + '"]').getBoundingClientRect();
		return r.top >= b.bottom && r.bottom <= innerHeight;
	});
})()`

// TestTourPresentShowsMarks walks the guided tour in presentation mode with
// → on a projector's 1280×720 and on a phone. On the projector, each step
// that marks pipeline boxes (the score matrix, the softmax, the heads'
// concatenation: below the fold under the step's text) keeps the bar with
// its text on screen and scrolls its boxes whole into view under it; the
// other steps open at the top of the page. On the phone, whose screen has
// no room for a bar that stays, every step opens at the top, with its text.
func TestTourPresentShowsMarks(t *testing.T) {
	s := newSite(t, rootPrefix)
	count := views.TourStepCount("")
	for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			tb := newTab(t, s)
			tb.do("the screen", chromedp.EmulateViewport(size[0], size[1]))
			tb.open(s.URL() + "#view=tour&step=1&present=1")
			sticky := 0
			for n := 1; n <= count; n++ {
				if n > 1 {
					eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur()`)
					tb.pressKey(kb.ArrowRight)
				}
				tb.waitFor(fmt.Sprintf("step %d", n), fmt.Sprintf(`window.attnviz.state().step === "%d"`, n), 10*time.Second)
				ok := false
				for end := time.Now().Add(5 * time.Second); !ok && time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
					ok = eval[bool](tb, tourShownJS)
				}
				if !ok {
					t.Errorf("step %d: %s", n, eval[string](tb, `(() => {
						const r = s => { const e = document.querySelector(s); if (!e) return "none"; const b = e.getBoundingClientRect(); return Math.round(b.top) + "–" + Math.round(b.bottom); };
						const v = document.querySelector(".view-tour");
						return "marks " + JSON.stringify(v && v.dataset.pipe) + ", bar " + r(".present-bar") + " (" + getComputedStyle(document.querySelector(".present-bar")).position +
							"), text " + r("#tour-body") + ", boxes " + [...document.querySelectorAll(".view-tour .pipe-step")].map(e => e.dataset.step + " " + Math.round(e.getBoundingClientRect().top) + "–" + Math.round(e.getBoundingClientRect().bottom)).join(", ") +
							", scrollY " + scrollY + ", viewport " + innerHeight;
					})()`))
					tb.shot(fmt.Sprintf("tour-present-%dx%d-%d", size[0], size[1], n))
				}
				if eval[bool](tb, `getComputedStyle(document.querySelector(".present-bar")).position === "sticky"`) {
					sticky++
				}
			}
			if size[0] == 1280 {
				tb.checkFocusUnderBar()
			}
			if want := map[int64]int{1280: 4, 390: 0}[size[0]]; sticky != want {
				t.Errorf("the bar stayed on screen in %d steps, want %d (the steps that mark pipeline boxes, where there is room)", sticky, want)
			}
			tb.checkClean("tour in presentation")
		})
	}
}

// checkFocusUnderBar goes back to step 9 (the heads' concatenation, the
// page scrolled down under the bar that stays) and tabs backwards from the
// end of the page through the pipeline's boxes: each one focused shows
// whole under the bar, none hidden under it.
func (tb *tab) checkFocusUnderBar() {
	tb.t.Helper()
	for n := views.TourStepCount(""); n > 9; n-- {
		eval[chromedp.Void](tb, `document.activeElement && document.activeElement.blur()`)
		tb.pressKey(kb.ArrowLeft)
	}
	tb.waitFor("step 9", `window.attnviz.state().step === "9" && getComputedStyle(document.querySelector(".present-bar")).position === "sticky"`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	eval[chromedp.Void](tb, `document.querySelector(".view-tour .pipe-step[data-step='wo']").focus()`)
	for range 12 {
		tb.press("Shift+Tab", kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
		where := eval[[]float64](tb, `(() => {
			const el = document.activeElement, b = document.querySelector(".present-bar").getBoundingClientRect();
			if (!el || !el.matches(".view-tour .pipe-step")) return [];
			const r = el.getBoundingClientRect();
			return [r.top, r.bottom, b.bottom];
		})()`)
		if len(where) == 0 {
			return // out of the pipeline's boxes
		}
		if where[0] < where[2]-1 {
			tb.t.Errorf("a pipeline box focused at %.0f–%.0f px, under the bar (to %.0f px)", where[0], where[1], where[2])
		}
	}
}

// TestTourKeepsFocus checks that → pressed from the keyboard to the last
// step, and ← to the first, which each disables, leave the focus on the
// other button, not on the page's body, in the tour and in presentation
// mode's bar.
func TestTourKeepsFocus(t *testing.T) {
	s := newSite(t, rootPrefix)
	count := views.TourStepCount("")
	for _, present := range []string{"0", "1"} {
		tb := newTab(t, s)
		tb.open(fmt.Sprintf("%s#view=tour&step=%d&present=%s", s.URL(), count-1, present))
		eval[chromedp.Void](tb, `document.querySelector("#tour-next").focus()`)
		tb.press("Enter on →", kb.Enter)
		tb.waitFor("the last step", fmt.Sprintf(`window.attnviz.state().step === "%d"`, count), 10*time.Second)
		tb.waitFor("the focus on ← at the last step", `document.activeElement?.id === "tour-prev"`, 5*time.Second)
		tb.open(fmt.Sprintf("%s#view=tour&step=2&present=%s", s.URL(), present))
		eval[chromedp.Void](tb, `document.querySelector("#tour-prev").focus()`)
		tb.press("Enter on ←", kb.Enter)
		tb.waitFor("the first step", `window.attnviz.state().step === "1"`, 10*time.Second)
		tb.waitFor("the focus on → at the first step", `document.activeElement?.id === "tour-next"`, 5*time.Second)
		tb.checkClean("the tour's focus, present=" + present)
	}
}
