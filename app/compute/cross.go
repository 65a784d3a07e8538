package compute

import (
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// CrossCheck is, in cross mode, one cell's score worked out two ways
// (attention.Bilinear): sᵀ·W·h with W = Wq·Wkᵀ, and (s·Wq)·(h·Wk), for
// the query side's row I (s, a row of X) and the key side's row J (h, a
// row of XKV), and the engine's own score of that cell.
type CrossCheck struct {
	I, J, Head     int
	DModel         int     // W is DModel × DModel
	Bilinear, Dot  float64 // sᵀ·W·h and (s·Wq)·(h·Wk)
	Score          float64 // the head's Scores[I][J], before scaling
	TokenI, TokenJ string
}

// crossChecker keeps the weights of the cross result it last resolved.
type crossChecker struct {
	rev    int
	wq, wk *mat.Dense
}

// update returns the check of the cell State.Cell (the first cell when it is
// off or outside the n × m weights) for head (the first for the mean), or
// nil if the spec cannot be resolved again.
func (c *crossChecker) update(s state.State, r *attention.Result, rev, head int) *CrossCheck {
	if r.XKV == nil || len(r.Heads) == 0 {
		return nil
	}
	if c.wq == nil || c.rev != rev {
		in, err := s.Spec().Resolve()
		if err != nil {
			return nil
		}
		c.rev, c.wq, c.wk = rev, in.Wq, in.Wk
	}
	if head < 0 || head >= len(r.Heads) {
		head = 0
	}
	i, j := 0, 0
	if n, m := len(r.Tokens), len(r.TokensKV); s.Cell.On && s.Cell.I < n && s.Cell.J < m {
		i, j = s.Cell.I, s.Cell.J
	}
	d, _ := c.wq.Dims()
	b, dot := attention.Bilinear(r.X.RawRowView(i), r.XKV.RawRowView(j), c.wq, c.wk, len(r.Heads), head)
	return &CrossCheck{I: i, J: j, Head: head, DModel: d, Bilinear: b, Dot: dot,
		Score: r.Heads[head].Scores.At(i, j), TokenI: r.Tokens[i], TokenJ: r.TokensKV[j]}
}

// CellIn reports whether c names a weight of r: n × m in cross-attention.
func CellIn(c state.CellRef, r *attention.Result) bool {
	m := len(r.Tokens)
	if r.TokensKV != nil {
		m = len(r.TokensKV)
	}
	return c.On && c.I >= 0 && c.I < len(r.Tokens) && c.J >= 0 && c.J < m
}
