//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/views"
)

// TestTour walks the guided tour with the keyboard alone, from the first
// step to the last and one back, in both languages, checking each step's
// view and link; then opens a bad step and a bad tour.
func TestTour(t *testing.T) {
	s := newSite(t, rootPrefix)
	count := views.TourStepCount("")
	for _, lang := range i18n.Langs {
		tb := newTab(t, s)
		tb.open(s.URL() + "#view=tour&lang=" + lang)
		titles := map[string]bool{}
		for n := 1; n <= count; n++ {
			if n > 1 {
				tb.pressKey(kb.ArrowRight)
			}
			tb.waitFor(fmt.Sprintf("step %d", n), fmt.Sprintf(`window.attnviz.state().step === "%d" && document.querySelector("#tour-progress")?.textContent.includes("%d")`, n, n), 10*time.Second)
			title := eval[string](tb, `document.querySelector("#tour-title").textContent`)
			inner := eval[string](tb, `[...document.querySelectorAll(".view-tour .view")].map(v => v.className).join(" ")`)
			if title == "" || titles[title] || !strings.Contains(inner, "view-") {
				t.Errorf("%s step %d: title %q (seen: %v), view %q", lang, n, title, titles[title], inner)
			}
			titles[title] = true
			if link := tb.waitLinkWritten(""); !strings.Contains(link, fmt.Sprintf("step=%d&", n)) || !strings.Contains(link, "view=tour") {
				t.Errorf("%s step %d: the link %q", lang, n, link)
			}
			if n == 1 || n == 7 || n == count {
				tb.screenshots(fmt.Sprintf("tour-%s-%d", lang, n), nil)
			}
		}
		tb.pressKey(kb.ArrowRight) // past the end: nothing
		time.Sleep(300 * time.Millisecond)
		if st := tb.state(); st.View != "tour" {
			t.Errorf("%s: → at the last step left the tour: %+v", lang, st)
		}
		tb.pressKey(kb.ArrowLeft)
		tb.waitFor("a step back", fmt.Sprintf(`window.attnviz.state().step === "%d"`, count-1), 10*time.Second)
		tb.checkClean("tour " + lang)
	}

	for _, link := range []string{"#view=tour&step=42", "#view=tour&tour=nonesuch&lang=zh-Hans"} {
		tb := newTab(t, s)
		tb.do("opening "+link, chromedp.Navigate(s.URL()+link)) // no chart to wait for
		tb.waitFor("the message of "+link, `!!window.attnviz && !!document.querySelector("#tour-error") && !document.querySelector("#notice")`, 60*time.Second)
		t.Logf("%s: %s", link, eval[string](tb, `document.querySelector("#tour-error").textContent`))
		eval[chromedp.Void](tb, `document.querySelector("#tour-start").focus()`)
		tb.pressKey("\r")
		tb.waitFor("the tour's start from "+link, `window.attnviz.state().step === "1" && !!document.querySelector("#tour-title")`, 10*time.Second)
		tb.checkClean("bad tour link " + link)
	}
}

// pressKey presses key on whatever has the focus, the page itself if
// nothing does.
func (tb *tab) pressKey(key string) {
	tb.t.Helper()
	tb.do("pressing "+key, chromedp.KeyEvent(key))
}
