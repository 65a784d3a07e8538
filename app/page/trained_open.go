package page

import "github.com/attnviz/attnviz/app/state"

// badProbeToLearn opens the Learn view instead of the view a trained=1
// link asks for, when the link's probe is what the model rejects (a word
// the task does not know, too long, empty): the probe box there names the
// problem and takes the fix, and its buttons lead back. It reports whether
// it did.
func (p *Page) badProbeToLearn() bool {
	tr := p.res.Training
	if !p.state.TrainedOn() || tr == nil || tr.Task == nil || tr.ProbeProblem.Key == "" {
		return false
	}
	p.state.View, p.state.Step, p.state.Cell = state.LearnViewID, "", state.CellRef{}
	p.update()
	return true
}
