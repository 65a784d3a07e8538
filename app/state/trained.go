package state

import (
	"slices"
	"strings"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/attention/model"
)

// The Learn view's trained model as the input of the other views: with
// Input.Trained, the views of TrainedViews compute the main attention from
// layer Layer of the model that Task, Seed, LR and Steps train, on the
// probe sequence (ProbeText), instead of from the sentence and the
// settings. The link carries only those settings: reopening it retrains
// the same weights (app/compute, trained.go).

// TrainedViews are the views that can show the trained model's layer.
var TrainedViews = []string{"attention", "pipeline", CompareViewID}

// TrainedOn reports whether the view shown computes from the trained model.
func (s State) TrainedOn() bool {
	return s.Trained && slices.Contains(TrainedViews, s.View)
}

// Probe2Text is the compare view's second sequence on the trained layer
// (B; A is the probe): Probe2, or for "" the task's second probe
// ("task.<name>.probe2" in the page's language) while the probe is the
// task's sample, or else the probe's words in reverse order. It is not
// Text2: the sentence's second sentence stays the student's.
func (s State) Probe2Text() string {
	if s.Probe2 != "" {
		return s.Probe2
	}
	if key := "task." + s.Task + ".probe2"; s.Probe == "" && i18n.Has(s.Lang, key) {
		return i18n.T(s.Lang, key)
	}
	t, err := model.Lookup(s.Task)
	if err != nil {
		return ""
	}
	ids, err := t.Tokenize(s.ProbeText())
	if err != nil {
		return ""
	}
	words := make([]string, len(ids))
	for i, id := range ids {
		words[len(ids)-1-i] = t.Vocab[id]
	}
	return strings.Join(words, " ")
}

// Sentence2 returns what the second sentence's box (#sentence2) shows:
// Text2, or on the compare view's trained layer its second sequence (an
// empty box for BlankProbe).
func (s State) Sentence2() string {
	if !s.TrainedOn() || s.View != CompareViewID {
		return s.Text2
	}
	if s.Probe2 == BlankProbe {
		return ""
	}
	return s.Probe2Text()
}

// SetSentence2 sets what the second sentence's box holds to text typed
// into it (see Sentence2).
func (s *State) SetSentence2(text string) {
	if s.TrainedOn() && s.View == CompareViewID {
		s.Probe2 = TypedProbe(text)
		return
	}
	s.Text2 = text
}
