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
		eval[bool](tb, `(() => { document.querySelector("`+id+`").scrollIntoView({block: "center"}); return true; })()`)
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
