//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestLearnReplayStatus opens a link of a model trained 2000 steps: while
// the page retrains it from the seed, the status says so and of which step
// (the Train button and training() say nothing of it); once there, and
// after Reset, it does not.
func TestLearnReplayStatus(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=1&steps=2000&until=2000")
	tb.waitFor("the status of the retraining", `(t => t && t.step < 2000 && document.querySelector("#learn-status").textContent.includes("Retraining") &&
		document.querySelector("#learn-status").textContent.includes("of 2000"))(window.attnviz.training())`, 30*time.Second)
	tb.waitFor("step 2000", `(t => t && t.step === 2000)(window.attnviz.training()) && !document.querySelector("#learn-status").textContent.includes("Retraining")`, 120*time.Second)
	tb.click("#reset")
	tb.waitFor("step 0 after Reset", `(t => t && t.step === 0)(window.attnviz.training())`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	if st := eval[string](tb, `document.querySelector("#learn-status").textContent`); strings.Contains(st, "Retraining") {
		t.Errorf("after Reset the status says %q", st)
	}
	tb.checkClean("reopening a trained link")
}
