package main

import (
	"context"
	"testing"
)

// TestTrainWorkerInChromium builds the page's trainer and trains reverse
// and induction in it in Chromium as the bench does, two samples of each
// way: every run reaches the target; each way has its two samples, its
// time per step their median; the pair runs share every step, the page's
// own runs of reverse (a task that does not Share) none.
func TestTrainWorkerInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the trainer and runs Chromium")
	}
	ctx := context.Background()
	chromium, dir := builtTrainWorker(ctx, t)
	lines, err := runWasmChromium(ctx, chromium, dir, []string{"-tasks", "reverse,induction", "-samples", "2"})
	got, err := runnerLines(lines, err, parseTrainLines)
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range []string{"reverse", "induction"} {
		r := got[task]
		t.Logf("%s: %+v", task, r)
		// TargetSteps: the first run reached the target; Accuracy is the
		// warm run's last check, which may sit after it and below.
		if r.Error != "" || r.TargetSteps == 0 || r.Accuracy <= 0 {
			t.Errorf("%s in the page's trainer: %+v", task, r)
		}
		for _, w := range []struct {
			name    string
			samples []float64
			median  float64
		}{{"page", r.NsSamples, r.NsPerStep}, {"solo", r.SoloSamples, r.SoloNsPerStep}, {"pair", r.PairSamples, r.PairNsPerStep}} {
			if len(w.samples) != 2 || w.median <= 0 || w.median != (w.samples[0]+w.samples[1])/2 {
				t.Errorf("%s, %s: %v ns a step from the samples %v, want their median of 2", task, w.name, w.median, w.samples)
			}
		}
		if r.PairedSteps != 2*r.TargetSteps || r.PeerNsPerStep <= 0 || r.OwnNsPerStep <= 0 {
			t.Errorf("%s: %d steps shared in the pair runs, want all %d; the halves took %v and %v ns", task, r.PairedSteps, 2*r.TargetSteps, r.OwnNsPerStep, r.PeerNsPerStep)
		}
	}
}

// builtTrainWorker returns the Chromium to run and a directory with the
// page's trainer built into it; it skips the test where there is no
// Chromium.
func builtTrainWorker(ctx context.Context, t *testing.T) (chromium, dir string) {
	t.Helper()
	chromium, err := findChromium("")
	if err != nil {
		t.Skip(err)
	}
	dir = t.TempDir()
	if err := buildTrainWorker(ctx, "../..", dir); err != nil {
		t.Fatal(err)
	}
	return chromium, dir
}
