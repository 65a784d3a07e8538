//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestCompareStripes checks, on the charts' canvases, that the compare
// view stripes the cells the causal mask hides, as the other views do: the
// masks pair's causal side and difference have striped masked cells and
// plain unmasked ones; its unmasked side has none striped; the sentences'
// sides are striped where the causal mask is on.
func TestCompareStripes(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare&lang=en&causal=1&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
	tb.settle()
	masked := [][2]int{{0, 5}, {0, 1}, {2, 4}, {4, 5}}
	open := [][2]int{{5, 0}, {3, 3}, {4, 2}, {1, 0}}
	for _, id := range []string{"#compare-causal", "#compare-maskdiff", "#compare-a", "#compare-b"} {
		tb.showChart(id)
		for _, c := range masked {
			if k := tb.canvasStripesOf(id, c[0], c[1], 0.3); k < 2 {
				t.Errorf("%s, masked cell (%d, %d): %d changes between stripe and cell, want ≥ 2", id, c[0], c[1], k)
			}
		}
		for _, c := range open {
			if k := tb.canvasStripesOf(id, c[0], c[1], 0.3); k != 0 {
				t.Errorf("%s, unmasked cell (%d, %d): %d changes of colour, want none", id, c[0], c[1], k)
			}
		}
	}
	tb.showChart("#compare-nomask")
	for _, c := range masked {
		if k := tb.canvasStripesOf("#compare-nomask", c[0], c[1], 0.3); k != 0 {
			t.Errorf("#compare-nomask, cell (%d, %d): %d changes of colour, want none (nothing masked)", c[0], c[1], k)
		}
	}
	tb.screenshots("compare-stripes", nil)
	tb.checkClean("compare stripes")
}

// TestPredictCompareKeys makes the compare view's prediction with the
// keyboard alone on the charts: Tab to the difference's walk, Enter off the
// hidden row makes no guess and says where to guess, the arrows to a hidden
// cell and Enter guess its key, as a click does, and the walk says so; the
// same on the second sentence's chart.
func TestPredictCompareKeys(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare&lang=en&predict=1&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
	tb.waitFor("the prediction panel", `!!document.querySelector("#predict-keys [data-key]")`, 10*time.Second)
	tb.chooseRow(2)
	tb.settle()
	tb.tabTo("#compare-diff-keys")
	if l := eval[string](tb, `document.querySelector("#compare-diff-keys").getAttribute("aria-label")`); !strings.Contains(l, "Enter on a hidden cell") {
		t.Errorf("the difference's label does not say Enter guesses: %q", l)
	}
	tb.waitFor("the first cell said", `document.querySelector("#compare-diff-live").textContent.includes("(1), ")`, 5*time.Second)
	tb.pressEnter()
	tb.waitFor("why no guess", `document.querySelector("#compare-diff-live").textContent.startsWith("Not hidden")`, 5*time.Second)
	if said := eval[string](tb, `document.querySelector("#compare-diff-live").textContent`); !strings.Contains(said, "row 3") {
		t.Errorf("Enter off the hidden row says %q, want it to name row 3", said)
	}
	if p := tb.predictState(); p.Guess != -1 {
		t.Errorf("Enter off the hidden row guessed: %+v", p)
	}
	tb.guessByKeys("compare-diff", 2, 4)
	for range 20 { // Shift+Tab back to the second sentence's chart
		if eval[bool](tb, `document.activeElement.id === "compare-b-keys"`) {
			break
		}
		tb.press("Shift+Tab", kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
	}
	tb.guessByKeys("compare-b", 2, 1)
	tb.checkClean("predict in the compare view from the charts' keys")
}

// guessByKeys moves the focused walk id's cursor from (0, 0) to (row, col)
// with the arrows, presses Enter, and checks the guess and what is said.
func (tb *tab) guessByKeys(id string, row, col int) {
	tb.t.Helper()
	live := fmt.Sprintf(`document.getElementById(%q).textContent`, id+"-live")
	for range row {
		tb.press("↓", kb.ArrowDown)
	}
	for range col {
		tb.press("→", kb.ArrowRight)
	}
	tb.waitFor("the cell said", fmt.Sprintf(`%s.includes("(%d), ") && %s.includes("(%d), ")`, live, row+1, live, col+1), 5*time.Second)
	n := tb.updates()
	tb.pressEnter()
	tb.waitUpdates(n)
	if p := tb.predictState(); p.Guess != col || p.Revealed {
		tb.t.Errorf("%s: Enter on (%d, %d): %+v, want the guess %d", id, row, col, p, col)
	}
	name := eval[string](tb, fmt.Sprintf(`document.querySelector('#predict-keys [data-key="%d"]').textContent`, col))
	if said := eval[string](tb, live); !strings.HasPrefix(said, "Your guess: key “") || !strings.Contains(name, strings.TrimSuffix(strings.TrimPrefix(said, "Your guess: key “"), "”.")) {
		tb.t.Errorf("%s: Enter on (%d, %d) says %q; the panel's key is %q", id, row, col, said, name)
	}
	tb.t.Logf("ok: %s: %s", id, eval[string](tb, live))
}

// TestCellPanelFocusBack checks where the focus goes as the one-cell
// panel closes, in the attention and cross-attention views: opened by
// Enter on the walk's cell (2, 1), Esc gives the focus back to the walk
// with its cursor on that cell; opened by a click on the chart while the
// focus was on an element that is gone when the panel closes, Esc gives the
// focus to the view's walk, its cursor on the cell shown.
func TestCellPanelFocusBack(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, tc := range []struct{ link, id string }{
		{"view=attention&lang=en", "heatmap"},
		{"view=compare&cross=1&lang=en&text2=A+dog+lay+on+the+rug.", "cross-heatmap"},
	} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#text=The+cat+sat+on+the+mat.&" + tc.link)
		tb.settle()
		tb.tabTo("#" + tc.id + "-keys")
		tb.guessByArrows(tc.id, 2, 1)
		n := tb.updates()
		tb.pressEnter()
		tb.waitUpdates(n)
		tb.closePanelBackTo(tc.id, 2, 1, "Enter on the walk")

		eval[bool](tb, `(() => { const b = document.createElement("button"); b.id = "gone-opener"; b.textContent = "x"; document.body.prepend(b); b.focus(); return true; })()`)
		eval[bool](tb, fmt.Sprintf(`(() => { echarts.getInstanceByDom(document.getElementById(%q)).trigger("click", {value: [3, 4]}); return true; })()`, tc.id))
		tb.waitFor("the focus in the panel", `document.activeElement.id === "cell-close"`, 10*time.Second)
		eval[bool](tb, `(() => { document.getElementById("gone-opener").remove(); return true; })()`)
		tb.closePanelBackTo(tc.id, 4, 3, "a click, its opener gone")
		tb.checkClean(tc.link)
	}
}

// guessByArrows moves the focused walk id's cursor from (0, 0) to (row,
// col) with the arrows and waits until it is said.
func (tb *tab) guessByArrows(id string, row, col int) {
	tb.t.Helper()
	live := fmt.Sprintf(`document.getElementById(%q).textContent`, id+"-live")
	for range row {
		tb.press("↓", kb.ArrowDown)
	}
	for range col {
		tb.press("→", kb.ArrowRight)
	}
	tb.waitFor("the cell said", fmt.Sprintf(`%s.includes("(%d), ") && %s.includes("(%d), ")`, live, row+1, live, col+1), 5*time.Second)
}

// closePanelBackTo checks that the panel shows (row, col), presses Esc, and
// checks that the focus is back on walk id, its cursor on (row, col).
func (tb *tab) closePanelBackTo(id string, row, col int, what string) {
	tb.t.Helper()
	tb.waitFor("the cell panel of the cell", fmt.Sprintf(`document.querySelector('#cell-panel[data-query="%d"][data-key="%d"]') !== null && document.activeElement.id === "cell-close"`, row, col), 10*time.Second)
	n := tb.updates()
	tb.press("Esc", kb.Escape)
	tb.waitUpdates(n)
	tb.waitFor("the panel closed", `document.querySelector('#cell-panel[data-query]') === null`, 10*time.Second)
	live := fmt.Sprintf(`document.getElementById(%q).textContent`, id+"-live")
	ok := fmt.Sprintf(`document.activeElement.id === %q && /^[^(]*\(%d\), [^(]*\(%d\), /.test(%s)`, id+"-keys", row+1, col+1, live)
	if err := tb.try(ok, 5*time.Second); err != nil {
		tb.t.Errorf("%s: after Esc the focus is on %q, the walk says %q; want #%s-keys on (%d, %d)", what,
			eval[string](tb, `document.activeElement.id`), eval[string](tb, live), id, row, col)
		return
	}
	tb.t.Logf("ok: %s: Esc gave the focus back to #%s-keys on %s", what, id, eval[string](tb, live))
}

// try polls predicate until it holds or timeout passes.
func (tb *tab) try(predicate string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(tb.ctx, timeout+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](predicate,
		chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	return err
}

// TestAxeCompare runs axe-core on the compare view in both languages, with
// the causal mask's stripes and a row hidden for a prediction (the walks
// that guess on Enter), at 1280×800: no critical or serious violation, and
// no English left on the Chinese page.
func TestAxeCompare(t *testing.T) {
	needBrowser(t)
	axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is missing (run npm ci): %v", err)
	}
	s := newSite(t, rootPrefix)
	for _, lang := range []string{"en", "zh-Hans"} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#view=compare&causal=1&predict=1&prow=2&lang=" + lang + "&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
		tb.settle()
		tb.axeCheck(axe, "compare-"+lang)
		if lang != "en" {
			tb.checkTranslated("compare-" + lang)
		}
		tb.checkClean("axe compare " + lang)
	}
}
