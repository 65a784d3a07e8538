package page

import (
	"net/url"
	"strings"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// knownOf is known, for the views, with errors they say in the page's
// language (state.TeachError); set by init, since known reads the
// registry, which refers to it.
var knownOf views.Known

func init() {
	knownOf = func(s state.State) error {
		if err := known(s); err == nil {
			return nil
		}
		switch {
		case viewByID(s.View) == nil:
			return &state.TeachError{Key: "teach.err.view", Args: []any{s.View}}
		case s.Step != "" && s.View != state.TourViewID && !views.HasStep(s.Step):
			return &state.TeachError{Key: "teach.err.step", Args: []any{s.Step}}
		}
		return &state.TeachError{Key: "teach.err.task", Args: []any{s.Task}}
	}
}

// teachFile returns the teacher's tour of s as its file holds it (the hook
// window.attnviz.teach()), or nil if it cannot be read.
func teachFile(s state.State) any {
	t, err := state.DecodeTeach(s.Teach)
	if err != nil {
		return nil
	}
	return string(t.JSON())
}

// teachOnOpen returns s, opened from link: a link to a step of a teacher's
// tour that does not name the view (one written by hand, teach=…&tstep=N)
// opens the step's page, in the link's language and presentation mode; a
// step that cannot be shown stays, for the tour's bar to say so.
func teachOnOpen(s state.State, link string) state.State {
	if s.TeachStep == 0 {
		return s
	}
	values, err := url.ParseQuery(strings.TrimPrefix(strings.TrimPrefix(link, "#"), "?"))
	if err != nil || values.Has("view") {
		return s
	}
	views.GoToTeachStep(&s, s.TeachStep, knownOf)
	return s
}
