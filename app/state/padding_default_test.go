package state

import (
	"net/url"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

// TestPaddingDefault checks the padding view's own default second sentence:
// a link to the view without text2, and a move into it, get the shorter
// example; a move out gives back the shared one; a chosen sentence stays.
func TestPaddingDefault(t *testing.T) {
	for _, lang := range i18n.Langs {
		def := DefaultState(lang)
		pad := i18n.T(lang, "padding.example")
		if pad == def.Text2 || pad == "" {
			t.Fatalf("%s: the padding example %q is the shared one", lang, pad)
		}
		for link, want := range map[string]string{
			"view=padding":           pad,
			"view=padding&text2=a+b": "a b",
			"view=padding&text2=" + url.QueryEscape(def.Text2): def.Text2,
			"view=compare": def.Text2,
		} {
			if s, _, _ := DecodeLink(link+"&lang="+lang, DefaultState(i18n.LangEN)); s.Text2 != want {
				t.Errorf("%s %s: text2 %q, want %q", lang, link, s.Text2, want)
			}
		}
		s := def
		s.View = PaddingViewID
		ViewText2(&s, DefaultViewID)
		if s.Text2 != pad {
			t.Errorf("%s: into padding, text2 %q", lang, s.Text2)
		}
		s.View = CompareViewID
		ViewText2(&s, PaddingViewID)
		if s.Text2 != def.Text2 {
			t.Errorf("%s: out of padding, text2 %q", lang, s.Text2)
		}
		s.Text2, s.View = "my own", PaddingViewID
		ViewText2(&s, CompareViewID)
		if s.Text2 != "my own" {
			t.Errorf("%s: a chosen sentence became %q", lang, s.Text2)
		}
	}
}
