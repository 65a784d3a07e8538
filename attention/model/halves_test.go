package model

import (
	"bytes"
	"math"
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

// TestHalvesSameBits checks that Step with half B on a second goroutine
// and Step with both halves on one hold the same parameters and losses,
// bit for bit.
func TestHalvesSameBits(t *testing.T) {
	for _, task := range []string{"reverse", "induction", "coreference"} {
		const steps = 12
		tr := newTestTrainer(t, task)
		want := exportAfter(t, tr, steps, tr.Step)

		serialHalves = true
		serial := newTestTrainer(t, task)
		got := exportAfter(t, serial, steps, serial.Step)
		serialHalves = false
		if !bytes.Equal(got, want) {
			t.Errorf("%s: Step on one goroutine exports other bytes than on two", task)
		}
		if math.Float64bits(serial.Loss()) != math.Float64bits(tr.Loss()) || math.IsNaN(tr.Loss()) {
			t.Errorf("%s: loss %v on one goroutine, %v on two", task, serial.Loss(), tr.Loss())
		}
	}
}

// TestHalvesDiffer checks that the halves are what they say: 16 sequences
// each, and each half's gradients are not zero and differ from the other's.
func TestHalvesDiffer(t *testing.T) {
	tr := newTestTrainer(t, "sort")
	tr.draw()
	tr.runHalf(0)
	tr.runHalf(1)
	ga, gb := tr.halves[0].flat, tr.halves[1].flat
	if la, lb := tr.halves[0].loss, tr.halves[1].loss; la <= 0 || lb <= 0 || la == lb {
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
