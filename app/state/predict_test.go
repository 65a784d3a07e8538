package state

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestNewGuessOnView checks that a new view starts a new guess, unless the
// change set the guess itself (a tour's step), and that the same view
// keeps it.
func TestNewGuessOnView(t *testing.T) {
	old := DefaultState(i18n.LangEN)
	old.Predict, old.PredictGuess, old.PredictEstimate, old.PredictShown = true, 2, 40, true
	s := old
	s.View = "compare"
	s.NewGuessOnView(old)
	if s.PredictGuess != NoGuess || s.PredictEstimate != NoGuess || s.PredictShown || !s.Predict {
		t.Errorf("another view: %+v", s)
	}
	s = old
	s.View, s.PredictGuess = "compare", 3
	if s.NewGuessOnView(old); s.PredictGuess != 3 || !s.PredictShown {
		t.Errorf("another view with its own guess: %+v", s)
	}
	s = old
	s.Text = "another sentence"
	if s.NewGuessOnView(old); s.PredictGuess != 2 || !s.PredictShown {
		t.Errorf("the same view: %+v", s)
	}
}
