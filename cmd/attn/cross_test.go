package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// crossResult is the part of a cross-attention result the tests read.
type crossResult struct {
	Tokens   []string               `json:"tokens"`
	TokensKV []string               `json:"tokens_kv"`
	XKV      [][]float64            `json:"x_kv"`
	Heads    []headJSON             `json:"heads"`
	Mean     [][]float64            `json:"weights_mean"`
	Output   [][]float64            `json:"output"`
	Grad     map[string][][]float64 `json:"grad"`
}

// TestCrossReference: every case of testdata/reference/cross, as a file,
// gives its expected tokens_kv, weights and output to 1e-9.
func TestCrossReference(t *testing.T) {
	files, err := filepath.Glob("../../testdata/reference/cross/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cross cases: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Expected crossResult `json:"expected"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		var got crossResult
		if err := json.Unmarshal([]byte(mustRun(t, "", f)), &got); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !slices.Equal(got.TokensKV, c.Expected.TokensKV) || len(got.TokensKV) == 0 {
			t.Fatalf("%s: tokens_kv %q, want %q", f, got.TokensKV, c.Expected.TokensKV)
		}
		want := [][][]float64{c.Expected.Mean, c.Expected.Output}
		have := [][][]float64{got.Mean, got.Output}
		for h := range c.Expected.Heads {
			want = append(want, c.Expected.Heads[h].Weights)
			have = append(have, got.Heads[h].Weights)
		}
		for k := range want {
			if len(have[k]) != len(want[k]) {
				t.Fatalf("%s: matrix %d has %d rows, want %d", f, k, len(have[k]), len(want[k]))
			}
			for i := range want[k] {
				for j, v := range want[k][i] {
					if !near(have[k][i][j], v) {
						t.Fatalf("%s: matrix %d [%d][%d] = %v, reference %v", f, k, i, j, have[k][i][j], v)
					}
				}
			}
		}
	}
}

// TestCrossTextFormat: -text with -text-kv gives cross-attention; the
// text format says so, has the query tokens down and the key tokens across
// (n × m), with every table's lines of one width.
func TestCrossTextFormat(t *testing.T) {
	out := mustRun(t, "", "-format", "text", "-text", "le chat dort", "-text-kv", "the black cat sleeps", "-heads", "2", "-causal")
	for _, want := range []string{
		"cross-attention: 3 queries × 4 keys · 2 heads · d_model 16, d_k 8 · causal mask",
		"rows: queries (tokens); columns: keys (tokens_kv)",
		"query \\ key    the  black    cat sleeps\n",
		"le           1.000  0.000  0.000  0.000  │██      │\n",
		"\nmean of the 2 heads\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	checkRectTable(t, out, 3, 4)

	// A key/value side shorter than the queries, with padding.
	out = mustRun(t, "", "-format", "text", "-text", "a b c d e", "-text-kv", "x y", "-valid", "1")
	if !strings.Contains(out, "5 queries × 2 keys") || !strings.Contains(out, "keys from 1 on are padding") {
		t.Errorf("first line:\n%s", out)
	}
	checkRectTable(t, out, 5, 2)
}

// checkRectTable checks that every row of every weights table of n queries
// and m keys has the header's display width before its heatmap.
func checkRectTable(t *testing.T, out string, n, m int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	tables := 0
	for i, line := range lines {
		if !strings.HasPrefix(line, "query \\ key") {
			continue
		}
		tables++
		w := width(line)
		for _, row := range lines[i+1 : i+1+n] {
			if got := width(row) - (4 + 2*m); got != w || !strings.HasSuffix(row, "│") {
				t.Errorf("row %q is %d columns wide before its heatmap, header %d", row, got, w)
			}
		}
		if next := lines[i+1+n]; next != "" {
			t.Errorf("table of %d rows goes on: %q", n, next)
		}
	}
	if tables == 0 {
		t.Error("no table")
	}
}

// TestCrossCSV: the CSV of a cross case has a row per head (and the mean),
// query and key of the key/value side, key_token from tokens_kv.
func TestCrossCSV(t *testing.T) {
	const path = "../../testdata/reference/cross/cross-two-heads-3x5.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := attention.ParseSpec(unwrapCase(data))
	if err != nil {
		t.Fatal(err)
	}
	res, err := attention.Run(spec)
	if err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(strings.NewReader(mustRun(t, "", "-format", "csv", path))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n, m := len(res.Tokens), len(res.TokensKV)
	if want := 1 + 3*n*m; len(records) != want || n == m {
		t.Fatalf("%d records for %d × %d, want %d", len(records), n, m, want)
	}
	for _, rec := range records[1:] {
		i, _ := strconv.Atoi(rec[1])
		j, _ := strconv.Atoi(rec[3])
		w, err := strconv.ParseFloat(rec[5], 64)
		if err != nil {
			t.Fatal(err)
		}
		weights := res.WeightsMean
		if rec[0] != "mean" {
			h, _ := strconv.Atoi(rec[0])
			weights = res.Heads[h].Weights
		}
		if w != weights.At(i, j) || rec[2] != res.Tokens[i] || rec[4] != res.TokensKV[j] {
			t.Fatalf("record %q, want weight %v and tokens %q, %q", rec, weights.At(i, j), res.Tokens[i], res.TokensKV[j])
		}
	}
}

// TestCrossFlags: -text-kv is the spec's text_kv; it cannot come with a
// spec that gives x_kv; a cross spec's gradients include x_kv, in JSON and
// as a table labelled by the key tokens.
func TestCrossFlags(t *testing.T) {
	viaFlags := mustRun(t, "", "-text", "le chat", "-text-kv", "the cat sat", "-seed", "3")
	viaSpec := mustRun(t, `{"text": "le chat", "text_kv": "the cat sat", "seed": 3}`)
	if viaFlags != viaSpec || !strings.Contains(viaFlags, `"tokens_kv":["the","cat","sat"]`) {
		t.Fatalf("-text-kv gives\n%.200s\nthe spec\n%.200s", viaFlags, viaSpec)
	}
	code, out, errOut := runCmd(t, `{"x": [[1]], "x_kv": [[2]]}`, "-text-kv", "a b")
	if code != exitBadInput || out != "" || !strings.Contains(errOut, "x_kv") {
		t.Fatalf("-text-kv with x_kv: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCmd(t, `{"text": "a", "x_kv": [[2]]}`)
	if code != exitBadInput || !strings.Contains(errOut, "text_kv") {
		t.Fatalf("x_kv with text: exit %d, stderr %q", code, errOut)
	}

	spec := `{"tokens": ["a"], "x": [[1, 0]], "tokens_kv": ["p", "q"], "x_kv": [[0, 1], [1, 1]], "grad_output": [[1, -1]]}`
	var got crossResult
	if err := json.Unmarshal([]byte(mustRun(t, spec)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Grad["x_kv"]) != 2 || len(got.Grad["x"]) != 1 {
		t.Fatalf("grad %v", got.Grad)
	}
	text := mustRun(t, spec, "-format", "text")
	if !strings.Contains(text, "∂L/∂x_kv (2 × 2)") || !strings.Contains(text, "\np ") || !strings.Contains(text, "\nq ") {
		t.Fatalf("text gradients:\n%s", text)
	}
}
