package train

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention/model"
)

func TestExport(t *testing.T) {
	s, err := Export("induction", 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := model.NewTrainer(model.Config{Task: "induction", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Params["layers.1.wq"][2][5], tr.Model.Layers[1].Wq.At(2, 5); got != want {
		t.Errorf("initial layers.1.wq[2][5] = %v, want the trainer's %v", got, want)
	}
	if len(s.Params) != len(tr.Model.Params()) || s.Arch.Layers != 2 || s.Arch.DV != s.Arch.DModel/s.Arch.Heads || !s.Arch.Causal {
		t.Errorf("params %d, arch %+v", len(s.Params), s.Arch)
	}
	if len(s.Batches) != 4 || len(s.Losses) != 4 {
		t.Fatalf("%d batches, %d losses, want 4", len(s.Batches), len(s.Losses))
	}
	for i := range 4 {
		if err := tr.Step(); err != nil {
			t.Fatal(err)
		}
		b := tr.Batch()
		if len(b) != len(s.Batches[i]) || tr.Loss() != s.Losses[i] || !slices.Equal(b[len(b)-1].Tokens, s.Batches[i][len(b)-1].Tokens) {
			t.Errorf("step %d: %d sequences, loss %v; the trainer drew %d, loss %v", i, len(s.Batches[i]), s.Losses[i], len(b), tr.Loss())
		}
	}
	if _, err := Export("nosuchtask", 1, 4); err == nil || !strings.Contains(err.Error(), "unknown task") {
		t.Errorf("unknown task: %v", err)
	}
}

// TestPeerSelftest runs bench/train_peer.py --selftest on two tasks'
// exports (one causal, one not, one of them two layers of four heads):
// its float64 losses, in both forms of the first layer, must match Go's to
// 1e-9. Skipped without PyTorch.
func TestPeerSelftest(t *testing.T) {
	python := "/usr/bin/python3"
	if exec.Command(python, "-c", "import torch").Run() != nil {
		t.Skip("PyTorch is not installed for " + python + " (bench/setup.sh installs it)")
	}
	dir := t.TempDir()
	var files []string
	for _, task := range []string{"reverse", "coreference"} {
		s, err := Export(task, 1, 12)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, task+".json"))
		if err := os.WriteFile(files[len(files)-1], b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(python, append([]string{"../train_peer.py", "--selftest"}, files...)...).CombinedOutput()
	if err != nil || strings.Count(string(out), ": ok") != 4 || strings.Count(string(out), "(tables)") != 2 {
		t.Errorf("train_peer.py --selftest: %v\n%s", err, out)
	}
}

func TestMeasure(t *testing.T) {
	r := Measure("reverse", 1, 3)
	task, _ := model.Lookup("reverse")
	if r.Error != "" || r.TargetSteps == 0 || r.TargetSteps != r.Steps || r.Steps%CheckEvery != 0 || r.Accuracy < task.Target {
		t.Errorf("reverse: %+v", r)
	}
	if r.NsPerStep <= 0 || r.TargetNs <= 0 || (runtime.GOOS == "linux" && r.CPUNsPerStep <= 0) {
		t.Errorf("reverse: times missing: %+v", r)
	}
	// Three warm samples, the time per step their middle one.
	if len(r.NsSamples) != 3 || r.NsPerStep != slices.Sorted(slices.Values(r.NsSamples))[1] {
		t.Errorf("reverse: %v ns a step from the samples %v, want their median of 3", r.NsPerStep, r.NsSamples)
	}
	if runtime.GOOS == "linux" && (len(r.CPUSamples) != 3 || r.CPUNsPerStep != slices.Sorted(slices.Values(r.CPUSamples))[1]) {
		t.Errorf("reverse: CPU %v ns a step from the samples %v, want their median of 3", r.CPUNsPerStep, r.CPUSamples)
	}
	if r := Measure("reverse", 1, 0); len(r.NsSamples) != 1 {
		t.Errorf("0 samples asked: %d taken, want at least 1", len(r.NsSamples))
	}
	if r := Measure("nosuchtask", 1, 3); !strings.Contains(r.Error, "unknown task") || len(r.NsSamples) != 0 {
		t.Errorf("unknown task: %+v", r)
	}
}

func TestMedian(t *testing.T) {
	xs := []float64{5, 1, 4}
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{{xs, 4}, {[]float64{3, 1, 4, 2}, 2.5}, {[]float64{7}, 7}, {nil, 0}} {
		if got := Median(tc.xs); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
	if !slices.Equal(xs, []float64{5, 1, 4}) {
		t.Errorf("Median sorted its argument: %v", xs)
	}
}

// TestSummarize: each time per step with samples becomes their median; one
// without keeps its value.
func TestSummarize(t *testing.T) {
	r := Result{NsPerStep: 9, NsSamples: []float64{3, 1, 2}, CPUNsPerStep: 7}
	r.Summarize()
	if r.NsPerStep != 2 || r.CPUNsPerStep != 7 {
		t.Errorf("Summarize: %+v", r)
	}
	r = Result{NsPerStep: 9, CPUSamples: []float64{4, 6}}
	r.Summarize()
	if r.NsPerStep != 9 || r.CPUNsPerStep != 5 {
		t.Errorf("Summarize: %+v", r)
	}
}

// TestPeerSamples: train_peer.py --repeat 3 times three trainings after an
// untimed one, and its time per step is their median. Skipped without
// PyTorch.
func TestPeerSamples(t *testing.T) {
	python := "/usr/bin/python3"
	if exec.Command(python, "-c", "import torch").Run() != nil {
		t.Skip("PyTorch is not installed for " + python + " (bench/setup.sh installs it)")
	}
	s, err := Export("previous", 2, 6)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "previous.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(python, "../train_peer.py", "--dtype", "float32", "--repeat", "3", file).Output()
	var got struct {
		Results []struct {
			Steps      int       `json:"steps"`
			NsSamples  []float64 `json:"ns_samples"`
			CPUSamples []float64 `json:"cpu_samples"`
			NsPerStep  float64   `json:"ns_per_step"`
		} `json:"results"`
	}
	if err != nil || json.Unmarshal(out, &got) != nil || len(got.Results) != 1 {
		t.Fatalf("train_peer.py --repeat 3: %v\n%s", err, out)
	}
	r := got.Results[0]
	if r.Steps != 6 || len(r.NsSamples) != 3 || len(r.CPUSamples) != 3 || r.NsPerStep != Median(r.NsSamples) || r.NsPerStep <= 0 {
		t.Errorf("train_peer.py --repeat 3: %+v", r)
	}
}
