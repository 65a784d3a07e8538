package model

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestStackedMatchesPasses checks, for every task, that one stacked
// forward and backward pass of a batch gives the loss and the gradients of
// running each sequence through Forward and backprop in turn, on weights
// scaled up so that no softmax is near uniform: to rounding, since the
// stacked pass computes the first layer by table (tables.go), within
// 1e-11 of each parameter's largest gradient (seen: 3e-13).
func TestStackedMatchesPasses(t *testing.T) {
	for _, task := range Tasks() {
		t.Run(task.Name, func(t *testing.T) {
			m := New(task.Arch, 4)
			for _, p := range m.Params() {
				p.M.Scale(3, p.M)
			}
			r := rand.New(rand.NewPCG(1, 2))
			batch := make([]Example, 7)
			count := 0
			for i := range batch {
				task.trainingExample(r, &batch[i])
				for _, y := range batch[i].Targets {
					if y >= 0 {
						count++
					}
				}
			}
			scale := 1 / float64(count)
			want, wantLoss := newZero(task.Arch), 0.0
			var p refPass
			for _, ex := range batch {
				m.Forward(&p.Pass, ex.Tokens)
				l, _ := p.crossEntropy(ex.Targets, scale)
				wantLoss += l
				m.backprop(&p, want)
			}
			s := newStacked(task.Arch, len(batch))
			got := newZero(task.Arch)
			s.forward(m, batch)
			gotLoss := s.lossAndGrad(batch, scale)
			s.backward(m, batch, got)
			if math.Abs(gotLoss-wantLoss) > 1e-12*math.Abs(wantLoss) {
				t.Errorf("loss %v, sequence by sequence %v", gotLoss, wantLoss)
			}
			gp := got.Params()
			for k, w := range want.Params() {
				g, wd := gp[k].M.RawMatrix().Data, w.M.RawMatrix().Data
				largest := 0.0
				for _, v := range wd {
					largest = max(largest, math.Abs(v))
				}
				nonzero := 0
				for i := range wd {
					if math.Abs(g[i]-wd[i]) > 1e-11*largest || (g[i] == 0) != (wd[i] == 0) {
						t.Fatalf("%s[%d]: stacked %v, sequence by sequence %v", w.Name, i, g[i], wd[i])
					}
					if wd[i] != 0 {
						nonzero++
					}
				}
				if nonzero == 0 && w.Name != "pos" {
					t.Errorf("%s: every gradient is 0", w.Name)
				}
			}
		})
	}
}

// TestStepAllocatesNothing checks that a training step, once the buffers
// have grown to the task's longest batch, allocates (almost) nothing: the
// batch's examples, passes and gradients reuse their storage.
func TestStepAllocatesNothing(t *testing.T) {
	for _, task := range Tasks() {
		tr, err := NewTrainer(Config{Task: task.Name, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if err := tr.Step(); err != nil {
				t.Fatal(err)
			}
		}
		allocs := testing.AllocsPerRun(20, func() {
			if err := tr.Step(); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 1 {
			t.Errorf("%s: %.1f allocations per step, want at most 1", task.Name, allocs)
		}
	}
}
