//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/views"
)

// TestPresets clicks every preset sentence, in both languages, and checks
// that the page computes it: the state's text, and the result's tokens.
func TestPresets(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, lang := range i18n.Langs {
		tb := newTab(t, s) // a page of its own: a new fragment alone reloads nothing
		tb.open(s.URL() + "#lang=" + lang)
		for _, id := range views.PresetIDs {
			tb.click(fmt.Sprintf(`#presets [data-preset=%q]`, id))
			want := views.PresetText(lang, id)
			if got := tb.state().Text; got != want {
				t.Errorf("%s %s: the state's text is %q, want %q", lang, id, got, want)
			}
			if v := eval[string](tb, `document.querySelector("#sentence").value`); v != want {
				t.Errorf("%s %s: #sentence holds %q", lang, id, v)
			}
			if n := len(tb.result().Tokens); n < 2 {
				t.Errorf("%s %s: %d tokens", lang, id, n)
			}
			pressed := eval[[]string](tb, `[...document.querySelectorAll('#presets [aria-pressed="true"]')].map(b => b.dataset.preset)`)
			if len(pressed) != 1 || pressed[0] != id {
				t.Errorf("%s %s: pressed %q", lang, id, pressed)
			}
		}
		if n := len(tb.result().Tokens); n < 100 {
			t.Errorf("%s: the long paragraph has %d tokens", lang, n)
		}
		tb.screenshots("presets-"+lang, nil)
		if lang == i18n.LangEN {
			// After a change of language, a preset gives its sentence in
			// the new one.
			n := tb.updates()
			eval[chromedp.Void](tb, `(() => {
				const el = document.querySelector("#lang");
				el.value = "zh-Hans";
				el.dispatchEvent(new Event("change", {bubbles: true}));
			})()`)
			tb.waitUpdates(n)
			tb.click(`#presets [data-preset="cat"]`)
			if got, want := tb.state().Text, views.PresetText(i18n.LangZH, "cat"); got != want {
				t.Errorf("after switching to Chinese, the cat preset gives %q, want %q", got, want)
			}
		}
		tb.checkClean("presets " + lang)
	}
}

// TestLessonExamples opens the lessons' two worked examples from the
// matrices view and checks that the page shows, at 3 decimals, the numbers
// the lessons print (testdata/reference/lessons).
func TestLessonExamples(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openMatrices(s)

	var cat struct {
		Weights [][]float64 `json:"printed_weights_3dp"`
	}
	readLesson(t, "lesson-cat-sat-on-the-mat.json", &cat)
	tb.openExample("lessoncat", 6)
	labels, shown := tb.mxCellLabels("#mx-heatmap-0")
	if !shown {
		t.Error("lessoncat: the heatmap does not show its cell numbers at 1280 px")
	}
	compare3(t, "lessoncat weights", labels, cat.Weights)

	var ints struct {
		Output [][]float64 `json:"printed_output_3dp"`
	}
	readLesson(t, "lesson-four-words-integer-weights.json", &ints)
	tb.openExample("lessonints", 4)
	out := eval[[][]string](tb, `[...document.querySelectorAll("#mx-output tbody tr")].map(tr => [...tr.querySelectorAll("td")].map(td => td.textContent))`)
	compare3(t, "lessonints output", out, ints.Output)

	tb.mxShots("lesson-examples")
	tb.checkClean("lesson examples")
}

func readLesson(t *testing.T, name string, v any) {
	t.Helper()
	c := readRefCase(t, "lessons/"+name)
	if err := json.Unmarshal(c.raw, v); err != nil {
		t.Fatal(err)
	}
}

// openExample clicks the matrices view's example id and waits for its
// result, of n tokens.
func (tb *tab) openExample(id string, n int) {
	tb.t.Helper()
	tb.click(fmt.Sprintf(`#mx-examples [data-example=%q]`, id))
	tb.waitFor(id, fmt.Sprintf(`JSON.parse(window.attnviz.result()).tokens.length === %d`, n), 10*time.Second)
	if p := eval[string](tb, `document.querySelector('#mx-examples [aria-pressed="true"]')?.dataset.example ?? ""`); p != id {
		tb.t.Errorf("%s: the example pressed is %q", id, p)
	}
}

// mxCellLabels returns the cell labels of the heatmap sel as rows, and
// whether ECharts shows them.
func (tb *tab) mxCellLabels(sel string) ([][]string, bool) {
	tb.t.Helper()
	var v struct {
		Cells [][]any
		Show  bool
	}
	raw := eval[string](tb, fmt.Sprintf(`(() => {
		const o = echarts.getInstanceByDom(document.querySelector(%s)).getOption();
		return JSON.stringify({cells: o.series[0].data.map(d => Array.isArray(d) ? d : d.value), show: !!o.series[0].label.show});
	})()`, jsString(sel)))
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		tb.t.Fatal(err)
	}
	var rows [][]string
	for _, c := range v.Cells {
		i, j := int(c[1].(float64)), int(c[0].(float64))
		for len(rows) <= i {
			rows = append(rows, nil)
		}
		for len(rows[i]) <= j {
			rows[i] = append(rows[i], "")
		}
		if len(c) > 3 {
			rows[i][j] = labelText(fmt.Sprint(c[3]))
		}
	}
	return rows, v.Show
}

// labelText is the text a cell label shows: ECharts' rich text {style|text}
// (the number dark or light by the cell's colour) without its style.
func labelText(label string) string {
	if rest, ok := strings.CutPrefix(label, "{"); ok {
		if _, text, ok := strings.Cut(rest, "|"); ok {
			return strings.TrimSuffix(text, "}")
		}
	}
	return label
}

// compare3 checks that got, numbers as the page writes them, are want to
// the digit, each written with 3 decimals.
func compare3(t *testing.T, what string, got [][]string, want [][]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("%s: row %d has %d numbers, want %d", what, i, len(got[i]), len(want[i]))
		}
		for j, w := range want[i] {
			g := strings.ReplaceAll(got[i][j], "−", "-")
			if ws := strconv.FormatFloat(w, 'f', 3, 64); g != ws {
				t.Errorf("%s[%d][%d]: the page shows %q, the lesson prints %v", what, i, j, got[i][j], w)
			}
		}
	}
}

func jsonUnmarshalString(s string, v any) error { return json.Unmarshal([]byte(s), v) }
