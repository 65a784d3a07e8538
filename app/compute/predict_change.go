package compute

import (
	"math"

	"github.com/attnviz/attnviz/app/state"
)

// JudgeChange returns predict-then-reveal's view of the compare view's
// first pair (the sentence and the second sentence, state.State.Predict):
// for the query row hidden, which key's weight changes most between the
// two sides. Weights are the magnitudes |A − B| of the row, Diff their
// signs; Best is the largest change, and Off and EstOff measure the guess
// against it. nil when the pair has no difference.
func JudgeChange(s state.State, pair *Pair) *Prediction {
	if pair == nil || !pair.OK() {
		return nil
	}
	n, _ := pair.Diff.Dims()
	p := &Prediction{Row: s.PredictRowOf(n), Guess: state.NoGuess, Off: math.NaN(), Estimate: math.NaN(), EstOff: math.NaN()}
	if p.Row < 0 {
		return nil
	}
	if s.PredictRows {
		return judgeRows(s, pair, p)
	}
	p.Diff = append([]float64(nil), pair.Diff.RawRowView(p.Row)[:n]...)
	p.Weights = make([]float64, n)
	p.Visible = make([]bool, n)
	for j, d := range p.Diff {
		p.Weights[j] = math.Abs(d)
		// Under the causal mask both sides give the keys after the row
		// weight 0: they cannot change.
		p.Visible[j] = !s.Causal || j <= p.Row
		if p.Weights[j] > p.Weights[p.Best] {
			p.Best = j
		}
	}
	p.judge(s)
	return p
}

// judgeRows fills p for a guess of the query row that changes most: each
// row's largest change, by magnitude.
func judgeRows(s state.State, pair *Pair, p *Prediction) *Prediction {
	n, _ := pair.Diff.Dims()
	p.Row, p.Rows = -1, true
	p.Diff, p.Weights, p.Visible = make([]float64, n), make([]float64, n), make([]bool, n)
	for i := range n {
		for _, d := range pair.Diff.RawRowView(i)[:n] {
			if math.Abs(d) > p.Weights[i] {
				p.Weights[i], p.Diff[i] = math.Abs(d), d
			}
		}
		p.Visible[i] = true
		if p.Weights[i] > p.Weights[p.Best] {
			p.Best = i
		}
	}
	p.judge(s)
	return p
}
