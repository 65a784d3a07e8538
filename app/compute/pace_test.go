package compute

import (
	"testing"
	"time"
)

// TestTrainingPace checks that a run at 10 steps a second takes one step
// a slice and then waits about a tenth of a second for the next, that a
// run at full speed fills its slice, and that retraining to a link's step
// count, with training off, is not paced.
func TestTrainingPace(t *testing.T) {
	var c Computer
	s := learnState("reverse", 1)
	s.Pace = 10
	c.Update(s, NeedTraining)
	if !c.SetTraining(s, true) {
		t.Fatal("training does not start")
	}
	c.TrainSlice(s, time.Second) // step 0's accuracy, measured alone
	if got := c.TrainSlice(s, time.Second); got != 1 {
		t.Fatalf("the first slice of steps at 10 steps a second reaches step %d, want 1", got)
	}
	if got := c.TrainSlice(s, time.Second); got != 1 {
		t.Errorf("a second slice at once reaches step %d, want 1: the pace holds it", got)
	}
	if w := c.TrainWait(s); w < 50*time.Millisecond || w > 100*time.Millisecond {
		t.Errorf("the next step waits %v, want about 100 ms", w)
	}

	s.Pace = 0 // as fast as it can: the slice runs to the next measure
	if got := c.TrainSlice(s, time.Second); got != 10 {
		t.Errorf("a slice at full speed reaches step %d, want 10", got)
	}
	if w := c.TrainWait(s); w != 0 {
		t.Errorf("at full speed the next slice waits %v", w)
	}

	var r Computer // retraining to a link's 12 steps, at a pace of 2 a second
	l := learnState("reverse", 1)
	l.Pace, l.Steps = 2, 12
	if tr := trainTo(t, &r, &l); tr.Step != 12 {
		t.Errorf("retraining to the link's step: step %d, want 12", tr.Step)
	}
}

// TestWorkerRequestPace checks that the worker is asked for the state's
// pace while training runs, and for none while it retrains to a link.
func TestWorkerRequestPace(t *testing.T) {
	var c Computer
	c.UseWorker()
	s := learnState("reverse", 1)
	s.Pace, s.Steps = 30, 5
	c.Update(s, NeedTraining)
	if r, _ := c.WorkerRequest(s); r.Pace != 0 || r.Goal != 5 {
		t.Errorf("retraining to the link's step: request %+v, want goal 5 and no pace", r)
	}
	c.SetTraining(s, true)
	r, changed := c.WorkerRequest(s)
	if !changed || r.Pace != 30 || r.Goal != s.TaskUntil() {
		t.Errorf("training: request %+v (changed %v), want pace 30 and goal %d", r, changed, s.TaskUntil())
	}
}
