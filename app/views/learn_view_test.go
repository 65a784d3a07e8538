package views

import (
	"encoding/json"
	"strings"
	"testing"

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
