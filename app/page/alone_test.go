package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/attnviz/attnviz/attention"
)

func TestSentenceOnly(t *testing.T) {
	old := state.DefaultState(i18n.LangEN)
	res := compute.Results{Result: &attention.Result{}, Heads: 2, Head: 1}
	type tc struct {
		name     string
		change   func(s *state.State, was, now *compute.Results)
		expected bool
	}
	for _, c := range []tc{
		{"a keystroke", func(s *state.State, _, _ *compute.Results) { s.Text += "x" }, true},
		{"a keystroke and the causal mask", func(s *state.State, _, _ *compute.Results) { s.Text += "x"; s.Causal = !s.Causal }, false},
		{"another view", func(s *state.State, _, _ *compute.Results) { s.View = "pipeline" }, false},
		{"the Learn view", func(s *state.State, _, _ *compute.Results) { s.View = state.LearnViewID }, false},
		{"presenting", func(s *state.State, _, _ *compute.Results) { s.Text += "x"; s.Present = true }, false},
		{"a rejected input", func(s *state.State, _, now *compute.Results) { s.Text += "x"; now.Rejected.Key = "error.tooMany" }, false},
		{"leaving a rejected input", func(s *state.State, was, _ *compute.Results) { s.Text += "x"; was.Rejected.Key = "error.tooMany" }, false},
		{"an empty sentence", func(s *state.State, _, now *compute.Results) { s.Text = ""; now.Result = nil }, false},
		{"another head shown", func(s *state.State, _, now *compute.Results) { s.Text += "x"; now.Head = 0 }, false},
		{"another step head", func(s *state.State, _, now *compute.Results) { s.Text += "x"; now.StepHead = 1 }, false},
	} {
		now, was, got := old, res, res
		c.change(&now, &was, &got)
		if sentenceOnly(old, now, was, got) != c.expected {
			t.Errorf("%s: sentenceOnly = %v, want %v", c.name, !c.expected, c.expected)
		}
	}
}
