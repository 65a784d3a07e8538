package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestLoadedMessage says how many steps of a loaded tour are skipped, in
// both languages, and nothing of skipping when none is.
func TestLoadedMessage(t *testing.T) {
	tour := state.TeachTour{Steps: []state.TeachStep{
		{Link: "view=attention&text=one+two", Note: "a"},
		{Link: "view=nowhere", Note: "unknown view"},
		{Link: "view=attention&colour=red", Note: "unknown setting"},
	}}
	for lang, want := range map[string]string{i18n.LangEN: "2 of them", i18n.LangZH: "其中 2 步"} {
		if msg := loadedMessage(state.DefaultState(lang), tour, knownViews); !strings.Contains(msg, want) || !strings.Contains(msg, "3") {
			t.Errorf("%s: %q does not say 3 steps, %q skipped", lang, msg, want)
		}
	}
	tour.Steps = tour.Steps[:1]
	if msg := loadedMessage(state.DefaultState(i18n.LangEN), tour, knownViews); strings.Contains(msg, "skip") || msg != "Loaded a tour of one step." {
		t.Errorf("one step, none skipped: %q", msg)
	}
}
