package views

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/export"
)

// TestResultFileLearn checks the export menu's files in the Learn view and
// in a view of a trained layer: the result is the layer's on the probe, as
// window.attnviz.result() gives it, and the names come from the probe, not
// from the attention view's sentence, which neither view uses. The menu
// once saved the sentence's random-weight result from the Learn view.
func TestResultFileLearn(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.Task, s.Head = state.LearnViewID, "reverse", 1
	p := propsOf(t, s, compute.NeedTraining)
	if p.Training == nil || p.Training.Now == nil {
		t.Fatal("no model on the probe in the Learn view's results")
	}
	probe := p.Training.Now.Layers[0].Result.Tokens
	for _, f := range []export.Format{export.JSON, export.LaTeX} {
		name, data, err := resultFile(p, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if strings.Contains(name, "cat") || !strings.Contains(name, strings.Join(probe[:2], "-")) || !strings.HasPrefix(name, "attention-reverse-step0-") {
			t.Errorf("%s: file %q, want it named by the task, the step and the probe %v", f, name, probe)
		}
		if f != export.JSON {
			continue
		}
		var got struct{ Tokens []string }
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got.Tokens, " ") != strings.Join(probe, " ") {
			t.Errorf("JSON tokens %v, want the probe's %v", got.Tokens, probe)
		}
	}

	s.View, s.Trained = "attention", true
	p = propsOf(t, s, 0)
	name, _, err := resultFile(p, export.CSV)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(name, "cat") || !strings.HasPrefix(name, "attention-reverse-step") {
		t.Errorf("trained attention view: file %q names the sentence, or not the task and the step", name)
	}
}
