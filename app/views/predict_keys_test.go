package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestGuessSaid checks what Enter on a compare chart's cell guesses and
// says: a key on the hidden row, nothing elsewhere or on a masked key, a
// row in the rows' question, nothing once revealed; and that the walks of
// the second side and the difference guess only while a row is hidden.
func TestGuessSaid(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.View, s.Predict, s.PredictRow, s.Causal = "the cat sat on the mat", "the mat sat on the cat", "compare", true, 2, true
	for _, c := range []struct {
		edit     func(*state.State)
		row, col int
		guess    int
		said     string
		walk     bool // the walks guess on Enter
	}{
		{func(*state.State) {}, 2, 1, 1, "Your guess: key “cat/mat”.", true},
		{func(*state.State) {}, 1, 1, -1, "row 3, the hidden one", true},
		{func(*state.State) {}, 2, 4, -1, "The mask hides this key", true},
		{func(s *state.State) { s.PredictRows = true }, 4, 0, 4, "Your guess: row “the”.", true},
		{func(s *state.State) { s.PredictShown = true }, 2, 1, -1, "Nothing is hidden", false},
	} {
		st := s
		c.edit(&st)
		v := &CompareView{Props: propsOf(t, st, compute.NeedComparison)}
		html := render(t, v)
		if g, _ := v.changeGuess(c.row, c.col); g != c.guess {
			t.Errorf("%+v: guess %d, want %d", c, g, c.guess)
		}
		if said := v.guessSaid(c.row, c.col); !strings.Contains(said, c.said) {
			t.Errorf("%+v: says %q, want %q", c, said, c.said)
		}
		if n := strings.Count(html, "Enter on a hidden cell makes your guess"); n != map[bool]int{true: 2, false: 0}[c.walk] {
			t.Errorf("%+v: %d walks say Enter guesses", c, n)
		}
	}
}
