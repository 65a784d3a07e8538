package i18n

import (
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// latinAllowed are the Latin words a Chinese message may keep: math
// symbols, and names that are the same in both languages.
var latinAllowed = map[string]bool{
	"softmax": true, "QK": true, "d_k": true, "d_v": true, "d_model": true, "d_out": true,
	"Wq": true, "Wk": true, "Wv": true, "Wo": true, "ECharts": true, "JSON": true,
	"KiB": true, "English": true, "ln": true, "exp": true, // exp(·), math notation
	"PyTorch": true, "NumPy": true, "Xavier": true, "Go": true, "WebAssembly": true, "NaN": true,
	"PNG": true, "SVG": true, "CSV": true, "LaTeX": true, "Markdown": true, "UTF": true, // file formats (export.go), UTF-8
	"Home": true, "End": true, "Ctrl": true, "Enter": true, "Esc": true, // keys on the keyboard (keys.go)
	"text": true, "text_kv": true, "heads": true, "wq": true, "none": true, "causal": true, // a spec's JSON (engine.go)
	"true": true, "false": true, "null": true,
}

var (
	latinNumber = regexp.MustCompile(`[-+−]?\d[\d.,]*(?:[eE][-+]?\d+)?`)
	latinWord   = regexp.MustCompile(`[A-Za-z][A-Za-z_]*`)
	fmtVerb     = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)
	// A symbol with a subscript: d_k, w_ij, q_i.
	mathSymbol = regexp.MustCompile(`^[A-Za-z]{1,2}_[A-Za-z0-9]{1,3}$`)
)

// TestChineseTranslated checks that no Chinese message keeps English words
// (beyond one-letter symbols and latinAllowed), and that no English message
// holds Chinese, besides the name of the language itself.
func TestChineseTranslated(t *testing.T) {
	for key, zh := range messages[LangZH] {
		s := latinNumber.ReplaceAllString(fmtVerb.ReplaceAllString(zh, " "), " ")
		for _, w := range latinWord.FindAllString(s, -1) {
			if len(w) > 1 && !latinAllowed[w] && !mathSymbol.MatchString(w) {
				t.Errorf("zh %q = %q keeps the English word %q", key, zh, w)
			}
		}
	}
	for key, en := range messages[LangEN] {
		if strings.ContainsFunc(en, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			t.Errorf("en %q = %q holds Chinese", key, en)
		}
	}
}
