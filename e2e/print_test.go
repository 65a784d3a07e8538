//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestPrintDrawsWaitingCharts prints the compare view before its masks'
// pair, below the fold, was scrolled to: the pair draws only near the
// screen, and the browser's beforeprint has every chart drawn for the
// printout.
func TestPrintDrawsWaitingCharts(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=compare")
	ids := []string{"#compare-nomask", "#compare-causal", "#compare-maskdiff"}
	tb.settle()
	for _, id := range ids {
		if !eval[bool](tb, fmt.Sprintf(`document.querySelector(%s)?.hasAttribute("data-waiting") ?? false`, jsString(id))) {
			t.Fatalf("%s does not wait off screen: the test cannot tell whether printing draws it", id)
		}
	}
	eval[bool](tb, `window.dispatchEvent(new Event("beforeprint"))`)
	for _, id := range ids {
		tb.waitFor(id+" drawn for the printout", chartDrawnJS(id), 5*time.Second)
	}
	if y := eval[float64](tb, `scrollY`); y != 0 {
		t.Errorf("printing scrolled the page to %v", y)
	}
	tb.checkClean("printing the compare view")
}
