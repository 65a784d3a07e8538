//go:build !wasm

package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestKeyboardOnly drives the page with key events only (no mouse, no
// script that changes it): it changes the sentence, toggles the causal mask
// with Space and with c, switches heads with 2, → and m, walks the
// heatmap's cells, reading each announcement from the live region against
// the result's tokens and weights, opens the cell panel with Enter (the
// focus goes in, Tab stays in, Esc closes it and gives the focus back),
// opens the shortcuts overlay with ?, switches views with v and V, and opens
// the export menu with e.
func TestKeyboardOnly(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())

	tb.tabTo("#sentence")
	n := tb.updates()
	tb.press("select all", "a", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	text := "The animal did not cross the street."
	tb.press("typing the sentence", text)
	tb.waitUpdates(n)
	tb.waitFor("the new sentence", fmt.Sprintf(`window.attnviz.state().text === %s`, jsString(text)), 10*time.Second)

	tb.tabTo("#causal")
	tb.pressWait("Space on #causal", " ")
	tb.wantState("Space on #causal", func(s state) bool { return s.Mask == "causal" })
	tb.pressWait("c", "c")
	tb.wantState("c", func(s state) bool { return s.Mask == "none" })
	tb.pressWait("c again", "c")
	tb.wantState("c again", func(s state) bool { return s.Mask == "causal" })
	tb.pressWait("2", "2")
	tb.wantState("2", func(s state) bool { return s.Head == "1" })
	tb.pressWait("→", kb.ArrowRight)
	tb.wantState("→ after head 2 of 2", func(s state) bool { return s.Head == "mean" })
	tb.pressWait("→ again", kb.ArrowRight)
	tb.wantState("→ after the mean", func(s state) bool { return s.Head == "0" })
	tb.pressWait("m", "m")
	tb.wantState("m", func(s state) bool { return s.Head == "mean" })
	tb.pressWait("1", "1")

	tb.walkCells()
	tb.cellPanelByKeyboard()
	tb.shortcutsOverlay()

	tb.pressWait("v", "v")
	tb.wantState("v", func(s state) bool { return s.View == "pipeline" })
	tb.pipelineStepByKeyboard()
	tb.pressWait("V", "V")
	tb.wantState("V", func(s state) bool { return s.View == "attention" })
	tb.press("e", "e")
	tb.waitFor("the export menu open, focus in it", `document.querySelector("#export").open && document.activeElement.closest("#export .export-body") !== null`, 5*time.Second)
	tb.press("Esc", kb.Escape)
	tb.waitFor("the export menu closed", `!document.querySelector("#export").open && document.activeElement.matches("#export summary")`, 5*time.Second)
	tb.checkClean("keyboard only")
}

// press sends keys as key events to the focused element.
func (tb *tab) press(what, keys string, opts ...chromedp.KeyOption) {
	tb.t.Helper()
	tb.do("pressing "+what, chromedp.KeyEvent(keys, opts...))
}

// pressEnter presses Enter as a browser does when the page cancels its
// keydown: a keydown and a keyup, without the keypress that would go to
// the element focused meanwhile (chromedp.KeyEvent sends it regardless).
func (tb *tab) pressEnter() {
	tb.t.Helper()
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
		if _, err := chromedp.Call(tb.ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{
			Type: typ, Key: "Enter", Code: "Enter", WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13,
		}); err != nil {
			tb.t.Fatalf("pressing Enter: %v", err)
		}
	}
}

// pressWait presses keys and waits for the page to show the change.
func (tb *tab) pressWait(what, keys string) {
	tb.t.Helper()
	n := tb.updates()
	tb.press(what, keys)
	tb.waitUpdates(n)
}

// wantState fails unless the settings satisfy ok.
func (tb *tab) wantState(what string, ok func(state) bool) {
	tb.t.Helper()
	if s := tb.state(); !ok(s) {
		tb.t.Fatalf("after %s: state %+v", what, s)
	}
	tb.t.Logf("ok: %s", what)
}

// tabTo presses Tab until the element sel selects has the focus.
func (tb *tab) tabTo(sel string) {
	tb.t.Helper()
	for range 80 {
		if eval[bool](tb, fmt.Sprintf(`document.activeElement !== null && document.activeElement.matches(%s)`, jsString(sel))) {
			return
		}
		tb.press("Tab", kb.Tab)
	}
	tb.t.Fatalf("80 Tabs did not reach %s (the focus is on %s)", sel, eval[string](tb, `document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : "nothing"`))
}

// said returns the heatmap's live region once it differs from before.
func (tb *tab) said(before string) string {
	tb.t.Helper()
	tb.waitFor("an announcement", fmt.Sprintf(`document.querySelector("#heatmap-live").textContent !== %s`, jsString(before)), 5*time.Second)
	return eval[string](tb, `document.querySelector("#heatmap-live").textContent`)
}

// walkCells focuses the heatmap by Tab and moves with the arrows, Home and
// End, checking each announcement against the result.
func (tb *tab) walkCells() {
	tb.t.Helper()
	tb.tabTo("#heatmap-keys")
	r := tb.result()
	w, err := r.weights("0")
	if err != nil {
		tb.t.Fatal(err)
	}
	n := len(r.Tokens)
	said := tb.said("")
	check := func(what string, i, j int) {
		want := fmt.Sprintf("query “%s” (%d), key “%s” (%d), weight %s, Head 1", r.Tokens[i], i+1, r.Tokens[j], j+1, strconv.FormatFloat(w[i][j], 'f', 2, 64))
		if j > i {
			want += ", masked"
		}
		if said != want {
			tb.t.Fatalf("%s: the live region says %q, want %q", what, said, want)
		}
		tb.t.Logf("ok: %s: %q", what, said)
	}
	check("focus", 0, 0)
	for _, step := range []struct {
		what string
		key  string
		i, j int
	}{
		{"→", kb.ArrowRight, 0, 1},
		{"↓", kb.ArrowDown, 1, 1},
		{"↓ again", kb.ArrowDown, 2, 1},
		{"End", kb.End, 2, n - 1},
		{"Home", kb.Home, 2, 0},
		{"←, at the edge", kb.ArrowLeft, 2, 0},
		{"↑", kb.ArrowUp, 1, 0},
	} {
		before := said
		tb.press(step.what, step.key)
		if step.what == "←, at the edge" {
			tb.settle()
			if got := eval[string](tb, `document.querySelector("#heatmap-live").textContent`); got != before {
				tb.t.Fatalf("← at the left edge moved: %q", got)
			}
			continue
		}
		said = tb.said(before)
		check(step.what, step.i, step.j)
	}
}

// cellPanelByKeyboard opens the cell under the cursor (1, 0) with Enter and
// checks the dialog's focus: in, kept by Tab, back on Esc.
func (tb *tab) cellPanelByKeyboard() {
	tb.t.Helper()
	n := tb.updates()
	tb.pressEnter()
	tb.waitUpdates(n)
	tb.waitFor("the cell panel of (1, 0) with the focus in it",
		`document.querySelector('#cell-panel[data-query="1"][data-key="0"]') !== null && document.activeElement.id === "cell-close"`, 10*time.Second)
	stops := eval[int](tb, `document.querySelectorAll('#cell-panel button:not(:disabled), #cell-panel select, #cell-panel [tabindex]:not([tabindex="-1"])').length`)
	for k := range stops + 2 {
		tb.press("Tab in the panel", kb.Tab)
		if !eval[bool](tb, `document.activeElement.closest("#cell-panel") !== null`) {
			tb.t.Fatalf("Tab %d of %d left the cell panel for %s", k+1, stops+2, eval[string](tb, `document.activeElement.outerHTML.slice(0, 100)`))
		}
	}
	tb.t.Logf("ok: the focus stayed in the cell panel for %d Tabs (%d stops)", stops+2, stops)
	n = tb.updates()
	tb.press("Esc", kb.Escape)
	tb.waitUpdates(n)
	tb.waitFor("the panel closed, the focus back on the heatmap",
		`document.querySelector('#cell-panel[data-query]') === null && document.activeElement.id === "heatmap-keys"`, 10*time.Second)
	tb.t.Log("ok: Esc closed the cell panel and gave the focus back to the heatmap")
}

// shortcutsOverlay opens the overlay with ? and closes it with Esc.
func (tb *tab) shortcutsOverlay() {
	tb.t.Helper()
	tb.press("?", "?")
	tb.waitFor("the shortcuts overlay with the focus", `document.querySelector("#shortcuts") !== null && document.activeElement.id === "shortcuts-close"`, 5*time.Second)
	text := eval[string](tb, `document.querySelector("#shortcuts").textContent`)
	for _, want := range []string{"causal mask", "export menu", "mean of the heads"} {
		if !strings.Contains(text, want) {
			tb.t.Errorf("the overlay does not list %q: %q", want, text)
		}
	}
	tb.press("Esc", kb.Escape)
	tb.waitFor("the overlay closed, the focus back", `document.querySelector("#shortcuts") === null && document.activeElement.id === "heatmap-keys"`, 5*time.Second)
	tb.t.Log("ok: ? opened the shortcuts, Esc closed them and gave the focus back")
}

// pipelineStepByKeyboard opens the pipeline's weights step with Tab and
// Enter and checks its dialog's focus: in, kept by Tab and Shift+Tab, back
// on its button after Esc.
func (tb *tab) pipelineStepByKeyboard() {
	tb.t.Helper()
	tb.tabTo(`.pipe-step[data-step="weights"]`)
	n := tb.updates()
	tb.press("Enter on the step's button", kb.Enter) // a button acts on the keypress
	tb.waitUpdates(n)
	tb.waitFor("the step dialog with the focus in it", `document.querySelector("#step-view") !== null && document.activeElement.id === "step-close"`, 10*time.Second)
	for k := range 6 {
		opts := []chromedp.KeyOption{}
		if k%2 == 1 {
			opts = append(opts, chromedp.KeyModifiers(chromedp.ModifierShift))
		}
		tb.press("Tab in the step", kb.Tab, opts...)
		if !eval[bool](tb, `document.activeElement.closest("#step-view") !== null`) {
			tb.t.Fatalf("Tab %d left the step dialog for %s", k+1, eval[string](tb, `document.activeElement.outerHTML.slice(0, 100)`))
		}
	}
	n = tb.updates()
	tb.press("Esc", kb.Escape)
	tb.waitUpdates(n)
	tb.waitFor("the step closed, the focus back on its button", `document.querySelector("#step-view") === null && document.activeElement.matches('.pipe-step[data-step="weights"]')`, 10*time.Second)
	tb.t.Log("ok: the pipeline's step dialog took the focus, kept it for 6 Tabs and Shift+Tabs, and gave it back on Esc")
}
