package state

import (
	"github.com/attnviz/attnviz/app/i18n"
	"slices"
	"testing"
)

func TestLeftOut(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	typed := def
	typed.Text, typed.Heads, typed.View = "my own sentence", 1, "pipeline"
	for _, tc := range []struct {
		link string
		was  State
		want []string
	}{
		{"view=compare", typed, []string{"text", "heads"}},              // the view is set; the sentence and heads reset
		{"view=compare&text=my+own+sentence", typed, []string{"heads"}}, // the sentence kept
		{"view=compare", def, nil},                                      // nothing had changed
		{"view=compare&text=%zz", typed, nil},                           // unreadable: its own notice
		{"view=compare&lang=en", DefaultState(i18n.LangZH), nil},        // the Chinese example sentence, not the student's
	} {
		now, _, _ := DecodeLink(tc.link, DefaultState(tc.was.Lang))
		if got := LeftOut(tc.link, tc.was, now); !slices.Equal(got, tc.want) {
			t.Errorf("LeftOut(%q) = %q, want %q", tc.link, got, tc.want)
		}
	}
}
