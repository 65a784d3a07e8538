//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestViewTabsKeyboard drives the view tabs as the ARIA tabs pattern with
// manual activation says: Tab reaches the open view's tab alone, the arrow
// keys (round), Home and End move the focus between the tabs without
// opening a view, Enter opens the focused one, and the panel is labelled
// by the open view's tab. Once a tab opened its view, by Enter or a click,
// ← and → are the page's shortcuts (the heads) until the focus leaves the
// tabs.
func TestViewTabsKeyboard(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	tb.wantTabs("attention")

	tb.tabTo("#tab-attention")
	head := tb.state().Head
	for _, c := range []struct{ what, key, focus string }{
		{"→", kb.ArrowRight, "tab-pipeline"},
		{"End", kb.End, "tab-tour"},
		{"→ on the last tab", kb.ArrowRight, "tab-attention"},
		{"← on the first tab", kb.ArrowLeft, "tab-tour"},
		{"Home", kb.Home, "tab-attention"},
		{"→ again", kb.ArrowRight, "tab-pipeline"},
		{"→ once more", kb.ArrowRight, "tab-scaling"},
	} {
		tb.press(c.what, c.key)
		tb.waitFor("the focus on #"+c.focus+" after "+c.what, fmt.Sprintf(`document.activeElement?.id === %s`, jsString(c.focus)), 5*time.Second)
	}
	tb.screenshots("view-tabs-focus", nil)
	if st := tb.state(); st.View != "attention" || st.Head != head {
		t.Fatalf("moving between the tabs changed the page: view %q, head %q (was %q)", st.View, st.Head, head)
	}
	tb.press("Enter on the focused tab", kb.Enter)
	tb.waitFor("the scaling view", `window.attnviz.state().view === "scaling"`, 10*time.Second)
	tb.wantTabs("scaling")
	if id := eval[string](tb, `document.activeElement?.id ?? ""`); id != "tab-scaling" {
		t.Errorf("after Enter the focus is on %q, want the opened tab", id)
	}
	// The tab opened its view: → is the heads' again.
	head = tb.state().Head
	n := tb.updates()
	tb.press("→ on the opened tab", kb.ArrowRight)
	tb.waitUpdates(n)
	if st := tb.state(); st.Head == head || eval[string](tb, `document.activeElement?.id ?? ""`) != "tab-scaling" {
		t.Errorf("→ on the tab that opened its view: head %q (was %q), focus on %q; want the next head, the focus kept", st.Head, head, eval[string](tb, `document.activeElement?.id ?? ""`))
	}

	tb.click("#tab-compare")
	tb.wantTabs("compare")
	head = tb.state().Head
	n = tb.updates()
	tb.press("→ after a click", kb.ArrowRight)
	tb.waitUpdates(n)
	if st := tb.state(); st.Head == head || st.View != "compare" {
		t.Errorf("→ on a clicked tab: view %q, head %q (was %q); want the next head, as the shortcut", st.View, st.Head, head)
	}
	if id := eval[string](tb, `document.activeElement?.id ?? ""`); id != "tab-compare" {
		t.Errorf("→ on a clicked tab moved the focus to %q", id)
	}
	// Tab away and Shift+Tab back: the keys are the tabs' again.
	tb.press("Tab away from the tabs", kb.Tab)
	tb.press("Shift+Tab back", kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
	tb.waitFor("the focus back on the compare tab", `document.activeElement?.id === "tab-compare"`, 5*time.Second)
	tb.press("→ once the focus came back", kb.ArrowRight)
	tb.waitFor("the focus on the padding tab", `document.activeElement?.id === "tab-padding"`, 5*time.Second)
	tb.checkClean("the view tabs from the keyboard")
}

// wantTabs fails unless the tab of view is the one selected and the one
// Tab reaches, every tab controls the panel, and the panel is labelled by
// the tab of view.
func (tb *tab) wantTabs(view string) {
	tb.t.Helper()
	got := eval[string](tb, `(() => {
		const tabs = [...document.querySelectorAll('.tabs [role="tab"]')];
		const panel = document.querySelector('#view-panel[role="tabpanel"]');
		return JSON.stringify({
			selected: tabs.filter(t => t.getAttribute("aria-selected") === "true").map(t => t.dataset.view),
			reached: tabs.filter(t => t.tabIndex === 0).map(t => t.dataset.view),
			controls: tabs.every(t => t.getAttribute("aria-controls") === "view-panel"),
			labelledBy: panel?.getAttribute("aria-labelledby") ?? "",
			n: tabs.length,
		});
	})()`)
	want := fmt.Sprintf(`{"selected":[%q],"reached":[%q],"controls":true,"labelledBy":"tab-%s","n":9}`, view, view, view)
	if got != want {
		tb.t.Fatalf("the tabs with %s open: %s, want %s", view, got, want)
	}
}
