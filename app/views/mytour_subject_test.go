package views

import (
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestStepSubject checks what a step of a teacher's tour names after its
// view: the sentence where the view shows it, the task where the page
// shows a trained model (the Learn view, a view of its trained layer), and
// nothing of the sentence in the matrices view, whose input is its own.
func TestStepSubject(t *testing.T) {
	for _, lang := range i18n.Langs {
		s := state.DefaultState(lang)
		s.Text = "the quick brown fox"
		if got := stepSubject(lang, s); got != s.Text {
			t.Errorf("%s attention: %q, want the sentence", lang, got)
		}
		learn := s
		learn.View, learn.Task = state.LearnViewID, "reverse"
		if got := stepSubject(lang, learn); got != i18n.T(lang, "task.reverse") {
			t.Errorf("%s learn: %q, want the task %q", lang, got, i18n.T(lang, "task.reverse"))
		}
		learn.Task = ""
		if got := stepSubject(lang, learn); got != i18n.T(lang, "task."+state.DefaultTask()) {
			t.Errorf("%s learn, no task in the link: %q, want the default task", lang, got)
		}
		trained := s
		trained.Trained, trained.Task = true, "sort"
		if got := stepSubject(lang, trained); got != i18n.T(lang, "task.sort") {
			t.Errorf("%s trained attention: %q, want the task", lang, got)
		}
		mx := s
		mx.View = state.MatricesViewID
		if got := stepSubject(lang, mx); strings.Contains(got, "fox") {
			t.Errorf("%s matrices: %q names the sentence, which the view does not use", lang, got)
		}
	}
}

// TestNoteNearItsEnd checks that a teacher's note near the longest a note
// may be is described by the caption that says so (longer ones are cut),
// and a short one is not.
func TestNoteNearItsEnd(t *testing.T) {
	long := strings.Repeat("注", state.MaxTeachNote/3)
	if got := app.HTMLString(noteBox(2, long, i18n.LangZH)); !strings.Contains(got, `aria-describedby="teach-note-2-full"`) {
		t.Errorf("a note of %d bytes: %s", len(long), got)
	}
	if got := app.HTMLString(noteBox(2, "look at row 3", i18n.LangEN)); strings.Contains(got, "describedby") {
		t.Errorf("a short note: %s", got)
	}
}
