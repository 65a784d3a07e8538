package compute

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// TestJudgeChange checks a guess of the key whose weight changes most on a
// pair of hand-made rows, and under the causal mask.
func TestJudgeChange(t *testing.T) {
	a := mat.NewDense(2, 3, []float64{1, 0, 0, 0.2, 0.5, 0.3})
	b := mat.NewDense(2, 3, []float64{1, 0, 0, 0.6, 0.3, 0.1})
	d, m := Difference(a, b)
	pair := &Pair{A: a, B: b, Diff: d, MaxAbs: m, Rejected: -1}
	s := state.DefaultState(i18n.LangEN)
	s.Predict, s.PredictRow = true, 1
	p := JudgeChange(s, pair)
	if p.Row != 1 || p.Best != 0 || p.Guessed() || math.Abs(p.Diff[0]+0.4) > 1e-12 {
		t.Fatalf("before a guess: %+v", p)
	}
	s.PredictGuess, s.PredictEstimate = 2, 30
	p = JudgeChange(s, pair)
	if p.Hit || math.Abs(p.Off-0.2) > 1e-12 || math.Abs(p.EstOff-0.1) > 1e-12 {
		t.Errorf("key 2 (change 0.2), estimate 0.30: %+v", p)
	}
	s.PredictGuess = 0
	if p := JudgeChange(s, pair); !p.Hit || p.Off != 0 {
		t.Errorf("key 0, the largest change: %+v", p)
	}
	s.Causal, s.PredictRow, s.PredictGuess = true, 0, 1
	if p := JudgeChange(s, pair); p.Visible[1] || p.Guess != state.NoGuess {
		t.Errorf("causal row 0: key 1 is masked on both sides: %+v", p)
	}
	s.Causal, s.PredictRows, s.PredictGuess = false, true, 0
	if p := JudgeChange(s, pair); !p.Rows || p.Row != -1 || p.Best != 1 || math.Abs(p.Weights[1]-0.4) > 1e-12 || math.Abs(p.Diff[1]+0.4) > 1e-12 || p.Hit || math.Abs(p.Off-0.4) > 1e-12 {
		t.Errorf("the row that changes most, row 0 guessed: %+v", p)
	}
	if JudgeChange(s, &Pair{Rejected: -1}) != nil || JudgeChange(s, nil) != nil {
		t.Error("a pair without its difference has a prediction")
	}
}

// TestUpdatePredictChange checks that the compare view's prediction is
// that of the pair's difference, which two runs of the engine give.
func TestUpdatePredictChange(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Head = "the cat sat on the mat", "the mat sat on the cat", 0
	s.Predict, s.PredictRow, s.View = true, 2, "compare"
	var c Computer
	res := c.Update(s, NeedComparison)
	if res.Predict == nil || res.Predict.Diff == nil {
		t.Fatalf("no prediction of the change: %+v", res.Predict)
	}
	wa, wb := runHead(t, s.Spec(), 0), runHead(t, withText(s, s.Text2).Spec(), 0)
	best, most := 0, 0.0
	for j := range 6 {
		if c := math.Abs(wa.At(2, j) - wb.At(2, j)); c > most {
			best, most = j, c
		}
	}
	if res.Predict.Best != best || math.Abs(res.Predict.Weights[best]-most) > 1e-12 {
		t.Errorf("the largest change of row 2: key %d by %.4f, want key %d by %.4f", res.Predict.Best, res.Predict.Weights[res.Predict.Best], best, most)
	}
	if res := c.Update(s, NeedCell); res.Predict != nil {
		t.Error("a view without the comparison has the change's prediction")
	}
}

// runHead runs spec and returns head's weights.
func runHead(t *testing.T, spec *attention.Spec, head int) *mat.Dense {
	t.Helper()
	r, err := attention.Run(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r.Heads[head].Weights
}

// withText returns s with the sentence text.
func withText(s state.State, text string) state.State {
	s.Text = text
	return s
}
