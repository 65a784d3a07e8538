package state

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention"
)

// TestEngineProblemsHaveTexts checks that every problem the engine can
// report with a spec (each format of attention's specErr, read from its
// source) has a text in app/i18n/engine.go: in English the format itself,
// and one in Chinese. A new problem without them fails here.
func TestEngineProblemsHaveTexts(t *testing.T) {
	files, err := filepath.Glob("../../attention/*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "specErr" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok {
				t.Errorf("%s: specErr's format is not a string literal", f)
				return true
			}
			format, _ := strconv.Unquote(lit.Value)
			found++
			if format == "%v" {
				return true // another error's text, as it is
			}
			key := "engine." + format
			if got := i18n.T(i18n.LangEN, key); got != format {
				t.Errorf("engine problem %q: English text %q", format, got)
			}
			if !i18n.Has(i18n.LangZH, key) {
				t.Errorf("engine problem %q has no Chinese text", format)
			}
			return true
		})
	}
	if found < 40 {
		t.Errorf("found %d calls of specErr in attention/; the test has gone stale", found)
	}
}

// englishWord is a word of three or more Latin letters.
var englishWord = regexp.MustCompile(`[A-Za-z][A-Za-z_]{2,}`)

// specWords are the spec's own names, the same in both languages.
var specWords = map[string]bool{
	"JSON": true, "d_model": true, "d_out": true, "heads": true, "text": true, "text_kv": true,
	"x_kv": true, "none": true, "causal": true, "true": true, "false": true, "mask": true,
	"tokens": true, "valid": true, "temperature": true, "d_k": true, "d_v": true,
}

// quoted is a value of the user's input, quoted by the message.
var quoted = regexp.MustCompile(`"[^"]*"|“[^”]*”`)

// TestEngineProblemsInChinese imports specs the engine rejects, and has a
// spec's input rejected, on the Chinese page: the message says the engine's
// problem in Chinese, with the numbers of the English one.
func TestEngineProblemsInChinese(t *testing.T) {
	for _, in := range []string{
		`[1, 2]`,
		`{"x": [[1, 2]], "heads": 3}`,
		`{"x": [[1, 2], [3]]}`,
		`{"x": "a"}`,
		`{"x": [[1]], "heads": 0}`,
		`{"x": [[1]], "colour": 1}`,
		`{"x": [[1]], "mask": "diagonal"}`,
		`{"x": [[1, 2]], "wq": [[1], [2], [3]]}`,
		`{"x": [[1, 2]], "tokens": ["a", "b"]}`,
	} {
		_, err := ParseImport([]byte(in))
		if err == nil {
			t.Errorf("ParseImport(%s) accepted it", in)
			continue
		}
		checkChinese(t, in, err)
	}
	// The student's own value is quoted as it is, even a word that names a
	// kind of JSON value.
	if _, err := ParseImport([]byte(`{"x": [[1]], "mask": "string"}`)); err == nil || !strings.Contains(err.Message(i18n.LangZH), `"string"`) {
		t.Errorf("mask \"string\": %v", err)
	}
	spec, err := attention.ParseSpec([]byte(`{"x": [[1, 2]], "wq": [[1]], "wk": [[1], [2]], "wv": [[1], [2]]}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.Resolve(); err == nil {
		t.Fatal("Resolve accepted wq of 1 row for d_model 2")
	} else {
		checkChinese(t, "wq of 1 row", engineErr(err))
	}
}

func checkChinese(t *testing.T, in string, err *InputError) {
	t.Helper()
	en, zh := err.Message(i18n.LangEN), err.Message(i18n.LangZH)
	for _, w := range englishWord.FindAllString(quoted.ReplaceAllString(zh, ""), -1) {
		if !specWords[w] {
			t.Errorf("%s: the Chinese message %q keeps the English word %q", in, zh, w)
		}
	}
	digits := regexp.MustCompile(`\d+`)
	got, want := digits.FindAllString(zh, -1), digits.FindAllString(en, -1)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s: the Chinese message %q has the numbers %v, the English %q %v", in, zh, got, en, want)
	}
}
