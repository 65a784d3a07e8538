package chart

import (
	"html"
	"testing"
)

// TestEscapeHTML: as html.EscapeString.
func TestEscapeHTML(t *testing.T) {
	for _, s := range []string{"", "plain", `<img src=x onerror="alert('1')">`, "a & b &amp; c", "“%s” <br>", "\xff<\x00>"} {
		if got, want := EscapeHTML(s), html.EscapeString(s); got != want {
			t.Errorf("EscapeHTML(%q) = %q, want %q", s, got, want)
		}
	}
}
