package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
)

const refPath = "../../testdata/reference/two-heads-causal.json"

// refCase reads the reference case: its spec (raw and parsed) and expected result.
func refCase(t *testing.T) (raw []byte, spec *attention.Spec, expected resultJSON) {
	t.Helper()
	data, err := os.ReadFile(refPath)
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Spec     json.RawMessage `json:"spec"`
		Expected resultJSON      `json:"expected"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	spec, err = attention.ParseSpec(c.Spec)
	if err != nil {
		t.Fatal(err)
	}
	return c.Spec, spec, c.Expected
}

// resultJSON is the contract's result format.
type resultJSON struct {
	Tokens []string    `json:"tokens"`
	X      [][]float64 `json:"x"`
	Heads  []headJSON  `json:"heads"`
	Mean   [][]float64 `json:"weights_mean"`
	Output [][]float64 `json:"output"`
}

type headJSON struct {
	Q, K, V, Scores, Weights, Output [][]float64
}

// runCmd runs the command and returns its exit status, stdout and stderr.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func mustRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(t, stdin, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("attn %q: exit %d, stderr %q", args, code, errOut)
	}
	return out
}

func expectedJSON(t *testing.T, spec *attention.Spec) []byte {
	t.Helper()
	res, err := attention.Run(spec)
	if err != nil {
		t.Fatal(err)
	}
	want, err := res.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return append(want, '\n')
}

func near(a, b float64) bool {
	d := math.Abs(a - b)
	return d <= 1e-9 || d <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

func TestJSONReference(t *testing.T) {
	raw, spec, expected := refCase(t)
	want := expectedJSON(t, spec)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"file", "", []string{refPath}},
		{"case on stdin", string(must(os.ReadFile(refPath))), nil},
		{"spec on stdin", string(raw), []string{"-format", "json"}},
		{"dash", string(raw), []string{"-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := mustRun(t, tc.stdin, tc.args...)
			if out != string(want) {
				t.Fatalf("output differs from attention.Run's JSON:\n got %.200s…\nwant %.200s…", out, want)
			}
			var got resultJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
			// Round trip: the numbers read back are the result's, bit for bit.
			res, _ := attention.Run(spec)
			for h, head := range res.Heads {
				r, c := head.Weights.Dims()
				for i := range r {
					for j := range c {
						if got.Heads[h].Weights[i][j] != head.Weights.At(i, j) {
							t.Fatalf("heads[%d].weights[%d][%d] = %v, want %v", h, i, j, got.Heads[h].Weights[i][j], head.Weights.At(i, j))
						}
					}
				}
			}
			// And the reference's expected values, to 1e-9.
			for h := range expected.Heads {
				for i, row := range expected.Heads[h].Weights {
					for j, v := range row {
						if !near(got.Heads[h].Weights[i][j], v) {
							t.Fatalf("heads[%d].weights[%d][%d] = %v, reference %v", h, i, j, got.Heads[h].Weights[i][j], v)
						}
					}
				}
			}
			for i, row := range expected.Output {
				for j, v := range row {
					if !near(got.Output[i][j], v) {
						t.Fatalf("output[%d][%d] = %v, reference %v", i, j, got.Output[i][j], v)
					}
				}
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestJSONText(t *testing.T) {
	sentence := "The cat sat on the mat. 注意力机制 👍🏽"
	out := mustRun(t, "", "-text", sentence, "-heads", "2", "-d-model", "8", "-seed", "3", "-causal", "-positional", "-temperature", "0.5")
	temp := 0.5
	want := expectedJSON(t, &attention.Spec{Text: &sentence, Heads: 2, DModel: 8, Seed: 3, Mask: "causal", Positional: true, Temperature: &temp})
	if out != string(want) {
		t.Fatalf("-text output differs from attention.Run's JSON:\n got %.300s\nwant %.300s", out, want)
	}
	var got resultJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	wantTokens := []string{"The", "cat", "sat", "on", "the", "mat", ".", "注", "意", "力", "机", "制", "👍🏽"}
	if strings.Join(got.Tokens, "|") != strings.Join(wantTokens, "|") {
		t.Errorf("tokens %q, want %q", got.Tokens, wantTokens)
	}
	if len(got.X) != len(wantTokens) || len(got.X[0]) != 8 {
		t.Errorf("x is %d×%d, want %d×8", len(got.X), len(got.X[0]), len(wantTokens))
	}
}

// TestOverrides checks that flags override a spec file's fields.
func TestOverrides(t *testing.T) {
	_, spec, _ := refCase(t)
	out := mustRun(t, "", refPath, "-causal=false", "-no-scale", "-valid", "5", "-temperature", "2")
	temp, valid, scale := 2.0, 5, false
	spec.Mask, spec.Temperature, spec.Valid, spec.Scale = "none", &temp, &valid, &scale
	if want := expectedJSON(t, spec); out != string(want) {
		t.Fatal("flags after the file did not override the spec's fields as expected")
	}
	// -text with a text spec replaces the text; the spec's other fields stay.
	out = mustRun(t, `{"text": "one two", "heads": 2, "d_model": 4, "seed": 9}`, "-", "-text", "three four five")
	sentence := "three four five"
	if want := expectedJSON(t, &attention.Spec{Text: &sentence, Heads: 2, DModel: 4, Seed: 9}); out != string(want) {
		t.Fatal("-text did not override the spec's text")
	}
}

func TestCSV(t *testing.T) {
	_, spec, _ := refCase(t)
	res, err := attention.Run(spec)
	if err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "", "-format", "csv", refPath)
	records, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v", err)
	}
	n := len(res.Tokens)
	if want := 1 + 3*n*n; len(records) != want { // header, two heads and the mean
		t.Fatalf("%d records, want %d", len(records), want)
	}
	if got := strings.Join(records[0], ","); got != "head,query,query_token,key,key_token,weight" {
		t.Errorf("header %q", got)
	}
	for _, rec := range records[1:] {
		i, _ := strconv.Atoi(rec[1])
		j, _ := strconv.Atoi(rec[3])
		w, err := strconv.ParseFloat(rec[5], 64)
		if err != nil {
			t.Fatal(err)
		}
		m := res.WeightsMean
		if rec[0] != "mean" {
			h, _ := strconv.Atoi(rec[0])
			m = res.Heads[h].Weights
		}
		if w != m.At(i, j) || rec[2] != res.Tokens[i] || rec[4] != res.Tokens[j] {
			t.Fatalf("record %q, want weight %v and tokens %q, %q", rec, m.At(i, j), res.Tokens[i], res.Tokens[j])
		}
	}

	// Tokens that need quoting.
	out = mustRun(t, "", "-format", "csv", "-text", `say "hi", 1,000 times`)
	records, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("output is not CSV: %v", err)
	}
	seen := map[string]bool{}
	for _, rec := range records[1:] {
		seen[rec[2]] = true
	}
	for _, tok := range []string{`"`, ",", "1,000", "say"} {
		if !seen[tok] {
			t.Errorf("token %q not read back from the CSV", tok)
		}
	}
	if !strings.Contains(out, `,"""",`) || !strings.Contains(out, `,"1,000",`) {
		t.Error(`the tokens " and 1,000 are not quoted`)
	}
}

func TestText(t *testing.T) {
	out := mustRun(t, "", "-format", "text", refPath)
	for _, want := range []string{
		"7 tokens · 2 heads · d_model 8, d_k 4 · causal mask",
		"\nhead 0\n", "\nhead 1\n", "\nmean of the 2 heads\n",
		"query \\ key    t0    t1    t2    t3    t4    t5    t6\n",
		"t0          1.000 0.000 0.000 0.000 0.000 0.000 0.000  │██            │\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	checkTable(t, out, 7)

	out = mustRun(t, "", "-format", "text", "-text", "注意力 is 👨‍👩‍👧 state-of-the-art", "-heads", "1")
	for _, want := range []string{
		"query \\ key          注     意     力     is     👨‍👩‍👧 state…\n",
		"注               ", "👨‍👩‍👧               ", "state-of-the-art ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "mean") {
		t.Error("one head, yet a mean table")
	}
	checkTable(t, out, 6)
}

// checkTable checks that every line of every table has the same display width.
func checkTable(t *testing.T, out string, n int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "query \\ key") {
			continue
		}
		w := width(line)
		for _, row := range lines[i+1 : i+1+n] {
			// The heatmap adds 2 + 1 + 2n + 1 columns to each row.
			if got := width(row) - (4 + 2*n); got != w {
				t.Errorf("row %q is %d columns wide before its heatmap, header %d", row, got, w)
			}
		}
	}
}

func TestShade(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0, " "}, {1e-300, "░"}, {0.25, "░"}, {0.26, "▒"}, {0.5, "▒"}, {0.7, "▓"}, {0.76, "█"}, {1, "█"}} {
		if got := shade(c.v); got != c.want {
			t.Errorf("shade(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestFit(t *testing.T) {
	for _, c := range []struct {
		s     string
		n     int
		right bool
		want  string
	}{
		{"cat", 5, false, "cat  "},
		{"cat", 5, true, "  cat"},
		{"attention", 6, false, "atten…"},
		{"注意力机制", 6, false, "注意… "},
		{"注意力", 6, true, "注意力"},
		{"e\u0301te\u0301", 3, false, "e\u0301te\u0301"},
		{"e\u0301te\u0301", 2, false, "e\u0301…"},
		{"👨‍👩‍👧", 3, true, " 👨‍👩‍👧"},
		{"🇫🇷🇩🇪", 3, false, "🇫🇷…"},
	} {
		if got := fit(c.s, c.n, c.right); got != c.want {
			t.Errorf("fit(%q, %d, %v) = %q, want %q", c.s, c.n, c.right, got, c.want)
		}
	}
	if got := printable("a\x1b[31mb\u202e\n"); got != "a?[31mb??" {
		t.Errorf("printable = %q", got)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	invalidJSON := write("invalid.json", `{"x": [[1, 2], [3, 4]`)
	badSpec := write("bad.json", `{"x": [[1, 2], [3, 4]], "heads": 3}`)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  string // in the message
	}{
		{"invalid JSON file", "", []string{invalidJSON}, "invalid.json"},
		{"invalid JSON on stdin", "{nope", nil, "stdin"},
		{"empty stdin", "", nil, "empty"},
		{"not an object", "[1, 2]", nil, "object"},
		{"unknown field", `{"x": [[1]], "colour": 1}`, nil, "colour"},
		{"invalid spec", "", []string{badSpec}, "heads"},
		{"no such file", "", []string{filepath.Join(dir, "missing.json")}, "no such file"},
		{"unknown flag", "", []string{"-text", "a b", "-colour"}, "colour"},
		{"unknown format", "", []string{"-text", "a b", "-format", "xml"}, "xml"},
		{"bad integer", "", []string{"-text", "a b", "-heads", "two"}, "heads"},
		{"zero heads", "", []string{"-text", "a b", "-heads", "0"}, "-heads 0"},
		{"heads do not divide", "", []string{"-text", "a b", "-heads", "3"}, "heads"},
		{"negative valid", "", []string{"-text", "a b", "-valid", "-1"}, "valid"},
		{"valid too large", "", []string{"-text", "a b", "-valid", "3"}, "valid"},
		{"zero temperature", "", []string{"-text", "a b", "-temperature", "0"}, "temperature"},
		{"NaN temperature", "", []string{"-text", "a b", "-temperature", "NaN"}, "temperature"},
		{"empty text", "", []string{"-text", "  "}, "text"},
		{"too many tokens", "", []string{"-text", strings.Repeat("w ", 129)}, "128"},
		{"two files", "", []string{refPath, refPath}, "2 spec files"},
		{"text and matrices", "", []string{refPath, "-text", "a b"}, "-text"},
		{"text and matrices on stdin", string(must(os.ReadFile(refPath))), []string{"-", "-text", "a b"}, "-text"},
		{"positional with matrices", "", []string{refPath, "-positional"}, "positional"},
		{"d-model with matrices", "", []string{refPath, "-d-model", "4"}, "d_model"},
		{"flag without value", "", []string{"-text"}, "text"},
		{"newline in a value", "", []string{"-format", "a\nb"}, "format"},
		{"huge values", `{"x": [[1e300, 1e300]], "wq": [[1e300], [1e300]], "wk": [[1e300], [1e300]], "wv": [[1e300], [1e300]]}`, []string{"-format", "text"}, "finite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tc.stdin, tc.args...)
			if code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") || !strings.HasPrefix(errOut, "attn: ") {
				t.Errorf("stderr %q, want exactly one line starting with \"attn: \"", errOut)
			}
			if !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr %q does not mention %q", errOut, tc.want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, out, errOut := runCmd(t, "", "-h")
	if code != 0 || !strings.HasPrefix(out, "usage: attn") || errOut != "" {
		t.Errorf("-h: exit %d, stdout %.40q, stderr %q", code, out, errOut)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWriteFailure(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-text", "a b"}, strings.NewReader(""), failingWriter{}, &stderr); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("stderr %q, want one line", stderr.String())
	}
}

// TestBinary builds the command and runs it once, end to end.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "attn")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	raw, spec, _ := refCase(t)
	cmd := exec.Command(bin, "-format", "json")
	cmd.Stdin = bytes.NewReader(raw)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("attn: %v, stderr %q", err, stderr.String())
	}
	if want := expectedJSON(t, spec); stdout.String() != string(want) {
		t.Errorf("the binary's output differs from attention.Run's JSON")
	}

	cmd = exec.Command(bin, "-heads", "x")
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("bad flag: %v, stdout %q, stderr %q; want exit status 2, one line on stderr", err, stdout.String(), stderr.String())
	}
}

const gradPath = "../../testdata/reference/gradients/grad-no-wo-dk3.json"

// gradCase reads the gradient reference case: its expected gradients.
func gradCase(t *testing.T) map[string][][]float64 {
	t.Helper()
	var c struct {
		Expected struct {
			Grad map[string][][]float64 `json:"grad"`
		} `json:"expected"`
	}
	if err := json.Unmarshal(must(os.ReadFile(gradPath)), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Expected.Grad) != 4 {
		t.Fatalf("case expects %d gradients, want x, wq, wk, wv", len(c.Expected.Grad))
	}
	return c.Expected.Grad
}

// TestGradients: a spec with grad_output gives "grad" in the JSON (the
// reference's to 1e-9), a table per gradient in the text format, and in CSV
// the weights alone with a note on stderr.
func TestGradients(t *testing.T) {
	want := gradCase(t)
	var got struct {
		Grad map[string][][]float64 `json:"grad"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, "", gradPath)), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Grad) != len(want) {
		t.Fatalf("grad has %d matrices, want %d", len(got.Grad), len(want))
	}
	for name, w := range want {
		g := got.Grad[name]
		for i := range w {
			for j := range w[i] {
				if len(g) != len(w) || len(g[i]) != len(w[i]) || !near(g[i][j], w[i][j]) {
					t.Fatalf("grad.%s differs from the reference at [%d][%d]", name, i, j)
				}
			}
		}
	}

	text := mustRun(t, "", "-format", "text", gradPath)
	for _, s := range []string{
		"\ngradients of L = Σ output ⊙ grad_output\n", "\n∂L/∂x (5 × 6)\n", "\n∂L/∂wq (6 × 6)\n",
		"\nt4  ", " " + strconv.FormatFloat(want["wv"][5][5], 'e', 3, 64) + "\n",
	} {
		if !strings.Contains(text, s) {
			t.Errorf("text output lacks %q:\n%s", s, text)
		}
	}
	if strings.Contains(text, "∂L/∂wo") {
		t.Error("a wo gradient without wo")
	}

	code, csvOut, errOut := runCmd(t, "", "-format", "csv", gradPath)
	if code != 0 || !strings.Contains(errOut, "note: the CSV holds the weights only") {
		t.Fatalf("csv: exit %d, stderr %q", code, errOut)
	}
	raw := must(os.ReadFile(gradPath))
	var c struct {
		Spec map[string]json.RawMessage `json:"spec"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	delete(c.Spec, "grad_output")
	if plain := mustRun(t, string(must(json.Marshal(c.Spec))), "-format", "csv"); plain != csvOut {
		t.Error("the CSV with grad_output differs from the one without")
	}
}

// TestGradOutputInvalid: a grad_output of the wrong shape is bad input.
func TestGradOutputInvalid(t *testing.T) {
	code, out, errOut := runCmd(t, `{"x": [[1, 2], [3, 4]], "grad_output": [[1, 2]]}`)
	if code != exitBadInput || out != "" || !strings.Contains(errOut, "grad_output: 1×2, expected") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
