//go:build !wasm

package e2e

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// predictState is the prediction part of window.attnviz.state().
type predictState struct {
	Predict  bool  `json:"predict"`
	Row      int   `json:"predict_row"`
	Guess    int   `json:"predict_guess"`
	Estimate int   `json:"predict_estimate"`
	Revealed bool  `json:"predict_revealed"`
	Cell     []int `json:"cell"`
}

func (tb *tab) predictState() predictState {
	tb.t.Helper()
	var p predictState
	if err := jsonUnmarshalString(eval[string](tb, `JSON.stringify(window.attnviz.state())`), &p); err != nil {
		tb.t.Fatal(err)
	}
	return p
}

// TestPredict makes a prediction with the keyboard alone and reveals it, for
// a query row and then for a row under the causal mask, and checks the
// verdict against the result's weights.
func TestPredict(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	tb.keyPress("#predict", " ")
	tb.waitFor("the prediction panel", `!!document.querySelector("#predict-keys [data-key]")`, 10*time.Second)
	if p := tb.predictState(); !p.Predict || p.Guess != -1 || p.Revealed {
		t.Errorf("switched on: %+v", p)
	}
	if names := eval[[]string](tb, `[...document.querySelectorAll("#predict-keys [data-key]")].map(b => b.textContent.toLowerCase())`); len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
		t.Errorf("two keys have the same name for a screen reader: %q", names)
	}
	tb.chooseRow(2)
	if hidden := tb.hiddenCells(); hidden != 11 {
		t.Errorf("%d cells of the heatmap hidden, want the 11 of row 3", hidden)
	}
	tb.clickCell(2, 4) // a click on the hidden row guesses too
	if p := tb.predictState(); p.Guess != 4 || p.Revealed {
		t.Errorf("a click on the hidden row's cell (2, 4): %+v", p)
	}
	tb.predictAndReveal("query row", 2, 1, 3)

	// The causal mask: "sat" sees the, cat, sat.
	tb.keyPress("#predict-next", "\r")
	tb.settle()
	if eval[bool](tb, `document.activeElement.closest("#predict-keys") === null`) {
		t.Errorf("after Next row the focus is on %s, want the keys to guess", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	tb.click("#causal")
	tb.chooseRow(2)
	enabled := eval[[]string](tb, `[...document.querySelectorAll("#predict-keys [data-key]")].filter(b => !b.disabled).map(b => b.dataset.key)`)
	if strings.Join(enabled, ",") != "0,1,2" {
		t.Errorf("causal, row 3: the keys %v can be chosen, want 0,1,2", enabled)
	}
	tb.predictAndReveal("causal row", 2, 0, 0)
	if sc := eval[string](tb, `document.querySelector("#predict-score").textContent`); !strings.Contains(sc, " 2 rows") {
		t.Errorf("score: %q, want 2 rows", sc)
	}
	tb.screenshots("predict", nil)
	tb.checkClean("predict")
}

// keyPress focuses sel and presses key there.
func (tb *tab) keyPress(sel, key string) {
	tb.t.Helper()
	n := tb.updates()
	eval[chromedp.Void](tb, fmt.Sprintf(`document.querySelector(%s).focus()`, jsString(sel)))
	tb.do("pressing "+key+" on "+sel, chromedp.KeyEvent(key))
	tb.waitUpdates(n)
}

// chooseRow chooses query row i with the keyboard: ↑ or ↓ in #predict-row.
func (tb *tab) chooseRow(i int) {
	tb.t.Helper()
	eval[chromedp.Void](tb, `document.querySelector("#predict-row").focus()`)
	for row := tb.predictState().Row; row != i; {
		key := kb.ArrowDown
		if row > i {
			key = kb.ArrowUp
		}
		n := tb.updates()
		tb.do("↑↓", chromedp.KeyEvent(key))
		tb.waitUpdates(n)
		row = tb.predictState().Row
	}
	if p := tb.predictState(); p.Row != i {
		tb.t.Fatalf("row %d chosen, state says %d", i, p.Row)
	}
}

// hiddenCells counts the cells of #heatmap drawn hidden.
func (tb *tab) hiddenCells() int {
	tb.t.Helper()
	tb.settle()
	return eval[int](tb, `(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption();
		return o.series.length < 2 ? 0 : o.series[1].data.filter(d => (Array.isArray(d) ? d : d.value)[3] === "?").length;
	})()`)
}

// clickCell clicks the cell (row, col) of #heatmap.
func (tb *tab) clickCell(row, col int) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector("#heatmap");
		el.scrollIntoView({block: "center"});
		const [x, y] = echarts.getInstanceByDom(el).convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [%d, %d]);
		const r = el.getBoundingClientRect();
		return [r.left + x, r.top + y];
	})()`, col, row))
	n := tb.updates()
	tb.do("clicking a cell", chromedp.MouseClickXY(xy[0], xy[1]))
	tb.waitUpdates(n)
}

// predictAndReveal guesses key for row with the keyboard, moves the
// estimate up by steps, reveals, and checks the verdict against the
// result's weights (the mean of the heads, the head shown).
func (tb *tab) predictAndReveal(what string, row, key, steps int) {
	tb.t.Helper()
	tb.keyPress(fmt.Sprintf(`#predict-keys [data-key="%d"]`, key), "\r")
	for range steps {
		tb.keyPress("#predict-weight", kb.ArrowRight)
	}
	p := tb.predictState()
	if p.Guess != key || p.Revealed || steps > 0 && p.Estimate != 50+steps {
		tb.t.Errorf("%s: before the reveal: %+v", what, p)
	}
	tb.keyPress("#predict-reveal", "\r")
	tb.settle()
	if id := eval[string](tb, `document.activeElement.id`); id != "predict-next" {
		tb.t.Errorf("%s: after Reveal the focus is on #%s, want #predict-next", what, id)
	}
	if top := eval[float64](tb, `document.querySelector("#predict-result").getBoundingClientRect().top`); top < 0 || top > eval[float64](tb, `innerHeight`) {
		tb.t.Errorf("%s: after Reveal the verdict is off the screen (top %.0f px): the page scrolled away", what, top)
	}
	if p := tb.predictState(); !p.Revealed || len(p.Cell) != 2 || p.Cell[0] != row || p.Cell[1] != key {
		tb.t.Fatalf("%s: revealed, with the guess (%d, %d) the cell worked out: %+v", what, row, key, p)
	}
	if hidden := tb.hiddenCells(); hidden != 0 {
		tb.t.Errorf("%s: %d cells still hidden after the reveal", what, hidden)
	}
	w := tb.result().WeightsMean[row]
	best := 0
	for j := range w {
		if w[j] > w[best] {
			best = j
		}
	}
	verdict := eval[string](tb, `document.querySelector("#predict-result").textContent`)
	hit := eval[string](tb, `document.querySelector("#predict-result").dataset.hit`)
	if want := strconv.FormatBool(best == key); hit != want {
		tb.t.Errorf("%s: data-hit=%s, want %s (the largest weight is key %d's)", what, hit, want, best)
	}
	if off := strconv.FormatFloat(w[best]-w[key], 'f', 2, 64); best != key && !strings.Contains(verdict, off+" more") {
		tb.t.Errorf("%s: the verdict %q does not say %s more", what, verdict, off)
	}
	if steps > 0 && !strings.Contains(verdict, "estimate, "+strconv.FormatFloat(float64(50+steps)/100, 'f', 2, 64)) {
		tb.t.Errorf("%s: the verdict %q does not tell the estimate", what, verdict)
	}
	tb.t.Logf("%s: %s", what, verdict)
}
