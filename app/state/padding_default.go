package state

import "github.com/attnviz/attnviz/app/i18n"

// PaddingViewID is the id of the padding view.
const PaddingViewID = "padding"

// ViewText2 gives s, just moved from view from to s.View, that view's own
// default second sentence: the padding view's is the shorter
// "padding.example" (the shared example has the first's length, so pads
// nothing), every other view's the example "sentence2.example". Only a
// default is replaced: a second sentence the student or a link chose stays.
func ViewText2(s *State, from string) {
	def, pad := i18n.T(s.Lang, "sentence2.example"), i18n.T(s.Lang, "padding.example")
	switch {
	case s.View == PaddingViewID && from != PaddingViewID && s.Text2 == def:
		s.Text2 = pad
	case from == PaddingViewID && s.View != PaddingViewID && s.Text2 == pad:
		s.Text2 = def
	}
}
