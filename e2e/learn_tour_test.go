//go:build !wasm

package e2e

import (
	"testing"
	"time"
)

// TestLearnThroughTour trains sort, visits the guided tour's first step
// while it runs, and comes back: the link never gives sort's step count to
// the tour's task (previous), and the Learn view does not retrain previous
// past its stop (found by an exploratory test: "step 2717, training stops
// at step 150").
func TestLearnThroughTour(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=learn&task=sort&until=3000")
	tb.click("#train")
	tb.waitFor("training", `(t => t && t.running && t.step > 20)(window.attnviz.training())`, 60*time.Second)
	tb.click("#tab-tour")
	tb.waitFor("the tour", `window.attnviz.state().view === "tour"`, 10*time.Second)
	time.Sleep(1500 * time.Millisecond) // the run's answers go on coming
	if st := tb.learnState(); st.Task != "sort" && st.Steps > 0 {
		t.Errorf("on the tour, the state's task is %q with %d steps: another run's count", st.Task, st.Steps)
	}
	tb.click("#tab-learn")
	tb.waitFor("the Learn view", `window.attnviz.state().view === "learn" && !!window.attnviz.training()`, 10*time.Second)
	time.Sleep(1500 * time.Millisecond)
	tr := eval[map[string]any](tb, `window.attnviz.training()`)
	st := tb.learnState()
	if step, _ := tr["step"].(float64); st.Task != "sort" && int(step) > st.Until && st.Until > 0 {
		t.Errorf("back in the Learn view: %s at step %v, past its stop at %d", st.Task, step, st.Until)
	}
	if st.Task != "sort" && st.Steps > 0 {
		t.Errorf("back in the Learn view: task %q, %d steps in the link, none trained", st.Task, st.Steps)
	}
	tb.checkClean("the Learn view through the tour")
}

// learnState is the Learn view's part of window.attnviz.state().
type learnState struct {
	Task  string `json:"task"`
	Steps int    `json:"steps"`
	Until int    `json:"until"`
}

// learnState returns the Learn view's settings in window.attnviz.state().
func (tb *tab) learnState() learnState {
	tb.t.Helper()
	return eval[learnState](tb, `(s => (typeof s === "string" ? JSON.parse(s) : s))(window.attnviz.state())`)
}
