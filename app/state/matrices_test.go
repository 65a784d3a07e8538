package state

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"

	"github.com/attnviz/attnviz/attention"
)

func TestMatricesExample(t *testing.T) {
	if _, err := MatricesExample.Resolve(); err != nil {
		t.Fatalf("the example does not resolve: %v", err)
	}
	spec, err := DraftOf(MatricesExample).Check()
	if err != nil {
		t.Fatalf("the example's draft: %v", err.Message(i18n.LangEN))
	}
	if got := CanonicalMatrices(spec); got != "" {
		t.Errorf("the example's draft gives %s, want the example (\"\")", got)
	}
	s := DefaultState(i18n.LangEN)
	s.View = MatricesViewID
	if got := s.Spec(); got != MatricesExample {
		t.Errorf("State.Spec() in the matrices view = %+v, want the example", got)
	}
	s.View = "attention"
	if s.Spec().Text == nil {
		t.Error("State.Spec() in the attention view has no text")
	}
}

// TestMatricesReference imports every reference case small enough for the
// view: the engine then gives its expected weights, and the draft, the
// export and the link give back the same spec.
func TestMatricesReference(t *testing.T) {
	files, err := filepath.Glob("../../testdata/reference/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no reference cases: %v", err)
	}
	imported := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Expected struct {
				Heads []struct {
					Weights [][]float64 `json:"weights"`
				} `json:"heads"`
				Output [][]float64 `json:"output"`
			} `json:"expected"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		spec, ierr := ParseImport(data)
		if ierr != nil {
			t.Logf("%s: not imported: %s", filepath.Base(f), ierr.Message(i18n.LangEN))
			continue
		}
		imported++
		res, err := attention.Run(spec)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for h, want := range c.Expected.Heads {
			if d := maxDiff(res.Heads[h].Weights.RawMatrix().Data, flatten(want.Weights)); d > 1e-9 {
				t.Errorf("%s: head %d weights differ by %g", f, h, d)
			}
		}
		if d := maxDiff(flattenDense(res.Output), flatten(c.Expected.Output)); d > 1e-9 {
			t.Errorf("%s: output differs by %g", f, d)
		}
		js := CanonicalMatrices(spec)
		back, ierr := DraftOf(spec).Check()
		if ierr != nil || CanonicalMatrices(back) != js {
			t.Errorf("%s: the draft does not give the spec back (%v)", f, ierr)
		}
		exported, ierr := ParseImport([]byte(ExportJSON(spec)))
		if ierr != nil || CanonicalMatrices(exported) != js {
			t.Errorf("%s: the export does not give the spec back (%v)", f, ierr)
		}
		s := State{Input: Input{Matrices: js}}
		if link := encodeMatricesLink(&s); link != "" {
			var got State
			if err := decodeMatricesLink(&got, link); err != nil || got.Matrices != js {
				t.Errorf("%s: the link does not give the spec back: %v", f, err)
			}
		}
	}
	if imported < 8 {
		t.Errorf("only %d reference cases imported", imported)
	}
}

func flatten(m [][]float64) []float64 {
	var out []float64
	for _, r := range m {
		out = append(out, r...)
	}
	return out
}

func flattenDense(m interface {
	Dims() (int, int)
	At(int, int) float64
}) []float64 {
	r, c := m.Dims()
	out := make([]float64, 0, r*c)
	for i := range r {
		for j := range c {
			out = append(out, m.At(i, j))
		}
	}
	return out
}

func maxDiff(a, b []float64) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	d := 0.0
	for i := range a {
		d = max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

func TestParseGrid(t *testing.T) {
	want := [][]float64{{1, -2.5}, {3, 4e-3}}
	for _, in := range []string{
		"1 -2.5\n3 0.004",
		"1\t-2.5\r\n3\t4e-3\n\n",
		"1, −2.5\n3, 0.004",
		"[[1, -2.5], [3, 0.004]]",
		"[[ 1.  -2.5  ]\n [ 3.   0.004]]",
		"1 -2.5; 3 0.004",
		"1，-2.5\n3，0.004",
		"1、−2.5；3\u30000.004",
		"1\u00a0-2.5\n3 0.004",
	} {
		got, err := ParseGrid("x", in)
		if err != nil {
			t.Errorf("parseGrid(%q): %s", in, err.Message(i18n.LangEN))
			continue
		}
		if maxDiff(flatten(got), flatten(want)) != 0 || len(got) != 2 {
			t.Errorf("parseGrid(%q) = %v, want %v", in, got, want)
		}
	}
	for in, key := range map[string]string{
		"1 2\n3":                                 "mx.err.ragged",
		"1 NaN":                                  "mx.err.finite",
		"1 -Inf":                                 "mx.err.finite",
		"1 1e400":                                "mx.err.range",
		"1 1e31":                                 "mx.err.big",
		"1 two":                                  "mx.err.number",
		"0x10 1":                                 "mx.err.number",
		"<b>1</b> 2":                             "mx.err.number",
		strings.Repeat("1 ", MaxMatrixTextBytes): "mx.err.tooLong",
	} {
		_, err := ParseGrid("wq", in)
		if err == nil || err.Key != key || err.Field != "wq" {
			t.Errorf("parseGrid(%.20q) = %+v, want %s at wq", in, err, key)
		}
	}
	if _, err := ParseGrid("x", "1 2\n3"); err != nil {
		if msg := err.Message(i18n.LangEN); !strings.Contains(msg, "row 2: length 1, expected 2 like row 1") {
			t.Errorf("ragged message %q", msg)
		}
	}
}

func TestDraftErrors(t *testing.T) {
	base := DraftOf(MatricesExample)
	for _, c := range []struct {
		name, field string
		edit        func(d *MatrixDraft)
	}{
		{"ragged x", "x", func(d *MatrixDraft) { d.Grids["x"] += "\n1 2" }},
		{"nan in wk", "wk", func(d *MatrixDraft) { d.Grids["wk"] = strings.Replace(d.Grids["wk"], "1", "NaN", 1) }},
		{"wq rows", "wq", func(d *MatrixDraft) { d.Grids["wq"] += "\n1 1 1" }},
		{"wk columns", "wk", func(d *MatrixDraft) { d.Grids["wk"] = "1 1\n1 1\n1 1\n1 1" }},
		{"wv empty", "wv", func(d *MatrixDraft) { d.Grids["wv"] = " \n" }},
		{"wo rows", "wo", func(d *MatrixDraft) { d.Grids["wo"] = "1 2" }},
		{"heads split", "wq", func(d *MatrixDraft) { d.Heads = "2" }},
		{"heads zero", "heads", func(d *MatrixDraft) { d.Heads = "0" }},
		{"tokens", "tokens", func(d *MatrixDraft) { d.Tokens = "a b" }},
		{"valid", "valid", func(d *MatrixDraft) { d.Valid = "4" }},
		{"temperature", "temperature", func(d *MatrixDraft) { d.Temperature = "0" }},
		{"temperature nan", "temperature", func(d *MatrixDraft) { d.Temperature = "NaN" }},
		{"too many rows", "x", func(d *MatrixDraft) {
			d.Grids["x"] = strings.Repeat("1 0 1 0\n", MaxMatrixTokens+1)
			d.Tokens = ""
		}},
	} {
		d := base
		d.Grids = map[string]string{}
		for k, v := range base.Grids {
			d.Grids[k] = v
		}
		c.edit(&d)
		_, err := d.Check()
		if err == nil || err.Field != c.field {
			t.Errorf("%s: error %+v, want one at %q", c.name, err, c.field)
			continue
		}
		for _, lang := range i18n.Langs {
			if msg := err.Message(lang); strings.Contains(msg, "%!") {
				t.Errorf("%s: %s message %q", c.name, lang, msg)
			}
		}
	}
	// HTML in tokens is text like any other.
	d := base
	d.Tokens = `<img/src=x/onerror=alert(1)> & "x"`
	s, err := d.Check()
	if err != nil {
		t.Fatalf("HTML tokens: %s", err.Message(i18n.LangEN))
	}
	if s.Tokens[0] != "<img/src=x/onerror=alert(1)>" {
		t.Errorf("tokens %q", s.Tokens)
	}
}

func TestParseImport(t *testing.T) {
	for in, key := range map[string]string{
		"":                               "mx.err.importEmpty",
		"[1, 2]":                         "mx.err.import",
		`{"text": "hello"}`:              "mx.err.importText",
		`{"x": [[1, 2]], "wq": [[NaN]]}`: "mx.err.syntax",
		`{"x": [[1e400]]}`:               "mx.err.importRange",
		`{"x": [[1, 2]], "heads": 3}`:    "mx.err.import",
		`{"name": "n", "spec": {"x": [[1]], "wq": [[1]], "wk": [[1]], "wv": [[1]], "tokens": ["<script>"]}, "expected": {}}`: "",
		`{"x": [[1, 2], [3, 4]], "seed": 3}`: "",
	} {
		s, err := ParseImport([]byte(in))
		switch {
		case key == "" && err != nil:
			t.Errorf("parseImport(%s): %s", in, err.Message(i18n.LangEN))
		case key == "" && (s.Wq == nil || s.Wk == nil || s.Wv == nil):
			t.Errorf("parseImport(%s) left out generated weights", in)
		case key != "" && (err == nil || err.Key != key || err.Field != "json"):
			t.Errorf("parseImport(%s) = %+v, want %s", in, err, key)
		}
	}
	// Tokens with spaces, as cmd/attn takes them, keep their places.
	spaced := `{"x": [[1, 2], [0, 1], [1, 1]], "wq": [[1], [1]], "wk": [[1], [1]], "wv": [[1], [1]], "tokens": ["New York", " is", ""]}`
	if s, err := ParseImport([]byte(spaced)); err != nil || strings.Join(s.Tokens, "|") != "New_York|_is|_" {
		t.Errorf("tokens with spaces: %v, %+v; want New_York, _is and _", s.Tokens, err)
	}
	big := `{"x": [` + strings.TrimSuffix(strings.Repeat("[1],", MaxMatrixTokens+1), ",") + `]}`
	if _, err := ParseImport([]byte(big)); err == nil || err.Key != "mx.err.importLarge" {
		t.Errorf("a large x: %+v", err)
	}
}

func TestMatricesLink(t *testing.T) {
	spec, _ := DraftOf(MatricesExample).Check()
	spec.Mask = "causal"
	js := CanonicalMatrices(spec)
	s := DefaultState(i18n.LangEN)
	s.View = MatricesViewID
	s.Matrices = js
	got, err := DecodeState(s.Encode(), DefaultState(i18n.LangEN))
	if err != nil || got != s {
		t.Fatalf("DecodeState(Encode()) = %+v, %v; want %+v", got, err, s)
	}
	if !strings.Contains(s.Encode(), "m=z") {
		t.Errorf("link %q carries no matrices", s.Encode())
	}

	// Too large for a link: the rest of the link still works.
	d := DraftOf(MatricesExample)
	var x strings.Builder
	for i := range 60 {
		for j := range 64 {
			x.WriteString(strconv.FormatFloat(math.Sin(float64(i*64+j)), 'g', -1, 64) + " ")
		}
		x.WriteString("\n")
	}
	d.Grids["x"] = x.String()
	d.Tokens = ""
	w := strings.TrimSuffix(strings.Repeat("0.123456789 0.987654321 ", 32), " ") + "\n"
	d.Grids["wq"] = strings.Repeat(w, 64)
	d.Grids["wk"] = d.Grids["wq"]
	d.Grids["wv"] = d.Grids["wq"]
	d.Grids["wo"] = ""
	big, ierr := d.Check()
	if ierr != nil {
		t.Fatalf("the large spec: %s", ierr.Message(i18n.LangEN))
	}
	s.Matrices = CanonicalMatrices(big)
	if MatricesLinkFits(s) {
		t.Fatalf("a %d-byte spec fits a link", len(s.Matrices))
	}
	got, err = DecodeState(s.Encode(), DefaultState(i18n.LangEN))
	if err != nil || got.View != MatricesViewID || got.Matrices != "" {
		t.Errorf("the link of a large spec gives %+v, %v; want the view with the example", got, err)
	}

	// Hostile values of m reject the link.
	for _, m := range []string{"x", "zzz", "z" + strings.Repeat("A", MaxMatricesLink), "z!!", deflateLink(`{"text": "hi"}`), deflateLink(`{"x": [[NaN]]}`)} {
		if _, err := DecodeState("view=matrices&m="+m, DefaultState(i18n.LangEN)); err == nil {
			t.Errorf("m=%.30s… accepted", m)
		}
	}
}

func TestImportFieldMessage(t *testing.T) {
	big := `{"x": [[1, 2], [3, 4]], "wq": [[1], [2]], "wk": [[1], [2]], "wv": [` +
		`[` + strings.TrimSuffix(strings.Repeat("1,", MaxMatrixWidth+1), ",") + `],` +
		`[` + strings.TrimSuffix(strings.Repeat("1,", MaxMatrixWidth+1), ",") + `]]}`
	_, err := ParseImport([]byte(big))
	if err == nil || err.Key != "mx.err.importField" {
		t.Fatalf("a wide wv: %+v", err)
	}
	for lang, want := range map[string]string{
		i18n.LangEN: "This spec cannot be shown here: Wv: 257 columns; at most 256.",
		i18n.LangZH: "这个规格无法在这里显示：Wv：257 列；最多 256 列。",
	} {
		if got := err.Message(lang); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// TestTokensMessageOne: one token for the example's rows reads as English,
// not "1 tokens".
func TestTokensMessageOne(t *testing.T) {
	d := DraftOf(MatricesExample)
	d.Tokens = "a"
	_, err := d.Check()
	if err == nil || err.Field != "tokens" {
		t.Fatalf("one token: error %+v, want one at tokens", err)
	}
	if msg := err.Message(i18n.LangEN); strings.Contains(msg, "1 tokens") || !strings.Contains(msg, "1 given") {
		t.Errorf("one token: %q", msg)
	}
}

// TestRowsMessageOne checks that a one-row matrix is described without a plural and with
// the expected and found counts the right way round.
func TestRowsMessageOne(t *testing.T) {
	d := DraftOf(MatricesExample)
	d.Grids = map[string]string{}
	for k, v := range DraftOf(MatricesExample).Grids {
		d.Grids[k] = v
	}
	d.Grids["wo"] = "1 2"
	_, err := d.Check()
	if err == nil || err.Field != "wo" {
		t.Fatalf("one row of Wo: error %+v, want one at wo", err)
	}
	msg := err.Message(i18n.LangEN)
	if strings.Contains(msg, "1 rows") || !strings.HasSuffix(msg, "found 1.") || !strings.HasPrefix(msg, "expected ") {
		t.Errorf("one row of Wo: %q", msg)
	}
}
