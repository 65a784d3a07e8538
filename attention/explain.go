package attention

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// CellExplanation is one attention weight worked out by hand, for query i and
// key j of one head, with every number the engine computes on the way. For
// d_k columns per query and key, m keys and d_v columns per value:
//
//	Products[l] = Q[l]·K[l]                          l = 0 … d_k−1
//	Score       = Products[0] + … + Products[d_k−1]  = Scores[i][j]
//	ScaledScore = Score ÷ √d_k                       (Score when !Scale)
//	Unmasked    = ScaledScore ÷ Temperature
//	Logit       = Unmasked                           = Logits[i][j], −Inf when Masked
//	Exps[j']    = exp(Logits[i][j'] − Max)           0 for a masked key
//	Weight      = Exps[j] ÷ ExpSum                   = Weights[i][j]
//	Terms[j']   = Weights[i][j']·V[j']
//	Output      = Terms[0] + … + Terms[m−1]          = row i of the head's Output
//
// The sums are the engine's own, in its order; the exponentials come from the
// first half of Softmax.
type CellExplanation struct {
	Head, Query, Key int

	Q, K     []float64 // q_i and k_j: d_k numbers each
	Products []float64 // their element-wise products
	Score    float64   // the sum of Products: Scores[i][j]

	Scale       bool    // whether the score is divided by √d_k
	SqrtDK      float64 // √d_k
	ScaledScore float64 // Score ÷ √d_k, or Score when !Scale
	Temperature float64 // the temperature, 1 when the Options say 0

	Unmasked float64 // ScaledScore ÷ Temperature: the logit before the mask
	Masked   bool    // key j is masked for query i (Options.Masked)
	Logit    float64 // ScaledScore ÷ Temperature, or −Inf when Masked: Logits[i][j]

	Logits []float64 // row i of Logits: the softmax's input
	Max    float64   // the largest of Logits; −Inf when every key is masked
	Exps   []float64 // exp(Logits[j'] − Max) for each key j'; 0 where masked
	ExpSum float64   // the sum of Exps; 0 when every key is masked

	Weights []float64 // row i of Weights: Exps ÷ ExpSum
	Weight  float64   // Weights[j]

	V      [][]float64 // the values v_j', one per key
	Terms  [][]float64 // Weights[j']·v_j'
	Output []float64   // the sum of Terms: output_i of the head
}

// ExplainCell works out the weight of key j for query i in head h of r, with
// the options r was computed with (r.Options). Every number agrees exactly
// with r: Score with Scores[i][j], Logit with Logits[i][j], Weight and
// Weights with row i of Weights, Output with row i of the head's Output.
//
// ExplainCell panics if h, i or j is out of range.
func ExplainCell(r *Result, h, i, j int) CellExplanation {
	if h < 0 || h >= len(r.Heads) {
		panic(fmt.Sprintf("attention: ExplainCell: head %d of %d", h, len(r.Heads)))
	}
	head := &r.Heads[h]
	n, m := head.Scores.Dims()
	if i < 0 || i >= n || j < 0 || j >= m {
		panic(fmt.Sprintf("attention: ExplainCell: cell (%d, %d) of %d×%d", i, j, n, m))
	}
	_, dk := head.Q.Dims()
	_, dv := head.V.Dims()
	opt := r.Options
	e := CellExplanation{
		Head: h, Query: i, Key: j,
		Q:           mat.Row(nil, i, head.Q),
		K:           mat.Row(nil, j, head.K),
		Products:    make([]float64, dk),
		Scale:       opt.Scale,
		SqrtDK:      math.Sqrt(float64(dk)),
		Temperature: opt.temperature(),
		Masked:      opt.Masked(i, j),
	}
	for l := range e.Products {
		e.Products[l] = e.Q[l] * e.K[l]
	}
	// The score as the engine sums it: q_i (1 × d_k) times k_j (d_k × 1).
	score := mat.NewDense(1, 1, nil)
	mul(score, mat.NewDense(1, dk, e.Q), mat.NewDense(dk, 1, e.K))
	e.Score = score.At(0, 0)
	e.ScaledScore = scaled(e.Score, e.SqrtDK, 1, opt.Scale)
	e.Unmasked = scaled(e.Score, e.SqrtDK, e.Temperature, opt.Scale)

	e.Logits = mat.Row(nil, i, head.Logits)
	e.Logit = e.Logits[j]
	e.Exps = make([]float64, m)
	e.Max, e.ExpSum = softmaxExp(e.Exps, e.Logits)
	if e.ExpSum == 0 {
		// No ordinary row (every key masked): no exponentials to show.
		clear(e.Exps)
	}
	e.Weights = mat.Row(nil, i, head.Weights)
	e.Weight = e.Weights[j]

	e.V = make([][]float64, m)
	e.Terms = make([][]float64, m)
	for k := range m {
		e.V[k] = mat.Row(nil, k, head.V)
		e.Terms[k] = make([]float64, dv)
		for c, v := range e.V[k] {
			e.Terms[k][c] = e.Weights[k] * v
		}
	}
	out := mat.NewDense(1, dv, nil)
	mul(out, mat.NewDense(1, m, e.Weights), head.V)
	e.Output = out.RawRowView(0)
	return e
}

// ScaledScores sets dst to the scores of head h of r divided by √d_k (when
// r.Options.Scale) and by the temperature, for every query and key, masked
// or not: the Logits before the mask. dst is reused when it is n×m or empty.
func ScaledScores(dst *mat.Dense, r *Result, h int) *mat.Dense {
	head := &r.Heads[h]
	n, m := head.Scores.Dims()
	_, dk := head.Q.Dims()
	dst = reuse(dst, n, m)
	opt := r.Options
	sqrtDK, temp := math.Sqrt(float64(dk)), opt.temperature()
	for i := range n {
		row := dst.RawRowView(i)
		for j, s := range head.Scores.RawRowView(i)[:m] {
			row[j] = scaled(s, sqrtDK, temp, opt.Scale)
		}
	}
	return dst
}
