package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// TestReplacesMine: opening the tour keeps the student's sentence, matrices
// or training run, but not the page's defaults or a tour step's own work
// that the student took to another view.
func TestReplacesMine(t *testing.T) {
	tourOf := func(s state.State) state.State {
		views.SwitchView(&s, state.TourViewID)
		return s
	}
	typed := state.DefaultState(i18n.LangEN)
	typed.Text = "my own words here"
	spec := state.DefaultState(i18n.LangEN)
	spec.View, spec.Matrices = "matrices", `{"tokens":["a"]}`
	trained := state.DefaultState(i18n.LangEN)
	trained.View, trained.Steps = state.LearnViewID, 120
	left := state.DefaultState(i18n.LangEN)
	views.GoToTourStep(&left, 7)
	views.SwitchView(&left, "pipeline")
	for _, c := range []struct {
		name string
		old  state.State
		want bool
	}{
		{"defaults", state.DefaultState(i18n.LangEN), false},
		{"defaults in Chinese", state.DefaultState(i18n.LangZH), false},
		{"a typed sentence", typed, true},
		{"a matrices spec", spec, true},
		{"a training run", trained, true},
		{"a tour step's, in another view", left, false},
	} {
		if got := replacesMine(c.old, tourOf(c.old)); got != c.want {
			t.Errorf("%s: replacesMine = %v, want %v", c.name, got, c.want)
		}
	}
	if replacesMine(typed, typed) {
		t.Error("a change that stays out of the tour replaced the student's")
	}
	in := tourOf(typed)
	next := in
	views.GoToTourStep(&next, 2)
	if replacesMine(in, next) {
		t.Error("a step of the tour to the next replaced the student's")
	}
}

// TestMineRestored: Back to mine puts back the sentence, settings and view
// and keeps the language, presentation mode and theme of now; an example
// sentence follows the language.
func TestMineRestored(t *testing.T) {
	mine := state.DefaultState(i18n.LangEN)
	mine.Text, mine.Heads, mine.View, mine.Causal = "my own words here", 4, "scaling", true
	cur := mine
	views.SwitchView(&cur, state.TourViewID)
	cur.Lang, cur.Present, cur.HighContrast = i18n.LangZH, true, true
	got := mineRestored(cur, mine)
	if got.Text != mine.Text || got.Heads != 4 || got.View != "scaling" || !got.Causal || got.Step != "" {
		t.Errorf("restored %q, %d heads, view %q, causal %v, step %q; want mine", got.Text, got.Heads, got.View, got.Causal, got.Step)
	}
	if got.Lang != i18n.LangZH || !got.Present || !got.HighContrast {
		t.Errorf("restored lang %q, present %v, high contrast %v; want now's", got.Lang, got.Present, got.HighContrast)
	}
	if want := i18n.T(i18n.LangZH, "sentence2.example"); got.Text2 != want {
		t.Errorf("restored second sentence %q, want the Chinese example %q", got.Text2, want)
	}
}

// TestForgetMine: Back to the student's work drops the notice; Back within
// the tour keeps it; a typed link drops it for its own.
func TestForgetMine(t *testing.T) {
	mine := state.DefaultState(i18n.LangEN)
	mine.Text = "my own words here"
	inTour := mine
	views.SwitchView(&inTour, state.TourViewID)
	for _, c := range []struct {
		name  string
		now   state.State
		typed bool
		keep  bool
	}{
		{"Back within the tour", inTour, false, true},
		{"Back to the student's", mine, false, false},
		{"a typed link", inTour, true, false},
	} {
		p := &Page{state: c.now, mine: &mine, notice: "notice.tourMine"}
		p.forgetMine(c.typed)
		if kept := p.mine != nil && p.notice == "notice.tourMine"; kept != c.keep {
			t.Errorf("%s: kept %v (notice %q), want %v", c.name, kept, p.notice, c.keep)
		}
	}
}
