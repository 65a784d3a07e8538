package compute

import (
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// PadToken is the token a shorter sentence of a batch is padded with. It is
// one token of its own for package text (a symbol), and it is what the
// heatmaps label the padded positions.
const PadToken = "∅"

// A Batch is what the padding view shows: the sentence and the second
// sentence in one batch, the shorter padded with PadToken to the longer's
// length, and the key-padding mask (Spec.Valid, its real length) masking
// the pad keys for every query, so that their columns are exactly 0. The
// pad queries' rows are still computed, as PyTorch does.
type Batch struct {
	Sides  [2]PaddedSide
	Length int // the tokens of each side, padding included
}

// A PaddedSide is one sentence of a Batch: its weights of the shown head,
// or why it has none.
type PaddedSide struct {
	Text    string
	Tokens  []string
	Weights *mat.Dense // nil when the side cannot be shown
	Real    int        // its tokens before padding

	Empty  bool    // it has no text
	Reason string  // else why the engine rejected it; "" when it did not
	Why    Problem // and as a message, where the page has one
}

// OK reports whether the side has its weights.
func (p *PaddedSide) OK() bool { return p.Weights != nil }

// batcher computes Batches. The sentence's own run is the main attention;
// the second sentence's and each padded side's are runs of engines of
// their own, kept while their inputs are unchanged; the longer side needs
// no padding, and its run unpadded is its run in the batch (its Valid is
// its length, the default).
type batcher struct {
	second run    // the second sentence, unpadded: its real length
	padded [2]run // each side, padded
	key    sidesKey
	last   *Batch
	runs   int // the engine runs so far, for tests
}

// update returns the batch of s for head, computed again if s changed. main
// is the main attention of s, or nil where it is not (see comparer.update).
func (c *batcher) update(s state.State, head int, main *attention.Result) *Batch {
	if k := (sidesKey{s.Input, s.Text2, head}); c.last != nil && k == c.key {
		return c.last
	}
	b := &Batch{}
	var whole [2]*attention.Result
	for i, t := range [2]string{s.Text, s.Text2} {
		// The engine tokenizes; a run tells the real length.
		side := &b.Sides[i]
		side.Text = t
		one := s
		one.Text = t
		r, err := main, error(nil)
		switch {
		case i == 1:
			r, err = c.second.secondOf(one, &c.runs)
		case r == nil:
			r, err = new(run).of(one, &c.runs)
		}
		switch {
		case err != nil && strings.TrimSpace(t) == "":
			side.Empty, side.Real = true, -1
		case err != nil:
			side.Reason, side.Why, side.Real = err.Error(), sideProblem(err, t), -1
		default:
			side.Real, whole[i] = len(r.Tokens), r
		}
	}
	b.Length = max(b.Sides[0].Real, b.Sides[1].Real)
	for i := range b.Sides {
		switch side := &b.Sides[i]; {
		case side.Real < 0:
		case side.Real == b.Length:
			side.Tokens, side.Weights = headCopy(whole[i], head)
		default:
			c.pad(s, i, side, b.Length, head)
		}
	}
	c.key, c.last = sidesKey{s.Input, s.Text2, head}, b
	return b
}

// pad runs side i padded to length tokens.
func (c *batcher) pad(s state.State, i int, side *PaddedSide, length, head int) {
	s.Text = paddedText(side.Text, side.Real, length)
	r, err := c.padded[i].ofValid(s, side.Real, &c.runs)
	switch {
	case err != nil:
		side.Reason = err.Error()
	case len(r.Tokens) != length:
		side.Reason = "length"
	default:
		side.Tokens, side.Weights = headCopy(r, head)
	}
}

// paddedText is text of real tokens padded with PadToken to length.
func paddedText(text string, real, length int) string {
	return text + strings.Repeat(" "+PadToken, length-real)
}
