package e2e

import (
	"testing"
	"time"
)

// TestHistoryViews switches views and types: each view adds one history
// entry and typing none, so Back and Forward move between the views and stay
// on the site.
func TestHistoryViews(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	start := eval[int](tb, `history.length`)
	tb.click(`.tabs [data-view="pipeline"]`)
	tb.setSentence("the dog ran")
	tb.setSentence("the dog ran home")
	tb.click(`.tabs [data-view="compare"]`)
	tb.waitFor("the compare view's link", `location.hash.includes("view=compare")`, 10*time.Second)
	if n := eval[int](tb, `history.length`); n != start+2 {
		t.Fatalf("history.length %d after two view changes and typing, want %d", n, start+2)
	}
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the pipeline view", `window.attnviz && attnviz.state().view === "pipeline"`, 10*time.Second)
	if txt := tb.state().Text; txt != "the dog ran home" {
		t.Errorf("after Back the sentence is %q, want the one typed last", txt)
	}
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the first view", `attnviz.state().view !== "pipeline" && location.origin === `+jsString(s.origin()), 10*time.Second)
	eval[any](tb, `history.forward()`)
	tb.waitFor("Forward to the pipeline view", `attnviz.state().view === "pipeline"`, 10*time.Second)
}

// TestHistoryAfterReload reloads the page, so that its address is the link
// the page wrote, then switches views: Back returns to the view of that
// address. (go-app ignores a popstate back to the address it loaded when
// the page changed the address by itself in between.)
func TestHistoryAfterReload(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline")
	tb.waitFor("the whole link", `location.hash.includes("view=pipeline&")`, 10*time.Second)
	tb.reload()
	tb.click(`.tabs [data-view="compare"]`)
	tb.waitFor("the compare view's link", `location.hash.includes("view=compare")`, 10*time.Second)
	eval[any](tb, `history.back()`)
	tb.waitFor("Back to the pipeline view", `location.hash.includes("view=pipeline") && window.attnviz && attnviz.state().view === "pipeline"`, 10*time.Second)
	tb.checkClean("Back after a reload")
}
