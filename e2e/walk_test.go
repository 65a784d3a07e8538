//go:build !wasm

package e2e

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// TestKeyboardWalkViews walks, with key events only, the heatmaps that a
// student reads cell by cell in every view (CellWalk): compare (both
// sentences, their difference, the causal side, cross-attention), padding,
// matrices, learn and the pipeline's weights step. Each focuses by Tab; each move of the
// arrows, End and Home is read from the live region and checked against
// the chart's own labels and numbers; masked cells say so; Enter on the
// pipeline's weights opens the one-cell panel of the cursor's cell.
func TestKeyboardWalkViews(t *testing.T) {
	s := newSite(t, rootPrefix)
	const settings = "text=The+cat+sat+on+the+mat.&text2=A+dog+lay+on+the+rug.&causal=1"
	causal := func(i, j int, _ string) bool { return j > i }
	padded := func(_, _ int, key string) bool { return key == "∅" }
	for _, tc := range []struct {
		link   string
		ids    []string
		masked []func(i, j int, key string) bool // nil: none
	}{
		{"view=compare&" + settings, []string{"compare-a", "compare-diff", "compare-causal"}, []func(int, int, string) bool{causal, causal, causal}},
		{"view=padding&text=The+cat+sat+on+the+mat.&text2=A+dog.", []string{"padding-1"}, []func(int, int, string) bool{padded}},
		{"view=matrices", []string{"mx-heatmap-0"}, []func(int, int, string) bool{nil}},
		{"view=compare&cross=1&" + settings, []string{"cross-heatmap"}, []func(int, int, string) bool{causal}},
	} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#" + tc.link)
		tb.settle()
		for k, id := range tc.ids {
			tb.walkChart(id, tc.masked[k])
		}
		tb.screenshots("walk-"+tc.ids[0], nil)
		tb.wideShot("walk-" + tc.ids[0])
		tb.checkClean(tc.link)
	}

	tb := newTab(t, s)
	tb.openLearn(s, "task=previous&seed=2&until=20")
	tb.trainUntilStopped(20)
	tb.walkChart("now-0-0", nil)
	tb.screenshots("walk-learn", nil)
	tb.checkClean("learn")

	tb = newTab(t, s)
	tb.open(s.URL() + "#view=pipeline&" + settings)
	tb.tabTo(`.pipe-step[data-step="weights"]`)
	n := tb.updates()
	tb.press("Enter on the weights step", kb.Enter)
	tb.waitUpdates(n)
	tb.waitFor("the step dialog", `document.querySelector("#step-view") !== null`, 10*time.Second)
	tb.walkChart("step-heatmap", causal)
	// The cursor is at (1, 0) after walkChart.
	n = tb.updates()
	tb.pressEnter()
	tb.waitUpdates(n)
	tb.waitFor("the cell panel of (1, 0)", `document.querySelector('#cell-panel[data-query="1"][data-key="0"]') !== null`, 10*time.Second)
	tb.t.Log("ok: Enter on the step's cell opened its cell panel")
	tb.waitFor("the focus in the cell panel", `document.activeElement.id === "cell-close"`, 10*time.Second)
	n = tb.updates()
	tb.press("Esc", kb.Escape)
	tb.waitUpdates(n)
	tb.waitFor("the panel closed, the focus on the weights box",
		`document.querySelector('#cell-panel[data-query]') === null && document.activeElement.matches('.pipe-step[data-step="weights"]')`, 10*time.Second)
	tb.t.Log("ok: Esc closed the cell panel and gave the focus to the weights box")
	tb.checkClean("pipeline")
}

// announcement parses a cell's announcement: row name, row label, row,
// column name, column label, column, value name, value, and the rest.
var announcement = regexp.MustCompile(`^(.+?) “(.*)” \((\d+)\), (.+?) “(.*)” \((\d+)\), (\S+) (−?\d+\.\d\d)(.*)$`)

// walkChart focuses the CellWalk of chart id by Tab and walks it: →, ↓, ↓,
// End, Home, ↑, checking each announcement (walkCheck); masked names the
// cells masked (nil for none), by their place and key.
func (tb *tab) walkChart(id string, masked func(i, j int, key string) bool) {
	tb.t.Helper()
	tb.tabTo("#" + id + "-keys")
	live := fmt.Sprintf(`document.getElementById(%q).textContent`, id+"-live")
	cols := eval[int](tb, fmt.Sprintf(`echarts.getInstanceByDom(document.getElementById(%q)).getOption().xAxis[0].data.length`, id))
	said := ""
	tb.waitFor("the first announcement of "+id, live+` !== ""`, 5*time.Second)
	said = eval[string](tb, live)
	tb.walkCheck(id, "focus", said, 0, 0, masked)
	for _, step := range []struct {
		what string
		key  string
		i, j int
	}{
		{"→", kb.ArrowRight, 0, 1},
		{"↓", kb.ArrowDown, 1, 1},
		{"↓ again", kb.ArrowDown, 2, 1},
		{"End", kb.End, 2, cols - 1},
		{"Home", kb.Home, 2, 0},
		{"↑", kb.ArrowUp, 1, 0},
	} {
		before := said
		tb.press(step.what, step.key)
		tb.waitFor(id+": an announcement after "+step.what, fmt.Sprintf(`%s !== %s`, live, jsString(before)), 5*time.Second)
		said = eval[string](tb, live)
		tb.walkCheck(id, step.what, said, step.i, step.j, masked)
	}
}

// walkCheck checks said, the announcement of cell (i, j) of chart id,
// against the chart's axis labels and the number of its cell, and that the
// cells masked names (nil for none) say "masked", and no other.
func (tb *tab) walkCheck(id, what, said string, i, j int, masked func(i, j int, key string) bool) {
	tb.t.Helper()
	m := announcement.FindStringSubmatch(said)
	if m == nil {
		tb.t.Fatalf("%s %s: announcement %q is not of a cell", id, what, said)
	}
	type cell struct {
		Row, Col string
		Value    float64
		Found    bool
	}
	c := eval[cell](tb, fmt.Sprintf(`(() => {
		const o = echarts.getInstanceByDom(document.getElementById(%q)).getOption();
		const out = {row: o.yAxis[0].data[%d], col: o.xAxis[0].data[%d], value: 0, found: false};
		o.series.forEach(s => (s.data || []).forEach(d => {
			const v = Array.isArray(d) ? d : d.value;
			if (v && v[0] === %d && v[1] === %d) {
				out.value = Number(v[2]) || 0; out.found = true; // a masked step cell is labelled "−∞", its weight 0
			}
		}));
		return out;
	})()`, id, i, j, j, i))
	if !c.Found {
		tb.t.Fatalf("%s %s: no cell (%d, %d) in the chart's data", id, what, i, j)
	}
	got, _ := strconv.ParseFloat(strings.ReplaceAll(m[8], "−", "-"), 64)
	switch {
	case m[2] != c.Row || m[3] != strconv.Itoa(i+1) || m[5] != c.Col || m[6] != strconv.Itoa(j+1):
		tb.t.Errorf("%s %s: %q, want row “%s” (%d) and column “%s” (%d)", id, what, said, c.Row, i+1, c.Col, j+1)
	case math.Abs(got-c.Value) > 0.0051:
		tb.t.Errorf("%s %s: %q says %v, the chart's cell is %v", id, what, said, got, c.Value)
	case (masked != nil && masked(i, j, c.Col)) != strings.HasSuffix(m[9], ", masked"):
		tb.t.Errorf("%s %s: %q, wrong about the mask", id, what, said)
	default:
		tb.t.Logf("ok: %s %s: %q", id, what, said)
	}
}
