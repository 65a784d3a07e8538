package views

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestTourKeepsOwnSettings checks that opening a step of the guided tour
// keeps what is the visitor's own rather than the lesson's: a teacher's
// tour (and the step of it being played) and the high-contrast theme. The
// tour once rebuilt the page from the defaults, so a teacher who looked at
// the guided tour came back to "My tour" with every step gone.
func TestTourKeepsOwnSettings(t *testing.T) {
	teach := state.EncodeTeach(state.TeachTour{Steps: []state.TeachStep{
		{Link: "view=attention&lang=en", Note: "look at the diagonal"},
		{Link: "view=pipeline&lang=en"},
	}})
	if teach == "" {
		t.Fatal("the teacher's tour did not encode")
	}
	for _, lang := range i18n.Langs {
		for n := 1; n <= TourStepCount(""); n++ {
			s := state.DefaultState(lang)
			s.Teach, s.TeachStep, s.HighContrast = teach, 2, true
			if !GoToTourStep(&s, n) {
				t.Fatalf("%s: no step %d", lang, n)
			}
			if s.Teach != teach || s.TeachStep != 2 || !s.HighContrast {
				t.Errorf("%s step %d: teach %q (step %d), high contrast %v; want the tour kept, step 2, high contrast on",
					lang, n, s.Teach, s.TeachStep, s.HighContrast)
			}
		}
	}
}
