package state

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestImportWords checks that spec JSON with a field of the wrong type, or
// a field a spec lacks, is told so in the page's language, without the
// engine's English ("expected an array of array of numberss").
func TestImportWords(t *testing.T) {
	for _, tc := range []struct {
		json, key, en, zh string
	}{
		{`{"x":[[1,2]],"wq":"nope"}`, "mx.err.importType.matrix", "“wq” must be an array of arrays of numbers", "“wq”必须是由数的数组组成的数组"},
		{`{"x":[[1,2]],"wq":[["a"]]}`, "mx.err.importType.matrix", "“wq” must be an array of arrays of numbers", "“wq”必须是"},
		{`{"x":[[1,2]],"heads":"2"}`, "mx.err.importType.integer", "“heads” must be a whole number", "“heads”必须是一个整数"},
		{`{"x":[[1,2]],"tokens":[1]}`, "mx.err.importType.strings", "“tokens” must be an array of strings", "“tokens”必须是字符串的数组"},
		{`{"x":[[1,2]],"heads":1e99}`, "mx.err.importRange", "“heads” holds a number beyond", "“heads”含有超出"},
		{`{"x":[[1,2]],"heads":1.5}`, "mx.err.importType.integer", "“heads” must be a whole number", "“heads”必须是一个整数"},
		{`{"x":[[1,2]]`, "mx.err.syntaxEnd", "ends too early", "过早结束"},
		{`{"x":[[1,2]}`, "mx.err.syntax", "line 1, column 12", "第 1 行第 12 列"},
		{`{"x":[[1,2]],"wqq":[[1]]}`, "mx.err.importUnknown", "“wqq” is not a field", "“wqq”不是规格中的字段"},
	} {
		_, err := ParseImport([]byte(tc.json))
		if err == nil || err.Key != tc.key {
			t.Errorf("%s: %+v, want %s", tc.json, err, tc.key)
			continue
		}
		en, zh := err.Message(i18n.LangEN), err.Message(i18n.LangZH)
		if !strings.Contains(en, tc.en) || !strings.Contains(zh, tc.zh) || strings.Contains(zh, "expected") {
			t.Errorf("%s: %q / %q", tc.json, en, zh)
		}
	}
}
