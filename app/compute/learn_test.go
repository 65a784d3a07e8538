package compute

import (
	"bytes"
	"math"
	"testing"
	"time"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"
)

// learnState is the Learn view on task, at the task's learning rate.
func learnState(task string, seed int64) state.State {
	s := state.DefaultState(i18n.LangEN)
	s.View, s.Task, s.Seed, s.LR = state.LearnViewID, task, seed, 0
	s.Normalize()
	return s
}

// trainTo runs TrainSlice until nothing is pending, as the page's loop
// does, with slices long enough to overshoot a goal that slices did not
// respect.
func trainTo(t *testing.T, c *Computer, s *state.State) *Training {
	t.Helper()
	c.Update(*s, NeedTraining) // as the page does before it trains
	for i := 0; c.TrainPending(*s); i++ {
		if i > 10000 {
			t.Fatal("training does not end")
		}
		s.Steps = max(s.Steps, c.TrainSlice(*s, time.Second))
		c.Update(*s, NeedTraining)
	}
	return c.Update(*s, NeedTraining).Training
}

// TestTrainingRetrainsTheLink checks that a state asking for N steps
// trains to exactly the weights a Trainer has after N steps of the same
// run, and that fewer steps start again from step 0.
func TestTrainingRetrainsTheLink(t *testing.T) {
	var c Computer
	s := learnState("reverse", 4)
	s.Steps = 12
	tr := trainTo(t, &c, &s)
	ref, err := model.NewTrainer(model.Config{Task: "reverse", Seed: 4, LR: s.LR})
	if err != nil {
		t.Fatal(err)
	}
	for range 12 {
		if err := ref.Step(); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := ref.Export()
	got, err := tr.ModelJSON()
	if err != nil || got != string(want) || tr.Step != 12 || tr.Running {
		t.Fatalf("after a link's 12 steps: step %d, running %v, export equal %v (%v)", tr.Step, tr.Running, got == string(want), err)
	}
	if len(tr.Losses) != 12 || tr.Losses[11].Step != 12 || tr.Losses[11].Value != ref.Loss() {
		t.Errorf("loss curve %v, want 12 points ending at step 12 with the Trainer's loss %v", tr.Losses, ref.Loss())
	}
	if n := len(tr.Accuracies); n == 0 || tr.Accuracies[n-1].Step != 12 || tr.AccStep != 12 {
		t.Errorf("accuracy curve %v (at %d): want a measure at the step it stopped, 12", tr.Accuracies, tr.AccStep)
	}
	s.Steps = 5 // Reset, or a link with fewer steps
	if tr = trainTo(t, &c, &s); tr.Step != 5 || len(tr.Losses) != 5 {
		t.Errorf("fewer steps: step %d, %d losses; want 5 and 5, from step 0", tr.Step, len(tr.Losses))
	}
}

// TestTrainingRunsUntil checks that training turned on stops at Until,
// and cannot be turned on past it.
func TestTrainingRunsUntil(t *testing.T) {
	var c Computer
	s := learnState("previous", 1)
	s.Until = 7
	c.Update(s, NeedTraining)
	if !c.SetTraining(s, true) {
		t.Fatal("SetTraining(true) at step 0: off")
	}
	if tr := c.Update(s, NeedTraining).Training; !tr.Running || tr.Until != 7 {
		t.Errorf("running: %v until %d; want true, 7", tr.Running, tr.Until)
	}
	tr := trainTo(t, &c, &s)
	if tr.Step != 7 || tr.Running || s.Steps != 7 {
		t.Errorf("stopped at step %d (state %d), running %v; want 7, 7, false", tr.Step, s.Steps, tr.Running)
	}
	if c.SetTraining(s, true) {
		t.Error("SetTraining(true) at Until: on")
	}
}

// TestTrainingProbe checks the probe: the task's sample by default, the
// weights at step 0 beside the current ones, and a rejected probe named.
func TestTrainingProbe(t *testing.T) {
	var c Computer
	s := learnState("reverse", 2)
	tr := c.Update(s, NeedTraining).Training
	if tr.Now == nil || tr.Before == nil || len(tr.Now.Words) != 8 || tr.ProbeProblem.Key != "" {
		t.Fatalf("the sample probe: now %v, before %v, problem %+v", tr.Now, tr.Before, tr.ProbeProblem)
	}
	before := tr.Before.Layers[0].Result.Heads[0].Weights.At(3, 4)
	s.Steps = 20
	tr = trainTo(t, &c, &s)
	if got := tr.Before.Layers[0].Result.Heads[0].Weights.At(3, 4); got != before {
		t.Errorf("the weights at step 0 changed with training: %v, was %v", got, before)
	}
	if tr.Now.Layers[0].Result.Heads[0].Weights.At(3, 4) == before || tr.NowStep != 20 {
		t.Errorf("the weights now (step %d) are those of step 0", tr.NowStep)
	}
	for _, tc := range []struct {
		probe, key string
		arg        any
	}{
		{"a b zebra c", "learn.probe.unknown", "zebra"},
		{"A B Q", "learn.probe.unknown", "q"},
		{"   ", "learn.probe.empty", nil},
		{"a b c d e f g h a b", "learn.probe.long", 8},
	} {
		s.Probe = tc.probe
		tr = c.Update(s, NeedTraining).Training
		if tr.ProbeProblem.Key != tc.key || tr.ProbeProblem.Arg != tc.arg || tr.Now != nil {
			t.Errorf("probe %q: %+v, now %v; want %s %v and no charts", tc.probe, tr.ProbeProblem, tr.Now != nil, tc.key, tc.arg)
		}
	}
	s.Probe = "H G F E"
	if tr = c.Update(s, NeedTraining).Training; tr.Now == nil || len(tr.Now.Words) != 4 || tr.Now.Words[0] != "h" {
		t.Errorf("probe %q: %+v", s.Probe, tr.ProbeProblem)
	}
}

// TestTrainingDiverges checks that a run that diverges stops with the
// message of what to change, and that nothing it shows is NaN.
func TestTrainingDiverges(t *testing.T) {
	var c Computer
	s := learnState("coreference", 1)
	s.LR = 10 // diverges within a few dozen steps
	c.Update(s, NeedTraining)
	c.SetTraining(s, true)
	tr := trainTo(t, &c, &s)
	if tr.Problem.Key != "learn.diverged" || tr.Running {
		t.Fatalf("after training at lr 10: %+v, running %v; want learn.diverged, stopped", tr.Problem, tr.Running)
	}
	args, _ := tr.Problem.Arg.([]any)
	if len(args) != 3 || args[0] != tr.Step+1 || args[1] != "10" || args[2] != "1" {
		t.Errorf("message arguments %v, want step %d (the one after the last taken), 10, 1", args, tr.Step+1)
	}
	for _, p := range tr.Losses {
		if math.IsNaN(p.Value) || math.IsInf(p.Value, 0) {
			t.Errorf("loss curve: %v at step %d", p.Value, p.Step)
		}
	}
	if tr.Now == nil || !finiteProbe(tr.Now) {
		t.Error("the probe shown is not finite")
	}
	b, err := tr.Now.Layers[0].Result.MarshalJSON()
	if err != nil || bytes.Contains(b, []byte("NaN")) {
		t.Errorf("result JSON: %v", err)
	}
	if c.SetTraining(s, true) {
		t.Error("SetTraining(true) after divergence: on")
	}
}

// TestTrainingProbeInLanguage checks that coreference's probe starts as a
// sentence of the page's language.
func TestTrainingProbeInLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, first string }{{i18n.LangEN, "the"}, {i18n.LangZH, "动物"}} {
		var c Computer
		s := learnState("coreference", 1)
		s.Lang = tc.lang
		tr := c.Update(s, NeedTraining).Training
		if tr.Now == nil || tr.Now.Words[0] != tc.first {
			t.Errorf("%s: probe %+v, problem %+v; want a sentence starting %q", tc.lang, tr.Now, tr.ProbeProblem, tc.first)
		}
	}
}

// TestTrainingIsAValue checks that the Training an Update gave still says
// what it said after later Updates change the run (training started, steps
// taken), so that a view can tell the new one from the one it drew: it was
// once the same value changed in place.
func TestTrainingIsAValue(t *testing.T) {
	var c Computer
	s := learnState("previous", 1)
	s.Until = 3
	old := c.Update(s, NeedTraining).Training
	if old.Running || old.Step != 0 {
		t.Fatalf("at the start: running %v, step %d", old.Running, old.Step)
	}
	c.SetTraining(s, true)
	running := c.Update(s, NeedTraining).Training
	if !running.Running || old.Running {
		t.Errorf("after SetTraining(true): the new Training running %v, the one before %v; want true, false", running.Running, old.Running)
	}
	tr := trainTo(t, &c, &s)
	if tr.Step != 3 || old.Step != 0 || !running.Running || running.Step != 0 || old == tr {
		t.Errorf("after 3 steps: new step %d, the first %d, the running one step %d running %v; want 3, 0, 0, true",
			tr.Step, old.Step, running.Step, running.Running)
	}
}
