//go:build !wasm

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/views"
)

// TestTourLearnStep opens the guided tour's last step, a model learning
// the answer: the Learn view on reverse, which trains as the step shows,
// through the step counts that window.attnviz.training() reports, to the
// task's budget and its held-out accuracy; in both languages' texts.
func TestTourLearnStep(t *testing.T) {
	s := newSite(t, rootPrefix)
	n := views.TourStepCount("")
	for _, lang := range []string{"en", "zh-Hans"} {
		tb := newTab(t, s)
		tb.open(s.URL() + fmt.Sprintf("#view=tour&step=%d&lang=%s", n, lang))
		tb.waitFor("the Learn view in the tour", `!!window.attnviz.training() && !!document.querySelector(".view-tour .view-learn")`, 20*time.Second)
		seen := []int{}
		deadline := time.Now().Add(120 * time.Second)
		for tr := tb.training(); !(tr.Step == 150 && !tr.Running); tr = tb.training() {
			if len(seen) == 0 || seen[len(seen)-1] != tr.Step {
				seen = append(seen, tr.Step)
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: training stopped at %+v", lang, tr)
			}
			time.Sleep(50 * time.Millisecond)
		}
		tr := tb.training()
		t.Logf("%s: the tour's step %d trained reverse through steps %v to %d, accuracy %v", lang, n, seen, tr.Step, deref(tr.Accuracy))
		if len(seen) < 2 || seen[len(seen)-1] >= 150 {
			t.Errorf("%s: training() showed steps %v: no step on the way to 150", lang, seen)
		}
		if tr.Task != "reverse" || tr.Accuracy == nil || *tr.Accuracy < 0.99 {
			t.Errorf("%s: training() = %+v, want reverse at held-out accuracy ≥ 0.99", lang, tr)
		}
		body := eval[string](tb, `document.querySelector("#tour-body").textContent`)
		if !strings.Contains(body, "n−1−i") {
			t.Errorf("%s: the step's text %q does not say what to watch", lang, body)
		}
		if st := tb.state(); st.View != "tour" || eval[string](tb, `window.attnviz.state().step`) != fmt.Sprint(n) {
			t.Errorf("%s: the tour left its step: %+v", lang, st)
		}
		tb.screenshots("tour-learn-"+lang, nil)
		tb.checkClean("the tour's learning step in " + lang)
	}
}
