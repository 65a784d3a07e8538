package state

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestJSONWhere finds encoding/json's mistakes by line and character, not
// byte, and quotes the text there.
func TestJSONWhere(t *testing.T) {
	cases := []struct {
		data      string
		line, col int
		near      string
	}{
		{`{"x":[[1,2],[3,NaN]]}`, 1, 16, "NaN]]}"},
		{"{\n  \"a\": 1,\n  oops\n}", 3, 3, "oops"},
		{`{"名字":x}`, 1, 7, "x}"},
		{`{"a" "abcdefghijklmnopqrstuvwxyz"}`, 1, 6, `"abcdefghijk…`},
	}
	for _, c := range cases {
		var v any
		var se *json.SyntaxError
		if err := json.Unmarshal([]byte(c.data), &v); !errors.As(err, &se) {
			t.Fatalf("%q: error %v, want a syntax error", c.data, err)
		}
		line, col, near := JSONWhere([]byte(c.data), se.Offset)
		if line != c.line || col != c.col || near != c.near {
			t.Errorf("JSONWhere(%q, %d) = %d, %d, %q; want %d, %d, %q", c.data, se.Offset, line, col, near, c.line, c.col, c.near)
		}
	}
	if line, col, near := JSONWhere(nil, 0); line != 1 || col != 1 || near != "" {
		t.Errorf("JSONWhere(nil, 0) = %d, %d, %q", line, col, near)
	}
}
