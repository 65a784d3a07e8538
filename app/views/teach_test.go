package views

import (
	"errors"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// knownViews accepts the views attention and compare only.
func knownViews(s state.State) error {
	if s.View != "attention" && s.View != "compare" {
		return errors.New("no such view")
	}
	return nil
}

func TestTeachPlay(t *testing.T) {
	tour := state.TeachTour{Steps: []state.TeachStep{
		{Link: "view=attention&text=one+two&causal=1&lang=en", Note: "a"},
		{Link: "view=nowhere&lang=en", Note: "unknown view"},
		{Link: "view=attention&colour=red", Note: "unknown setting"},
		{Link: "view=compare&text=x+y&text2=y+x", Note: "d"},
	}}
	s := state.DefaultState(i18n.LangZH)
	s.Teach = state.EncodeTeach(tour)
	p := planOf(s, knownViews)
	for n, want := range []bool{true, false, false, true} {
		if p.playable(n+1) != want {
			t.Errorf("step %d playable = %v, want %v (%v)", n+1, !want, want, p.Skip[n])
		}
	}
	if got := p.next(2, 1); got != 4 {
		t.Errorf("next from 2 = %d, want 4", got)
	}
	if got := p.next(3, -1); got != 1 {
		t.Errorf("back from 3 = %d, want 1", got)
	}
	if GoToTeachStep(&s, 2, knownViews) {
		t.Error("went to a skipped step")
	}
	if !GoToTeachStep(&s, 1, knownViews) {
		t.Fatal("step 1 not shown")
	}
	if s.Text != "one two" || !s.Causal || s.TeachStep != 1 || s.Lang != i18n.LangZH || s.Teach == "" {
		t.Errorf("step 1 state: %+v", s)
	}
	if !GoToTeachStep(&s, 4, knownViews) || s.View != "compare" || s.Text2 != "y x" || s.Causal {
		t.Errorf("step 4 state: %+v", s)
	}
}

func TestEditTeach(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	for _, text := range []string{"a b", "c d", "e f"} {
		s.Text = text
		link := state.StepLink(s)
		editTeach(&s, func(t *state.TeachTour) { t.Steps = append(t.Steps, state.TeachStep{Link: link}) })
	}
	editTeach(&s, func(t *state.TeachTour) { t.Steps[0], t.Steps[2] = t.Steps[2], t.Steps[0] })
	p := planOf(s, nil)
	if len(p.Pages) != 3 || p.Pages[0].Text != "e f" || p.Pages[2].Text != "a b" {
		t.Errorf("after the swap: %+v", p.Pages)
	}
	if got := truncateUTF8("注意", 4); got != "注" {
		t.Errorf("truncateUTF8 = %q", got)
	}
}
