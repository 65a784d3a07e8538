package page

import (
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// The guided tour's place in the page (the view is app/views/tour.go).

// tourInner makes the view a tour step shows: any of the registry's but
// the tour. It is set by init, since the registry refers to it.
var tourInner func(id string, p views.Props) app.UI

func init() {
	tourInner = func(id string, p views.Props) app.UI {
		if v := viewByID(id); v != nil && v.ID != state.TourViewID {
			return v.New(p)
		}
		return nil
	}
}

// tourOnOpen returns s, opened from link: a link to the tour that does not
// give the sentence (one written by hand, view=tour&step=N) opens the
// step as the tour sets it up, and one without a step, with a sentence or
// not, the first. A step that does not exist stays, for the tour to say so.
func tourOnOpen(s state.State, link string) state.State {
	if s.View != state.TourViewID {
		return s
	}
	values, err := url.ParseQuery(strings.TrimPrefix(strings.TrimPrefix(link, "#"), "?"))
	if err != nil || values.Has("text") && s.Step != "" {
		return s // a copied link: its own sentence, at its step
	}
	n, ok := s.TourStep()
	if s.Step == "" {
		n, ok = 1, true
	}
	if t := s; ok && views.GoToTourStep(&t, n) {
		return t
	}
	return s
}

// tourInLang gives s, whose language has just changed, its tour step in the
// new language, the step's sentence included: the tour's sentence is the
// step's, not the student's.
func tourInLang(s *state.State) {
	if n, ok := s.TourStep(); ok && s.View == state.TourViewID {
		views.GoToTourStep(s, n)
	}
}
