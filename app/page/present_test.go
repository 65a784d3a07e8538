package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// TestPresentKeys checks what P and Esc do to presentation mode.
func TestPresentKeys(t *testing.T) {
	off := state.DefaultState(i18n.LangEN)
	on := off
	on.Present = true
	step := on
	step.View, step.Step = "pipeline", "scores"
	tests := []struct {
		name            string
		key             string
		modified, typed bool
		s               state.State
		on, ok          bool
	}{
		{"P switches it on", "p", false, false, off, true, true},
		{"shift-P too", "P", false, false, off, true, true},
		{"P switches it off", "p", false, false, on, false, true},
		{"P typed into a box", "p", false, true, off, false, false},
		{"ctrl-P", "p", true, false, off, false, false},
		{"Esc leaves it", "Escape", false, false, on, false, true},
		{"Esc outside it", "Escape", false, false, off, false, false},
		{"Esc closes a pipeline step first", "Escape", false, false, step, false, false},
		{"another key", "q", false, false, on, false, false},
	}
	for _, tt := range tests {
		if on, ok := presentKeyOf(tt.key, tt.modified, tt.typed, tt.s); on != tt.on || ok != tt.ok {
			t.Errorf("%s: (%v, %v), want (%v, %v)", tt.name, on, ok, tt.on, tt.ok)
		}
	}
}

// TestPresentRender checks the page in presentation mode: one bar with the
// sentence, the causal mask, the head and the view, no sidebar, and large
// charts.
func TestPresentRender(t *testing.T) {
	p := &Page{}
	p.open("present=1", state.DefaultState(i18n.LangEN))
	html := rerender(p)
	for _, id := range []string{"sentence", "causal", "heads", "present-view", "present"} {
		if element(html, id) == "" {
			t.Errorf("no #%s in presentation mode", id)
		}
	}
	if !p.state.Present || element(html, "seed") != "" || element(html, "nheads") != "" {
		t.Errorf("presentation mode keeps the sidebar's settings, or is off: %v", p.state.Present)
	}
}

// TestInputClass: the sentence and the settings are hidden where they do
// not apply, the tour's Learn step included; renderPresent and Render both
// ask inputClass (presentation mode's bar showed the sentence, the causal
// mask and the heads at the tour's Learn step).
func TestInputClass(t *testing.T) {
	learnStep := state.DefaultState(i18n.LangEN)
	views.GoToTourStep(&learnStep, views.TourStepCount(""))
	attnStep := state.DefaultState(i18n.LangEN)
	views.GoToTourStep(&attnStep, 1)
	matrices := state.DefaultState(i18n.LangEN)
	matrices.View = state.MatricesViewID
	learn := state.DefaultState(i18n.LangEN)
	learn.View = state.LearnViewID
	for _, c := range []struct {
		name string
		s    state.State
		want string
	}{
		{"the attention view", state.DefaultState(i18n.LangEN), ""},
		{"the tour's attention step", attnStep, ""},
		{"the tour's Learn step", learnStep, "own-input"},
		{"the Learn view", learn, "own-input"},
		{"the matrices view", matrices, "own-input"},
	} {
		if got := inputClass(c.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
