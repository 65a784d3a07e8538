//go:build !wasm

package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/views"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// trainSeen has every document the tab opens next record, in
// window.__trainSeen, each change of what window.attnviz.training() and
// #train say (the step, running, the button pressed: it reads Pause),
// polled every 5 ms: the steps of a run come faster than a test's polls.
func (tb *tab) trainSeen() {
	tb.t.Helper()
	_, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `(() => {
			window.__trainSeen = [];
			let last = "";
			setInterval(() => {
				const t = window.attnviz && window.attnviz.training && window.attnviz.training();
				if (!t) return;
				const b = document.querySelector("#train");
				const e = {step: t.step, running: t.running, pause: !!b && b.getAttribute("aria-pressed") === "true"};
				const k = JSON.stringify(e);
				if (k !== last) { last = k; window.__trainSeen.push({...e, at: performance.now()}); }
			}, 5);
		})()`})
	if err != nil {
		tb.t.Fatalf("recording the training: %v", err)
	}
}

// seenTraining is one entry of window.__trainSeen.
type seenTraining struct {
	Step    int     `json:"step"`
	Running bool    `json:"running"`
	Pause   bool    `json:"pause"`
	At      float64 `json:"at"` // ms, performance.now()
}

// TestTourLearnReplay shows the guided tour's last step, a model learning
// reverse, as a teacher replays it: the first visit, back to the step
// before and forward again, the browser's Back to it from the step before,
// and a reload of the step, each once the training before has finished. Every time the class sees the model learn:
// it starts again below the step budget and trains, running (the Train
// button reads Pause), to the budget; not the trained result of the last
// showing, with training off.
func TestTourLearnReplay(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.trainSeen()
	n := views.TourStepCount("")
	tb.open(s.URL() + fmt.Sprintf("#view=tour&step=%d", n))
	tb.checkTourTrains("the first visit")
	tb.do("going back a step", chromedp.Click(chromedp.CSS("#tour-prev")))
	// The state changes in the click's event, go-app's frame redraws the
	// step (→ is disabled at the last step) after it: click → once drawn.
	tb.waitFor("the step before", fmt.Sprintf(`window.attnviz.state().step === "%d" && !document.querySelector("#tour-next").disabled`, n-1), 10*time.Second)
	eval[chromedp.Void](tb, `window.__trainSeen = []`)
	tb.do("going forward again", chromedp.Click(chromedp.CSS("#tour-next")))
	tb.checkTourTrains("back and forward again")
	tb.do("going back a step", chromedp.Click(chromedp.CSS("#tour-prev")))
	tb.waitFor("the step before", fmt.Sprintf(`window.attnviz.state().step === "%d"`, n-1), 10*time.Second)
	eval[chromedp.Void](tb, `window.__trainSeen = []; history.back()`)
	tb.checkTourTrains("the browser's Back")
	tb.reload()
	tb.checkTourTrains("a reload")
	tb.checkClean("replaying the tour's learning step")
}

// checkTourTrains waits, at the tour's learning step, until training has
// stopped at the budget, and checks that it ran on the way there.
func (tb *tab) checkTourTrains(what string) {
	tb.t.Helper()
	tb.waitFor(what+": the Learn view in the tour", `!!window.attnviz.training() && !!document.querySelector(".view-tour .view-learn")`, 20*time.Second)
	tb.waitFor(what+": training to stop at the budget", `(t => t.step === 150 && !t.running)(window.attnviz.training())`, 120*time.Second)
	tb.settle()
	var seen []seenTraining
	if err := jsonUnmarshalString(eval[string](tb, `JSON.stringify(window.__trainSeen)`), &seen); err != nil {
		tb.t.Fatal(err)
	}
	ran, from := false, 0.0
	for _, e := range seen {
		if e.Running && e.Pause && e.Step < 150 && !ran {
			ran, from = true, e.At
		}
	}
	if ran {
		tb.t.Logf("%s: %d changes of training(); it ran, the button reading Pause, for %.0f ms", what, len(seen), seen[len(seen)-1].At-from)
	}
	if len(seen) == 0 || seen[0].Step >= 150 || !ran {
		tb.t.Errorf("%s: the model did not train as the class watched: training() and #train went %+v", what, seen)
	}
}
