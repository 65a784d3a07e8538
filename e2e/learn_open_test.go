//go:build !wasm

package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLearnOpenTrained trains reverse to its target, opens the trained
// layer in the pipeline and checks that result() there is the Learn view's
// result() for that layer and probe (the same numbers), with the
// anti-diagonal; reopens the pipeline's link with a cell chosen (it
// retrains to the same weights) and checks every number of the one-cell
// panel; and opens the same layer in the compare view.
func TestLearnOpenTrained(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=3&until=150")
	tb.trainUntilStopped(150)
	learnedJSON := tb.resultJSON()
	learned := tb.result()
	if len(learned.Tokens) < 4 {
		t.Fatalf("the Learn view's probe is %q", learned.Tokens)
	}
	tb.screenshots("learn-trained", nil)

	tb.openTrained("pipeline")
	checkSameResult(t, tb, "the pipeline", learnedJSON, learned)
	got := tb.result()
	n := len(got.Tokens)
	for i, j := range argmaxRows(got.Heads[0].Weights) {
		if j != n-1-i {
			t.Errorf("the pipeline's row %d: largest weight at key %d, want the anti-diagonal's %d", i, j, n-1-i)
		}
	}
	if !eval[bool](tb, `!!document.querySelector("#trained-bar") && document.querySelector("#sentence").offsetParent === null`) {
		t.Error("the pipeline on the trained layer shows no #trained-bar, or still the sentence box")
	}
	tb.screenshots("learn-trained-pipeline", nil)

	// The link, with a cell chosen, in a new tab: it retrains to step 150
	// and works the learned weight out by hand.
	link := eval[string](tb, `location.href.replace(/([#&])cell=[^&]*/, "$1cell=2,5")`)
	tb2 := newTab(t, s)
	tb2.open(link)
	tb2.waitFor("retraining to the link's step", `(t => t && t.step === 150 && !t.running)(window.attnviz.training())`, 120*time.Second)
	tb2.waitFor("the cell panel", `document.querySelector("#cell-panel[data-query='2'][data-key='5']") !== null`, 10*time.Second)
	tb2.settle()
	checkSameResult(t, tb2, "the pipeline's link", learnedJSON, learned)
	checkCellPanel(t, tb2, 0, 2, 5, false)
	weight := eval[string](tb2, `document.querySelector('#cell-panel .num[data-name="weight"]').textContent`)
	t.Logf("the one-cell panel works out the learned weight (2, 5) = %s; result() has %v", weight, learned.Heads[0].Weights[2][5])
	tb2.checkClean("reopening the trained pipeline's link")

	tb.do("clicking #trained-learn", chromedp.Click(chromedp.CSS("#trained-learn")))
	tb.waitFor("the Learn view", `window.attnviz.state().view === "learn"`, 10*time.Second)
	text2 := tb.state().Text2
	tb.openTrained("compare")
	checkSameResult(t, tb, "the compare view", learnedJSON, learned)
	reversed := slices.Clone(learned.Tokens)
	slices.Reverse(reversed)
	if box := eval[string](tb, `document.querySelector("#sentence2").value`); box != strings.Join(reversed, " ") {
		t.Errorf("the compare view's second sequence is %q, want the probe reversed", box)
	}
	if now := tb.state().Text2; now != text2 {
		t.Errorf("the trained compare view replaced the second sentence %q with %q", text2, now)
	}
	if !eval[bool](tb, `!!document.querySelector("#compare-a") && !!document.querySelector("#compare-diff") && !document.querySelector(".view-compare .error")`) {
		t.Error("the compare view on the trained layer does not show both sides and their difference")
	}
	tb.screenshots("learn-trained-compare", nil)
	tb.checkClean("the trained layer in the other views")
}

// openTrained clicks the Learn view's #open-<view> and waits for the view
// on the trained layer.
func (tb *tab) openTrained(view string) {
	tb.t.Helper()
	tb.do("clicking #open-"+view, chromedp.Click(chromedp.CSS("#open-"+view)))
	tb.waitFor("the "+view+" view on the trained layer",
		fmt.Sprintf(`window.attnviz.state().view === %q && window.attnviz.state().trained`, view), 10*time.Second)
	// The state changes in the click's event; go-app's frame draws the view.
	tb.waitFor("the "+view+" view's trained bar", `!!document.querySelector("#trained-bar")`, 10*time.Second)
	tb.settle()
}

// checkSameResult checks that tb's result() is the Learn view's: the same
// JSON, or at least the same tokens and the same numbers in every head.
func checkSameResult(t *testing.T, tb *tab, where, wantJSON string, want *result) {
	t.Helper()
	if tb.resultJSON() == wantJSON {
		t.Logf("ok: %s's result() is the Learn view's, byte for byte (%d bytes)", where, len(wantJSON))
		return
	}
	got := tb.result()
	if !equalStrings(got.Tokens, want.Tokens) || len(got.Heads) != len(want.Heads) {
		t.Fatalf("%s shows tokens %q and %d heads, want %q and %d", where, got.Tokens, len(got.Heads), want.Tokens, len(want.Heads))
	}
	for h := range got.Heads {
		for i, row := range want.Heads[h].Weights {
			for j, w := range row {
				if got.Heads[h].Weights[i][j] != w {
					t.Fatalf("%s: head %d weight (%d, %d) = %v, want the Learn view's %v", where, h, i, j, got.Heads[h].Weights[i][j], w)
				}
			}
		}
	}
	t.Logf("%s: the same weights as the Learn view, but result() differs elsewhere", where)
}
