package state

import "github.com/attnviz/attnviz/app/i18n"

// SentencesInLang gives s, whose language has just changed from from, the
// new language's example sentences where it still has from's: the first
// sentence's, and the second's, the shared one or the padding view's own
// (ViewText2). A sentence the student or a link chose stays.
func SentencesInLang(s *State, from string) {
	if s.Lang == from {
		return
	}
	if s.Text == i18n.T(from, "sentence.example") {
		s.Text = i18n.T(s.Lang, "sentence.example")
	}
	for _, key := range []string{"sentence2.example", "padding.example"} {
		if s.Text2 == i18n.T(from, key) {
			s.Text2 = i18n.T(s.Lang, key)
			return
		}
	}
}
