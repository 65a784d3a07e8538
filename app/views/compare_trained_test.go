package views

import (
	"html"
	"strings"
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestCompareTrainedNoSentenceControls checks the compare view of a trained
// layer (trained=1): no cross-attention switch, which did nothing there
// (the trained layer is self-attention on each sequence) while saying
// "queries from the first sentence, keys and values from the second", and
// not the caption about the sentence without positional encoding, which is
// wrong for a model with position embeddings. The sentence's compare view
// keeps both.
func TestCompareTrainedNoSentenceControls(t *testing.T) {
	for _, lang := range i18n.Langs {
		s := state.DefaultState(lang)
		s.View = state.CompareViewID
		caption := html.EscapeString(i18n.T(lang, "compare.a.caption"))
		plain := render(t, &CompareView{Props: propsOf(t, s, compute.NeedComparison)})
		if !strings.Contains(plain, `id="cross"`) || !strings.Contains(plain, caption) {
			t.Fatalf("%s: the sentence's compare view lacks #cross or its caption", lang)
		}
		s.Trained, s.Task = true, "reverse"
		if !s.TrainedOn() {
			t.Fatal("trained=1 in the compare view is not on the trained layer")
		}
		trained := render(t, &CompareView{Props: propsOf(t, s, compute.NeedComparison)})
		if strings.Contains(trained, `id="cross"`) || strings.Contains(trained, caption) {
			t.Errorf("%s: the trained layer's compare view shows #cross (%v) or the positional-encoding caption (%v)",
				lang, strings.Contains(trained, `id="cross"`), strings.Contains(trained, caption))
		}
		if !strings.Contains(trained, `id="sentence2"`) {
			t.Errorf("%s: the trained layer's compare view lost its second sequence", lang)
		}
	}
}

// TestCompareTrainedBadSequence checks the message of a second sequence the
// trained model cannot take: in the page's language, naming the word.
func TestCompareTrainedBadSequence(t *testing.T) {
	for lang, want := range map[string]string{i18n.LangEN: "“zebra” is not a word of this task", i18n.LangZH: "“zebra”不是这个任务的词"} {
		s := state.DefaultState(lang)
		s.View, s.Trained, s.Task, s.Steps, s.Probe2 = state.CompareViewID, true, "reverse", 2, "a b zebra"
		got := html.UnescapeString(render(t, &CompareView{Props: propsOf(t, s, compute.NeedComparison)}))
		if !strings.Contains(got, want) || strings.Contains(got, "unknown word") {
			t.Errorf("%s: the compare view does not say %q in its language", lang, want)
		}
	}
}

// TestTrainedBarSteps checks what the trained layer's bar says of the
// steps: at step 0 that the weights are still random (not "its trained
// weights"), and "1 step", not "1 steps".
func TestTrainedBarSteps(t *testing.T) {
	for _, tc := range []struct {
		steps     int
		want, not string
	}{
		{0, "still the random ones", "trained weights, not random"},
		{1, "Trained for 1 step.", "1 steps"},
		{3, "Trained for 3 steps.", "random ones training"},
	} {
		s := state.DefaultState(i18n.LangEN)
		s.View, s.Trained, s.Task, s.Steps = state.DefaultViewID, true, "reverse", tc.steps
		var c compute.Computer
		c.Update(s, compute.NeedTraining)
		for i := 0; c.TrainPending(s); i++ {
			if i > 100 {
				t.Fatal("training does not end")
			}
			c.TrainSlice(s, time.Second)
			c.Update(s, compute.NeedTraining)
		}
		props := Props{State: s, Results: c.Update(s, compute.NeedTraining), Set: noSet}
		got := html.UnescapeString(render(t, &TrainedBar{Props: props}))
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%d steps: the bar %q does not say %q, or says %q", tc.steps, got, tc.want, tc.not)
		}
	}
}
