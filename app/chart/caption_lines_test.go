package chart

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCaptionLines lays captions out with a measure of 0.5 px a character
// a pixel of size: one that fits stays one line at its size, one a little
// too wide one line smaller, one far too wide wraps at its " · " at the
// least size, every line within room and nothing lost.
func TestCaptionLines(t *testing.T) {
	width := func(s string, px float64) float64 { return float64(utf8.RuneCountInString(s)) * px / 2 }
	short := "A · head 1 of 2"
	if lines, px := captionLines(short, 200, 13, 10, width); len(lines) != 1 || px != 13 || lines[0] != short {
		t.Errorf("a short caption: %q at %v px", lines, px)
	}
	if lines, px := captionLines(strings.Repeat("x", 34), 200, 13, 10, width); len(lines) != 1 || px < 10 || px >= 13 {
		t.Errorf("a caption a little too wide: %q at %v px, want one line between 10 and 13 px", lines, px)
	}
	long := "B: attention weights, rows are queries, columns are keys · “A dog lay on the rug.” · mean of 2 heads · causal · d_model 16 · seed 1"
	lines, px := captionLines(long, 258, 13, 10, width)
	if px != 10 || len(lines) < 2 {
		t.Fatalf("a long caption: %q at %v px, want lines at 10 px", lines, px)
	}
	for _, l := range lines {
		if width(l, px) > 258 {
			t.Errorf("line %q is %v px wide, over 258", l, width(l, px))
		}
	}
	if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != long {
		t.Errorf("the lines joined are %q, want %q", got, long)
	}
}
