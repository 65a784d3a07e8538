package views

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestShortcutIntoPadding checks that the v key, like the tabs, gives the
// padding view its own default second sentence, and takes it back.
func TestShortcutIntoPadding(t *testing.T) {
	st := state.DefaultState(i18n.LangEN)
	st.View = "compare"
	s := &Shortcuts{Views: []string{"compare", state.PaddingViewID, "matrices"}}
	s.Props.State = st
	s.change("v")(&st)
	if st.View != state.PaddingViewID || st.Text2 != i18n.T(i18n.LangEN, "padding.example") {
		t.Errorf("v from compare: view %q, text2 %q", st.View, st.Text2)
	}
	s.Props.State = st
	s.change("V")(&st)
	if st.View != "compare" || st.Text2 != state.DefaultState(i18n.LangEN).Text2 {
		t.Errorf("V back: view %q, text2 %q", st.View, st.Text2)
	}
}
