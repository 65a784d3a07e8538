package views

import "github.com/attnviz/attnviz/app/state"

// SwitchView shows view id, as a tab or the key v does: into the tour, at
// its first step (unless s is at a step of it); out of it, without the
// tour's step number, which another view would read as a pipeline step.
func SwitchView(s *state.State, id string) {
	if s.View == state.TourViewID && id != state.TourViewID {
		s.Step = ""
	}
	if id != state.TourViewID {
		from := s.View
		s.View = id
		state.ViewText2(s, from)
		return
	}
	if n, ok := s.TourStep(); !ok || n < 1 || n > TourStepCount(s.Tour) {
		s.Tour = ""
		n = 1
		GoToTourStep(s, n)
		return
	}
	s.View = id
}
