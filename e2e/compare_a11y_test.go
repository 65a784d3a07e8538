//go:build !wasm

package e2e

import (
	"testing"
)

// TestCompareStripes checks, on the charts' canvases, that the compare
// view stripes the cells the causal mask hides, as the other views do: the
// masks pair's causal side and difference have striped masked cells and
// plain unmasked ones; its unmasked side has none striped; the sentences'
// sides are striped where the causal mask is on.
func TestCompareStripes(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare&lang=en&causal=1&text=the+cat+sat+on+the+mat&text2=the+mat+sat+on+the+cat")
	tb.settle()
	masked := [][2]int{{0, 5}, {0, 1}, {2, 4}, {4, 5}}
	open := [][2]int{{5, 0}, {3, 3}, {4, 2}, {1, 0}}
	for _, id := range []string{"#compare-causal", "#compare-maskdiff", "#compare-a", "#compare-b"} {
		eval[bool](tb, `(() => { document.querySelector("`+id+`").scrollIntoView({block: "center"}); return true; })()`)
		for _, c := range masked {
			if k := tb.canvasStripesOf(id, c[0], c[1], 0.3); k < 2 {
				t.Errorf("%s, masked cell (%d, %d): %d changes between stripe and cell, want ≥ 2", id, c[0], c[1], k)
			}
		}
		for _, c := range open {
			if k := tb.canvasStripesOf(id, c[0], c[1], 0.3); k != 0 {
				t.Errorf("%s, unmasked cell (%d, %d): %d changes of colour, want none", id, c[0], c[1], k)
			}
		}
	}
	for _, c := range masked {
		if k := tb.canvasStripesOf("#compare-nomask", c[0], c[1], 0.3); k != 0 {
			t.Errorf("#compare-nomask, cell (%d, %d): %d changes of colour, want none (nothing masked)", c[0], c[1], k)
		}
	}
	tb.screenshots("compare-stripes", nil)
	tb.checkClean("compare stripes")
}
