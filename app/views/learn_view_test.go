package views

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
)

// learnProps is the Learn view of task with probe, as the page hands it.
func learnProps(t *testing.T, task, probe, lang string) Props {
	t.Helper()
	s := state.DefaultState(lang)
	s.View, s.Task, s.LR, s.Probe = state.LearnViewID, task, 0, probe
	s.Normalize()
	return propsOf(t, s, compute.NeedTraining)
}

func TestLearnViewRenders(t *testing.T) {
	p := learnProps(t, "reverse", "", i18n.LangEN)
	html := render(t, &LearnView{Props: p})
	for _, want := range []string{`id="train"`, `id="step"`, `id="reset"`, `id="probe"`, `id="predictions"`,
		`id="open-matrices"`, `id="export-model"`, `id="before-0-0"`, `id="now-0-0"`, "Step 0 of 150"} {
		if !strings.Contains(html, want) {
			t.Errorf("the view lacks %s", want)
		}
	}
	if strings.Contains(html, `id="layer"`) || strings.Contains(html, `id="probe-error"`) {
		t.Error("a one-layer model with a valid probe shows a layer choice or a probe error")
	}
	zh := render(t, &LearnView{Props: learnProps(t, "reverse", "a b zebra", i18n.LangZH)})
	if !strings.Contains(zh, `id="probe-error"`) || !strings.Contains(zh, "“zebra”不是这个任务的词") || strings.Contains(zh, `id="now-0-0"`) {
		t.Error("an unknown word: no Chinese message naming it, or charts still shown")
	}
}

// TestLearnViewBlankProbe renders the view of an emptied probe box: it says
// that the probe is empty, in both languages, and shows no heatmap and no
// table of the predictions (before, the task's sample's).
func TestLearnViewBlankProbe(t *testing.T) {
	for lang, says := range map[string]string{i18n.LangEN: "The probe is empty", i18n.LangZH: "探测序列是空的"} {
		html := render(t, &LearnView{Props: learnProps(t, "reverse", state.TypedProbe(""), lang)})
		if !strings.Contains(html, `id="probe-error"`) || !strings.Contains(html, says) {
			t.Errorf("%s: an empty probe has no message saying %q", lang, says)
		}
		if strings.Contains(html, `id="now-0-0"`) || strings.Contains(html, `id="predictions"`) {
			t.Errorf("%s: an empty probe still shows heatmaps or predictions", lang)
		}
	}
}

// TestLearnViewPresentOrder checks that in presentation mode the view
// renders its parts in the order it shows them, which Tab follows: the
// controls, the heatmaps, the probe, the curves.
func TestLearnViewPresentOrder(t *testing.T) {
	p := learnProps(t, "reverse", "", i18n.LangEN)
	p.State.Present = true
	html := render(t, &LearnView{Props: p})
	at := -1
	for _, id := range []string{`id="train"`, `id="before-0-0"`, `id="probe"`, `id="loss-chart"`} {
		i := strings.Index(html, id)
		if i <= at {
			t.Fatalf("presentation mode: %s comes before what is shown above it (at %d, after %d)", id, i, at)
		}
		at = i
	}
}

// TestLayerSpecJSON checks that the spec "open" hands the matrices view
// computes the layer's own weights.
func TestLayerSpecJSON(t *testing.T) {
	for _, task := range []string{"previous", "induction"} {
		p := learnProps(t, task, "", i18n.LangEN)
		for l := range p.Training.Now.Layers {
			var spec attention.Spec
			if err := json.Unmarshal(LayerSpecJSON(p.Training.Now, l), &spec); err != nil {
				t.Fatal(err)
			}
			var e attention.Engine
			r, err := e.Run(&spec)
			if err != nil {
				t.Fatalf("%s layer %d: %v", task, l, err)
			}
			want := p.Training.Now.Layers[l].Result.Heads
			for h := range want {
				for i := range len(spec.Tokens) {
					for j := range len(spec.Tokens) {
						if g, w := r.Heads[h].Weights.At(i, j), want[h].Weights.At(i, j); g != w {
							t.Fatalf("%s layer %d head %d [%d][%d]: %v, the layer's %v", task, l, h, i, j, g, w)
						}
					}
				}
			}
		}
	}
}

// TestLearnExportWhenItCan checks the model's download: offered once a run
// is at hand (Training.CanExport), not while a worker has it (it sends the
// model where it stops; the click did nothing), and not after the run
// diverged (there is no model: the click did nothing), each saying why.
func TestLearnExportWhenItCan(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.Task, s.LR, s.Steps = state.LearnViewID, "induction", 10, 5
	s.Normalize()
	var c compute.Computer
	c.Update(s, compute.NeedTraining)
	for i := 0; c.TrainPending(s) && i < 100; i++ {
		s.Steps = max(s.Steps, c.TrainSlice(s, time.Second))
		c.Update(s, compute.NeedTraining)
	}
	diverged := Props{State: s, Results: c.Update(s, compute.NeedTraining), Set: noSet}
	if diverged.Training.Problem.Key != "learn.diverged" {
		t.Fatalf("lr 10 did not diverge: %+v", diverged.Training.Problem)
	}
	for _, tc := range []struct {
		name string
		p    Props
		why  string
	}{
		{"stopped", learnProps(t, "reverse", "", i18n.LangEN), ""},
		{"diverged", diverged, "there is no model to download"},
	} {
		button := regexp.MustCompile(`<button[^>]*id="export-model"[^>]*>`).FindString(render(t, &LearnView{Props: tc.p}))
		if off := strings.Contains(button, "disabled"); off != (tc.why != "") || !strings.Contains(button, tc.why) {
			t.Errorf("%s: the download button %s, want it disabled %v saying %q", tc.name, button, tc.why != "", tc.why)
		}
	}
	if got := noExport(&compute.Training{Task: diverged.Training.Task, Running: true}); got != "learn.export.running" {
		t.Errorf("a worker's run, its model not at hand: %q", got)
	}
}

// TestLearnViewTaskLR checks that the learning rate's box of a state whose
// LR is 0, the task's own (a link's lr=0), shows the task's rate, which
// training uses: it showed 0.
func TestLearnViewTaskLR(t *testing.T) {
	p := learnProps(t, "reverse", "", i18n.LangEN)
	p.State.LR = 0
	html := render(t, &LearnView{Props: p})
	box := regexp.MustCompile(`<input[^>]*id="lr"[^>]*>`).FindString(html)
	if p.State.TaskLR() == 0 || !strings.Contains(box, `value="`+state.FormatLR(p.State.TaskLR())+`"`) {
		t.Errorf("with lr 0 the box is not the task's rate %s: %s", state.FormatLR(p.State.TaskLR()), box)
	}
}

// TestCurveOnePoint marks a curve of one point, which as a line shows
// nothing (the loss after a run that diverged at its second step).
func TestCurveOnePoint(t *testing.T) {
	one := curveParts(i18n.LangEN, "Loss", []compute.Point{{Step: 1, Value: 2.3}}, 3, "#c2410c", false, false)
	two := curveParts(i18n.LangEN, "Loss", []compute.Point{{Step: 1, Value: 2.3}, {Step: 2, Value: 2.1}}, 3, "#c2410c", false, false)
	if !strings.Contains(one.Base, `"showSymbol":true`) || !strings.Contains(two.Base, `"showSymbol":false`) {
		t.Errorf("one point: %s\ntwo points: %s", one.Base, two.Base)
	}
}
