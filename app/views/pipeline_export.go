package views

import (
	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
)

// stepTargets are the pipeline's boxes, one per step, of the head p shows.
func stepTargets(p Props) []ChartTarget {
	ts := make([]ChartTarget, 0, len(pipelineSteps))
	for k := range pipelineSteps {
		s := &pipelineSteps[k]
		ts = append(ts, ChartTarget{ID: "step-" + s.ID, Name: i18n.T(p.State.Lang, "step."+s.ID), Head: p.StepHead})
	}
	return ts
}

// stepOption is the ChartOption of a pipeline box: its step as the opened
// step draws it, as cells.
func stepOption(p Props, t ChartTarget) (string, int, int) {
	s := stepByID(t.ID[len("step-"):])
	if s == nil || p.Result == nil {
		return "", 0, 0
	}
	m := s.Matrix(p.Result, t.Head, p.Scaled)
	if m == nil {
		return "", 0, 0
	}
	hm := StepHeatmap(p.Result, s, t.Head, m, p.State.Lang, false)
	rows, cols := m.Dims()
	return chart.StepOption(hm), rows, cols
}
