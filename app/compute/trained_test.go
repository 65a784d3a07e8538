package compute

import (
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/model"
)

// trainedReverse trains reverse (seed 3) to its budget on c and returns the
// Learn view's state.
func trainedReverse(t *testing.T, c *Computer) state.State {
	t.Helper()
	s := learnState("reverse", 3)
	s.Steps = s.TaskUntil()
	if tr := trainTo(t, c, &s); tr.Step != s.TaskUntil() {
		t.Fatalf("trained to step %d", tr.Step)
	}
	return s
}

// sameWeights reports whether every head's weights and the output of a and
// b are the same numbers.
func sameWeights(a *attention.Result, b *attention.Result) bool {
	if len(a.Heads) != len(b.Heads) || !mat.Equal(a.Output, b.Output) {
		return false
	}
	for h := range a.Heads {
		if !mat.Equal(a.Heads[h].Weights, b.Heads[h].Weights) {
			return false
		}
	}
	return true
}

// TestTrainedPipeline opens the trained layer in the pipeline: the main
// result is the Learn view's layer on the probe, bit for bit, each row's
// largest weight on the anti-diagonal, and the worked cell is its weight.
func TestTrainedPipeline(t *testing.T) {
	var c Computer
	s := trainedReverse(t, &c)
	learned := c.Update(s, NeedTraining).Training.Now.Layers[0].Result
	s.View, s.Trained, s.Cell = "pipeline", true, state.CellRef{I: 2, J: 5, On: true}
	res := c.Update(s, NeedCell|NeedSteps)
	if res.Rejected.Key != "" || res.Result == nil || res.Training == nil {
		t.Fatalf("pipeline on the trained layer: rejected %v, result %v, training %v", res.Rejected, res.Result != nil, res.Training != nil)
	}
	if !sameWeights(res.Result, &learned) || strings.Join(res.Result.Tokens, " ") != s.ProbeText() {
		t.Fatalf("the pipeline's result (tokens %q) is not the Learn view's layer", res.Result.Tokens)
	}
	w := res.Result.Heads[0].Weights
	n, _ := w.Dims()
	for i := range n {
		if j := argmax(w.RawRowView(i)); j != n-1-i {
			t.Errorf("row %d: largest weight at %d, want the anti-diagonal", i, j)
		}
	}
	if res.Cell == nil || res.Cell.Weight != w.At(2, 5) {
		t.Errorf("the worked cell is %+v, want the weight %v", res.Cell, w.At(2, 5))
	}
	s.Trained = false
	if res := c.Update(s, NeedCell|NeedSteps); res.Result == nil || strings.Join(res.Result.Tokens, " ") == s.ProbeText() {
		t.Error("without trained=1 the pipeline does not show the sentence")
	}
}

// argmax returns the index of the largest of xs.
func argmax(xs []float64) int {
	k := 0
	for i, x := range xs {
		if x > xs[k] {
			k = i
		}
	}
	return k
}

// TestTrainedCompare checks the compare view on the trained layer: side A
// the probe's weights, side B the second sequence's (Probe2) through the
// same trained model, and the probe's layer without and with the causal
// mask; with no Probe2, B is the probe reversed.
func TestTrainedCompare(t *testing.T) {
	var c Computer
	s := trainedReverse(t, &c)
	s.View, s.Trained, s.Probe2 = state.CompareViewID, true, "a b c d e f g h"
	res := c.Update(s, NeedComparison|NeedCell)
	cmp := res.Comparison
	if cmp == nil || !cmp.Sentences.OK() || !cmp.Masks.OK() {
		t.Fatalf("comparison %+v", cmp)
	}
	ref, _ := model.NewTrainer(model.Config{Task: "reverse", Seed: 3, LR: s.LR})
	for range s.Steps {
		if err := ref.Step(); err != nil {
			t.Fatal(err)
		}
	}
	pa, _ := ref.Probe(s.ProbeText())
	pb, _ := ref.Probe(s.Probe2)
	if !mat.Equal(cmp.Sentences.A, pa.Layers[0].Result.WeightsMean) || !mat.Equal(cmp.Sentences.B, pb.Layers[0].Result.WeightsMean) {
		t.Error("the sentences' sides are not the trained model's weights on the probe and on Probe2")
	}
	if !mat.Equal(cmp.Masks.A, pa.Layers[0].Result.WeightsMean) || cmp.Masks.B.At(0, 7) != 0 {
		t.Error("the masks' sides are not the layer without and with the causal mask")
	}
	s.Probe2 = "a b zebra"
	if p := c.Update(s, NeedComparison).Comparison.Sentences; p.OK() || p.Rejected != 1 || p.Why != (Problem{"learn.probe.unknown", "zebra"}) {
		t.Errorf("an unknown word in Probe2: %+v, want side B rejected naming it", p)
	}
	s.Probe2 = ""
	reversed := strings.Fields(s.ProbeText())
	slices.Reverse(reversed)
	if p := c.Update(s, NeedComparison).Comparison.Sentences; !p.OK() || strings.Join(p.TokensB, " ") != strings.Join(reversed, " ") {
		t.Errorf("no Probe2: side B %q, want the probe reversed %q", p.TokensB, reversed)
	}
}

// TestTrainedRetrains opens a link of the trained pipeline in a new
// Computer: it retrains to the link's steps, and the result is the same.
func TestTrainedRetrains(t *testing.T) {
	var c Computer
	s := trainedReverse(t, &c)
	s.View, s.Trained = "pipeline", true
	want := c.Update(s, NeedSteps).Result
	var fresh Computer
	s2 := s
	trainTo(t, &fresh, &s2)
	got := fresh.Update(s2, NeedSteps)
	if got.Training.Step != s.Steps || !sameWeights(got.Result, want) {
		t.Errorf("the link retrains to step %d, same weights %v", got.Training.Step, sameWeights(got.Result, want))
	}
	s2.Probe = "h a zebra"
	if got := fresh.Update(s2, NeedSteps); got.Rejected.Key != "learn.probe.unknown" {
		t.Errorf("a probe with an unknown word: rejected %+v", got.Rejected)
	}
}
