package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestLearnStepStopsAtUntil trains to "Stop at step" and presses Step: the
// step stays there and the status says to raise the limit (the exploratory
// test stepped to 153 of 150).
func TestLearnStepStopsAtUntil(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=1&until=3")
	tb.trainUntilStopped(3)
	for range 3 {
		tb.click("#step")
	}
	time.Sleep(500 * time.Millisecond) // a step the worker took would be reported by now
	if got := tb.training(); got.Step != 3 || got.Running {
		t.Errorf("Step at the limit: %+v, want step 3, stopped", got)
	}
	if st := eval[string](tb, `document.querySelector("#learn-status").textContent`); !strings.Contains(st, "stops at step 3") {
		t.Errorf("the status says %q, want that training stops at step 3", st)
	}
	tb.checkClean("Step at the limit")
}
