package views

import (
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// loadedMessage says that tour t was loaded, and how many of its steps the
// page skips (a link it cannot show), as the view marks them, given s and
// known.
func loadedMessage(s state.State, t state.TeachTour, known Known) string {
	s.Teach = state.EncodeTeach(t)
	skipped := 0
	for _, err := range planOf(s, known).Skip {
		if err != nil {
			skipped++
		}
	}
	switch {
	case skipped == 0 && len(t.Steps) == 1:
		return i18n.T(s.Lang, "teach.loaded1")
	case skipped == 0:
		return i18n.Tf(s.Lang, "teach.loaded", len(t.Steps))
	}
	return i18n.Tf(s.Lang, "teach.loaded.skipped", len(t.Steps), skipped)
}
