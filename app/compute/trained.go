package compute

import (
	"errors"

	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/model"
)

// The trained model as the main input (state.State.TrainedOn): the main
// attention is the engine's run of the spec of layer State.Layer on the
// probe (LayerSpec), with the weights the learner has now, so that the
// pipeline, the cell panel and the compare view read the same numbers as
// the Learn view's result(). The learner trains towards State.Steps as it
// does for the Learn view (the page schedules it); each new step's weights
// are a new run.

// trainedKey is what the main attention is computed from in trained mode:
// the learner's weights (Training.Rev), the layer and the probe.
type trainedKey struct {
	on    bool
	rev   int
	layer int
	probe string
}

// trainedKeyOf returns the trainedKey of s and t (zero when s is not
// TrainedOn).
func trainedKeyOf(s state.State, t *Training) trainedKey {
	if !s.TrainedOn() || t == nil {
		return trainedKey{}
	}
	return trainedKey{true, t.Rev, s.Layer, s.ProbeText()}
}

// LayerSpec is layer l of p as a spec in matrix mode: its input X on the
// probe, its Wq, Wk, Wv, Wo, heads and mask, mask overriding the layer's
// own unless "".
func LayerSpec(p *model.Probe, l int, mask string) *attention.Spec {
	in := p.Layers[l].Input
	spec := &attention.Spec{
		Tokens: p.Words,
		X:      state.OrRows(nil, in.X),
		Wq:     state.OrRows(nil, in.Wq), Wk: state.OrRows(nil, in.Wk),
		Wv: state.OrRows(nil, in.Wv), Wo: state.OrRows(nil, in.Wo),
		Heads: in.Heads, Mask: "none",
	}
	if in.Options.Causal {
		spec.Mask = "causal"
	}
	if mask != "" {
		spec.Mask = mask
	}
	return spec
}

// layerOf returns the layer of s that t's probe has.
func layerOf(s state.State, t *Training) int {
	return min(max(s.Layer, 0), len(t.Now.Layers)-1)
}

// runTrained runs the engine on the trained layer of s. Without a probe to
// show (a word the task does not know, or no model) Rejected says why and
// Result stays as it was.
func (c *Computer) runTrained(s state.State, t *Training) {
	switch {
	case t == nil || t.Task == nil:
		c.res.Rejected = Problem{"learn.badTrainer", nil}
		return
	case t.Now == nil:
		c.res.Rejected = t.ProbeProblem
		return
	}
	res, err := c.engine.Run(LayerSpec(t.Now, layerOf(s, t), ""))
	if err != nil {
		c.res.Rejected = Problem{"error.rejected", err.Error()}
		return
	}
	c.res.Result, c.res.Rejected = res, Problem{}
	c.res.Rev++
}

// trainedSides is what a trained comparison is computed from.
type trainedSides struct {
	key   trainedKey
	text2 string
	head  int
}

// trainedComparer computes the Comparisons of the trained layer, with
// engines of its own.
type trainedComparer struct {
	ea, eb attention.Engine
	sides  trainedSides
	last   *Comparison
}

// pair runs sa and sb and returns their weights of head and difference.
func (cm *trainedComparer) pair(sa, sb *attention.Spec, head int) Pair {
	ra, errA := cm.ea.Run(sa)
	rb, errB := cm.eb.Run(sb)
	return pairOf(side{res: ra, err: errA}, side{res: rb, err: errB}, false, head)
}

// trainedComparison returns the compare view's Comparison in trained mode:
// (a) the probe and the second sequence (State.Probe2Text), each through
// the model to the layer's input, with the layer's weights; (b) the
// probe's layer without and with the causal mask.
func (c *Computer) trainedComparison(s state.State, t *Training, head int) *Comparison {
	cm := &c.trained
	b := s.Probe2Text()
	k := trainedSides{trainedKeyOf(s, t), b, head}
	if cm.last != nil && cm.sides == k {
		return cm.last
	}
	l := layerOf(s, t)
	cm.sides = k
	cm.last = &Comparison{
		Masks: cm.pair(LayerSpec(t.Now, l, "none"), LayerSpec(t.Now, l, "causal"), head),
	}
	p2, err := c.learn.probeAt(b)
	if err != nil {
		cm.last.Sentences = Pair{Rejected: 1, Reason: err.Error(), Why: sequenceProblem(t, b, err), Empty: blank(b)}
		if blank(b) {
			cm.last.Sentences.Rejected = -1
		}
		return cm.last
	}
	cm.last.Sentences = cm.pair(LayerSpec(t.Now, l, ""), LayerSpec(p2, l, ""), head)
	return cm.last
}

// sequenceProblem says, as a message, why the trained model cannot take
// text (err, from probeAt).
func sequenceProblem(t *Training, text string, err error) Problem {
	if errors.Is(err, errNotFinite) {
		return Problem{"learn.notFinite", nil}
	}
	return probeProblem(t.Task, text)
}

// probeAt returns the model's forward pass on text with the weights of the
// learner's Now (whose step is the last with finite weights on the probe).
func (l *learner) probeAt(text string) (*model.Probe, error) {
	p, err := l.tr.Probe(text)
	if err != nil {
		return nil, err
	}
	if !finiteProbe(p) {
		return nil, errNotFinite
	}
	return p, nil
}

// errNotFinite says that weights on the way to divergence give no numbers.
var errNotFinite = errors.New("the weights give numbers too large to show")
