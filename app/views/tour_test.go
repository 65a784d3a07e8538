package views

import (
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestTourStepsDefined checks every step of every tour: its texts in every
// language, its pipeline step, and settings that give a valid state with
// the step's number.
func TestTourStepsDefined(t *testing.T) {
	views := map[string]bool{"attention": true, "pipeline": true, "scaling": true, "compare": true, "padding": true, "learn": true}
	for name, steps := range Tours {
		seen := map[string]bool{}
		for i, st := range steps {
			if seen[st.ID] || !views[st.View] || (len(st.Pipe) > 0) != (st.View == "pipeline") || slices.ContainsFunc(st.Pipe, func(id string) bool { return !HasStep(id) }) {
				t.Errorf("tour %q step %d (%s): a repeated id, an unknown view %q or a pipeline step %q without its view", name, i+1, st.ID, st.View, st.Pipe)
			}
			seen[st.ID] = true
			for _, lang := range i18n.Langs {
				for _, part := range []string{"title", "body"} {
					if !i18n.Has(lang, "tour."+st.ID+"."+part) {
						t.Errorf("%s: no tour.%s.%s", lang, st.ID, part)
					}
				}
				s := state.DefaultState(lang)
				s.Tour = name
				if !GoToTourStep(&s, i+1) {
					t.Fatalf("tour %q: no step %d", name, i+1)
				}
				n, ok := s.TourStep()
				if got := s; !ok || n != i+1 || got.View != state.TourViewID || got.Lang != lang {
					t.Errorf("%s step %d: state %+v", lang, i+1, got)
				}
				if s.Normalize(); s.Heads > 0 && s.DModel%s.Heads != 0 {
					t.Errorf("%s step %d: %d heads for d_model %d", lang, i+1, s.Heads, s.DModel)
				}
			}
		}
	}
}

// TestPipelineFormulas checks that no formula of the pipeline shows Go
// code (a rename once turned the temperature T into "i18n.T").
func TestPipelineFormulas(t *testing.T) {
	for _, s := range pipelineSteps {
		for _, lang := range i18n.Langs {
			if f := s.formula(lang); strings.Contains(f, "i18n") || strings.Contains(f, "(") {
				t.Errorf("%s %s: formula %q", lang, s.ID, f)
			}
		}
	}
}

// TestTourLearnStep checks the tour's last step: the Learn view on reverse
// from seed 1, asking for the task's step budget (the page trains it as the
// step shows), in both languages.
func TestTourLearnStep(t *testing.T) {
	n := TourStepCount("")
	for _, lang := range i18n.Langs {
		s := state.DefaultState(lang)
		if !GoToTourStep(&s, n) || TourStepView(s) != state.LearnViewID {
			t.Fatalf("%s: step %d shows %q, want the Learn view", lang, n, TourStepView(s))
		}
		if s.Task != "reverse" || s.Seed != 1 || s.Steps != s.TaskUntil() || s.Steps == 0 || s.LR == 0 {
			t.Errorf("%s: step %d trains %s from seed %d to step %d (stops at %d)", lang, n, s.Task, s.Seed, s.Steps, s.TaskUntil())
		}
		if !strings.Contains(i18n.T(lang, "tour.learn.body"), "n−1−i") {
			t.Errorf("%s: the step's text does not say what to watch", lang)
		}
		GoToTourStep(&s, 1)
		if TourStepView(s) != "attention" || s.Steps != 0 {
			t.Errorf("%s: step 1 shows %q, trained to %d", lang, TourStepView(s), s.Steps)
		}
	}
}
