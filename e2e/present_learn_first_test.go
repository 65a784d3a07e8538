//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// learnBoxes are the boxes, in viewport pixels at the page's top, of what
// presentation mode's Learn view shows first.
type learnBoxes struct {
	Before, Now, Loss, Train [4]float64   // left, top, right, bottom
	Captions                 [][4]float64 // the first pair's captions
	Height, Width            float64      // the viewport's
	Lead                     bool         // the introduction is shown
}

// learnBoxesOf measures the Learn view at the page's top.
func (tb *tab) learnBoxesOf() learnBoxes {
	tb.t.Helper()
	var b learnBoxes
	raw := eval[string](tb, `(() => {
		scrollTo(0, 0);
		const box = sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
		const lead = document.querySelector(".learn-controls .lead");
		return JSON.stringify({before: box("#before-0-0"), now: box("#now-0-0"), loss: box("#loss-chart"), train: box("#train"),
			captions: [...document.querySelectorAll(".learn-pair:first-child figcaption")].map(c => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }),
			height: innerHeight, width: document.documentElement.clientWidth, lead: !!lead && lead.checkVisibility()});
	})()`)
	if err := jsonUnmarshalString(raw, &b); err != nil {
		tb.t.Fatal(err)
	}
	return b
}

// TestPresentLearnFirst opens the Learn view in presentation mode in both
// languages: on a projector (1920×1080) and a laptop (1280×800) the first
// layer's heatmaps at step 0 and now are whole on the first screen, side
// by side and at least 400 px wide, with their captions (step 0, now) and
// the Train button above them and
// the curves below; on a phone (390×844) the heatmaps still come before the
// curves, each whole on the screen's width (the probe's 8 tokens fit it:
// not scrolled sideways), and the page is no wider than the screen.
func TestPresentLearnFirst(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const train = "task=reverse&seed=3&steps=30&probe=a+b+c+d+e+f+g+h"
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1920, 1080, false}, {1280, 800, false}, {390, 844, true}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
		}
		tb.do("resizing", chromedp.EmulateViewport(size.w, size.h, opts...))
		for _, lang := range []string{"en", "zh-Hans"} {
			tb.open(s.URL() + "#present=1&lang=" + lang + "&view=learn&" + train)
			tb.waitFor("the Learn view's heatmaps", `!!document.querySelector("#now-0-0 canvas")`, 30*time.Second)
			tb.do("settling", chromedp.Sleep(500*time.Millisecond))
			b := tb.learnBoxesOf()
			t.Logf("%d×%d %s: train %v, before %v, now %v, loss %v, introduction shown %v", size.w, size.h, lang, b.Train, b.Before, b.Now, b.Loss, b.Lead)
			tb.shot(fmt.Sprintf("present-learn-first-%s-%d", lang, size.w))
			tb.checkLearnFirst(fmt.Sprintf("%s at %d×%d", lang, size.w, size.h), size.mobile, b)
			tb.checkLearnTabOrder(fmt.Sprintf("%s at %d×%d", lang, size.w, size.h))
		}
	}
	tb.checkClean("the Learn view first in presentation mode")
}

// checkLearnFirst checks one measure of TestPresentLearnFirst.
func (tb *tab) checkLearnFirst(what string, mobile bool, b learnBoxes) {
	tb.t.Helper()
	if b.Before[1] >= b.Loss[1] || b.Now[1] >= b.Loss[1] {
		tb.t.Errorf("%s: the heatmaps (tops %.0f, %.0f) come after the curves (top %.0f)", what, b.Before[1], b.Now[1], b.Loss[1])
	}
	if b.Train[3] > b.Before[1] || b.Train[3] > b.Height {
		tb.t.Errorf("%s: the Train button (bottom %.0f) is not above the heatmaps (top %.0f) on the first screen (%.0f)", what, b.Train[3], b.Before[1], b.Height)
	}
	for _, m := range [][4]float64{b.Before, b.Now} {
		if m[2] > b.Width+1 {
			tb.t.Errorf("%s: a heatmap ends at %.0f px, beyond the screen's %.0f", what, m[2], b.Width)
		}
	}
	if mobile {
		return
	}
	if b.Before[3] > b.Height || b.Now[3] > b.Height || b.Before[1] != b.Now[1] {
		tb.t.Errorf("%s: the heatmaps are not whole and side by side on the first screen: %v and %v, screen %.0f px high", what, b.Before, b.Now, b.Height)
	}
	for _, c := range b.Captions {
		if c[3] > b.Height || c[1] > b.Before[3] {
			tb.t.Errorf("%s: a heatmap's caption (step 0 or now) is not on the first screen beside its heatmap: %v", what, c)
		}
	}
	if len(b.Captions) != 2 {
		tb.t.Errorf("%s: the first pair has %d captions, want 2", what, len(b.Captions))
	}
	if w := b.Now[2] - b.Now[0]; w < 400 {
		tb.t.Errorf("%s: the heatmap now is %.0f px wide, want 400 at least", what, w)
	}
	if b.Lead {
		tb.t.Errorf("%s: the introduction is shown; presentation mode leaves it to the teacher", what)
	}
}

// learnParts selects the parts of the Learn view, each a panel.
const learnParts = ".learn-controls, .learn-maps, .learn-probe, .learn-curves"

// checkLearnTabOrder checks that the Learn view's focus order follows
// what the screen shows: every element Tab reaches in a part comes before
// those of the parts shown below it (or beside it, to its right), and Tab
// from the last training button (#reset) goes into the heatmaps, which
// presentation mode shows right under the controls.
func (tb *tab) checkLearnTabOrder(what string) {
	tb.t.Helper()
	var order struct {
		Shown []string // the parts, top to bottom
		Ranks []int    // the part of each element Tab reaches, by its place in Shown
		First string   // the first element that comes before one of a part above it
	}
	raw := eval[string](tb, `(() => {
		const sel = `+jsString(learnParts)+`;
		const box = e => e.getBoundingClientRect();
		const parts = [...document.querySelectorAll(".view-learn :is(" + sel + ")")].filter(e => e.checkVisibility())
			.sort((a, b) => (box(a).top - box(b).top) || (box(a).left - box(b).left));
		const tabbable = [...document.querySelectorAll(".view-learn :is(a[href], button, input, select, textarea, summary, [tabindex])")]
			.filter(e => e.tabIndex >= 0 && !e.disabled && e.checkVisibility() && e.closest(sel));
		const ranks = tabbable.map(e => parts.indexOf(e.closest(sel)));
		const bad = ranks.findIndex((r, i) => i > 0 && r < ranks[i - 1]);
		return JSON.stringify({shown: parts.map(p => p.className), ranks: ranks.filter((r, i) => i === 0 || r !== ranks[i - 1]),
			first: bad < 0 ? "" : (tabbable[bad].id || tabbable[bad].outerHTML.slice(0, 80))});
	})()`)
	if err := jsonUnmarshalString(raw, &order); err != nil {
		tb.t.Fatal(err)
	}
	if order.First != "" {
		tb.t.Errorf("%s: Tab goes through the parts %v in the order %v of their places on the screen: %s comes after a part shown below it", what, order.Shown, order.Ranks, order.First)
	}
	eval[chromedp.Void](tb, `document.querySelector("#reset").focus()`)
	tb.press("Tab from #reset", kb.Tab)
	if in := eval[string](tb, `(e => e.closest(`+jsString(learnParts)+`)?.className ?? e.tagName)(document.activeElement)`); !strings.Contains(in, "learn-maps") {
		tb.t.Errorf("%s: Tab from #reset goes to %q, not to the heatmaps shown under it", what, in)
	}
}
