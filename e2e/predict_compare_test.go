//go:build !wasm

package e2e

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPredictCompare plays predict-then-reveal in the compare view with
// the keyboard alone: which key's weight, in a query row, changes most when
// "cat" and "mat" swap. The second sentence's row and the difference's stay
// hidden until the reveal; the verdict is checked against the difference
// the chart then shows, and both rows count in the session's score.
func TestPredictCompare(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare&lang=en&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
	tb.keyPress("#predict", " ")
	tb.waitFor("the prediction panel", `!!document.querySelector("#predict-keys [data-key]")`, 10*time.Second)
	tb.chooseRow(2)
	tb.checkChangeHidden("row 3", 2)
	if q := eval[string](tb, `document.querySelector("#predict-question").textContent`); !strings.Contains(q, "“sat”") {
		t.Errorf("the question: %q", q)
	}
	if keys := eval[string](tb, `document.querySelector("#predict-keys").textContent`); !strings.Contains(keys, "cat/mat") {
		t.Errorf("the keys do not name both sentences' tokens: %q", keys)
	}
	tb.clickCellOf("#compare-diff", 2, 4) // a click on the hidden row guesses too
	if p := tb.predictState(); p.Guess != 4 || p.Revealed {
		t.Errorf("a click on the difference's hidden cell (2, 4): %+v", p)
	}
	tb.changeAndReveal("row 3", 2, 3, 2)
	tb.keyPress("#predict-next", "\r")
	tb.checkChangeHidden("row 4", 3)
	tb.changeAndReveal("row 4", 3, 5, 0)
	if sc := eval[string](tb, `document.querySelector("#predict-score").textContent`); !strings.Contains(sc, "of 2 rows") {
		t.Errorf("score: %q, want 2 rows", sc)
	}
	tb.keyPress("#predict-next", "\r")
	tb.screenshots("predict-compare", nil)
	tb.checkChangeHidden("row 5", 4)
	tb.keyPress("#predict", " ") // off, with a row hidden: every cell is drawn again
	tb.settle()
	for _, id := range []string{"compare-b", "compare-diff"} {
		if n := eval[int](tb, fmt.Sprintf(`echarts.getInstanceByDom(document.querySelector("#%s")).getOption().series.flatMap(s => s.data).map(d => Array.isArray(d) ? d : d.value).filter(d => d[3] === "?").length`, id)); n != 0 {
			t.Errorf("switched off: #%s still hides %d cells", id, n)
		}
	}

	// A teacher's tour step that predicts: added with a guess made, it
	// asks its question afresh when played.
	tb.keyPress("#predict", " ")
	tb.keyPress(`#predict-keys [data-key="1"]`, "\r")
	tb.keyPress("#teach-add", "\r")
	tb.clickOnly(`.tabs [data-view="mytour"]`)
	tb.waitFor("the editor", `document.querySelectorAll("#teach-steps li").length === 1`, 10*time.Second)
	if what := eval[string](tb, `document.querySelector("#teach-steps .teach-what").textContent`); !strings.Contains(what, "Predict, then reveal") {
		t.Errorf("the step does not say it predicts: %q", what)
	}
	eval[chromedp.Void](tb, `document.querySelector("#teach-play").focus()`)
	tb.do("playing", chromedp.KeyEvent("\r"))
	tb.waitFor("the step", `window.attnviz.state().teach_step === 1 && !!document.querySelector("#compare-b")`, 10*time.Second)
	if p := tb.predictState(); !p.Predict || p.Row != 4 || p.Guess != -1 || p.Revealed {
		t.Errorf("the tour's predict step: %+v", p)
	}
	tb.checkChangeHidden("the tour's step", 4)
	tb.changeAndReveal("the tour's step", 4, 2, 0)
	if sc := eval[string](tb, `document.querySelector("#predict-score").textContent`); !strings.Contains(sc, "of 3 rows") {
		t.Errorf("score: %q, want 3 rows", sc)
	}
	tb.checkClean("predict in the compare view")

	checkRowsQuestion(t, s)
	checkChangeInChinese(t, s)
}

// checkChangeHidden checks that row, and no other, of #compare-b and
// #compare-diff is hidden, and that #compare-a shows every cell.
func (tb *tab) checkChangeHidden(what string, row int) {
	tb.t.Helper()
	tb.settle()
	for _, id := range []string{"compare-b", "compare-diff"} {
		rows := eval[[]int](tb, fmt.Sprintf(`(() => {
			const o = echarts.getInstanceByDom(document.querySelector("#%s")).getOption();
			return o.series.length < 2 ? [] : o.series[1].data.map(d => Array.isArray(d) ? d : d.value).filter(d => d[3] === "?").map(d => d[1]);
		})()`, id))
		if len(rows) != 6 || strings.Count(fmt.Sprint(rows), strconv.Itoa(row)) != 6 {
			tb.t.Errorf("%s: #%s hides the cells of rows %v, want the 6 of row %d", what, id, rows, row)
		}
	}
	if n := eval[int](tb, `echarts.getInstanceByDom(document.querySelector("#compare-a")).getOption().series.length`); n != 1 {
		tb.t.Errorf("%s: #compare-a has %d series, want 1 (nothing hidden)", what, n)
	}
}

// changeAndReveal guesses key for row with the keyboard, moves the
// estimate by steps, reveals, and checks the verdict against row's changes
// as #compare-diff then shows them.
func (tb *tab) changeAndReveal(what string, row, key, steps int) {
	tb.t.Helper()
	tb.keyPress(fmt.Sprintf(`#predict-keys [data-key="%d"]`, key), "\r")
	for range steps {
		tb.keyPress("#predict-weight", kb.ArrowLeft)
	}
	if p := tb.predictState(); p.Guess != key || p.Revealed {
		tb.t.Errorf("%s: before the reveal: %+v", what, p)
	}
	tb.keyPress("#predict-reveal", "\r")
	if p := tb.predictState(); !p.Revealed {
		tb.t.Fatalf("%s: not revealed: %+v", what, p)
	}
	tb.settle()
	d := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#compare-diff")).getOption();
		const row = [];
		for (const s of o.series) for (const d of s.data) {
			const c = Array.isArray(d) ? d : d.value;
			if (c[1] === %d) row[c[0]] = c[2];
		}
		return row;
	})()`, row))
	if len(d) != 6 {
		tb.t.Fatalf("%s: the difference's row %d after the reveal: %v", what, row, d)
	}
	most := 0.0
	for _, v := range d {
		most = math.Max(most, math.Abs(v))
	}
	hit := math.Abs(d[key]) >= most-1e-9
	verdict := eval[string](tb, `document.querySelector("#predict-result").textContent`)
	if got := eval[string](tb, `document.querySelector("#predict-result").dataset.hit`); got != strconv.FormatBool(hit) {
		tb.t.Errorf("%s: data-hit=%s, want %v (changes %v)", what, got, hit, d)
	}
	if off := strconv.FormatFloat(most-math.Abs(d[key]), 'f', 2, 64); !hit && !strings.Contains(verdict, off+" more") {
		tb.t.Errorf("%s: the verdict %q does not say %s more (changes %v)", what, verdict, off, d)
	}
	if steps > 0 {
		est := float64(50-steps) / 100
		if off := strconv.FormatFloat(math.Abs(est-most), 'f', 2, 64); !strings.Contains(verdict, off+" off") {
			tb.t.Errorf("%s: the verdict %q does not say the estimate was %s off", what, verdict, off)
		}
	}
	tb.t.Logf("%s: %s", what, verdict)
}

// clickCellOf clicks the cell (row, col) of the heatmap sel.
func (tb *tab) clickCellOf(sel string, row, col int) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		el.scrollIntoView({block: "center"});
		const [x, y] = echarts.getInstanceByDom(el).convertToPixel({xAxisIndex: 0, yAxisIndex: 0}, [%d, %d]);
		const r = el.getBoundingClientRect();
		return [r.left + x, r.top + y];
	})()`, sel, col, row))
	n := tb.updates()
	tb.do("clicking a cell of "+sel, chromedp.MouseClickXY(xy[0], xy[1]))
	tb.waitUpdates(n)
}

// checkRowsQuestion plays the compare view's question of the row that
// changes most, chosen and guessed by the keyboard, and checks the verdict
// against the difference the chart then shows.
func checkRowsQuestion(t *testing.T, s *site) {
	rows := newTab(t, s)
	rows.open(s.URL() + "#view=compare&lang=en&predict=1&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
	rows.keyPress("#predict-what", kb.ArrowDown)
	rows.waitFor("the rows' question", `window.attnviz.state().predict_rows === true`, 10*time.Second)
	rows.settle()
	for _, id := range []string{"compare-b", "compare-diff"} {
		if n := eval[int](rows, fmt.Sprintf(`echarts.getInstanceByDom(document.querySelector("#%s")).getOption().series[1].data.map(d => Array.isArray(d) ? d : d.value).filter(d => d[3] === "?").length`, id)); n != 36 {
			t.Errorf("the rows' question: #%s hides %d cells, want all 36", id, n)
		}
	}
	rows.teachShots("predict-rows", "#predict-panel")
	rows.keyPress(`#predict-keys [data-key="0"]`, "\r")
	rows.keyPress("#predict-reveal", "\r")
	rows.settle()
	most := eval[[]float64](rows, `(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#compare-diff")).getOption(), most = [0, 0, 0, 0, 0, 0];
		for (const s of o.series) for (const d of s.data) { const c = Array.isArray(d) ? d : d.value; most[c[1]] = Math.max(most[c[1]], Math.abs(c[2])); }
		return most;
	})()`)
	verdict := eval[string](rows, `document.querySelector("#predict-result").textContent`)
	if off := strconv.FormatFloat(slices.Max(most)-most[0], 'f', 2, 64); !strings.Contains(verdict, "row “the” changes by") || !strings.Contains(verdict, off+" more") {
		t.Errorf("the rows' verdict %q, want row “the” and %s more (rows' largest changes %v)", verdict, off, most)
	}
	t.Logf("rows: %s", verdict)
	rows.checkClean("the rows' question")
}

// checkChangeInChinese opens a revealed prediction of the compare view on
// the Chinese page: no English, no axe violation, screenshots at three
// sizes.
func checkChangeInChinese(t *testing.T, s *site) {
	zh := newTab(t, s)
	zh.open(s.URL() + "#view=compare&lang=zh-Hans&predict=1&prow=1&pguess=5&pshown=1")
	zh.waitFor("the verdict", `!!document.querySelector("#predict-result")`, 10*time.Second)
	if v := eval[string](zh, `document.querySelector("#predict-result").textContent`); englishOutside(v) != "" {
		t.Errorf("the verdict in Chinese keeps English: %q", v)
	}
	zh.teachShots("predict-compare-zh", "#predict-panel")
	zh.checkTranslated("predict-compare")
	if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
		zh.axeCheck(axe, "predict-compare-zh")
	}
	zh.checkClean("predict in the compare view, in Chinese")
}
