//go:build !wasm

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLearnPace trains reverse to step 30 at full speed, then at 10 steps
// a second, in the worker and without one (a host that lacks its script):
// a second after Train the paced runs are still running, short of step 20
// (at full speed reverse takes 30 steps in well under a second), and they
// stop at step 30 with the same model as the run at full speed. The Speed
// select shows the link's pace and changes it; at 2 steps a second, the
// heatmap's caption says the step the status says (it was redrawn once a
// second, a step or two behind).
func TestLearnPace(t *testing.T) {
	s := newSite(t, rootPrefix)
	full := newTab(t, s)
	full.openLearn(s, "task=reverse&seed=7&until=30")
	full.trainUntilStopped(30)
	want := eval[string](full, `window.attnviz.model()`)

	for _, site := range []struct {
		name string
		s    *site
	}{{"in the worker", s}, {"without a worker", siteWithoutWorker(t)}} {
		tb := newTab(t, site.s)
		tb.openLearn(site.s, "task=reverse&seed=7&until=30&pace=10")
		if got := eval[string](tb, `document.querySelector("#pace").value`); got != "10" {
			t.Errorf("%s: the Speed select shows %q, want 10", site.name, got)
		}
		tb.do("pressing #train", chromedp.Click(chromedp.CSS("#train")))
		time.Sleep(time.Second)
		if tr := tb.training(); !tr.Running || tr.Step >= 20 {
			t.Errorf("%s: a second after Train at 10 steps a second: step %d, running %v; want under 20, running", site.name, tr.Step, tr.Running)
		}
		tb.waitFor("training to stop at step 30", `(t => t && !t.running && t.step === 30)(window.attnviz.training())`, 60*time.Second)
		if got := eval[string](tb, `window.attnviz.model()`); got != want || got == "" {
			t.Errorf("%s: the paced run's model (%d bytes) differs from the run's at full speed (%d bytes)", site.name, len(got), len(want))
		}
		tb.change("#pace", "2", "change")
		if got := eval[float64](tb, `window.attnviz.state().pace`); got != 2 {
			t.Errorf("%s: after choosing 2 steps a second the state's pace is %v", site.name, got)
		}
		tb.checkCaptions(site.name)
		tb.checkClean("a paced run " + site.name)
	}
}

// checkCaptions trains on to step 36 at the pace chosen, 2 steps a
// second, and checks, six times, that the caption of the heatmap now says
// the step of the status line.
func (tb *tab) checkCaptions(what string) {
	tb.t.Helper()
	tb.change("#until", "36", "change")
	eval[chromedp.Void](tb, `document.querySelector("#train").click()`)
	for i := range 6 {
		time.Sleep(400 * time.Millisecond)
		got := eval[[]string](tb, `[document.querySelector("#learn-status").textContent.match(/step (\d+)/)[1],
			document.querySelectorAll(".learn-maps figcaption")[1].textContent.match(/\d+/)[0]]`)
		if got[0] != got[1] {
			tb.t.Errorf("%s, at 2 steps a second, sample %d: the status says step %s, the heatmap's caption step %s", what, i, got[0], got[1])
		}
	}
}
