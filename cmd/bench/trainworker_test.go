package main

import (
	"context"
	"testing"
)

// TestTrainWorkerInChromium builds the page's trainer and trains reverse in
// it in Chromium as the bench does: both runs reach the target, and the
// two-worker runs share steps (at least their first 10), the one-worker
// runs none.
func TestTrainWorkerInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the trainer and runs Chromium")
	}
	chromium, err := findChromium("")
	if err != nil {
		t.Skip(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	if err := buildTrainWorker(ctx, "../..", dir); err != nil {
		t.Fatal(err)
	}
	lines, err := runWasmChromium(ctx, chromium, dir, []string{"-tasks", "reverse"})
	got, err := runnerLines(lines, err, parseTrainLines)
	if err != nil {
		t.Fatal(err)
	}
	r := got["reverse"]
	t.Logf("%+v", r)
	if r.Error != "" || r.TargetSteps == 0 || r.NsPerStep <= 0 || r.Accuracy < 0.99 {
		t.Errorf("reverse in the page's trainer: %+v", r)
	}
	if r.PairedSteps < 2*10 || r.PeerNsPerStep <= 0 || r.SoloNsPerStep <= 0 {
		t.Errorf("%d of %d steps shared by the two workers (at least each run's first 10), the other's half %v ns, one worker %v ns a step", r.PairedSteps, 2*r.TargetSteps, r.PeerNsPerStep, r.SoloNsPerStep)
	}
}
