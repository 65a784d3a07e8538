package wasmslim

import (
	"html"
	"testing"
)

// TestSlimEscapeHTML: as html.EscapeString.
func TestSlimEscapeHTML(t *testing.T) {
	for _, s := range []string{"", "plain", `<a href="x">'b' & c</a>`, "&amp;", "\xff<\x00>"} {
		if got, want := slimEscapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("slimEscapeHTML(%q) = %q, want %q", s, got, want)
		}
	}
}
