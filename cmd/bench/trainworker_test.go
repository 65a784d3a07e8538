package main

import (
	"context"
	"testing"
)

// TestTrainWorkerInChromium builds the page's trainer and trains reverse
// and induction in it in Chromium as the bench does: every run reaches the
// target; induction's two-worker runs share steps (at least their first
// 10), reverse's (a task that does not Share) none.
func TestTrainWorkerInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the trainer and runs Chromium")
	}
	ctx := context.Background()
	chromium, dir := builtTrainWorker(ctx, t)
	lines, err := runWasmChromium(ctx, chromium, dir, []string{"-tasks", "reverse,induction"})
	got, err := runnerLines(lines, err, parseTrainLines)
	if err != nil {
		t.Fatal(err)
	}
	for task, shared := range map[string]bool{"reverse": false, "induction": true} {
		r := got[task]
		t.Logf("%s: %+v", task, r)
		// TargetSteps: the first run reached the target; Accuracy is the
		// warm run's last check, which may sit after it and below.
		if r.Error != "" || r.TargetSteps == 0 || r.NsPerStep <= 0 || r.Accuracy <= 0 || r.SoloNsPerStep <= 0 {
			t.Errorf("%s in the page's trainer: %+v", task, r)
		}
		if shared && (r.PairedSteps < 2*10 || r.PeerNsPerStep <= 0) {
			t.Errorf("%s: %d of %d steps shared by the two workers (at least each run's first 10), the other's half %v ns a step", task, r.PairedSteps, 2*r.TargetSteps, r.PeerNsPerStep)
		}
		if !shared && r.PairedSteps != 0 {
			t.Errorf("%s: %d steps shared, want none (the task does not Share)", task, r.PairedSteps)
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
