//go:build !wasm

package e2e

import (
	"testing"
	"time"
)

// TestTourPredict: predict-then-reveal works in the tour's attention step,
// in presentation mode, as in the attention view, and its question, keys
// and buttons are as large as the chart's labels. Ticking Predict there set
// predict=1 and hid nothing, since the tour did not compute the prediction.
func TestTourPredict(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=tour&step=6&present=1&lang=en")
	tb.keyPress("#predict", " ")
	tb.waitFor("the prediction's keys", `!!document.querySelector("#predict-keys [data-key]")`, 10*time.Second)
	// The step opens with a weight worked out, whose panel Predict closes:
	// the focus stays on the switch (it went to the heatmap, the page with it).
	tb.settle()
	if id := eval[string](tb, `document.activeElement.id`); id != "predict" {
		t.Errorf("ticking Predict at the step with a worked weight moved the focus to #%s", id)
	}
	if hidden := tb.hiddenCells(); hidden == 0 {
		t.Error("predict on in the tour: no cell of the heatmap hidden")
	}
	for sel, least := range map[string]float64{"#predict-question": 24, `#predict-keys [data-key]`: 20, "#predict-reveal": 20} {
		if px := eval[float64](tb, `parseFloat(getComputedStyle(document.querySelector(`+jsString(sel)+`)).fontSize)`); px < least {
			t.Errorf("presentation mode: %s is %.1f px, want at least %.0f px to read from the back of the room", sel, px, least)
		}
	}
	tb.viewShot("tour-predict")
	tb.predictAndReveal("tour step 6", tb.predictState().Row, 1, 0)
	tb.checkClean("predict in the tour")
}
