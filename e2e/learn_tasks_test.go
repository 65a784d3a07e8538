//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLearnEveryTask trains sort, induction and coreference through the page
// (TestLearnReverse and TestLearnPrevious train the other two) to each
// task's step budget, and checks the held-out accuracy against the issue's
// target and that the page's model is attn train's byte for byte: the same
// weights whose attention pattern attention/model's tests check natively.
func TestLearnEveryTask(t *testing.T) {
	for _, c := range []struct {
		task   string
		steps  int
		target float64
	}{
		{"sort", 2300, 0.99},
		{"induction", 600, 0.95},
		{"coreference", 1000, 0.95},
	} {
		t.Run(c.task, func(t *testing.T) {
			s := newSite(t, rootPrefix)
			tb := newTab(t, s)
			tb.openLearn(s, "task="+c.task+"&seed=1")
			start := time.Now()
			tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
			tb.waitFor("training to stop at its budget",
				fmt.Sprintf(`(t => t && !t.running && t.step === %d)(window.attnviz.training())`, c.steps), 5*time.Minute)
			tr := tb.training()
			t.Logf("%s: step %d after %v, loss %v, accuracy %v", c.task, tr.Step, time.Since(start).Round(time.Millisecond), deref(tr.Loss), deref(tr.Accuracy))
			if tr.Task != c.task || tr.Accuracy == nil || *tr.Accuracy < c.target {
				t.Errorf("training() = %+v, want task %s and held-out accuracy ≥ %v", tr, c.task, c.target)
			}
			page := eval[string](tb, `window.attnviz.model()`)
			if cli := attnTrain(t, c.task, 1, c.steps, "0.01"); string(cli) != page {
				t.Errorf("model() (%d bytes) differs from attn train -out (%d bytes)", len(page), len(cli))
			}
			tb.checkClean("training " + c.task)
		})
	}
}
