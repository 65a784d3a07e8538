package compute

import (
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// Comparison is what the compare view shows: (a) the sentence and the
// second sentence through the same weights, (b) the sentence without and
// with the causal mask. Each side is its own run of the engine.
type Comparison struct {
	Sentences, Masks Pair
}

// A Pair is two attentions of the shown head and their difference A − B, or
// why they cannot be compared.
type Pair struct {
	TokensA, TokensB []string
	A, B, Diff       *mat.Dense // nil when the pair cannot be compared
	MaxAbs           float64    // the largest magnitude in Diff

	// Why there is no Diff: Rejected is the side (0 or 1) the engine
	// rejected, with its error in Reason, or −1; Empty says that side B
	// has no text; else the sides have different numbers of tokens.
	Rejected int
	Reason   string
	Empty    bool
}

// OK reports whether the pair has its difference.
func (p *Pair) OK() bool { return p.Diff != nil }

// sidesKey is what a comparison or a batch is computed from.
type sidesKey struct {
	in    state.Input
	text2 string
	head  int
}

// comparer computes Comparisons, each side with an engine of its own.
type comparer struct {
	ea, eb attention.Engine
	key    sidesKey
	last   *Comparison
}

// update returns the comparison of s for head, computed again if s changed.
func (c *comparer) update(s state.State, head int) *Comparison {
	if k := (sidesKey{s.Input, s.Text2, head}); c.last == nil || k != c.key {
		b, none, causal := s, s, s
		b.Text = s.Text2
		none.Causal, causal.Causal = false, true
		c.key, c.last = k, &Comparison{
			Sentences: c.pair(s.Spec(), b.Spec(), head),
			Masks:     c.pair(none.Spec(), causal.Spec(), head),
		}
	}
	return c.last
}

// pair runs sa and sb and returns their weights of head and difference.
func (c *comparer) pair(sa, sb *attention.Spec, head int) Pair {
	p := Pair{Rejected: -1}
	var err error
	if p.TokensA, p.A, err = runCopy(&c.ea, sa, head); err != nil {
		return Pair{Rejected: 0, Reason: err.Error()}
	}
	if p.TokensB, p.B, err = runCopy(&c.eb, sb, head); err != nil {
		if sb.Text != nil && strings.TrimSpace(*sb.Text) == "" {
			return Pair{Rejected: -1, Empty: true}
		}
		return Pair{Rejected: 1, Reason: err.Error()}
	}
	if len(p.TokensA) == len(p.TokensB) {
		p.Diff, p.MaxAbs = Difference(p.A, p.B)
	}
	return p
}

// runCopy runs spec on e and returns the tokens and the weights of head,
// copied: e reuses its result in its next run.
func runCopy(e *attention.Engine, spec *attention.Spec, head int) ([]string, *mat.Dense, error) {
	r, err := e.Run(spec)
	if err != nil {
		return nil, nil, err
	}
	return slices.Clone(r.Tokens), mat.DenseCopyOf(HeadWeights(r, head)), nil
}

// HeadWeights returns the weights of head of r: the mean of the heads for
// state.HeadMean or a head r does not have.
func HeadWeights(r *attention.Result, head int) *mat.Dense {
	if head == state.HeadMean || head < 0 || head >= len(r.Heads) {
		return r.WeightsMean
	}
	return r.Heads[head].Weights
}

// Difference returns a − b, element by element, and the largest magnitude
// of its elements. It panics if the shapes differ.
func Difference(a, b *mat.Dense) (*mat.Dense, float64) {
	var d mat.Dense
	d.Sub(a, b)
	m := 0.0
	r, c := d.Dims()
	for i := range r {
		for _, v := range d.RawRowView(i)[:c] {
			m = max(m, math.Abs(v))
		}
	}
	return &d, m
}
