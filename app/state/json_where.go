package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"
)

// nearRunes is how many characters of the text a JSON mistake message
// quotes from where the mistake is.
const nearRunes = 12

// JSONWhere returns where byte offset off of data is, as a person counts:
// its line and column (1-based, in characters) and the text from there,
// cut short. encoding/json's SyntaxError.Offset is the byte just after the
// one that broke the JSON, so the mistake is at off−1.
func JSONWhere(data []byte, off int64) (line, col int, near string) {
	at := min(max(int(off)-1, 0), len(data))
	for at > 0 && at < len(data) && !utf8.RuneStart(data[at]) {
		at--
	}
	before := data[:at]
	line = bytes.Count(before, []byte("\n")) + 1
	col = utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	rest := bytes.TrimSpace(data[at:])
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	if r := []rune(string(rest)); len(r) > nearRunes {
		rest = []byte(string(r[:nearRunes]) + "…")
	}
	return line, col, string(rest)
}

// jsonSyntax returns the InputError of the matrices view's JSON box when
// data is not JSON at all: where, in the page's language, or that it ends
// too early; nil when it is.
func jsonSyntax(data []byte) *InputError {
	var se *json.SyntaxError
	if !errors.As(json.Unmarshal(data, new(any)), &se) {
		return nil
	}
	if strings.HasSuffix(se.Error(), "unexpected end of JSON input") {
		return NewInputError("json", "mx.err.syntaxEnd") // nothing after the mistake to quote
	}
	line, col, near := JSONWhere(data, se.Offset)
	return NewInputError("json", "mx.err.syntax", line, col, near)
}
