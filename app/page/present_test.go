package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
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
