package views

import (
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/export"
	"github.com/attnviz/attnviz/attention/model"
)

// exportSource returns what the export menu saves and names its files and
// captions by: in the Learn view (also as a step of the tour), the chosen layer of the model on the
// probe (what window.attnviz.result() returns there; nil before the model
// has one); in a view of a trained layer (trained=1), the view's result,
// named by its probe; otherwise the view's result and the spec it was
// computed from. A nil spec leaves the sentence and the seed, which a
// trained model does not come from, out of the names.
func exportSource(p Props) (*attention.Result, *attention.Spec) {
	s := p.State
	switch {
	case ShownView(s) == state.LearnViewID:
		t := p.Training
		if t == nil || t.Now == nil || len(t.Now.Layers) == 0 {
			return nil, nil
		}
		return &t.Now.Layers[min(max(s.Layer, 0), len(t.Now.Layers)-1)].Result, nil
	case s.TrainedOn():
		return p.Result, nil
	}
	return p.Result, s.Spec()
}

// exportMatrix is the head of res that the one-matrix formats save: the
// head shown, or the mean where res has no such head (the Learn view's
// layer has heads of its own).
func exportMatrix(p Props, res *attention.Result) export.Matrix {
	if res == nil || p.Head < 0 || p.Head >= len(res.Heads) {
		return export.Mean
	}
	return export.Matrix(p.Head)
}

// trainedLabel gives l, the label of exportSource's result, the task, the
// step and the seed of the model whose weights those are, in the Learn
// view and the views of a trained layer: its files and captions named only
// the probe (attention-a-b-c-d16.json, whatever the task or step).
func trainedLabel(p Props, l export.Label) export.Label {
	s := p.State
	learn := ShownView(s) == state.LearnViewID
	if !learn && !s.TrainedOn() {
		return l
	}
	l.Task, l.Step, l.Seed, l.Seeded = s.Task, s.Steps, s.Seed, true
	if t := p.Training; t != nil && learn {
		l.Step = t.NowStep // the step whose weights the view shows
	}
	return l
}

// taskName names the task called name in lang, or gives name.
func taskName(lang, name string) string {
	if t, err := model.Lookup(name); err == nil {
		return TaskName(lang, t)
	}
	return name
}
