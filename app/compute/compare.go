package compute

import (
	"fmt"
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
	// rejected, with its error in Reason (or as a message, Why, where it
	// has one), or −1; Empty says that side B has no text; else the sides
	// have different numbers of tokens.
	Rejected int
	Reason   string
	Why      Problem
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

// comparer computes Comparisons. Of the four attentions, one is the main
// attention (the sentence as the page computes it); each of the two others
// (the second sentence, and the sentence with the other mask) is one run of
// an engine of its own, kept while its input is unchanged: a keystroke in
// the sentence runs one engine besides the main one, a click on a head
// none.
type comparer struct {
	second, otherMask run
	key               sidesKey
	last              *Comparison
	runs              int // the engine runs so far, for tests
}

// run is one engine and its last run, kept while its input is unchanged.
type run struct {
	engine attention.Engine
	in     state.Input
	valid  int // the spec's Valid, or −1 for none
	done   bool
	res    *attention.Result
	err    error
}

// of returns the result of s's input, run again if the input changed, and
// counts the runs in runs.
func (r *run) of(s state.State, runs *int) (*attention.Result, error) {
	return r.ofValid(s, -1, runs)
}

// secondOf is of for a second sentence, s.Text: one longer than a link
// carries (state.MaxTextBytes) is rejected, as the first is (runMain).
func (r *run) secondOf(s state.State, runs *int) (*attention.Result, error) {
	if len(s.Text) > state.MaxTextBytes {
		return nil, fmt.Errorf("%d bytes: %w", len(s.Text), state.ErrTextLong)
	}
	return r.of(s, runs)
}

// ofValid is of with the spec's Valid set to valid, if it is not −1.
func (r *run) ofValid(s state.State, valid int, runs *int) (*attention.Result, error) {
	if !r.done || r.in != s.Input || r.valid != valid {
		spec := s.Spec()
		if valid >= 0 {
			spec.Valid = &valid
		}
		r.res, r.err = r.engine.Run(spec)
		r.in, r.valid, r.done = s.Input, valid, true
		*runs++
	}
	return r.res, r.err
}

// update returns the comparison of s for head, computed again if s changed.
// main is the main attention of s, or nil where it is not (a rejected
// input, whose Result is the last accepted one): then a run of its own.
func (c *comparer) update(s state.State, head int, main *attention.Result) *Comparison {
	if k := (sidesKey{s.Input, s.Text2, head}); c.last != nil && k == c.key {
		return c.last
	}
	var errMain error
	if main == nil {
		var own run
		main, errMain = own.of(s, &c.runs)
	}
	b, other := s, s
	b.Text = s.Text2
	other.Causal = !s.Causal
	rb, errB := c.second.secondOf(b, &c.runs)
	ro, errO := c.otherMask.of(other, &c.runs)
	none, causal := side{main, errMain, s.Text}, side{ro, errO, s.Text}
	if s.Causal {
		none, causal = causal, none
	}
	c.key, c.last = sidesKey{s.Input, s.Text2, head}, &Comparison{
		Sentences: pairOf(side{main, errMain, s.Text}, side{rb, errB, s.Text2}, blank(s.Text2), head),
		Masks:     pairOf(none, causal, blank(s.Text), head),
	}
	return c.last
}

// side is one run's result, or its error.
type side struct {
	res  *attention.Result
	err  error
	text string // its sentence
}

// pairOf returns the weights of head of a and b and their difference;
// emptyB says that b's text is blank, which tells an empty side from a
// rejected one.
func pairOf(a, b side, emptyB bool, head int) Pair {
	if a.err != nil {
		return Pair{Rejected: 0, Reason: a.err.Error(), Why: sideProblem(a.err, a.text)}
	}
	if b.err != nil {
		if emptyB {
			return Pair{Rejected: -1, Empty: true}
		}
		return Pair{Rejected: 1, Reason: b.err.Error(), Why: sideProblem(b.err, b.text)}
	}
	p := Pair{Rejected: -1}
	p.TokensA, p.A = headCopy(a.res, head)
	p.TokensB, p.B = headCopy(b.res, head)
	if len(p.TokensA) == len(p.TokensB) {
		p.Diff, p.MaxAbs = Difference(p.A, p.B)
	}
	return p
}

// blank says that text has nothing but spaces.
func blank(text string) bool { return strings.TrimSpace(text) == "" }

// headCopy returns the tokens and the weights of head of r, copied: r is
// reused by its engine's next run.
func headCopy(r *attention.Result, head int) ([]string, *mat.Dense) {
	return slices.Clone(r.Tokens), mat.DenseCopyOf(HeadWeights(r, head))
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
