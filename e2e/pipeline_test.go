//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pipeResult is the part of the result contract the pipeline tests read.
type pipeResult struct {
	Toks  []string    `json:"tokens"`
	X     [][]float64 `json:"x"`
	Heads []struct {
		Q       [][]float64 `json:"q"`
		K       [][]float64 `json:"k"`
		V       [][]float64 `json:"v"`
		Scores  [][]float64 `json:"scores"`
		Weights [][]float64 `json:"weights"`
		Output  [][]float64 `json:"output"`
	} `json:"heads"`
	WeightsMean [][]float64 `json:"weights_mean"`
	Output      [][]float64 `json:"output"`
}

func (tb *tab) pipeResult() *pipeResult {
	tb.t.Helper()
	var r pipeResult
	if err := json.Unmarshal([]byte(tb.resultJSON()), &r); err != nil {
		tb.t.Fatalf("window.attnviz.result(): %v", err)
	}
	return &r
}

// parseShown reads a number as the page prints it: a true minus sign, −∞.
func parseShown(s string) (float64, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "−∞":
		return math.Inf(-1), nil
	case "∞":
		return math.Inf(1), nil
	}
	return strconv.ParseFloat(strings.Replace(s, "−", "-", 1), 64)
}

// decimals returns the number of decimals printed in s.
func decimals(s string) int {
	if _, frac, ok := strings.Cut(s, "."); ok {
		return len(frac)
	}
	return 0
}

// checkShown checks that text, a printed number, is want at its printed
// precision.
func checkShown(t *testing.T, what, text string, want float64) bool {
	t.Helper()
	got, err := parseShown(text)
	if err != nil {
		t.Errorf("%s: %q is not a number", what, text)
		return false
	}
	if math.IsInf(want, 0) || math.IsInf(got, 0) {
		if got != want {
			t.Errorf("%s: printed %q, want %v", what, text, want)
			return false
		}
		return true
	}
	if tol := 0.5*math.Pow10(-decimals(text)) + 1e-12; math.Abs(got-want) > tol {
		t.Errorf("%s: printed %q, want %v (to %d decimals)", what, text, want, decimals(text))
		return false
	}
	return true
}

// stepValues returns the table #step-values: its rows of printed numbers.
func (tb *tab) stepValues() [][]string {
	tb.t.Helper()
	return eval[[][]string](tb, `Array.from(document.querySelectorAll("#step-values tbody tr")).map(
		tr => Array.from(tr.querySelectorAll("td")).map(td => td.textContent))`)
}

// TestPipelineSteps opens the pipeline view from a link, checks each step's
// name and shape, opens steps large and compares their printed values with
// window.attnviz.result(), closes them with Esc and the button, and reopens
// one from its link.
func TestPipelineSteps(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=pipeline&causal=1&head=1")
	if st := tb.state(); st.View != "pipeline" || st.Head != "1" || st.Mask != "causal" {
		t.Fatalf("state %+v after opening view=pipeline&causal=1&head=1", st)
	}
	r := tb.pipeResult()
	h := r.Heads[1]
	n := len(r.Toks)
	dims := func(m [][]float64) string { return fmt.Sprintf("%d×%d", len(m), len(m[0])) }
	want := []struct{ id, shape string }{
		{"x", dims(r.X)}, {"q", dims(h.Q)}, {"k", dims(h.K)}, {"v", dims(h.V)},
		{"scores", dims(h.Scores)}, {"scaled", dims(h.Scores)}, {"masked", dims(h.Scores)},
		{"weights", dims(h.Weights)}, {"output", dims(h.Output)},
		{"concat", fmt.Sprintf("%d×%d", n, len(r.Heads)*len(h.Output[0]))}, {"wo", dims(r.Output)},
	}
	type card struct{ ID, Shape, Name, Text string }
	cards := eval[[]card](tb, `Array.from(document.querySelectorAll("#pipeline .pipe-step")).map(b => ({
		id: b.dataset.step, shape: b.querySelector(".pipe-shape").dataset.shape,
		name: b.querySelector(".pipe-name").textContent, text: b.querySelector(".pipe-shape").textContent}))`)
	if len(cards) != len(want) {
		t.Fatalf("%d pipeline steps, want %d: %+v", len(cards), len(want), cards)
	}
	for k, w := range want {
		c := cards[k]
		if c.ID != w.id || c.Shape != w.shape || c.Name == "" || !strings.HasSuffix(c.Text, w.shape) {
			t.Errorf("step %d: %+v, want id %s, shape %s", k, c, w.id, w.shape)
		}
	}
	t.Logf("ok: %d steps, X %s … Wo %s", len(cards), want[0].shape, want[len(want)-1].shape)
	charts := eval[int](tb, `echarts.getInstanceByDom(document.querySelector("#pipeline .heatmap-grid")).getOption().series.length`)
	if charts != len(want) {
		t.Errorf("%d step pictures drawn, want %d", charts, len(want))
	}

	dk := float64(len(h.Q[0]))
	compare := func(step string, m func(i, j int) float64, cols int) {
		t.Helper()
		rows := tb.stepValues()
		if len(rows) != n {
			t.Fatalf("step %s: %d rows of values, want %d", step, len(rows), n)
		}
		bad := 0
		for i, row := range rows {
			if len(row) != cols {
				t.Fatalf("step %s: row %d has %d values, want %d", step, i, len(row), cols)
			}
			for j, text := range row {
				if !checkShown(t, fmt.Sprintf("step %s [%d][%d]", step, i, j), text, m(i, j)) {
					if bad++; bad > 5 {
						t.FailNow()
					}
				}
			}
		}
		if bad == 0 {
			t.Logf("ok: step %s: %d×%d printed values match result()", step, n, cols)
		}
	}

	tb.click(`#pipeline [data-step="q"]`)
	tb.waitFor("#step-view for q", `document.querySelector("#step-view[data-step=q]") !== null`, 10*time.Second)
	compare("q", func(i, j int) float64 { return h.Q[i][j] }, len(h.Q[0]))
	if st := tb.state(); st.View != "pipeline" {
		t.Errorf("state view %q", st.View)
	}
	if step := eval[string](tb, `window.attnviz.state().step`); step != "q" {
		t.Errorf("state().step = %q, want q", step)
	}
	// The large heatmap draws Q itself.
	cells := eval[[][]float64](tb, `echarts.getInstanceByDom(document.querySelector("#step-heatmap")).getOption().series[0].data.map(d => d.slice(0, 3))`)
	if len(cells) != n*len(h.Q[0]) {
		t.Errorf("the step's heatmap has %d cells, want %d", len(cells), n*len(h.Q[0]))
	}
	for _, c := range cells {
		if i, j := int(c[1]), int(c[0]); math.Abs(c[2]-h.Q[i][j]) > 1e-12 {
			t.Errorf("step heatmap [%d][%d] = %v, want %v", i, j, c[2], h.Q[i][j])
			break
		}
	}

	// Esc closes it.
	n0 := tb.updates()
	tb.do("pressing Escape", chromedp.KeyEvent("\x1b"))
	tb.waitUpdates(n0)
	tb.waitFor("#step-view to close on Esc", `document.querySelector("#step-view") === null`, 10*time.Second)

	// From the keyboard: Enter on a step opens its dialog with the focus on
	// its close button; Esc closes it and gives the focus back to the step.
	eval[chromedp.Void](tb, `document.querySelector('#pipeline [data-step="k"]').focus()`)
	n0 = tb.updates()
	tb.do("pressing Enter on step k", chromedp.KeyEvent("\r"))
	tb.waitUpdates(n0)
	tb.waitFor("the focus on #step-close", `document.activeElement && document.activeElement.id === "step-close"`, 10*time.Second)
	n0 = tb.updates()
	tb.do("pressing Escape", chromedp.KeyEvent("\x1b"))
	tb.waitUpdates(n0)
	tb.waitFor("the focus back on step k", `document.querySelector("#step-view") === null && document.activeElement.matches('#pipeline .pipe-step[data-step="k"]')`, 10*time.Second)

	// The masked logits: −∞ above the diagonal, scores ÷ √d_k elsewhere.
	tb.click(`#pipeline [data-step="masked"]`)
	compare("masked", func(i, j int) float64 {
		if j > i {
			return math.Inf(-1)
		}
		return h.Scores[i][j] / math.Sqrt(dk)
	}, n)
	masked := eval[int](tb, `echarts.getInstanceByDom(document.querySelector("#step-heatmap")).getOption().series[0].data.filter(d => d[2] === "-").length`)
	if masked != n*(n-1)/2 {
		t.Errorf("the masked step draws %d cells as masked, want %d", masked, n*(n-1)/2)
	}
	tb.click("#step-close")
	tb.waitFor("#step-view to close on its button", `document.querySelector("#step-view") === null`, 10*time.Second)

	// The weights, and a link that reopens them.
	tb.click(`#pipeline [data-step="weights"]`)
	compare("weights", func(i, j int) float64 { return h.Weights[i][j] }, n)
	if got := eval[int](tb, `document.querySelectorAll("#step-values td[data-masked]").length`); got != n*(n-1)/2 {
		t.Errorf("the weights step shows %d values as masked, want %d", got, n*(n-1)/2)
	}
	tb.screenshots("TestPipelineSteps_weights", nil)
	tb.waitFor("the link to hold step=weights", `location.hash.includes("step=weights")`, 5*time.Second)
	link := eval[string](tb, `location.href`)
	tb2 := newTab(t, s)
	tb2.open(link)
	tb2.waitFor("#step-view from the link", `document.querySelector("#step-view[data-step=weights]") !== null`, 10*time.Second)
	t.Logf("ok: the link %s reopens the weights step", link[strings.Index(link, "#"):])
	tb.click("#step-close")
	tb.screenshots("TestPipelineSteps", nil)
	tb.checkClean("the pipeline view")
	tb2.checkClean("the pipeline view from a link")
}

// shownNum is a number of the cell panel.
type shownNum struct {
	Name, Idx, Text string
}

func (tb *tab) cellNumbers() []shownNum {
	tb.t.Helper()
	return eval[[]shownNum](tb, `Array.from(document.querySelectorAll("#cell-panel .num[data-name]")).map(s => ({
		name: s.dataset.name, idx: s.dataset.idx || "", text: s.textContent}))`)
}

// TestCellPanel clicks a cell of the main heatmap and checks every number
// of the worked weight against window.attnviz.result(), then a cell above
// the diagonal under the causal mask, and the link of the cell.
func TestCellPanel(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#head=0")
	tb.setSentence("The cat sat on the mat.")
	// Click query 3, key 1 of #heatmap where ECharts draws it.
	const qi, kj = 3, 1
	xy := tb.cellOnScreen("#heatmap", qi, kj)
	n0 := tb.updates()
	tb.do("clicking cell (3, 1)", chromedp.MouseClickXY(xy[0], xy[1]))
	tb.waitUpdates(n0)
	tb.waitFor("the cell panel", `document.querySelector("#cell-panel[data-query='3'][data-key='1']") !== null`, 10*time.Second)
	checkCellPanel(t, tb, 0, qi, kj, false)
	// The heatmap rings the selected cell, also with the pointer gone. (The
	// cells' white borders rule out reading the ring's pixels here: see
	// TestLargeHeatmapImage for those.)
	tb.do("moving the pointer off the chart", chromedp.MouseEvent(chromedp.MouseMoved, 1, 1))
	tb.waitRingAround("the ring around the selected cell (3, 1)", qi, kj)
	tb.screenshots("TestCellPanel_main", nil)

	// Causal: the cell above the diagonal is masked, its weight 0.
	tb.click("#causal")
	eval[chromedp.Void](tb, `(() => {
		const el = document.querySelector("#cell-key");
		el.value = "4";
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`)
	tb.waitFor("the cell panel for key 4", `document.querySelector("#cell-panel[data-key='4']") !== null`, 10*time.Second)
	checkCellPanel(t, tb, 0, qi, 4, true)
	tb.waitRingAround("the ring around the selected cell (3, 4), and no other", qi, 4)

	// The link reopens the cell, in the pipeline view too.
	tb.waitFor("the link to hold the cell", `decodeURIComponent(location.hash).includes("cell=3,4")`, 5*time.Second)
	link := strings.Replace(eval[string](tb, `location.href`), "view=attention", "view=pipeline", 1)
	tb2 := newTab(t, s)
	tb2.open(link)
	tb2.waitFor("the cell panel from the link", `document.querySelector("#cell-panel[data-query='3'][data-key='4']") !== null`, 10*time.Second)
	if st := tb2.state(); st.View != "pipeline" || st.Mask != "causal" {
		t.Errorf("state %+v from the link", st)
	}
	checkCellPanel(t, tb2, 0, qi, 4, true)
	tb2.screenshots("TestCellPanel_pipeline", nil)

	// A head picked in the pipeline's grid is the panel's head too.
	tb2.click(`.pipe-heads [data-thumb="1"]`)
	tb2.waitFor("the cell panel for head 2", `document.querySelector("#cell-panel[data-head='1']") !== null`, 10*time.Second)
	checkCellPanel(t, tb2, 1, qi, 4, true)
	if h := tb2.state().Head; h != "1" {
		t.Errorf("head %q after clicking head 2's thumbnail", h)
	}

	tb.click("#cell-close")
	tb.waitFor("the cell panel to close", `document.querySelector("#cell-panel .cell-steps") === null`, 10*time.Second)
	tb.checkClean("the cell panel")
	tb2.checkClean("the cell panel from a link")
}

// checkCellPanel compares every number of #cell-panel with result().
func checkCellPanel(t *testing.T, tb *tab, head, i, j int, masked bool) {
	t.Helper()
	r := tb.pipeResult()
	h := r.Heads[head]
	nums := tb.cellNumbers()
	dk := float64(len(h.Q[0]))
	logit := func(k int) float64 {
		if k > i && tb.state().Mask == "causal" {
			return math.Inf(-1)
		}
		return h.Scores[i][k] / math.Sqrt(dk)
	}
	maxLogit := math.Inf(-1)
	for k := range h.Scores[i] {
		maxLogit = math.Max(maxLogit, logit(k))
	}
	expSum := 0.0
	for k := range h.Scores[i] {
		expSum += math.Exp(logit(k) - maxLogit)
	}
	seen := map[string]int{}
	bad := 0
	for _, nm := range nums {
		idx := 0
		var c int
		if nm.Idx != "" {
			a, b, two := strings.Cut(nm.Idx, ",")
			idx, _ = strconv.Atoi(a)
			if two {
				c, _ = strconv.Atoi(b)
			}
		}
		var want float64
		switch nm.Name {
		case "q":
			want = h.Q[i][idx]
		case "k":
			want = h.K[j][idx]
		case "product":
			want = h.Q[i][idx] * h.K[j][idx]
		case "score":
			want = h.Scores[i][j]
		case "sqrtdk":
			want = math.Sqrt(dk)
		case "scaled", "unmasked":
			want = h.Scores[i][j] / math.Sqrt(dk)
		case "temperature":
			want = 1
		case "logit":
			want = logit(idx)
		case "max":
			want = maxLogit
		case "exp":
			want = math.Exp(logit(idx) - maxLogit)
		case "expsum":
			want = expSum
		case "weight":
			want = h.Weights[i][j]
		case "rowweight":
			want = h.Weights[i][idx]
		case "term":
			want = h.Weights[i][idx] * h.V[idx][c]
		case "output":
			want = h.Output[i][idx]
		case "headweight":
			want = r.Heads[idx].Weights[i][j]
		case "mean":
			want = r.WeightsMean[i][j]
		default:
			t.Errorf("cell panel: unknown number %q", nm.Name)
			continue
		}
		seen[nm.Name]++
		if !checkShown(t, fmt.Sprintf("cell (%d, %d) head %d: %s[%s]", i, j, head, nm.Name, nm.Idx), nm.Text, want) {
			if bad++; bad > 8 {
				t.FailNow()
			}
		}
	}
	for _, name := range []string{"q", "k", "product", "score", "scaled", "max", "exp", "expsum", "weight", "rowweight", "term", "output"} {
		if seen[name] == 0 {
			t.Errorf("cell (%d, %d): the panel prints no %s", i, j, name)
		}
	}
	if seen["q"] != len(h.Q[0]) || seen["output"] != len(h.Output[0]) {
		t.Errorf("cell (%d, %d): %d q and %d output numbers, want %d and %d", i, j, seen["q"], seen["output"], len(h.Q[0]), len(h.Output[0]))
	}
	isMasked := eval[bool](tb, `document.querySelector("#cell-panel .eq.masked") !== null`)
	if isMasked != masked {
		t.Errorf("cell (%d, %d): the panel says masked %v, want %v", i, j, isMasked, masked)
	}
	if bad == 0 {
		t.Logf("ok: cell (%d, %d) of head %d: %d printed numbers match result() (weight %v)", i, j, head, len(nums), h.Weights[i][j])
	}
}
