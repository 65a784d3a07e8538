package model

import (
	"testing"
	"time"
)

// BenchmarkStep times one optimizer step of each task's model (a batch's
// forward and backward passes and the AdamW update), with the batch's
// halves on two goroutines (where there are two cores) and on one.
func BenchmarkStep(b *testing.B) {
	for _, task := range Tasks() {
		for _, serial := range []bool{false, true} {
			name := task.Name + "/halves-on-two-goroutines"
			if serial {
				name = task.Name + "/halves-on-one"
			}
			b.Run(name, func(b *testing.B) { benchStep(b, task, serial) })
		}
	}
}

// benchStep times task's steps, its halves on one goroutine if serial.
func benchStep(b *testing.B, task *Task, serial bool) {
	serialHalves = serial
	defer func() { serialHalves = false }()
	tr, err := NewTrainer(Config{Task: task.Name, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if err := tr.Step(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
}

// BenchmarkTimeToTarget trains each task from seed 1 until its held-out
// accuracy, checked every 10 steps, reaches the target, and reports the
// steps and the training time it took (the checks are not timed). Run it
// with -benchtime=1x.
func BenchmarkTimeToTarget(b *testing.B) {
	for _, task := range Tasks() {
		b.Run(task.Name, func(b *testing.B) {
			var steps int
			var took time.Duration
			for range b.N {
				tr, err := NewTrainer(Config{Task: task.Name, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				took = 0
				for {
					if err := tr.Step(); err != nil {
						b.Fatal(err)
					}
					if tr.Steps()%10 != 0 {
						continue
					}
					took += time.Since(start)
					if tr.Accuracy() >= task.Target || tr.Steps() >= 4*task.Steps {
						break
					}
					start = time.Now()
				}
				steps = tr.Steps()
			}
			b.ReportMetric(float64(steps), "steps")
			b.ReportMetric(took.Seconds(), "s-to-target")
		})
	}
}
