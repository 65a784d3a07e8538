package state

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestSentencesInLang checks that a change of language gives the example
// sentences, the padding view's own second one included, in the new
// language, that leaving the padding view afterwards gives back the shared
// second sentence, and that chosen sentences stay.
func TestSentencesInLang(t *testing.T) {
	en, zh := i18n.LangEN, i18n.LangZH
	s := DefaultState(en)
	s.View = PaddingViewID
	ViewText2(&s, DefaultViewID)
	s.Lang = zh
	SentencesInLang(&s, en)
	if want := i18n.T(zh, "padding.example"); s.Text2 != want {
		t.Errorf("padding view in Chinese: text2 %q, want %q", s.Text2, want)
	}
	if want := DefaultState(zh).Text; s.Text != want {
		t.Errorf("padding view in Chinese: text %q, want %q", s.Text, want)
	}
	s.View = CompareViewID
	ViewText2(&s, PaddingViewID)
	if want := DefaultState(zh).Text2; s.Text2 != want {
		t.Errorf("out of padding in Chinese: text2 %q, want the shared example %q", s.Text2, want)
	}
	s.Lang = en
	SentencesInLang(&s, zh)
	if def := DefaultState(en); s.Text != def.Text || s.Text2 != def.Text2 {
		t.Errorf("back in English: %q, %q, want the examples", s.Text, s.Text2)
	}

	s.Text, s.Text2, s.Lang = "my own", "and mine", zh
	SentencesInLang(&s, en)
	if s.Text != "my own" || s.Text2 != "and mine" {
		t.Errorf("chosen sentences became %q, %q", s.Text, s.Text2)
	}
}
