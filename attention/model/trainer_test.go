package model

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestTasksReachTargets trains every task from seed 1 for its step budget and
// checks the held-out accuracy and the share of held-out sequences whose
// attention shows the task's pattern.
func TestTasksReachTargets(t *testing.T) {
	for _, task := range Tasks() {
		t.Run(task.Name, func(t *testing.T) {
			if testing.Short() && task.Arch.Layers > 1 {
				t.Skip("two-layer tasks take several seconds")
			}
			tr, err := NewTrainer(Config{Task: task.Name, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			for tr.Steps() < task.Steps {
				if err := tr.Step(); err != nil {
					t.Fatal(err)
				}
			}
			acc, pat := tr.Accuracy(), tr.PatternShare()
			t.Logf("%s after %d steps: loss %.4f, held-out accuracy %.4f, pattern in %.3f of held-out sequences", task.Name, tr.Steps(), tr.Loss(), acc, pat)
			if acc < task.Target {
				t.Errorf("held-out accuracy %.4f < target %.2f", acc, task.Target)
			}
			if pat < task.PatternTarget {
				t.Errorf("pattern in %.3f of held-out sequences < %.2f", pat, task.PatternTarget)
			}
		})
	}
}

// TestUntrainedMissesTargets checks that the targets mean something: an
// untrained model reaches neither.
func TestUntrainedMissesTargets(t *testing.T) {
	for _, task := range Tasks() {
		tr, err := NewTrainer(Config{Task: task.Name, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if acc, pat := tr.Accuracy(), tr.PatternShare(); acc >= task.Target || pat >= task.PatternTarget {
			t.Errorf("%s untrained: accuracy %.3f, pattern %.3f", task.Name, acc, pat)
		}
	}
}

// TestSameSeedSameBits checks that training is a function of the task,
// seed, learning rate and steps.
func TestSameSeedSameBits(t *testing.T) {
	export := func(seed int64, lr float64) []byte {
		tr, err := NewTrainer(Config{Task: "induction", Seed: seed, LR: lr})
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if err := tr.Step(); err != nil {
				t.Fatal(err)
			}
		}
		b, err := tr.Export()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := export(7, 0), export(7, 0)
	if !bytes.Equal(a, b) {
		t.Fatal("two runs with seed 7 export different bytes")
	}
	if bytes.Equal(a, export(8, 0)) {
		t.Error("seeds 7 and 8 export the same bytes")
	}
	if bytes.Equal(a, export(7, 0.001)) {
		t.Error("learning rates 0.005 and 0.001 export the same bytes")
	}
}

func TestNewTrainerErrors(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Task: "parity"}, `unknown task "parity": the tasks are previous, reverse, sort, induction, coreference`},
		{Config{Task: "reverse", LR: -1}, "learning rate -1"},
		{Config{Task: "reverse", LR: math.NaN()}, "learning rate NaN"},
		{Config{Task: "reverse", LR: 11}, "at most 10"},
	} {
		_, err := NewTrainer(c.cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.cfg, err, c.want)
		}
	}
}

// TestLearningRateTooLarge checks that a learning rate far too large is
// caught as divergence within a few steps, though the loss stays finite.
func TestLearningRateTooLarge(t *testing.T) {
	tr, err := NewTrainer(Config{Task: "reverse", Seed: 1, LR: 10})
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if err = tr.Step(); err != nil {
			break
		}
	}
	var d *DivergedError
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "lower the learning rate (now 10), for example to 1") {
		t.Fatalf("after %d steps: %v, want a DivergedError", tr.Steps(), err)
	}
	if math.IsNaN(d.Loss) || d.Loss < divergeFactor*math.Log(10) {
		t.Errorf("diverged with loss %v", d.Loss)
	}
}

// TestDivergence checks that a loss that is no longer finite stops training
// with an error that says to lower the learning rate.
func TestDivergence(t *testing.T) {
	tr, err := NewTrainer(Config{Task: "reverse", Seed: 1, LR: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Step(); err != nil {
		t.Fatal(err)
	}
	before := tr.Model.Unemb.At(0, 0)
	tr.Model.Emb.Set(0, 0, math.Inf(1)) // what an exploding update leaves
	err = tr.Step()
	var d *DivergedError
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "lower the learning rate (now 0.5)") {
		t.Fatalf("Step: %v, want a DivergedError saying to lower the learning rate", err)
	}
	if tr.Steps() != 1 || tr.Model.Unemb.At(0, 0) != before {
		t.Errorf("the diverged step counted or updated: step %d", tr.Steps())
	}
	if d.Step != 2 || !strings.Contains(err.Error(), "diverged at step 2") {
		t.Errorf("the error names step %d (%v), want the second, whose loss diverged", d.Step, err)
	}
	if err2 := tr.Step(); err2 != err {
		t.Errorf("next Step: %v, want the same error", err2)
	}
	if _, err := tr.Export(); err == nil {
		t.Error("Export after divergence: no error")
	}
}
