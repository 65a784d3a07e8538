package compute

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/text"
)

// TestSecondSentenceTooLong checks that a second sentence of more tokens
// than the engine takes says so as a message of the page's (in its
// language, through Problem), in the compare and the padding views, not as
// the engine's error.
func TestSecondSentenceTooLong(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text2 = strings.Repeat("word ", text.MaxTokens+72)
	var c Computer
	r := c.Update(s, NeedComparison|NeedBatch)
	p := r.Comparison.Sentences
	if p.Rejected != 1 || p.Why.Key != "error.tooMany.side" || p.Why.Arg.([]any)[1] != text.MaxTokens+72 {
		t.Errorf("compare: rejected %d, %+v; want side 1 and error.tooMany.side of %d words", p.Rejected, p.Why, text.MaxTokens+72)
	}
	if b := r.Batch.Sides[1]; b.OK() || b.Why.Key != "error.tooMany.side" {
		t.Errorf("padding: the second side %+v; want error.tooMany.side", b.Why)
	}
	if w := r.Batch.Sides[0].Why; w.Key != "" {
		t.Errorf("padding: the first side, which fits, has %+v", w)
	}
}

// TestSecondSentenceLong: a second sentence of few tokens but more bytes
// than a link carries is rejected as the first is, in compare, padding and
// cross-attention, with its size; it used to compute, and be lost at the
// next reload.
func TestSecondSentenceLong(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text2 = "a " + strings.Repeat("x", 5000)
	var c Computer
	r := c.Update(s, NeedComparison|NeedBatch)
	if p := r.Comparison.Sentences; p.Rejected != 1 || p.Why.Key != "error.tooLong.side" || p.Why.Arg.([]any)[1] != 5002 {
		t.Errorf("compare: rejected %d, %+v; want side 1 and error.tooLong.side of 5002 bytes", p.Rejected, p.Why)
	}
	if b := r.Batch.Sides[1]; b.OK() || b.Why.Key != "error.tooLong.side" {
		t.Errorf("padding: the second side %+v; want error.tooLong.side", b.Why)
	}
	if r.Rejected.Key != "" {
		t.Errorf("the main sentence, which fits, is rejected: %+v", r.Rejected)
	}
	s.Text, s.Cross, s.View = "le chat dort", true, state.CompareViewID
	if r := c.Update(s, NeedComparison); r.Rejected.Key != "cross.tooLong" || r.Result == nil {
		t.Errorf("cross-attention: rejected %+v (result kept: %v), want cross.tooLong, the second sentence's", r.Rejected, r.Result != nil)
	}
	for _, lang := range i18n.Langs {
		if msg := i18n.Tf(lang, "error.tooLong.side", state.MaxTextBytes, 5002); !strings.Contains(msg, "5002") || !strings.Contains(msg, "4096") {
			t.Errorf("%s: %q lacks the size or the limit", lang, msg)
		}
	}
}
