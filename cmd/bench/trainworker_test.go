package main

import (
	"context"
	"testing"
)

// TestTrainWorkerInChromium builds the page's trainer and trains reverse
// and induction (a task that Shares natively) in it in Chromium as the
// bench does, two samples each: every run reaches the target; each task
// has its two samples, its time per step their median.
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
		if s := r.NsSamples; len(s) != 2 || r.NsPerStep <= 0 || r.NsPerStep != (s[0]+s[1])/2 {
			t.Errorf("%s: %v ns a step from the samples %v, want their median of 2", task, r.NsPerStep, s)
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
