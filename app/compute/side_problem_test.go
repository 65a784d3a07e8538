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
