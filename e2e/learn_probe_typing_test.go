//go:build !wasm

package e2e

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestLearnProbeTyping types into the Learn view's probe as the bench's
// views section does (the task previous, its sample less the last letter,
// "a" then Backspace in turn) and prints each keystroke's attnviz:update
// measure (wall time, the machine's load included) and the page's main
// thread's CPU time meanwhile (trace_test.go), and the CPU time of the
// keystrokes' own tasks, which the measure ends in. Asserted: each keystroke is
// measured, and the result shows the probe typed last.
func TestLearnProbeTyping(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const probe = "c a f b e d a c h "
	tb.openLearn(s, "probe="+url.QueryEscape(probe))
	eval[chromedp.Void](tb, `(() => { const el = document.querySelector("#probe"); el.focus(); el.setSelectionRange(el.value.length, el.value.length); })()`)
	const n = 30
	first := tb.updates()
	trace := tb.startTrace("devtools.timeline")
	for i := range n {
		key := "a"
		if i%2 == 1 {
			key = kb.Backspace
		}
		before := tb.updates()
		tb.do("a keystroke in #probe", chromedp.KeyEvent(key))
		tb.waitUpdates(before)
	}
	cpu := trace.stop(tb)
	took := eval[[]float64](tb, `performance.getEntriesByName("attnviz:update", "measure").slice(`+strconv.Itoa(first)+`).map(e => e.duration)`)
	if len(took) != n {
		t.Fatalf("%d keystrokes measured, want %d", len(took), n)
	}
	sorted := slices.Clone(took)
	slices.Sort(sorted)
	total := 0.0
	for _, c := range cpu {
		total += c
	}
	t.Logf("%d keystrokes in #probe: median %.1f ms, p95 %.1f ms, longest %.1f ms (wall); main thread %.0f ms of CPU, %.1f ms a keystroke; %s",
		n, sorted[n/2], sorted[(n*95+99)/100-1], sorted[n-1], total, total/n, cpuSummary(cpu))
	if own := trace.inputTasks("input"); len(own) > 0 {
		slices.Sort(own)
		t.Logf("the keystrokes' own tasks (%d): median %.1f ms of CPU, p95 %.1f ms, longest %.1f ms",
			len(own), own[len(own)/2], own[(len(own)*95+99)/100-1], own[len(own)-1])
	}
	r := tb.result()
	if got, want := strings.Join(r.Tokens, " "), strings.Join(strings.Fields(probe), " "); got != want {
		t.Errorf("after typing, result() tokens %q, want %q", got, want)
	}
	tb.checkClean("typing in the probe")
}
