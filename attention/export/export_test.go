package export_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/export"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// run computes the spec in data, which may be a reference case
// ({"spec": …}).
func run(t testing.TB, data string) (*attention.Result, *attention.Spec) {
	t.Helper()
	var c struct {
		Spec json.RawMessage `json:"spec"`
	}
	if json.Unmarshal([]byte(data), &c) == nil && len(c.Spec) > 0 {
		data = string(c.Spec)
	}
	spec, err := attention.ParseSpec([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	res, err := attention.Run(spec)
	if err != nil {
		t.Fatal(err)
	}
	return res, spec
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// goldenCases are the results of the golden files: reference cases and
// sentences whose tokens need escaping.
var goldenCases = []struct{ name, spec string }{
	{"two-heads-causal", "@../../testdata/reference/two-heads-causal.json"},
	{"four-heads-causal-padding", "@../../testdata/reference/four-heads-causal-padding.json"},
	{"one-token", "@../../testdata/reference/one-token.json"},
	{"temperature-0.25", "@../../testdata/reference/temperature-0.25.json"},
	{"grad-two-heads-causal", "@../../testdata/reference/gradients/grad-two-heads-causal.json"},
	{"cat-sat", `{"text": "The cat sat on the mat.", "heads": 2, "d_model": 16, "seed": 1, "mask": "causal"}`},
	{"specials", `{"text": "a|b & 100% $x_1^2 {c} ~ \\ #d *e* <b> ` + "`f`" + `", "heads": 2, "d_model": 8, "seed": 3}`},
	{"wide", `{"text": "注意力 is 👨‍👩‍👧 state-of-the-art", "seed": 7, "positional": true}`},
}

// TestGolden compares every format of the golden cases with
// testdata/golden; go test -update rewrites the files.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		spec := c.spec
		if path, ok := strings.CutPrefix(spec, "@"); ok {
			spec = readFile(t, path)
		}
		res, s := run(t, spec)
		for _, f := range export.Formats {
			got, err := export.Bytes(f, res, s, export.Mean)
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, f, err)
			}
			path := filepath.Join("testdata", "golden", c.name+f.Extension())
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if want := readFile(t, path); string(got) != want {
				t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", f, path, got)
			}
		}
	}
}

func TestFormats(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range export.Formats {
		if got, err := export.ParseFormat(string(f)); err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
		ext, mt := f.Extension(), f.MediaType()
		if !strings.HasPrefix(ext, ".") || seen[ext] || mt == "" {
			t.Errorf("%s: extension %q, media type %q", f, ext, mt)
		}
		seen[ext] = true
	}
	for _, s := range []string{"", "JSON", "xml", "tex"} {
		if _, err := export.ParseFormat(s); err == nil || !strings.Contains(err.Error(), "markdown") {
			t.Errorf("ParseFormat(%q): error %v, want one listing the formats", s, err)
		}
	}
	res, spec := run(t, `{"text": "a b"}`)
	if err := export.Write(&bytes.Buffer{}, "xml", res, spec, export.Mean); err == nil {
		t.Error("Write of format xml: no error")
	}
}

func TestParseMatrix(t *testing.T) {
	for _, c := range []struct {
		s    string
		want export.Matrix
		ok   bool
	}{
		{"mean", export.Mean, true}, {"0", 0, true}, {"12", 12, true},
		{"", 0, false}, {"Mean", 0, false}, {"-1", 0, false}, {"+1", 0, false},
		{"1.0", 0, false}, {"one", 0, false}, {" 1", 0, false},
	} {
		got, err := export.ParseMatrix(c.s)
		if (err == nil) != c.ok || c.ok && got != c.want {
			t.Errorf("ParseMatrix(%q) = %v, %v", c.s, got, err)
		}
		if c.ok && got.String() != c.s {
			t.Errorf("ParseMatrix(%q).String() = %q", c.s, got)
		}
	}
}

// TestJSON checks that the JSON is the contract's result, as MarshalJSON
// writes it, with a newline.
func TestJSON(t *testing.T) {
	res, _ := run(t, readFile(t, "../../testdata/reference/two-heads-causal.json"))
	var buf bytes.Buffer
	if err := export.WriteJSON(&buf, res); err != nil {
		t.Fatal(err)
	}
	want, err := res.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), append(want, '\n')) {
		t.Error("WriteJSON is not MarshalJSON and a newline")
	}
}

// TestCSVReadsBack reads the CSV back and finds every weight of every head
// and of the mean, bit for bit, and the tokens as they were.
func TestCSVReadsBack(t *testing.T) {
	tokens := []string{`say "hi"`, "1,000", " lead", "line\nbreak", "=SUM(A1)", ""}
	spec := `{"tokens": ` + mustJSON(t, tokens) + `, "x": [[1,0],[0,1],[1,1],[2,0],[0,2],[1,-1]], "heads": 2, "seed": 5}`
	res, _ := run(t, spec)
	var buf bytes.Buffer
	if err := export.WriteCSV(&buf, res); err != nil {
		t.Fatal(err)
	}
	records, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n := len(tokens)
	if len(records) != 1+3*n*n {
		t.Fatalf("%d records, want a header and %d", len(records), 3*n*n)
	}
	for _, r := range records[1:] {
		i, j := atoi(t, r[1]), atoi(t, r[3])
		want := res.WeightsMean.At(i, j)
		if r[0] != "mean" {
			want = res.Heads[atoi(t, r[0])].Weights.At(i, j)
		}
		if got, err := strconv.ParseFloat(r[5], 64); err != nil || got != want {
			t.Errorf("record %q: weight %v, want %v", r, got, want)
		}
		if r[2] != tokens[i] || r[4] != tokens[j] {
			t.Errorf("record %q: tokens %q, %q, want %q, %q", r, r[2], r[4], tokens[i], tokens[j])
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	i, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// TestTextTable checks that every row of every table of the text format is
// as wide as its header and that the tables are the heads' and the mean's.
func TestTextTable(t *testing.T) {
	res, spec := run(t, `{"text": "注意力 is 👨‍👩‍👧 state-of-the-art, and\u202e more", "heads": 2, "seed": 4}`)
	var buf bytes.Buffer
	if err := export.WriteText(&buf, res, spec); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	n := len(res.Tokens)
	for _, want := range []string{"\nhead 0\n", "\nhead 1\n", "\nmean of the 2 heads\n", "seed 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	if strings.ContainsRune(out, '\u202e') {
		t.Error("a bidirectional override reached the text")
	}
	lines := strings.Split(out, "\n")
	tables := 0
	for i, line := range lines {
		if !strings.HasPrefix(line, "query \\ key") {
			continue
		}
		tables++
		for _, row := range lines[i+1 : i+1+n] {
			// The heatmap adds "  │", two characters per key and "│".
			if got := export.Width(row) - (4 + 2*n); got != export.Width(line) {
				t.Errorf("row %q is %d columns wide before its heatmap, header %d", row, got, export.Width(line))
			}
		}
	}
	if tables != 3 {
		t.Errorf("%d tables, want 3", tables)
	}
	buf.Reset()
	if err := export.WriteText(&buf, res, nil); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(buf.String(), "\n"); strings.Contains(first, "seed") || !strings.HasPrefix(first, strconv.Itoa(n)+" tokens · 2 heads") {
		t.Errorf("text without a spec begins %q, want the problem without a seed", first)
	}
}

func TestShade(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{{0, " "}, {-0.1, " "}, {1e-300, "░"}, {0.25, "░"}, {0.2500001, "▒"}, {0.5, "▒"}, {0.75, "▓"}, {0.9, "█"}, {1, "█"}} {
		if got := export.Shade(c.v); got != c.want {
			t.Errorf("Shade(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestErrors checks the errors of a missing head, of weights that are not
// finite, and of the writer.
func TestErrors(t *testing.T) {
	res, spec := run(t, `{"text": "a b c", "heads": 2}`)
	huge, hugeSpec := run(t, `{"text": "a b c", "heads": 2}`)
	huge.Heads[0].Weights.Set(1, 0, math.NaN())
	huge.Heads[1].Weights.Set(1, 0, math.Inf(1))
	huge.WeightsMean.Set(1, 0, math.NaN())
	for _, f := range export.Formats {
		var buf bytes.Buffer
		if err := export.Write(&buf, f, huge, hugeSpec, export.Mean); err == nil || buf.Len() > 0 {
			t.Errorf("%s of weights that are not finite: error %v, %d bytes written", f, err, buf.Len())
		}
		if err := export.Write(errWriter{}, f, res, spec, 0); err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s to a failing writer: error %v", f, err)
		}
	}
	for _, f := range []export.Format{export.LaTeX, export.Markdown} {
		for _, m := range []export.Matrix{2, -2} {
			var buf bytes.Buffer
			err := export.Write(&buf, f, res, spec, m)
			if err == nil || !strings.Contains(err.Error(), "0…1 or mean") || buf.Len() > 0 {
				t.Errorf("%s of head %d of 2: error %v, %d bytes written", f, m, err, buf.Len())
			}
		}
	}
}

// weightsOf returns the matrix m of res.
func weightsOf(res *attention.Result, m export.Matrix) func(i, j int) float64 {
	if m == export.Mean {
		return res.WeightsMean.At
	}
	return res.Heads[m].Weights.At
}

// TestLaTeX reads the bmatrix back: one row per query, one cell per key,
// each the weight of the chosen matrix to 3 decimals.
func TestLaTeX(t *testing.T) {
	res, _ := run(t, readFile(t, "../../testdata/reference/four-heads-causal-padding.json"))
	n := len(res.Tokens)
	for _, m := range []export.Matrix{export.Mean, 0, 3} {
		var buf bytes.Buffer
		if err := export.WriteLaTeX(&buf, res, m); err != nil {
			t.Fatal(err)
		}
		body, ok := between(buf.String(), "\\begin{bmatrix}\n", "\n\\end{bmatrix}\n")
		if !ok {
			t.Fatalf("no bmatrix:\n%s", buf.String())
		}
		rows := strings.Split(body, " \\\\\n")
		if len(rows) != n {
			t.Fatalf("head %v: %d rows, want %d", m, len(rows), n)
		}
		at := weightsOf(res, m)
		for i, row := range rows {
			cells := strings.Split(row, " & ")
			if len(cells) != n {
				t.Fatalf("head %v row %d: %d cells, want %d", m, i, len(cells), n)
			}
			for j, c := range cells {
				if v, err := strconv.ParseFloat(c, 64); err != nil || len(c) != 5 || math.Abs(v-at(i, j)) > 0.0005 {
					t.Errorf("head %v (%d, %d) = %q, want %.3f", m, i, j, c, at(i, j))
				}
			}
		}
	}
}

// between returns the text of s between the first start and the following end.
func between(s, start, end string) (string, bool) {
	_, after, ok := strings.Cut(s, start)
	if !ok {
		return "", false
	}
	body, _, ok := strings.Cut(after, end)
	return body, ok
}

func TestEscapeLaTeX(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"cat", "cat"},
		{"", "{}"},
		{`a&b%c$d#e_f`, `a\&b\%c\$d\#e\_f`},
		{`{x}`, `\{x\}`},
		{`~^\`, `\textasciitilde{}\textasciicircum{}\textbackslash{}`},
		{`\&`, `\textbackslash{}\&`},
		{`a|b<c>`, `a\textbar{}b\textless{}c\textgreater{}`},
		{"line\nbreak\r", "line?break?"},
		{"注意 👍", "注意 👍"},
	} {
		if got := export.EscapeLaTeX(c.in); got != c.want {
			t.Errorf("EscapeLaTeX(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestEscapeMarkdown(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"cat", "cat"},
		{"a|b", `a\|b`},
		{"*em* _em_ `code`", "\\*em\\* \\_em\\_ \\`code\\`"},
		{"<script>alert(1)</script>", `\<script\>alert(1)\</script\>`},
		{"[link](x)", `\[link\](x)`},
		{`\|`, `\\\|`},
		{"&amp; ~~s~~ $x$", `\&amp; \~\~s\~\~ \$x\$`},
		{"two\nlines", "two?lines"},
		{"state-of-the-art 注意", "state-of-the-art 注意"},
	} {
		if got := export.EscapeMarkdown(c.in); got != c.want {
			t.Errorf("EscapeMarkdown(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestMarkdown reads the table back: the header row the keys, each row its
// query's token and the chosen matrix's weights, and no | in a token that
// makes a column.
func TestMarkdown(t *testing.T) {
	tokens := []string{"a|b", "|", `c\`, "*d*"}
	res, _ := run(t, `{"tokens": `+mustJSON(t, tokens)+`, "x": [[1,0],[0,1],[1,1],[2,0]], "heads": 2, "seed": 2, "mask": "causal"}`)
	for _, m := range []export.Matrix{export.Mean, 1} {
		var buf bytes.Buffer
		if err := export.WriteMarkdown(&buf, res, m); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		table := lines[2:]
		if len(table) != 2+len(tokens) {
			t.Fatalf("%d table lines, want %d:\n%s", len(table), 2+len(tokens), buf.String())
		}
		at := weightsOf(res, m)
		for r, line := range table {
			cells := cells(line)
			if len(cells) != 1+len(tokens) {
				t.Fatalf("line %q: %d cells, want %d", line, len(cells), 1+len(tokens))
			}
			for j, c := range cells[1:] {
				switch r {
				case 0:
					if c != export.EscapeMarkdown(tokens[j]) {
						t.Errorf("header cell %d = %q, want the key %q escaped", j, c, tokens[j])
					}
				case 1:
				default:
					i := r - 2
					if v, err := strconv.ParseFloat(c, 64); err != nil || math.Abs(v-at(i, j)) > 0.0005 {
						t.Errorf("head %v (%d, %d) = %q, want %.3f", m, i, j, c, at(i, j))
					}
				}
			}
			if r >= 2 && cells[0] != export.EscapeMarkdown(tokens[r-2]) {
				t.Errorf("row %d starts %q, want the query %q", r-2, cells[0], tokens[r-2])
			}
		}
	}
}

// cells returns the trimmed cells of a Markdown table row "| a | b |",
// split at the | that a backslash does not escape.
func cells(line string) []string {
	var out []string
	var cell strings.Builder
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == '|':
			out = append(out, strings.TrimSpace(cell.String()))
			cell.Reset()
			continue
		}
		cell.WriteRune(r)
	}
	return out[1:]
}

// TestLaTeXColumns checks that a bmatrix of more than 10 keys raises
// amsmath's limit of 10 columns, which LaTeX otherwise stops at.
func TestLaTeXColumns(t *testing.T) {
	for _, n := range []int{10, 11, 40} {
		res, _ := run(t, `{"text": "`+strings.Repeat("w ", n)+`"}`)
		var buf bytes.Buffer
		if err := export.WriteLaTeX(&buf, res, export.Mean); err != nil {
			t.Fatal(err)
		}
		set := "\\setcounter{MaxMatrixCols}{" + strconv.Itoa(n) + "}\n\\begin{bmatrix}"
		if got := strings.Contains(buf.String(), set); got != (n > 10) {
			t.Errorf("%d keys: MaxMatrixCols set %v, want %v:\n%s", n, got, n > 10, buf.String())
		}
	}
}
