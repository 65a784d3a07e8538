package compute

import (
	"math"
	"slices"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// Prediction is predict-then-reveal's view of one query row of the head
// shown (state.State.Predict): what the student may guess, and how the
// guess compares with the weights.
type Prediction struct {
	Row     int       // the query row hidden: State.PredictRowOf the tokens
	Weights []float64 // the row's weights, shown once revealed (JudgeChange: the magnitudes of their changes)
	Diff    []float64 // JudgeChange: the row's changes A − B, signed; nil for Judge
	Rows    bool      // JudgeChange of State.PredictRows: the guess is a query row, Row is −1, and Weights and Diff are each row's largest change
	Visible []bool    // the keys the row may attend to: the causal mask and padding hide the others
	Best    int       // the key of the row's largest weight (the first, on a tie)

	Guess    int     // State.PredictGuess if it is a key the row sees, else state.NoGuess
	Hit      bool    // the guessed key has the largest weight (a tie counts)
	Off      float64 // the largest weight less the guessed key's; NaN without a guess
	Estimate float64 // the estimated largest weight, 0…1; NaN without one
	EstOff   float64 // |Estimate − the largest weight|; NaN without an estimate
}

// Judge returns the Prediction of s for the weights of head of r.
func Judge(s state.State, r *attention.Result, head int) *Prediction {
	w := HeadWeights(r, head)
	n, _ := w.Dims()
	p := &Prediction{Row: s.PredictRowOf(n), Guess: state.NoGuess, Off: math.NaN(), Estimate: math.NaN(), EstOff: math.NaN()}
	if p.Row < 0 {
		return nil
	}
	p.Weights = slices.Clone(w.RawRowView(p.Row))
	p.Visible = make([]bool, len(p.Weights))
	for j := range p.Visible {
		p.Visible[j] = !r.Options.Masked(p.Row, j)
		if p.Weights[j] > p.Weights[p.Best] {
			p.Best = j
		}
	}
	p.judge(s)
	return p
}

// judge compares the guess and the estimate of s with p's Weights.
func (p *Prediction) judge(s state.State) {
	best := p.Weights[p.Best]
	if g := s.PredictGuess; g >= 0 && g < len(p.Weights) && p.Visible[g] {
		p.Guess, p.Off = g, best-p.Weights[g]
		p.Hit = p.Off <= 1e-12
	}
	if e := s.PredictEstimate; e >= 0 {
		p.Estimate = float64(e) / 100
		p.EstOff = math.Abs(p.Estimate - best)
	}
}

// Guessed reports whether p has a guess to reveal: a key or an estimate.
func (p *Prediction) Guessed() bool { return p.Guess >= 0 || !math.IsNaN(p.Estimate) }

// Score is predict-then-reveal's score over a session: the rows revealed,
// how many of their keys were guessed right, and the estimates' mean error.
type Score struct {
	Rows, Hits int
	Estimates  int     // rows revealed with an estimate
	EstOffSum  float64 // the sum of their errors
}

// Add counts the revealed prediction p.
func (sc *Score) Add(p *Prediction) {
	if p == nil || !p.Guessed() {
		return
	}
	sc.Rows++
	if p.Hit {
		sc.Hits++
	}
	if !math.IsNaN(p.EstOff) {
		sc.Estimates++
		sc.EstOffSum += p.EstOff
	}
}

// MeanEstOff is the estimates' mean error, NaN before the first.
func (sc Score) MeanEstOff() float64 {
	if sc.Estimates == 0 {
		return math.NaN()
	}
	return sc.EstOffSum / float64(sc.Estimates)
}
