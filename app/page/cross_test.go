package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// TestTourCrossStep: the tour's cross-attention step computes
// cross-attention, in both languages, with the tour's needs.
func TestTourCrossStep(t *testing.T) {
	for _, lang := range i18n.Langs {
		s := state.DefaultState(lang)
		n := views.TourStepCount("") - 1 // the last but one: the last trains a model
		if !views.GoToTourStep(&s, n) || !s.CrossOn() {
			t.Fatalf("%s: step %d is not cross-attention: %+v", lang, n, s)
		}
		var c compute.Computer
		res := c.Update(s, needsOf(s))
		if res.Result == nil || res.Result.XKV == nil || res.Cross == nil {
			t.Fatalf("%s: results %+v", lang, res)
		}
		if q, kv := len(res.Result.Tokens), len(res.Result.TokensKV); q == kv {
			t.Errorf("%s: the example's sides have %d and %d tokens: a square shows no rectangle", lang, q, kv)
		}
		if s.Step = "1"; views.GoToTourStep(&s, 1) && s.CrossOn() {
			t.Errorf("%s: step 1 is cross-attention", lang)
		}
	}
}

// TestTourNeedsItsStepView: a tour step computes what its view needs, and
// only that: predict-then-reveal in the tour's attention steps (the tour
// computed every view's results but the prediction, so ticking Predict in
// the tour hid nothing), none of the other views' in the pipeline's.
func TestTourNeedsItsStepView(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	views.GoToTourStep(&s, 6)
	s.Predict = true
	if n := needsOf(s); n&compute.NeedPredict == 0 {
		t.Errorf("tour step 6 (attention), predict on: needs %b, want NeedPredict", n)
	}
	views.GoToTourStep(&s, 2)
	if n, want := needsOf(s), viewByID("pipeline").Needs; n != want {
		t.Errorf("tour step 2 (pipeline): needs %b, want the pipeline's %b", n, want)
	}
}
