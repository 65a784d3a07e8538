package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/state"
)

// TestPlaceOf: a view, a tour step or a teacher's step changes the place
// (a history entry); typing and settings do not.
func TestPlaceOf(t *testing.T) {
	base := state.DefaultState("en")
	base.View = state.TourViewID
	same := map[string]func(*state.State){
		"text":  func(s *state.State) { s.Text = "a new sentence" },
		"heads": func(s *state.State) { s.Heads = 1 },
		"head":  func(s *state.State) { s.Head = 1 },
	}
	moved := map[string]func(*state.State){
		"view":       func(s *state.State) { s.View = "pipeline" },
		"tour step":  func(s *state.State) { s.Step = "2" },
		"tour":       func(s *state.State) { s.Tour = "other" },
		"teach step": func(s *state.State) { s.TeachStep = 3 },
	}
	for name, change := range same {
		s := base
		change(&s)
		if placeOf(s) != placeOf(base) {
			t.Errorf("%s: place %q, want %q", name, placeOf(s), placeOf(base))
		}
	}
	for name, change := range moved {
		s := base
		change(&s)
		if placeOf(s) == placeOf(base) {
			t.Errorf("%s: place stays %q", name, placeOf(s))
		}
	}
}
