package compute

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/text"
)

// TestCrossRejectsSecondSentence checks the message of a second sentence
// that cross-attention cannot use: an empty one asks for it, one over the
// token limit says so, both in the page's words and languages, not in the
// engine's ("text_kv: no tokens, …"); the charts keep the last result.
func TestCrossRejectsSecondSentence(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Cross, s.View = "le chat dort", "the cat", true, state.CompareViewID
	var c Computer
	if res := c.Update(s, NeedComparison); res.Result == nil || res.Rejected.Key != "" {
		t.Fatalf("a valid pair: rejected %+v", res.Rejected)
	}
	for _, tc := range []struct{ text2, key string }{
		{"", "cross.empty"},
		{"  ", "cross.empty"},
		{strings.Repeat("word ", text.MaxTokens+1), "cross.tooMany"},
	} {
		s.Text2 = tc.text2
		res := c.Update(s, NeedComparison)
		if res.Rejected.Key != tc.key || res.Result == nil {
			t.Errorf("text2 %.12q: rejected %+v (result kept: %v), want %q", tc.text2, res.Rejected, res.Result != nil, tc.key)
		}
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, res.Rejected.Key) {
				t.Errorf("%s: no message %q", lang, res.Rejected.Key)
			}
		}
	}
	// Without a last result too, the message names the second sentence.
	var fresh Computer
	s.Text2 = strings.Repeat("word ", text.MaxTokens+1)
	if res := fresh.Update(s, NeedComparison); res.Rejected.Key != "cross.tooMany" || !res.Rejected.OnKV() {
		t.Errorf("a first input over the limit: %+v", res.Rejected)
	}
	s.Text2 = ""
	if res := fresh.Update(s, NeedComparison); res.Rejected.Key != "cross.empty" {
		t.Errorf("a first empty second sentence: %+v", res.Rejected)
	}
}
