package state

// Predict, then reveal: the student guesses, for one query row of the head
// shown, the key it weighs most (and may estimate that weight) before the
// row is shown (app/views/predict.go). The guess is part of the State, so
// that window.attnviz.state() and a link show it; the score over the
// session is the page's alone (app/compute/predict.go).

// NoGuess is State.PredictGuess and PredictEstimate before a guess.
const NoGuess = -1

// MaxPredictRow is the largest query row or key a link may name: rows
// beyond the tokens are clamped (PredictRowOf).
const MaxPredictRow = 1023

// PredictRowOf returns the row hidden among n query rows: PredictRow, or
// the last row if there are fewer; -1 when n is 0.
func (s State) PredictRowOf(n int) int { return min(s.PredictRow, n-1) }

// NewGuess clears the guess and hides the row again: for another row, or
// another try.
func (s *State) NewGuess() {
	s.PredictGuess, s.PredictEstimate, s.PredictShown = NoGuess, NoGuess, false
}

// NewGuessOnView starts a new guess when the view of s is not old's and
// the change left the guess as it was: a guess belongs to its view's
// question.
func (s *State) NewGuessOnView(old State) {
	if s.View != old.View && s.PredictGuess == old.PredictGuess && s.PredictEstimate == old.PredictEstimate && s.PredictShown == old.PredictShown {
		s.NewGuess()
	}
}
