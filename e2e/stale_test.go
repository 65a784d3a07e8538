//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
)

// TestStaleHandlers checks the buttons whose place changes meaning when the
// number of heads changes (go-app keeps an element's first click handler
// when the new one is the same function): first shown with 2 heads, where
// it is the mean, the head picker's and the thumbnails' third button
// selects head 3 once the heads are 4, and the mean again once they are 2,
// in the attention and pipeline views.
func TestStaleHandlers(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#heads=2")
	for _, view := range []string{"attention", "pipeline"} {
		if view != "attention" {
			tb.showView(view)
		}
		// First shown with 2 heads, the third button is the mean; with 4,
		// head 3 (the old code selected the mean there).
		tb.setHeads(2)
		tb.setHeads(4)
		tb.clickHead(`#heads [data-head="2"]`, "2")
		tb.clickHead(`.thumb[data-thumb="1"]`, "1")
		tb.clickHead(`.thumb[data-thumb="2"]`, "2")
		tb.setHeads(2)
		tb.clickHead(`#heads [data-head="mean"]`, "mean")
		tb.clickHead(`#heads [data-head="0"]`, "0")
		tb.clickHead(`.thumb[data-thumb="mean"]`, "mean")
	}
	tb.checkClean("stale handlers")
}

// setHeads chooses n heads in #nheads.
func (tb *tab) setHeads(n int) {
	tb.t.Helper()
	if tb.state().Heads == n {
		return
	}
	u := tb.updates()
	eval[any](tb, fmt.Sprintf(`(() => { const s = document.querySelector("#nheads"); s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); return null; })()`, n))
	tb.waitUpdates(u)
	if got := tb.state().Heads; got != n {
		tb.t.Fatalf("#nheads: %d heads, want %d", got, n)
	}
}

// clickHead clicks sel and checks that it selects head want.
func (tb *tab) clickHead(sel, want string) {
	tb.t.Helper()
	tb.click(sel)
	if got := tb.state().Head; got != want {
		tb.t.Errorf("%s (view %s, %d heads) selects head %q, want %q", sel, tb.state().View, tb.state().Heads, got, want)
	} else {
		tb.t.Logf("ok: %s selects head %q", sel, want)
	}
}
