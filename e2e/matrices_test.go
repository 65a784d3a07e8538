//go:build !wasm

package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/attnviz/attnviz/attention"
	"github.com/chromedp/chromedp"
)

// refCase is a reference case of testdata/reference.
type refCase struct {
	Name     string          `json:"name"`
	Spec     json.RawMessage `json:"spec"`
	Expected mxResult        `json:"expected"`
	raw      []byte
}

// mxResult is the part of the result contract the matrices tests compare.
type mxResult struct {
	Tokens []string `json:"tokens"`
	Heads  []struct {
		Weights [][]float64 `json:"weights"`
	} `json:"heads"`
	WeightsMean [][]float64 `json:"weights_mean"`
	Output      [][]float64 `json:"output"`
}

func readRefCase(t *testing.T, name string) refCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(moduleDir, "testdata", "reference", name))
	if err != nil {
		t.Fatal(err)
	}
	var c refCase
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c.raw = raw
	return c
}

// close9 reports whether got is want to 1e-9, absolute or relative.
func close9(got, want float64) bool {
	d := math.Abs(got - want)
	return d <= 1e-9 || d <= 1e-9*math.Abs(want)
}

// compareMatrix checks got against want to 1e-9 and returns the number of
// cells compared.
func compareMatrix(t *testing.T, what string, got, want [][]float64) int {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", what, len(got), len(want))
		return 0
	}
	n := 0
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s: row %d has %d columns, want %d", what, i, len(got[i]), len(want[i]))
			return n
		}
		for j := range want[i] {
			n++
			if !close9(got[i][j], want[i][j]) {
				t.Errorf("%s[%d][%d] = %v, want %v", what, i, j, got[i][j], want[i][j])
				return n
			}
		}
	}
	return n
}

// compareResult checks every head's weights and the output against want.
func compareResult(t *testing.T, what string, got, want *mxResult) {
	t.Helper()
	if !equalStrings(got.Tokens, want.Tokens) {
		t.Errorf("%s: tokens %q, want %q", what, got.Tokens, want.Tokens)
	}
	if len(got.Heads) != len(want.Heads) {
		t.Fatalf("%s: %d heads, want %d", what, len(got.Heads), len(want.Heads))
	}
	n := 0
	for h := range want.Heads {
		n += compareMatrix(t, fmt.Sprintf("%s: heads[%d].weights", what, h), got.Heads[h].Weights, want.Heads[h].Weights)
	}
	n += compareMatrix(t, what+": weights_mean", got.WeightsMean, want.WeightsMean)
	n += compareMatrix(t, what+": output", got.Output, want.Output)
	if !t.Failed() {
		t.Logf("ok: %s: %d heads, %d numbers match the expected result to 1e-9", what, len(want.Heads), n)
	}
}

// mxPageResult returns window.attnviz.result().
func (tb *tab) mxPageResult() *mxResult {
	tb.t.Helper()
	raw := tb.resultJSON()
	if raw == "" {
		tb.t.Fatal("window.attnviz.result() is null")
	}
	var r mxResult
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		tb.t.Fatalf("window.attnviz.result(): %v", err)
	}
	return &r
}

// mxHeatmap returns the cells [col, row, value] and the labels of the
// ECharts heatmap in the element with id.
func (tb *tab) mxHeatmap(id string) (cells [][3]float64, x, y []string) {
	tb.t.Helper()
	raw := eval[string](tb, fmt.Sprintf(`(() => {
		const el = document.getElementById(%s);
		const chart = el && window.echarts && echarts.getInstanceByDom(el);
		if (!chart) return "";
		const o = chart.getOption();
		return JSON.stringify({x: o.xAxis[0].data, y: o.yAxis[0].data,
			cells: o.series[0].data.map(d => (Array.isArray(d) ? d : d.value).slice(0, 3))});
	})()`, jsString(id)))
	if raw == "" {
		tb.t.Fatalf("#%s has no ECharts instance", id)
	}
	var v struct {
		X, Y  []string
		Cells [][3]float64
	}
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		tb.t.Fatalf("#%s: %v", id, err)
	}
	return v.Cells, v.X, v.Y
}

// checkMxHeatmaps checks that the heatmap of every head draws want's
// weights, to 1e-9.
func (tb *tab) checkMxHeatmaps(what string, want *mxResult) {
	tb.t.Helper()
	// ECharts draws in a Defer after the render: wait until the charts are
	// there with the right number of cells.
	n := len(want.Tokens)
	tb.waitFor("the heatmaps", fmt.Sprintf(`(() => {
		const els = document.querySelectorAll(".mx-head .chart");
		if (els.length !== %d) return false;
		return [...els].every(el => {
			const c = echarts.getInstanceByDom(el);
			return c && c.getOption().series[0].data.length === %d;
		});
	})()`, heatmapCount(len(want.Heads)), n*n), 20*time.Second)
	for h := range want.Heads {
		cells, x, y := tb.mxHeatmap(fmt.Sprintf("mx-heatmap-%d", h))
		if !equalStrings(x, want.Tokens) || !equalStrings(y, want.Tokens) {
			tb.t.Errorf("%s: head %d heatmap labels %q / %q, want %q", what, h, x, y, want.Tokens)
		}
		if len(cells) != n*n {
			tb.t.Errorf("%s: head %d heatmap has %d cells, want %d", what, h, len(cells), n*n)
			continue
		}
		for _, c := range cells {
			j, i := int(c[0]), int(c[1])
			if w := want.Heads[h].Weights[i][j]; !close9(c[2], w) {
				tb.t.Errorf("%s: head %d heatmap cell (%d, %d) = %v, want %v", what, h, i, j, c[2], w)
				break
			}
		}
	}
	if !tb.t.Failed() {
		tb.t.Logf("ok: %s: the %d heatmaps draw the expected weights", what, len(want.Heads))
	}
}

func heatmapCount(heads int) int {
	if heads == 1 {
		return 1
	}
	return heads + 1 // and the mean
}

// openMatrices opens the matrices view.
func (tb *tab) openMatrices(s *site) {
	tb.t.Helper()
	tb.open(s.URL() + "#view=matrices")
	tb.waitFor("the matrices view", `!!document.querySelector("#mx-x")`, 20*time.Second)
}

// mxSet puts value into the box sel with an input event, as a paste does.
func (tb *tab) mxSet(sel, value string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector(%s);
		el.focus();
		el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true}));
	})()`, jsString(sel), jsString(value)))
}

// mxImport pastes data into the import box and imports it, waiting for the
// page to show it.
func (tb *tab) mxImport(data string) {
	tb.t.Helper()
	n := tb.updates()
	tb.mxEditJSON(data)
	tb.do("clicking #mx-import", chromedp.Click(chromedp.CSS("#mx-import")))
	tb.waitFor("the import", fmt.Sprintf(`performance.getEntriesByName("attnviz:update", "measure").length > %d || !!document.querySelector("#mx-json-error:not(.before-edit)")`, n), 20*time.Second)
	tb.settle() // go-app's frame removes the last answer
	if msg := eval[string](tb, `document.querySelector("#mx-json-error")?.textContent ?? ""`); msg != "" {
		tb.t.Fatalf("the import was rejected: %s", msg)
	}
}

// mxEditJSON puts data into the import box as a paste does and waits for
// the page to settle. The answer to the last import or export stays, marked
// as given before the edit, and the buttons stay where they are on the
// screen: the pointer on its way to one finds it there.
func (tb *tab) mxEditJSON(data string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, `document.querySelector("#mx-json").focus()`) // scrolls it into view
	at := tb.mxButtonsAt()
	tb.mxSet("#mx-json", data)
	tb.settle()
	if now := tb.mxButtonsAt(); now != at {
		tb.t.Errorf("editing the import box moved the buttons on the screen from %v to %v", at, now)
	}
	if old := eval[int](tb, `document.querySelectorAll("#mx-json-error:not(.before-edit), #mx-json-note:not(.before-edit)").length`); old != 0 {
		tb.t.Errorf("editing the import box left the last answer below it as current, not stale")
	}
	// A stale answer says so in words, and is no live region: a screen
	// reader does not read it out again.
	if bad := eval[int](tb, `[...document.querySelectorAll(".before-edit")].filter((el) => el.hasAttribute("role") || !el.querySelector(".before-edit-label")?.textContent.trim()).length`); bad != 0 {
		tb.t.Errorf("%d stale answers below the import box are a live region or lack their label", bad)
	}
}

// mxButtonsAt returns where the import and export buttons are on the screen.
func (tb *tab) mxButtonsAt() [4]float64 {
	tb.t.Helper()
	r := eval[[]float64](tb, `["#mx-import", "#mx-export"].flatMap((sel) => {
		const r = document.querySelector(sel).getBoundingClientRect();
		return [r.left, r.top];
	})`)
	return [4]float64(r)
}

// TestMatricesReference imports reference cases into the matrices view: the
// result and the heatmaps are the expected ones; invalid edits are marked at
// their box and keep the result; export gives the spec back; the link
// reopens it.
func TestMatricesReference(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openMatrices(s)

	// The worked example is there from the start.
	if r := tb.mxPageResult(); len(r.Tokens) != 3 || len(r.Heads) != 1 {
		t.Errorf("the worked example: %d tokens, %d heads; want 3 and 1", len(r.Tokens), len(r.Heads))
	}

	for i, name := range []string{"two-heads-causal.json", "single-head-d8-dk4-no-wo.json", "four-heads-causal-padding.json"} {
		c := readRefCase(t, name)
		what := strings.TrimSuffix(name, ".json")
		// The first as a whole reference case, the others as their spec.
		data := string(c.Spec)
		if i == 0 {
			data = string(c.raw)
		}
		tb.mxImport(data)
		got := tb.mxPageResult()
		compareResult(t, what, got, &c.Expected)
		tb.checkMxHeatmaps(what, &c.Expected)

		var spec struct {
			Wo json.RawMessage `json:"wo"`
		}
		json.Unmarshal(c.Spec, &spec)
		if wo := eval[string](tb, `document.querySelector("#mx-wo-note").dataset.wo`); wo != fmt.Sprint(spec.Wo != nil) {
			t.Errorf("%s: #mx-wo-note says data-wo=%s, the spec has wo: %v", what, wo, spec.Wo != nil)
		}

		if i == 0 {
			tb.checkInvalidEdits(what, got)
		}

		// Export: JSON that the engine accepts and that gives the same
		// result. The box still holds the imported JSON, which also starts
		// with "{": empty it first, or the wait below can read the import
		// before go-app's frame has written the export.
		tb.mxEditJSON("")
		tb.do("clicking #mx-export", chromedp.Click(chromedp.CSS("#mx-export")))
		tb.waitFor("the export", `document.querySelector("#mx-json").value.startsWith("{")`, 10*time.Second)
		exported := eval[string](tb, `document.querySelector("#mx-json").value`)
		parsed, err := attention.ParseSpec([]byte(exported))
		if err != nil {
			t.Fatalf("%s: the export does not parse: %v\n%s", what, err, exported)
		}
		res, err := attention.Run(parsed)
		if err != nil {
			t.Fatalf("%s: the export does not run: %v", what, err)
		}
		b, err := res.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var again mxResult
		json.Unmarshal(b, &again)
		compareResult(t, what+" exported", &again, &c.Expected)
	}
	tb.checkClean("importing reference cases")
}

// checkInvalidEdits makes invalid edits: each marks its box with a message
// and keeps the last valid result.
func (tb *tab) checkInvalidEdits(what string, valid *mxResult) {
	t := tb.t
	t.Helper()
	before := tb.resultJSON()
	for _, c := range []struct {
		name, box, edit, message string
	}{
		{"a ragged row", "x", "append", "row"},
		{"NaN", "wq", "nan", "NaN"},
		{"a wrong column count", "wk", "dropcol", "columns"},
		{"1e400", "wv", "huge", "1e400"},
	} {
		sel := "#mx-" + c.box
		orig := eval[string](tb, fmt.Sprintf(`document.querySelector(%s).value`, jsString(sel)))
		lines := strings.Split(strings.TrimSpace(orig), "\n")
		switch c.edit {
		case "append":
			lines[len(lines)-1] += " 1"
		case "nan":
			f := strings.Fields(lines[0])
			f[0] = "NaN"
			lines[0] = strings.Join(f, " ")
		case "dropcol":
			for i, l := range lines {
				f := strings.Fields(l)
				lines[i] = strings.Join(f[:len(f)-1], " ")
			}
		case "huge":
			f := strings.Fields(lines[1])
			f[1] = "1e400"
			lines[1] = strings.Join(f, " ")
		}
		tb.mxSet(sel, strings.Join(lines, "\n"))
		tb.waitFor(c.name+" to be marked", fmt.Sprintf(`(() => {
			const e = document.querySelector("#error");
			return !!e && e.dataset.field === %s && document.querySelector(%s).getAttribute("aria-invalid") === "true"
				&& !!document.querySelector(%s).closest(".mx-grid").querySelector("#error");
		})()`, jsString(c.box), jsString(sel), jsString(sel)), 10*time.Second)
		msg := eval[string](tb, `document.querySelector("#error").textContent`)
		if !strings.Contains(msg, c.message) {
			t.Errorf("%s in %s: message %q does not mention %q", c.name, c.box, msg, c.message)
		} else {
			t.Logf("ok: %s in %s is marked there: %s", c.name, c.box, msg)
		}
		if others := eval[int](tb, `document.querySelectorAll('.mx-matrix[aria-invalid="true"]').length`); others != 1 {
			t.Errorf("%s: %d boxes marked, want 1", c.name, others)
		}
		if after := tb.resultJSON(); after != before {
			t.Errorf("%s: the result changed although the input is rejected", c.name)
		}
		if !eval[bool](tb, `document.querySelector(".mx-result").classList.contains("stale")`) {
			t.Errorf("%s: the result is not marked as the last valid one", c.name)
		}
		tb.checkMxHeatmaps(what+" after "+c.name, valid)

		// Put it back: the mark goes.
		tb.mxSet(sel, orig)
		tb.waitFor("the mark to go", `!document.querySelector("#error") && !document.querySelector('[aria-invalid="true"]')`, 10*time.Second)
	}
	if after := tb.resultJSON(); after != before {
		t.Errorf("%s: the result changed after putting the input back", what)
	}
}

// TestMatricesLink checks that the matrices ride in the link, and that a
// spec too large for a link says so and leaves the rest of the link alone.
func TestMatricesLink(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openMatrices(s)

	c := readRefCase(t, "single-head-d8-dk4-no-wo.json")
	before := eval[string](tb, `location.href`)
	tb.mxImport(string(c.Spec))
	link := tb.waitLinkWritten(before)
	if !strings.Contains(link, "m=z") || !strings.Contains(link, "view=matrices") {
		t.Fatalf("the link %s does not carry the matrices", link)
	}
	t.Logf("ok: the link carries the matrices in %d bytes", len(link))
	tb2 := newTab(t, s)
	tb2.open(link)
	compareResult(t, "the link in a new tab", tb2.mxPageResult(), &c.Expected)
	if v := tb2.state().View; v != "matrices" {
		t.Errorf("the link opens view %q", v)
	}

	// A file picked with #mx-file is imported (as a whole reference case).
	file := readRefCase(t, "two-heads-d8.json")
	n := tb.updates()
	tb.do("picking a file", chromedp.SetUploadFiles(chromedp.CSS("#mx-file"),
		[]string{filepath.Join(moduleDir, "testdata", "reference", "two-heads-d8.json")}))
	tb.waitUpdates(n)
	compareResult(t, "a file picked", tb.mxPageResult(), &file.Expected)

	// A file over the limit is refused, and the input cleared: the same
	// file, shortened, is a change again (it was not: nothing happened).
	bigFile := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(bigFile, bytes.Repeat([]byte(" "), 1100<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do("picking a file too large", chromedp.SetUploadFiles(chromedp.CSS("#mx-file"), []string{bigFile}))
	tb.waitFor("the size's message", `(e => !!e && e.textContent.includes("KiB"))(document.querySelector("#mx-json-error"))`, 10*time.Second)
	if v := eval[string](tb, `document.querySelector("#mx-file").value`); v != "" {
		t.Errorf("after a file too large, #mx-file still holds %q: the same file again is no change", v)
	}
	// A file in Latin-1 is refused, not imported with "caf\uFFFD".
	latin1 := filepath.Join(t.TempDir(), "latin1.json")
	if err := os.WriteFile(latin1, []byte("{\"tokens\": [\"caf\xe9\"], \"x\": [[1, 2]]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb.do("picking a Latin-1 file", chromedp.SetUploadFiles(chromedp.CSS("#mx-file"), []string{latin1}))
	tb.waitFor("the encoding's message", `(e => !!e && e.textContent.includes("UTF-8"))(document.querySelector("#mx-json-error"))`, 10*time.Second)

	// Too large: the link keeps the view and the language, and says so.
	big := readRefCase(t, "four-heads-causal-padding.json")
	tb.mxLang("zh-Hans")
	before = eval[string](tb, `location.href`)
	tb.mxImport(string(big.Raw()))
	tb.waitFor("the too-large note", `!!document.querySelector("#mx-link-note")`, 10*time.Second)
	link = tb.waitLinkWritten(before)
	if !strings.Contains(link, "view=matrices") || !strings.Contains(link, "lang=zh-Hans") || strings.Contains(link, "m=z") {
		t.Errorf("the link of a spec too large for it: %s", link)
	} else {
		t.Logf("ok: a spec too large for a link: the note shows and the link keeps the rest (%d bytes)", len(link))
	}
	tb3 := newTab(t, s)
	tb3.open(link)
	if st := tb3.state(); st.View != "matrices" || st.Lang != "zh-Hans" {
		t.Errorf("the link opens %+v", st)
	}
	tb.checkClean("the matrices link")
	tb2.checkClean("the matrices link, reopened")
}

// mxLang switches the interface language with #lang and waits for it.
func (tb *tab) mxLang(lang string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, fmt.Sprintf(`(() => {
		const el = document.querySelector("#lang");
		el.value = %s;
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`, jsString(lang)))
	tb.waitFor("the language "+lang, fmt.Sprintf(`window.attnviz.state().lang === %s && document.documentElement.lang === %s`, jsString(lang), jsString(lang)), 10*time.Second)
}

// Raw returns the whole reference case file.
func (c refCase) Raw() []byte { return c.raw }

// TestMatricesHostile types hostile values: a clear message, nothing breaks.
func TestMatricesHostile(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openMatrices(s)
	before := tb.resultJSON()

	for _, c := range []struct{ sel, value, field string }{
		{"#mx-x", "1 0 1 0\n0 2 0 2\n1 1 1 1e400", "x"},
		{"#mx-x", "1 0 1 0\n0 2 0 2\n1 1 1 NaN", "x"},
		{"#mx-x", "1 0 1 0\n0 2 0 2\n1 1 1 Infinity", "x"},
		{"#mx-x", strings.Repeat("1 0 1 0\n", 500), "x"},
		{"#mx-wq", strings.Repeat("1 ", 5000), "wq"},
		{"#mx-x", "<img src=x onerror=alert(1)>", "x"},
		{"#mx-heads", "-1", "heads"},
		{"#mx-temperature", "0", "temperature"},
		{"#mx-valid", "99", "valid"},
	} {
		tb.mxSet(c.sel, c.value)
		tb.waitFor("the error of "+c.sel, fmt.Sprintf(`document.querySelector("#error")?.dataset.field === %s`, jsString(c.field)), 10*time.Second)
		msg := eval[string](tb, `document.querySelector("#error").textContent`)
		t.Logf("ok: %.40q in %s: %s", c.value, c.sel, msg)
		if after := tb.resultJSON(); after != before {
			t.Errorf("%s: the result changed", c.sel)
		}
		tb.reload()
		tb.waitFor("the matrices view", `!!document.querySelector("#mx-x")`, 20*time.Second)
	}

	// HTML in tokens stays text, in the heatmaps and the output table.
	n := tb.updates()
	tb.mxSet("#mx-tokens", `<img/src=x/onerror=alert(1)> <script>alert(2)</script> &amp;`)
	tb.waitUpdates(n)
	r := tb.mxPageResult()
	if r.Tokens[0] != "<img/src=x/onerror=alert(1)>" {
		t.Errorf("tokens %q", r.Tokens)
	}
	if imgs := eval[int](tb, `document.querySelectorAll("img").length`); imgs != 0 {
		t.Errorf("%d <img> elements on the page", imgs)
	}
	if th := eval[string](tb, `document.querySelector("#mx-output tbody th").textContent`); th != r.Tokens[0] {
		t.Errorf("the output table shows %q", th)
	}

	// Import: not JSON, a text spec, a huge one.
	for _, bad := range []string{"not json", `{"text": "hello"}`, `{"x": [[1e999]]}`, `{"x": [[1]], "wq": [[1]], "wk": [[1]], "wv": [[1]], "heads": 0}`} {
		tb.mxEditJSON(bad)
		tb.do("importing", chromedp.Click(chromedp.CSS("#mx-import")))
		tb.waitFor("the import error", `!!document.querySelector("#mx-json-error:not(.before-edit)")`, 10*time.Second)
		if !eval[bool](tb, `document.querySelector("#mx-json-error").matches("p[role=alert]")`) {
			t.Errorf("import %q: the error is not a new alert", bad)
		}
		t.Logf("ok: import %q: %s", bad, eval[string](tb, `document.querySelector("#mx-json-error").textContent`))
	}

	// An import replaces every box, also with nothing: tokens and a valid
	// count typed before go when the spec has none (go-app itself cannot
	// write an empty value).
	tb.mxSet("#mx-tokens", "typed before")
	tb.mxSet("#mx-valid", "1")
	tb.settle()
	tb.mxImport(`{"x": [[1, 0], [0, 1]], "wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0], [0, 1]], "heads": 1}`)
	tb.settle()
	if got := eval[string](tb, `document.querySelector("#mx-tokens").value + "|" + document.querySelector("#mx-valid").value`); got != "|" {
		t.Errorf("after importing a spec without tokens or valid, the boxes show %q (tokens|valid), want them empty", got)
	}

	// With 0 valid keys every weight is 0: the caption does not say that
	// each row sums to 1.
	n = tb.updates()
	tb.mxSet("#mx-valid", "0")
	tb.waitUpdates(n)
	if text := eval[string](tb, `document.querySelector(".mx-result").textContent`); strings.Contains(text, "sums to 1") || !strings.Contains(text, "0 valid keys") {
		t.Errorf("with 0 valid keys the result says: %q", text)
	}
	tb.checkClean("hostile matrices")
}

// TestMatricesScreenshots saves the view at 1280×800 and 390×844, in
// English and Chinese, with an error shown, and checks that nothing is wider
// than the screen.
func TestMatricesScreenshots(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openMatrices(s)
	tb.mxImport(string(readRefCase(t, "two-heads-causal.json").raw))
	tb.mxShots("matrices-en")
	tb.mxLang("zh-Hans")
	tb.mxSet("#mx-wk", "1 2 3\n4 5")
	tb.waitFor("the error", `!!document.querySelector("#error")`, 10*time.Second)
	tb.mxShots("matrices-zh-error")
	tb.checkClean("screenshots")
}

// mxShots saves full-page screenshots at 1280×800 and 390×844 to
// artifacts/<name>-<width>.png, and fails if the page or a box is wider
// than the screen.
func (tb *tab) mxShots(name string) {
	tb.t.Helper()
	tb.screenshots(name, func(w int64) {
		over := eval[[]string](tb, `[...document.querySelectorAll(".view-matrices *")]
			.filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 1 && !el.closest(".mx-table-scroll, .chart-scroll"); })
			.map(el => el.tagName + (el.id ? "#" + el.id : "") + "." + el.className)`)
		if len(over) > 0 {
			tb.t.Errorf("%s at %d px: elements past the right edge: %q", name, w, over)
		}
	})
}
