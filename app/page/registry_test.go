package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestRegistry checks the views' registry against what the rest of the page
// assumes: the first view is the state's default, every id is one a link can
// carry, once, and every view has a tab name in every language.
func TestRegistry(t *testing.T) {
	if registry[0].ID != state.DefaultViewID {
		t.Errorf("the first view is %q, state.DefaultViewID %q", registry[0].ID, state.DefaultViewID)
	}
	if viewByID(state.MatricesViewID) == nil {
		t.Errorf("no view %q (state.MatricesViewID)", state.MatricesViewID)
	}
	seen := map[string]bool{}
	for _, v := range registry {
		if seen[v.ID] {
			t.Errorf("view %q registered twice", v.ID)
		}
		seen[v.ID] = true
		s := state.DefaultState(i18n.LangEN)
		s.View = v.ID
		if got, err := state.DecodeState(s.Encode(), state.DefaultState(i18n.LangEN)); err != nil || got.View != v.ID {
			t.Errorf("view %q does not survive a link: %q, %v", v.ID, got.View, err)
		}
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, "view."+v.ID) {
				t.Errorf("%s: no tab name view.%s", lang, v.ID)
			}
		}
	}
}

// TestKnownIDs checks that a link naming a view or a pipeline step that does
// not exist drops it (the default view, or no step) with the notice, and one naming existing
// ones opens them.
func TestKnownIDs(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	for _, tc := range []struct {
		link, view, step string
		bad              bool
	}{
		{"view=pipeline&step=masked", "pipeline", "masked", false},
		{"view=compare", "compare", "", false},
		{"view=nope", def.View, "", true},
		{"view=pipeline&step=nope", "pipeline", "", true},
		{"step=nope", def.View, "", true},
	} {
		p := &Page{}
		p.open(tc.link, def)
		if p.state.View != tc.view || p.state.Step != tc.step || (p.notice != "") != tc.bad {
			t.Errorf("%q opens view %q, step %q, notice %q; want %q, %q, a notice: %v",
				tc.link, p.state.View, p.state.Step, p.notice, tc.view, tc.step, tc.bad)
		}
	}
}
