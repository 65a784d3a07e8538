package state

import (
	"errors"
	"strconv"
)

// The guided tour (view "tour", app/views/tour.go) is a named tour
// (State.Tour, tour=… in links) and a step of it, by number, in State.Step
// (step=N). Which tours and steps exist the page checks, and a link to
// one that does not opens the tour with a message, not an error.

// TourViewID is the id of the tour's view.
const TourViewID = "tour"

// TourStep returns the tour step of s, 1-based, and whether Step is a
// number at all.
func (s State) TourStep() (int, bool) {
	if !isStepNumber(s.Step) {
		return 0, false
	}
	n, err := strconv.Atoi(s.Step)
	return n, err == nil
}

// isStepNumber reports whether v is a tour step's number: 1 to 3 digits.
func isStepNumber(v string) bool {
	if v == "" || len(v) > 3 {
		return false
	}
	for _, r := range v {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// decodeTour reads tour=…: "" or a tour's name, a short word of lower-case
// letters.
func decodeTour(s *State, v string) error {
	if v != "" && !isID(v) {
		return errors.New("not a tour's name")
	}
	s.Tour = v
	return nil
}
