//go:build !wasm

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTourPhoneOpensOnLesson opens a link to a step of the guided tour on a
// phone (390×844) and checks that the step's title is on the first screen,
// above the settings: the settings panel came first and pushed the lesson
// below the fold (its title at 1042 px).
func TestTourPhoneOpensOnLesson(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.do("resizing", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)))
	tb.open(s.URL() + "#view=tour&step=7&lang=en")
	tb.waitFor("the step's title", `document.querySelector("#tour-title") !== null`, 10*time.Second)
	pos := eval[[]float64](tb, `(() => {
		const y = (sel) => document.querySelector(sel).getBoundingClientRect();
		return [y("#tour-title").top, y("#tour-title").bottom, innerHeight, y("#tour-title").top - y(".sidebar").top, y("#tour-next").bottom];
	})()`)
	if pos[0] < 0 || pos[1] > pos[2] || pos[3] > 0 {
		t.Errorf("on a phone the step's title is at %v–%v px of a %v px screen, %v px below the settings; want it on the first screen, above the settings",
			pos[0], pos[1], pos[2], pos[3])
	}
	t.Logf("the step's title at %v px, Next ends at %v px", pos[0], pos[4])
	tb.checkClean("tour on a phone")
}
