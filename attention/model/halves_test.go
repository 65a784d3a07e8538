package model

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// exportAfter trains task from seed 1 for steps steps with step and returns
// the export.
func exportAfter(t *testing.T, tr *Trainer, steps int, step func() error) []byte {
	t.Helper()
	for range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	b, err := tr.Export()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newTestTrainer(t *testing.T, task string) *Trainer {
	t.Helper()
	tr, err := NewTrainer(Config{Task: task, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestHalvesSameBits checks that Step on two goroutines, Step on one, a
// worker computing both halves through StepHalf and OtherHalf, and two
// trainers that each compute one half and exchange them all hold the same
// parameters and losses, bit for bit.
func TestHalvesSameBits(t *testing.T) {
	for _, task := range []string{"reverse", "induction", "coreference"} {
		const steps = 12
		tr := newTestTrainer(t, task)
		want := exportAfter(t, tr, steps, tr.Step)

		serialHalves = true
		tr = newTestTrainer(t, task)
		serial := exportAfter(t, tr, steps, tr.Step)
		serialHalves = false
		if !bytes.Equal(serial, want) {
			t.Errorf("%s: Step on one goroutine exports other bytes than on two", task)
		}

		tr = newTestTrainer(t, task)
		alone := exportAfter(t, tr, steps, func() error {
			if _, _, err := tr.StepHalf(1); err != nil {
				return err
			}
			return tr.FinishStep(tr.OtherHalf())
		})
		if !bytes.Equal(alone, want) {
			t.Errorf("%s: StepHalf(1), OtherHalf, FinishStep export other bytes than Step", task)
		}

		a, b := newTestTrainer(t, task), newTestTrainer(t, task)
		exportAfter(t, a, steps, func() error { return exchange(a, b) })
		if got := exportAfter(t, b, 0, nil); !bytes.Equal(got, want) {
			t.Errorf("%s: the trainer of half B exports other bytes than Step", task)
		}
		if got := exportAfter(t, a, 0, nil); !bytes.Equal(got, want) {
			t.Errorf("%s: the trainer of half A exports other bytes than Step", task)
		}
		lead, follow := newTestTrainer(t, task), newTestTrainer(t, task)
		exportAfter(t, lead, steps, func() error { return stepWith(lead, follow) })
		if got := exportAfter(t, follow, 0, nil); !bytes.Equal(got, want) {
			t.Errorf("%s: a trainer following by StepWith exports other bytes than Step", task)
		}
		if math.Float64bits(a.Loss()) != math.Float64bits(tr.Loss()) || math.IsNaN(a.Loss()) {
			t.Errorf("%s: loss %v, Step's %v", task, a.Loss(), tr.Loss())
		}
	}
}

// exchange takes one step on a (half A) and b (half B), each with a copy of
// the other's gradients, as two workers do.
func exchange(a, b *Trainer) error {
	ga, la, err := a.StepHalf(0)
	if err != nil {
		return err
	}
	gb, lb, err := b.StepHalf(1)
	if err != nil {
		return err
	}
	ca, cb := append([]float64(nil), ga...), append([]float64(nil), gb...)
	if err := a.FinishStep(cb, lb); err != nil {
		return err
	}
	return b.FinishStep(ca, la)
}

// stepWith takes a step on lead, shared with follow on odd steps and
// followed by StepWith on even ones, as a worker's peer follows.
func stepWith(lead, follow *Trainer) error {
	if lead.Steps()%2 == 1 {
		return exchange(lead, follow)
	}
	if lead.Steps()%4 == 2 { // follow computed its half, then the step was not shared
		if _, _, err := follow.StepHalf(1); err != nil {
			return err
		}
	}
	if err := lead.Step(); err != nil {
		return err
	}
	return follow.StepWith(append([]float64(nil), lead.Gradient()...), lead.Loss())
}

// TestHalvesDiffer checks that the halves are what they say: each half's
// gradients are not zero and differ from the other's.
func TestHalvesDiffer(t *testing.T) {
	tr := newTestTrainer(t, "sort")
	ga, la, err := tr.StepHalf(0)
	if err != nil {
		t.Fatal(err)
	}
	ga = append([]float64(nil), ga...)
	gb, lb := tr.OtherHalf()
	if la <= 0 || lb <= 0 || la == lb {
		t.Errorf("losses of the halves %v and %v", la, lb)
	}
	if len(tr.halfBatch(0)) != 16 || len(tr.halfBatch(1)) != 16 {
		t.Errorf("halves of %d and %d sequences, want 16 and 16", len(tr.halfBatch(0)), len(tr.halfBatch(1)))
	}
	same, zero := 0, 0
	for i := range ga {
		if ga[i] == gb[i] {
			same++
		}
		if ga[i] == 0 {
			zero++
		}
	}
	if same == len(ga) || zero == len(ga) {
		t.Errorf("%d of %d gradients the same in both halves, %d zero", same, len(ga), zero)
	}
}

// TestFinishStepWrongLength checks that gradients of another model are an
// error, not a panic.
func TestFinishStepWrongLength(t *testing.T) {
	tr := newTestTrainer(t, "reverse")
	if _, _, err := tr.StepHalf(0); err != nil {
		t.Fatal(err)
	}
	err := tr.FinishStep(make([]float64, 3), 0)
	if err == nil || !strings.Contains(err.Error(), "have 3 numbers") {
		t.Errorf("FinishStep with 3 numbers: %v", err)
	}
	if tr.Steps() != 0 {
		t.Errorf("%d steps after a refused FinishStep", tr.Steps())
	}
}

// TestAccuracyCountsSplit checks that two parts' counts add up to the
// whole held-out set's, and give Accuracy's value.
func TestAccuracyCountsSplit(t *testing.T) {
	tr := newTestTrainer(t, "induction")
	for range 40 {
		if err := tr.Step(); err != nil {
			t.Fatal(err)
		}
	}
	r0, t0 := tr.AccuracyCounts(0, 2)
	r1, t1 := tr.AccuracyCounts(1, 2)
	r, all := tr.AccuracyCounts(0, 1)
	if r0+r1 != r || t0+t1 != all || t0 == 0 || t1 == 0 {
		t.Errorf("parts %d/%d and %d/%d, whole %d/%d", r0, t0, r1, t1, r, all)
	}
	want := tr.Accuracy()
	if got := tr.SetAccuracy(r0+r1, t0+t1); got != want || got <= 0 {
		t.Errorf("accuracy from the parts %v, Accuracy %v", got, want)
	}
}
