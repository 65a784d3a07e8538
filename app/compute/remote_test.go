package compute

import (
	"testing"

	"github.com/attnviz/attnviz/attention/model"
)

// params returns every parameter of m, as a worker sends them.
func params(m *model.Model) []float64 {
	var xs []float64
	for _, p := range m.Params() {
		r, c := p.M.Dims()
		for i := range r {
			xs = append(xs, p.M.RawRowView(i)[:c]...)
		}
	}
	return xs
}

// TestWorkerAnswers plays a worker with a Trainer of its own: the learner
// asks for the run and the goal, shows the worker's weights on the probe
// and its export, and drops an answer of an earlier run.
func TestWorkerAnswers(t *testing.T) {
	var c Computer
	c.UseWorker()
	s := learnState("reverse", 5)
	s.Steps = 15
	c.Update(s, NeedTraining)
	if c.TrainPending(s) {
		t.Fatal("TrainPending with a worker: the page would train as well")
	}
	r, changed := c.WorkerRequest(s)
	if !changed || r.Task != "reverse" || r.Seed != 5 || r.LR != s.LR || r.Goal != 15 {
		t.Fatalf("request %+v (changed %v)", r, changed)
	}
	if _, again := c.WorkerRequest(s); again {
		t.Error("the same request twice")
	}
	w, _ := model.NewTrainer(model.Config{Task: r.Task, Seed: r.Seed, LR: r.LR})
	var losses []float64
	for range 15 {
		if err := w.Step(); err != nil {
			t.Fatal(err)
		}
		losses = append(losses, w.Loss())
	}
	export, _ := w.Export()
	c.WorkerAnswer(s, WorkerAnswer{Gen: r.Gen, Step: 10, Params: params(w.Model)}) // on the way: no export
	if tr := c.Update(s, NeedTraining).Training; tr.CanExport {
		t.Error("CanExport at step 10 of a worker's run, which sent no model")
	}
	c.WorkerAnswer(s, WorkerAnswer{Gen: r.Gen - 1, Step: 99}) // an earlier run's
	if got := c.WorkerAnswer(s, WorkerAnswer{Gen: r.Gen, Step: 15, Loss: w.Loss(), Losses: losses,
		Accs: []float64{15, w.Accuracy()}, Params: params(w.Model), Export: string(export)}); got != 15 {
		t.Fatalf("answer: step %d, want 15", got)
	}
	tr := c.Update(s, NeedTraining).Training
	want, _ := w.Probe(w.Task.Sample)
	if tr.Step != 15 || len(tr.Losses) != 15 || tr.Losses[14].Step != 15 || tr.Accuracy != w.Accuracy() {
		t.Errorf("training %d, %d losses (last at %d), accuracy %v", tr.Step, len(tr.Losses), tr.Losses[14].Step, tr.Accuracy)
	}
	if g, wv := tr.Now.Layers[0].Result.Heads[0].Weights.At(2, 5), want.Layers[0].Result.Heads[0].Weights.At(2, 5); g != wv {
		t.Errorf("probe weight %v, the worker's model gives %v", g, wv)
	}
	if js, err := tr.ModelJSON(); err != nil || js != string(export) || !tr.CanExport {
		t.Errorf("ModelJSON: %v (CanExport %v)", err, tr.CanExport)
	}
	c.WorkerAnswer(s, WorkerAnswer{Gen: r.Gen, Step: 15, Params: params(w.Model),
		Diverged: &model.DivergedError{Step: 15, LR: 0.01}})
	if tr = c.Update(s, NeedTraining).Training; tr.Problem.Key != "learn.diverged" || tr.CanExport {
		t.Errorf("after a divergence: %+v (CanExport %v)", tr.Problem, tr.CanExport)
	}
}

// TestWorkerAnswerOtherRun checks that a worker's answer, once the state
// asks for another run (the guided tour set its own task while the Learn
// view's run went on), gives the state no step count of that run.
func TestWorkerAnswerOtherRun(t *testing.T) {
	var c Computer
	c.UseWorker()
	s := learnState("sort", 5)
	s.Steps = 3000
	c.Update(s, NeedTraining)
	r, _ := c.WorkerRequest(s)
	tour := learnState("previous", 1)
	if got := c.WorkerAnswer(tour, WorkerAnswer{Gen: r.Gen, Step: 735}); got != tour.Steps {
		t.Errorf("an answer of sort's run gives the state of previous step %d, want its own %d", got, tour.Steps)
	}
}
