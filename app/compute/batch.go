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

	Empty  bool   // it has no text
	Reason string // else why the engine rejected it; "" when it did not
}

// OK reports whether the side has its weights.
func (p *PaddedSide) OK() bool { return p.Weights != nil }

// batcher computes Batches.
type batcher struct {
	engine attention.Engine
	key    sidesKey
	last   *Batch
}

// update returns the batch of s for head, computed again if s changed.
func (c *batcher) update(s state.State, head int) *Batch {
	if k := (sidesKey{s.Input, s.Text2, head}); c.last != nil && k == c.key {
		return c.last
	}
	b := &Batch{}
	texts := [2]string{s.Text, s.Text2}
	for i, t := range texts {
		// The engine tokenizes; a first run tells the real length.
		side := &b.Sides[i]
		side.Text = t
		one := s
		one.Text = t
		r, err := c.engine.Run(one.Spec())
		switch {
		case err != nil && strings.TrimSpace(t) == "":
			side.Empty, side.Real = true, -1
		case err != nil:
			side.Reason, side.Real = err.Error(), -1
		default:
			side.Real = len(r.Tokens)
		}
	}
	b.Length = max(b.Sides[0].Real, b.Sides[1].Real)
	for i := range b.Sides {
		if side := &b.Sides[i]; side.Real >= 0 {
			c.pad(s, side, b.Length, head)
		}
	}
	c.key, c.last = sidesKey{s.Input, s.Text2, head}, b
	return b
}

// pad runs side padded to length tokens.
func (c *batcher) pad(s state.State, side *PaddedSide, length, head int) {
	tokens, w, err := runCopy(&c.engine, PaddedSpec(s, side.Text, side.Real, length), head)
	switch {
	case err != nil:
		side.Reason = err.Error()
	case len(tokens) != length:
		side.Reason = "length"
	default:
		side.Tokens, side.Weights = tokens, w
	}
}

// PaddedSpec returns the spec of text padded with PadToken to length tokens,
// its pad keys masked: s's settings with Text + " ∅ ∅ …" and Valid the
// number of real tokens, which the caller has from the engine.
func PaddedSpec(s state.State, text string, real, length int) *attention.Spec {
	s.Text = text + strings.Repeat(" "+PadToken, length-real)
	spec := s.Spec()
	spec.Valid = &real
	return spec
}
