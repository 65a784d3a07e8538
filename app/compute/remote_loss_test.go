package compute

import (
	"math"
	"testing"
)

// TestWorkerLossBeforeAnswer: until the worker's first answer the loss is
// NaN ("—" on the page), not 0, which the status line printed as 0.0000.
func TestWorkerLossBeforeAnswer(t *testing.T) {
	var c Computer
	c.UseWorker()
	s := learnState("reverse", 5)
	if tr := c.Update(s, NeedTraining).Training; tr.Step != 0 || !math.IsNaN(tr.Loss) {
		t.Errorf("before any answer: step %d, loss %v; want step 0 and NaN", tr.Step, tr.Loss)
	}
	s.Seed = 6 // another run
	if tr := c.Update(s, NeedTraining).Training; !math.IsNaN(tr.Loss) {
		t.Errorf("a new run before any answer: loss %v, want NaN", tr.Loss)
	}
}
