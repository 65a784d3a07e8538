//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestLearnProbeEmpty empties the Learn view's probe box as a student
// does, selecting its text and pressing Backspace, once from the task's
// sample and once from a probe typed into the link: the view says plainly
// that the probe is empty, in both languages, and shows nothing of the
// probe before (no table, no heatmap, no result); typing a sequence again
// brings them back, for that sequence.
func TestLearnProbeEmpty(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	for _, c := range []struct{ lang, probe, says string }{
		{"en", "", "empty"},
		{"zh-Hans", "&probe=c+b+a", "空"},
	} {
		tb.openLearn(s, "task=reverse&seed=1&lang="+c.lang+c.probe)
		tb.waitFor("the probe's heatmaps", `document.querySelectorAll(".learn-map").length > 0 && !!document.querySelector("#predictions")`, 20*time.Second)
		eval[chromedp.Void](tb, `(() => { const el = document.querySelector("#probe"); el.focus(); el.select(); })()`)
		tb.press("Backspace in #probe", kb.Backspace)
		tb.waitFor("the empty probe's message", `!!document.querySelector("#probe-error")`, 10*time.Second)
		tb.settle()
		msg := eval[string](tb, `document.querySelector("#probe-error").textContent`)
		if !strings.Contains(msg, c.says) {
			t.Errorf("%s: the message %q does not say that the probe is empty", c.lang, msg)
		}
		if n := eval[int](tb, `document.querySelectorAll(".learn-map, #predictions").length`); n != 0 {
			t.Errorf("%s: %d heatmaps or tables of the probe before still shown", c.lang, n)
		}
		if js := tb.resultJSON(); js != "" {
			t.Errorf("%s: result() for an empty probe: %.100q", c.lang, js)
		}
		if v := eval[string](tb, `document.querySelector("#probe").value`); v != "" {
			t.Errorf("%s: the emptied box holds %q", c.lang, v)
		}
		if text := eval[string](tb, `document.querySelector(".view-learn").innerText`); strings.Contains(text, "NaN") {
			t.Errorf("%s: the view shows NaN for an empty probe", c.lang)
		}
		tb.shot("learn-probe-empty-" + c.lang)
		tb.do("typing a probe again", chromedp.KeyEvent("d c b a"))
		tb.waitFor("the new probe's heatmaps", `!document.querySelector("#probe-error") && document.querySelectorAll(".learn-map").length > 0 && !!document.querySelector("#predictions")`, 10*time.Second)
		if r := tb.result(); strings.Join(r.Tokens, " ") != "d c b a" {
			t.Errorf("%s: after typing again, result() tokens %q, want d c b a", c.lang, r.Tokens)
		}
	}
	tb.checkClean("an emptied probe")
}
