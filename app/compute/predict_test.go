package compute

import (
	"math"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// TestJudge checks a prediction against the worked example of the matrices
// view, whose row "like" weighs "like" most (0.909, Raimi Karim's numbers),
// and against the causal mask.
func TestJudge(t *testing.T) {
	r, err := attention.Run(state.MatricesExample)
	if err != nil {
		t.Fatal(err)
	}
	s := state.DefaultState(i18n.LangEN)
	s.Predict, s.PredictRow = true, 1
	p := Judge(s, r, 0)
	if p.Row != 1 || p.Best != 1 || p.Guessed() || !math.IsNaN(p.Off) {
		t.Fatalf("before a guess: %+v", p)
	}
	s.PredictGuess = 1
	if p := Judge(s, r, 0); !p.Hit || p.Off != 0 {
		t.Errorf("the right key: %+v", p)
	}
	s.PredictGuess, s.PredictEstimate = 0, 80
	p = Judge(s, r, 0)
	if p.Hit || math.Abs(p.Off-(0.909-0.001)) > 0.002 || math.Abs(p.EstOff-0.109) > 0.002 {
		t.Errorf("the wrong key, 0.80: hit %v, off %.3f, estimate off %.3f", p.Hit, p.Off, p.EstOff)
	}

	var sc Score
	sc.Add(p)
	s.PredictGuess, s.PredictEstimate = 1, state.NoGuess
	sc.Add(Judge(s, r, 0))
	sc.Add(Judge(state.DefaultState(i18n.LangEN), r, 0)) // no guess: not counted
	if sc.Rows != 2 || sc.Hits != 1 || sc.Estimates != 1 || math.Abs(sc.MeanEstOff()-0.109) > 0.002 {
		t.Errorf("score %+v, mean estimate error %.3f", sc, sc.MeanEstOff())
	}

	// Causal: row 0 sees key 0 alone; a later key is no guess.
	causal := *state.MatricesExample
	causal.Mask = "causal"
	r, err = attention.Run(&causal)
	if err != nil {
		t.Fatal(err)
	}
	s.PredictRow, s.PredictGuess = 0, 2
	p = Judge(s, r, 0)
	if !p.Visible[0] || p.Visible[1] || p.Visible[2] || p.Best != 0 || p.Guess != state.NoGuess {
		t.Errorf("causal row 0: visible %v, best %d, guess %d", p.Visible, p.Best, p.Guess)
	}
	s.PredictRow = 99 // beyond the tokens: the last row
	if p := Judge(s, r, 0); p.Row != 2 || !p.Visible[2] {
		t.Errorf("row 99 of 3: row %d, visible %v", p.Row, p.Visible)
	}
}
