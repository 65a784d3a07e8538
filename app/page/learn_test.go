package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestLearnLinks checks that a link opens the Learn view on a task that
// exists, and that one naming no task opens the default task with a notice.
func TestLearnLinks(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	for _, tc := range []struct {
		link, view, task string
		bad              bool
	}{
		{"view=learn&task=reverse&steps=3", state.LearnViewID, "reverse", false},
		{"view=learn", state.LearnViewID, def.Task, false},
		{"view=learn&task=nope", state.LearnViewID, def.Task, true},
	} {
		p := &Page{}
		p.open(tc.link, def)
		if p.state.View != tc.view || p.state.Task != tc.task || (p.notice != "") != tc.bad {
			t.Errorf("%q opens view %q, task %q, notice %q; want %q, %q, a notice: %v",
				tc.link, p.state.View, p.state.Task, p.notice, tc.view, tc.task, tc.bad)
		}
	}
	p := &Page{}
	p.open("view=learn&task=reverse", def)
	if tr := p.trainingJSON(); tr == nil || tr["task"] != "reverse" || tr["step"] != 0 || tr["loss"] != nil || tr["running"] != false {
		t.Errorf("training() at step 0: %v", tr)
	}
	if js, err := p.learnResult(); err != nil || js == "" {
		t.Errorf("result() in the Learn view: %q, %v", js, err)
	}
}
