//go:build !wasm

package e2e

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestCrossCompare opens the compare view in cross-attention mode (cross=1)
// and checks that its heatmap is n × m with the queries' tokens on one axis
// and the keys' on the other, that window.attnviz.result() is cmd/attn's
// for the same spec (-text-kv), and that the cell check's two scores agree.
func TestCrossCompare(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	q, kv := "le chat dort", "the black cat sleeps now"
	tb.do("opening the cross mode", chromedp.Navigate(s.URL()+"#view=compare&cross=1&heads=2&d=16&seed=7&lang=en&text=le+chat+dort&text2=the+black+cat+sleeps+now"))
	tb.waitFor("the cross heatmap", `(() => { const el = document.querySelector("#cross-heatmap"); return !!(el && window.echarts && echarts.getInstanceByDom(el) && echarts.getInstanceByDom(el).getOption().series.length); })()`, 60*time.Second)
	raw := eval[string](tb, `(() => {
		const o = echarts.getInstanceByDom(document.querySelector("#cross-heatmap")).getOption();
		return JSON.stringify({x: o.xAxis[0].data, y: o.yAxis[0].data, n: o.series[0].data.length});
	})()`)
	var hm struct {
		X, Y []string
		N    int
	}
	if err := json.Unmarshal([]byte(raw), &hm); err != nil {
		t.Fatal(err)
	}
	if strings.Join(hm.Y, " ") != q || strings.Join(hm.X, " ") != kv || hm.N != 3*5 {
		t.Errorf("the cross heatmap: rows %q, columns %q, %d cells; want %q × %q, 15 cells", hm.Y, hm.X, hm.N, q, kv)
	}

	page := tb.result()
	cli := runCLI(t, []string{"-text", q, "-text-kv", kv, "-heads", "2", "-d-model", "16", "-seed", "7", "-format", "json"})
	if len(page.Heads) != 2 || len(cli.Heads) != 2 {
		t.Fatalf("heads: page %d, cmd/attn %d", len(page.Heads), len(cli.Heads))
	}
	worst := 0.0
	for h := range cli.Heads {
		a, b := page.Heads[h].Weights, cli.Heads[h].Weights
		if len(a) != 3 || len(b) != 3 {
			t.Fatalf("head %d: %d rows on the page, %d from cmd/attn", h, len(a), len(b))
		}
		for i := range b {
			if len(a[i]) != 5 || len(b[i]) != 5 {
				t.Fatalf("head %d row %d: %d and %d columns", h, i, len(a[i]), len(b[i]))
			}
			for j := range b[i] {
				worst = math.Max(worst, math.Abs(a[i][j]-b[i][j]))
			}
		}
	}
	if worst > 1e-12 {
		t.Errorf("the page's cross weights differ from cmd/attn's by %g", worst)
	} else {
		t.Logf("ok: the page's 2 heads of 3×5 weights equal cmd/attn -text-kv's (worst %g)", worst)
	}

	check := eval[[]string](tb, `["#cross-bilinear", "#cross-dot", "#cross-score"].map(s => document.querySelector(s)?.textContent ?? "")`)
	nums := make([]string, len(check))
	for i, c := range check {
		nums[i] = c[strings.LastIndex(c, " ")+1:]
	}
	if nums[0] == "" || nums[0] != nums[1] || nums[1] != nums[2] {
		t.Errorf("the cell check: %q", check)
	} else {
		t.Logf("ok: the cell check: %q", check)
	}
	at := tb.cellOnScreen("#cross-heatmap", 2, 4)
	tb.do("clicking the cell dort/now", chromedp.MouseClickXY(at[0], at[1]))
	tb.waitFor("the check of the cell clicked", `document.querySelector("#cross-check")?.dataset.cell === "2,4"`, 10*time.Second)
	if got := eval[string](tb, `document.querySelector("#cross-check p").textContent`); !strings.Contains(got, "“dort”") || !strings.Contains(got, "“now”") {
		t.Errorf("the check of the cell clicked: %q", got)
	}
	title := eval[string](tb, `document.querySelector("#cell-title")?.textContent ?? ""`)
	keys := eval[int](tb, `document.querySelectorAll("#cell-key option").length`)
	if !strings.Contains(title, "“dort”") || !strings.Contains(title, "“now”") || keys != 5 {
		t.Errorf("the one-cell panel: title %q, %d keys to pick", title, keys)
	}
	if got, want := eval[string](tb, `document.querySelector("#cross-check li:last-child").textContent`), eval[string](tb, `document.querySelector("#cross-bilinear").textContent`); got[strings.LastIndex(got, " "):] != want[strings.LastIndex(want, " "):] {
		t.Errorf("after the click: %q and %q", got, want)
	}
	tb.teachShots("cross-compare", "#cross-heatmap")
	tb.teachShots("cross-cell", "#cell-panel")
	if axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js")); err == nil {
		tb.axeCheck(axe, "cross-compare")
	}
	tb.checkClean("cross-attention")
}

// TestCrossLongSecondSentence: in cross-attention, a second sentence of too
// many tokens is the second sentence's problem: its box is marked invalid
// and says so, not the first sentence's (which was outlined in red, with
// "Type a second sentence" beside the one typed). Found by the exploratory
// helper.
func TestCrossLongSecondSentence(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare&lang=en&text=le+chat+dort")
	tb.change("#sentence2", strings.Repeat("word ", 200), "input")
	eval[chromedp.Void](tb, `document.querySelector("#cross").click()`) // check waits for what it changes
	check := func(when string) {
		t.Helper()
		tb.waitFor(when+": the second sentence marked", `document.querySelector("#sentence2").getAttribute("aria-invalid") === "true"`, 10*time.Second)
		if eval[string](tb, `document.querySelector("#sentence").getAttribute("aria-invalid")`) == "true" {
			t.Errorf("%s: the first sentence, which fits, is marked invalid", when)
		}
		if msg := eval[string](tb, `document.querySelector("#error")?.textContent ?? ""`); !strings.Contains(msg, "second sentence") || !strings.Contains(msg, "128") {
			t.Errorf("%s: #error says %q, want the second sentence's limit", when, msg)
		}
	}
	check("cross ticked over it")
	if msg := eval[string](tb, `document.querySelector("#cross-empty")?.textContent ?? ""`); !strings.Contains(msg, "too many tokens") {
		t.Errorf("the cross panel says %q, want the second sentence's too many tokens", msg)
	}
	tb.change("#sentence2", "the black cat", "input")
	tb.waitFor("the cross heatmap", `!!document.querySelector("#cross-heatmap")`, 10*time.Second)
	tb.change("#sentence2", strings.Repeat("word ", 200), "input")
	check("typed over a cross result")
	tb.checkClean("a long second sentence in cross-attention")
}

// TestPaddingLongSecondSentence: the padding view quotes a second sentence
// it rejects, 40 letters of it; a word that long wraps in its box, at 1280
// px and on a phone (the page was 1307 and 489 px wide).
func TestPaddingLongSecondSentence(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=padding&lang=en")
	eval[chromedp.Void](tb, `(() => {
		const el = document.querySelector("#sentence2");
		el.value = "a".repeat(5000);
		el.dispatchEvent(new Event("input", {bubbles: true}));
	})()`)
	tb.waitFor("the padding view's message", `[...document.querySelectorAll(".compare-error")].some(e => e.textContent.includes("5000"))`, 10*time.Second)
	tb.screenshots("padding-long-word", nil) // fails if the page is wider than the screen
	tb.checkClean("a long word in the padding view")
}
