//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/attnviz/attnviz/app/i18n"
)

// cliArgs are the cmd/attn flags of s, for text, with extra flags after.
func cliArgs(s state, text string, extra ...string) []string {
	args := []string{
		"-text", text,
		"-heads", strconv.Itoa(s.Heads),
		"-d-model", strconv.Itoa(s.DModel),
		"-seed", strconv.FormatInt(s.Seed, 10),
		"-causal=" + strconv.FormatBool(s.Mask == "causal"),
		"-positional=" + strconv.FormatBool(s.Positional),
		"-no-scale=" + strconv.FormatBool(!s.Scale),
		"-temperature", strconv.FormatFloat(s.Temperature, 'g', -1, 64),
		"-format", "json",
	}
	if s.DK != 0 {
		args = append(args, "-d-k", strconv.Itoa(s.DK))
	}
	return append(args, extra...)
}

// sameWeights compares two weight matrices to within 1e-12.
func sameWeights(t *testing.T, what string, got, want [][]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range want {
		for j := range want[i] {
			if math.Abs(got[i][j]-want[i][j]) > 1e-12 {
				t.Fatalf("%s[%d][%d] = %v, want %v", what, i, j, got[i][j], want[i][j])
			}
		}
	}
}

// checkScaledAgainstCLI compares every weight of the page's result with
// cmd/attn's for the page's settings, -no-scale, -temperature and -d-k
// included, and returns the page's result.
func (tb *tab) checkScaledAgainstCLI(what string) *result {
	tb.t.Helper()
	s := tb.state()
	got := tb.result()
	want := runCLI(tb.t, cliArgs(s, s.Text))
	if !equalStrings(got.Tokens, want.Tokens) || len(got.Heads) != len(want.Heads) {
		tb.t.Fatalf("%s: page tokens %q and %d heads, cmd/attn %q and %d", what, got.Tokens, len(got.Heads), want.Tokens, len(want.Heads))
	}
	for h := range want.Heads {
		sameWeights(tb.t, fmt.Sprintf("%s: heads[%d].weights", what, h), got.Heads[h].Weights, want.Heads[h].Weights)
	}
	sameWeights(tb.t, what+": weights_mean", got.WeightsMean, want.WeightsMean)
	tb.t.Logf("ok: %s (scale %v, temperature %v, d_k %d): every weight matches cmd/attn", what, s.Scale, s.Temperature, s.DK)
	return got
}

// chartCells returns the cells [col, row, value] of every series of the
// ECharts instance in the element with id, and the number of series.
func (tb *tab) chartCells(id string) [][][3]float64 {
	tb.t.Helper()
	raw := eval[string](tb, fmt.Sprintf(`(() => {
		const el = document.getElementById(%s);
		const chart = el && window.echarts && echarts.getInstanceByDom(el);
		if (!chart) return "";
		return JSON.stringify(chart.getOption().series.map(s => s.data.map(d => (Array.isArray(d) ? d : d.value).slice(0, 3))));
	})()`, jsString(id)))
	if raw == "" {
		tb.t.Fatalf("#%s has no ECharts instance", id)
	}
	var v [][][3]float64
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		tb.t.Fatalf("#%s: %v", id, err)
	}
	return v
}

// change sets the value of the input or select sel and fires event, then
// waits for the page to show the change.
func (tb *tab) change(sel, value, event string) {
	tb.t.Helper()
	n := tb.updates()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		el.value = %s;
		el.dispatchEvent(new Event(%s, {bubbles: true}));
	})()`, jsString(sel), jsString(value), jsString(event)))
	tb.waitUpdates(n)
}

// TestScalingView switches the scaling off, moves the temperature and
// changes d_k in the scaling view: the page's weights are cmd/attn's for the
// same settings each time, and change.
func TestScalingView(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=scaling")
	if v := tb.state().View; v != "scaling" {
		t.Fatalf("view %q, want scaling", v)
	}
	before := tb.checkScaledAgainstCLI("scaled, temperature 1")
	tb.checkHeatmap("scaled", before.Tokens, before.WeightsMean)

	tb.click("#scale")
	if st := tb.state(); st.Scale {
		t.Fatal("state().scale is still true after clicking #scale")
	}
	off := tb.checkScaledAgainstCLI("unscaled")
	if off.WeightsMean[0][0] == before.WeightsMean[0][0] && off.WeightsMean[1][0] == before.WeightsMean[1][0] {
		t.Error("the weights did not change with the scaling off")
	}
	tb.checkHeatmap("unscaled", off.Tokens, off.WeightsMean)

	tb.change("#temperature", "10", "input") // 10^(10/20) ≈ 3.16
	st := tb.state()
	if math.Abs(st.Temperature-3.16) > 1e-9 {
		t.Errorf("temperature %v after the slider's step 10, want 3.16", st.Temperature)
	}
	if got := eval[string](tb, `document.querySelector("#temperature-value").textContent`); got != "3.16" {
		t.Errorf("#temperature-value shows %q, want 3.16", got)
	}
	hot := tb.checkScaledAgainstCLI("unscaled, temperature 3.16")
	tb.checkHeatmap("temperature 3.16", hot.Tokens, hot.WeightsMean)

	tb.change("#dk", "64", "change")
	if st := tb.state(); st.DK != 64 {
		t.Errorf("d_k %d after choosing 64", st.DK)
	}
	wide := tb.checkScaledAgainstCLI("unscaled, temperature 3.16, d_k 64")
	tb.checkHeatmap("d_k 64", wide.Tokens, wide.WeightsMean)

	// The table beside the heatmap: each row's largest weight.
	shown := eval[[]string](tb, `[...document.querySelectorAll("#row-stats tbody tr")].map(r => r.children[1].textContent)`)
	if len(shown) != len(wide.Tokens) {
		t.Fatalf("#row-stats has %d rows, want %d", len(shown), len(wide.Tokens))
	}
	for i, row := range wide.WeightsMean {
		m := 0.0
		for _, w := range row {
			m = max(m, w)
		}
		if want := strconv.FormatFloat(m, 'f', 3, 64); shown[i] != want {
			t.Errorf("row %d: largest weight shown %q, want %s", i, shown[i], want)
		}
	}
	// Each number's bar ends short of the number.
	if crossed := eval[int](tb, `[...document.querySelectorAll("#row-stats td.num")].filter(td => td.querySelector(".bar").getBoundingClientRect().right > td.querySelector("span:not(.bar)").getBoundingClientRect().left).length`); crossed > 0 {
		t.Errorf("#row-stats: %d bars cross their number", crossed)
	}
	// The settings are in the link, which the page rewrites at most every
	// 350 ms.
	tb.waitFor("the settings in the link", `["scale=0", "temp=3.16", "dk=64"].every(s => location.hash.includes(s))`, 10*time.Second)
	// The sweep is computed a d_k at a time once the settings rest: two
	// lines of 7 points.
	tb.waitFor("the sweep's two lines of 7 points", `(() => {
		const c = echarts.getInstanceByDom(document.getElementById("sweep-max"));
		const s = c && c.getOption().series;
		return !!s && s.length === 2 && s.every(l => l.data.length === 7);
	})()`, 10*time.Second)
	tb.screenshots("scaling", nil)
	tb.checkClean("the scaling view")
}

// TestCompareView checks that the difference heatmaps are the differences
// of cmd/attn's weights for the two sentences, and for no mask and the
// causal mask.
func TestCompareView(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	a, b := "The cat sat on the mat.", "The mat sat on the cat."
	tb.open(s.URL() + "#view=compare&text=" + url.QueryEscape(a) + "&text2=" + url.QueryEscape(b))
	st := tb.state()
	if st.Text2 != b {
		t.Fatalf("text2 %q, want %q", st.Text2, b)
	}
	checkDiff := func(id string, ra, rb *result) {
		t.Helper()
		series := tb.chartCells(id)
		n := len(ra.WeightsMean)
		if len(series) != 1 || len(series[0]) != n*n {
			t.Fatalf("#%s: %d series, want 1 of %d cells", id, len(series), n*n)
		}
		worst := 0.0
		for _, c := range series[0] {
			j, i := int(c[0]), int(c[1])
			want := ra.WeightsMean[i][j] - rb.WeightsMean[i][j]
			worst = max(worst, math.Abs(want))
			if math.Abs(c[2]-want) > 1e-12 {
				t.Fatalf("#%s[%d][%d] = %v, want A − B = %v", id, i, j, c[2], want)
			}
		}
		t.Logf("ok: #%s is A − B of cmd/attn's weights (largest |difference| %.3f)", id, worst)
	}
	ra := runCLI(t, cliArgs(st, a))
	rb := runCLI(t, cliArgs(st, b))
	checkDiff("compare-diff", ra, rb)
	none, causal := st, st
	none.Mask, causal.Mask = "none", "causal"
	tb.showChart("#compare-maskdiff") // the masks pair draws near the screen
	checkDiff("compare-maskdiff", runCLI(t, cliArgs(none, a)), runCLI(t, cliArgs(causal, a)))
	tb.screenshots("compare", nil)

	// Counts that differ are said, and the mask comparison stays.
	tb.change("#sentence2", "The mat sat.", "input")
	if got := eval[string](tb, `document.querySelector("#compare-diff-error")?.textContent ?? ""`); !strings.Contains(got, "7 tokens") || !strings.Contains(got, "B 4") {
		t.Errorf("different counts: %q", got)
	}
	if eval[bool](tb, `!document.querySelector("#compare-maskdiff")`) {
		t.Error("#compare-maskdiff is gone")
	}
	tb.change("#lang", "zh-Hans", "change")
	if got := eval[string](tb, `document.querySelector("#compare-diff-error").textContent`); !strings.Contains(got, "句子 A 有 7 个词元") {
		t.Errorf("in Chinese, different counts: %q", got)
	}
	tb.screenshots("compare-zh", nil)
	tb.checkClean("the compare view")
}

// TestPaddingExample opens the padding view on its own default second
// sentence, shorter than the first (the shared example has the first's 11
// tokens, for the compare view, and once padded nothing); the compare view
// keeps its example. A link's own sentences of one length say that nothing
// is padded, and the view's button gives the shorter one.
func TestPaddingExample(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=padding")
	if got := tb.state().Text2; got != "The cat sat." {
		t.Errorf("the padding view opens with the second sentence %q, want the shorter example", got)
	}
	checkPadded := func(what string) {
		t.Helper()
		if eval[bool](tb, `!!document.querySelector("#padding-none")`) {
			t.Errorf("%s: #padding-none shows", what)
		}
		if got := eval[string](tb, `document.querySelector("#padding-1")?.closest("figure")?.querySelector("figcaption")?.textContent ?? ""`); !strings.Contains(got, "4 tokens + 7 pad") {
			t.Errorf("%s: the second sentence's caption is %q, want 4 tokens + 7 pad", what, got)
		}
	}
	checkPadded("the default")
	tb.click(`.tabs [data-view="compare"]`)
	if got := tb.state(); got.View != "compare" || !strings.HasPrefix(got.Text2, "The mat sat on the cat") {
		t.Errorf("in compare: view %q, second sentence %q, want the example", got.View, got.Text2)
	}

	tb.checkClean("the padding view's default")
	tb = newTab(t, s)
	tb.open(s.URL() + "#view=padding&text2=" + url.QueryEscape("The mat sat on the cat because it was tired."))
	if got := eval[string](tb, `document.querySelector("#padding-none")?.textContent ?? ""`); !strings.Contains(got, "11 tokens") {
		t.Fatalf("#padding-none says %q, want that both sentences have 11 tokens", got)
	}
	tb.click("#padding-shorter")
	if got := tb.state().Text2; got != "The cat sat." {
		t.Errorf("the second sentence is %q, want the shorter example", got)
	}
	checkPadded("after the button")
	tb.checkClean("the padding view's example")
}

// TestPaddingExampleLang switches the language in the padding view: its own
// second sentence, and the first, both examples, follow the language, and
// leaving the view gives back the new language's shared second sentence
// (the English "The cat sat." stayed, and then stayed in the compare view).
func TestPaddingExampleLang(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#lang=en&view=padding")
	tb.mxLang(i18n.LangZH)
	tb.settle()
	zh := state{Text: i18n.T(i18n.LangZH, "sentence.example"), Text2: i18n.T(i18n.LangZH, "padding.example")}
	if got := tb.state(); got.Text != zh.Text || got.Text2 != zh.Text2 {
		t.Errorf("the padding view in Chinese: sentences %q and %q, want %q and %q", got.Text, got.Text2, zh.Text, zh.Text2)
	}
	if got := eval[[]string](tb, `["#sentence", "#sentence2"].map(s => document.querySelector(s)?.value ?? "")`); len(got) != 2 || got[0] != zh.Text || got[1] != zh.Text2 {
		t.Errorf("#sentence and #sentence2 hold %q, want %q and %q", got, zh.Text, zh.Text2)
	}
	if eval[bool](tb, `!!document.querySelector("#padding-none")`) {
		t.Error("#padding-none shows: nothing is padded")
	}
	tb.screenshots("padding-zh", nil)
	tb.click(`.tabs [data-view="compare"]`)
	if got, want := tb.state().Text2, i18n.T(i18n.LangZH, "sentence2.example"); got != want {
		t.Errorf("in compare after the padding view in Chinese: second sentence %q, want the shared example %q", got, want)
	}
	tb.checkClean("the padding view's example in Chinese")
}

// TestPaddingView checks that the padded key columns are exactly 0 and the
// rest is cmd/attn's weights for the padded sentence with -valid.
func TestPaddingView(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	a, b := "The cat sat on the mat.", "A dog barked."
	tb.open(s.URL() + "#view=padding&text=" + url.QueryEscape(a) + "&text2=" + url.QueryEscape(b))
	st := tb.state()
	series := tb.chartCells("padding-1")
	if len(series) != 2 {
		t.Fatalf("#padding-1 has %d series, want 2 (weights, masked)", len(series))
	}
	const real, length = 4, 7
	want := runCLI(t, cliArgs(st, b+strings.Repeat(" ∅", length-real), "-valid", strconv.Itoa(real)))
	if len(want.Tokens) != length {
		t.Fatalf("cmd/attn gives %d tokens for the padded sentence, want %d", len(want.Tokens), length)
	}
	if len(series[1]) != length*(length-real) {
		t.Errorf("%d masked cells, want %d", len(series[1]), length*(length-real))
	}
	for k, cells := range series {
		for _, c := range cells {
			j, i := int(c[0]), int(c[1])
			if masked := j >= real; masked != (k == 1) {
				t.Errorf("cell (%d, %d) in series %d", i, j, k)
			}
			if j >= real && c[2] != 0 {
				t.Errorf("padded key column %d, query %d: weight %v, want exactly 0", j, i, c[2])
			}
			if math.Abs(c[2]-want.WeightsMean[i][j]) > 1e-12 {
				t.Errorf("[%d][%d] = %v, cmd/attn -valid %d: %v", i, j, c[2], real, want.WeightsMean[i][j])
			}
		}
	}
	if n := len(tb.chartCells("padding-0")[1]); n != 0 {
		t.Errorf("the longer sentence has %d masked cells, want 0", n)
	}
	t.Logf("ok: the %d padded key cells are exactly 0 and the others match cmd/attn -valid %d", len(series[1]), real)
	tb.screenshots("padding", nil)
	tb.checkClean("the padding view")
}
