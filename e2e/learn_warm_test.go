//go:build !wasm

package e2e

import (
	"testing"
	"time"
)

// TestTrainerWarmUp opens the Learn view and waits while the trainer's
// worker warms up on a throwaway run (cmd/trainworker's warmUp, which the
// page asks for once it has rested): the page
// must see nothing of it (step 0, not running), and the run the student
// then starts must export attn train's model byte for byte, as without it.
func TestTrainerWarmUp(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=reverse&seed=3&until=150")
	time.Sleep(4 * time.Second) // the page's rest (restMs), then the worker's warmFor
	if tr := tb.training(); tr.Step != 0 || tr.Running {
		t.Fatalf("before Train, training() = %+v: the page saw the worker's warm-up", tr)
	}
	tb.trainUntilStopped(150)
	page := eval[string](tb, `window.attnviz.model()`)
	if cli := attnTrain(t, "reverse", 3, 150, "0.01"); string(cli) != page {
		t.Errorf("after the warm-up, model() (%d bytes) differs from attn train -out (%d bytes)", len(page), len(cli))
	}
	tb.checkClean("training after the warm-up")
}
