package views

import (
	"github.com/attnviz/attnviz/app/i18n"
)

// Predict-then-reveal in the compare view from the keyboard: while a row
// is hidden, Enter on a cell of the second side or of the difference
// (CellWalk) guesses as a click does, and the walk says the guess.

// guessWalk makes w, a walk of the second side or the difference, guess on
// Enter while on.
func (v *CompareView) guessWalk(w *CellWalk, on bool) *CellWalk {
	if on {
		w.Open, w.Said = v.onChangeCell, v.guessSaid
		w.Keys = [2]string{"keys.guess.label", "keys.guess.help"}
	}
	return w
}

// changeGuess returns the guess that cell (row, col) makes: a key, or a
// row in the rows' question; or, with the guess -1, the message that says
// why there is none. It reads the Props when called.
func (v *CompareView) changeGuess(row, col int) (int, string) {
	switch p, hidden := v.Props.Predict, changeRow(v.Props); {
	case hidden == allRows:
		return row, ""
	case hidden < 0:
		return -1, "keys.guess.none"
	case row != hidden:
		return -1, "keys.guess.off"
	case col >= len(p.Visible) || !p.Visible[col]:
		return -1, "keys.guess.masked"
	default:
		return col, ""
	}
}

// guessSaid returns what the walk says on Enter at cell (row, col): the
// guess it makes, or why it makes none.
func (v *CompareView) guessSaid(row, col int) string {
	lang := v.Props.State.Lang
	g, why := v.changeGuess(row, col)
	names := v.pairs[0].hd.Cols
	switch {
	case why == "keys.guess.off":
		return i18n.Tf(lang, why, changeRow(v.Props)+1)
	case why != "":
		return i18n.T(lang, why)
	case changeRow(v.Props) == allRows:
		return i18n.Tf(lang, "keys.guess.row", label(v.pairs[0].hd.Rows, g))
	}
	return i18n.Tf(lang, "keys.guess.key", label(names, g))
}
