package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/bench/train"
)

func TestParseTrainLines(t *testing.T) {
	lines := []string{
		"go: some noise",
		`{"task":"reverse","steps":70,"ns_per_step":500000,"target_steps":70,"target_ns":40000000,"accuracy":1}`,
		`{"task":"sort","steps":1500,"ns_per_step":2000000,"accuracy":0.5,"error":"below the target"}`,
	}
	got, done := parseTrainLines(lines)
	if done || len(got) != 2 || got["reverse"].TargetSteps != 70 || got["sort"].Error != "below the target" {
		t.Errorf("without done: %+v, %v", got, done)
	}
	if _, err := runnerLines(lines, nil, parseTrainLines); err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Errorf("runnerLines: %v without done", err)
	}
	if got, err := runnerLines(append(lines, `{"done":true}`), nil, parseTrainLines); err != nil || got["reverse"].NsPerStep != 500000 {
		t.Errorf("runnerLines: %+v, %v", got, err)
	}
	if _, err := runnerLines(nil, errors.New("node is not installed"), parseTrainLines); err == nil || err.Error() != "node is not installed" {
		t.Errorf("runnerLines with an error: %v", err)
	}
}

// trainSample has reverse measured everywhere, and sort missing in places.
func trainSample() *results {
	r := &results{only: []string{"train"}, train: [5]trainings{{}, {}, {}, {}, {}}}
	rev := func(ns, targetNs float64) train.Result {
		return train.Result{Task: "reverse", Steps: 70, NsPerStep: ns, TargetSteps: 70, TargetNs: targetNs, Accuracy: 1}
	}
	native := rev(400e3, 40e6)
	native.NsSamples, native.CPUSamples = []float64{390e3, 400e3, 1.2e6}, []float64{150e3, 140e3, 160e3}
	native.Summarize()
	r.recordTraining(r.train[0], trainings{"reverse": native}, nil, "training in native Go", "reverse")
	r.recordTraining(r.train[1], trainings{"reverse": rev(500e3, 50e6)}, nil, "training in native pure Go", "reverse")
	r.recordTraining(r.train[2], nil, errors.New("node is not installed"), "training in wasm in Node", "reverse")
	chromium := rev(2e6, 12e9)
	r.recordTraining(r.train[3], trainings{"reverse": chromium}, nil, "training in wasm in Chromium", "reverse")
	r.recordTraining(r.train[3], trainings{"sort": {Task: "sort", Steps: 1500, NsPerStep: 3e6, Error: "accuracy 0.5 after the budget"}}, nil, "training in wasm in Chromium", "sort")
	ind := func(ns float64) trainings {
		return trainings{"induction": {Task: "induction", Steps: 300, NsPerStep: ns, TargetSteps: 300, TargetNs: 300 * ns, Accuracy: 1}}
	}
	r.recordTraining(r.train[1], ind(600e3), nil, "training in native pure Go", "induction")
	r.recordTraining(r.train[3], ind(2.4e6), nil, "training in wasm in Chromium", "induction")
	r.recordTraining(r.train[onOneThread], ind(1e6), nil, "training in native pure Go on one thread", "induction")
	f := func(xs ...float64) map[string]train.Result {
		return map[string]train.Result{"reverse": {NsSamples: xs, NsPerStep: train.Median(xs)}}
	}
	r.torch = torchTraining{ns: [2]map[string]train.Result{f(1.6e6), f(1.1e6, 1e6, 0.9e6)}, cpu: [2]map[string]train.Result{f(0.4e6), f(0.3e6)},
		err: [2]map[string]string{{}, {"sort": "torch crashed"}}}
	return r
}

func TestTrainingRows(t *testing.T) {
	r := trainSample()
	rows := r.Rows()
	want := 0
	for _, task := range train.Tasks() {
		want += 8
		if sharesHalves(task) {
			want++ // wasm against pure Go on one thread and on two goroutines
		}
	}
	if len(rows) != want || want == 8*len(train.Tasks()) {
		t.Errorf("%d rows, want %d: 8 a task, 9 for a two-layer task", len(rows), want)
	}
	for _, tc := range []struct{ figure, measured, compared, ratio, target, result string }{
		// The median of 0.39, 0.4 and 1.2 ms against PyTorch float32's median
		// of 0.9, 1 and 1.1 ms: 0.4× meets 0.5×; each with its range.
		{"time per step, reverse, native Go (one goroutine)", "400 µs (median of 3, 390 µs–1.20 ms; 2500 steps/s)", "PyTorch float32 1.00 ms (median of 3, 900 µs–1.10 ms); float64 1.60 ms", "0.40×", "≤ 0.5×", Pass},
		// CPU time, with no target: 150 µs against 300 µs.
		{"CPU time per step, reverse, native Go (one goroutine)", "150 µs (median of 3, 140–160 µs)", "PyTorch float32 300 µs; float64 400 µs", "0.50×", "", ""},
		{"time per step, reverse, native pure Go (-tags purego, one goroutine)", "500 µs (2000 steps/s)", "PyTorch float32 1.00 ms (median of 3, 900 µs–1.10 ms); float64 1.60 ms", "0.50×", "", ""},
		{"time per step, reverse, wasm in Node (one thread)", "node is not installed", "native 400 µs (median of 3, 390 µs–1.20 ms; 2500 steps/s)", "", "", ""},
		// 2 ms against 1 ms: 2× misses 1.0×; against pure Go's 0.5 ms, 4× misses 3×.
		{"time per step, reverse, wasm in Chromium (the page's one worker)", "2.00 ms (500 steps/s)", "PyTorch float32 1.00 ms (median of 3, 900 µs–1.10 ms); float64 1.60 ms", "2.00×", "≤ 1.0×", Miss},
		{"time per step, reverse, wasm in Chromium vs native pure Go", "2.00 ms (500 steps/s)", "native pure Go 500 µs (2000 steps/s)", "4.00×", "≤ 3×", Miss},
		{"time to the target, reverse, native Go", "40.0 ms (70 steps)", "PyTorch float32 70.0 ms; float64 112 ms, × Go's 70 steps", "0.57×", "", ""},
		// 12 s misses reverse's 10 s.
		{"time to the target, reverse, wasm in Chromium", "12.0 s (70 steps)", "native 40.0 ms (70 steps)", "300×", "≤ 10 s", Miss},
		{"time per step, sort, wasm in Chromium (the page's one worker)", "3.00 ms (333 steps/s)", "PyTorch float32: torch crashed", "", "≤ 1.0×", NA},
		{"time to the target, sort, wasm in Chromium", "accuracy 0.5 after the budget", "native: not measured", "", "≤ 30 s", NA},
		{"time per step, sort, native Go (one goroutine)", "not measured", "PyTorch float32: torch crashed", "", "≤ 0.5×", NA},
		// A two-layer task: two goroutines natively, the page's one worker in Chromium.
		{"time per step, induction, native Go (two goroutines)", "not measured", "PyTorch float32: not measured", "", "≤ 0.5×", NA},
		{"time per step, induction, wasm in Chromium (the page's one worker)", "2.40 ms (417 steps/s)", "PyTorch float32: not measured", "", "≤ 1.0×", NA},
		// Its ≤ 3× is judged against pure Go on one thread; two goroutines beside, no target.
		{"time per step, induction, wasm in Chromium vs native pure Go on one thread (GOMAXPROCS=1: the code path of wasm's one thread)", "2.40 ms (417 steps/s)", "native pure Go, one thread 1.00 ms (1000 steps/s)", "2.40×", "≤ 3×", Pass},
		{"time per step, induction, wasm in Chromium vs native pure Go on two goroutines", "2.40 ms (417 steps/s)", "native pure Go 600 µs (1667 steps/s)", "4.00×", "", ""},
	} {
		row := findExact(t, rows, tc.figure)
		if row.Measured != tc.measured || row.Compared != tc.compared || row.Ratio != tc.ratio || row.Target != tc.target || row.Result != tc.result {
			t.Errorf("%s:\n got %+v\nwant %q / %q / %q / %q / %q", tc.figure, row, tc.measured, tc.compared, tc.ratio, tc.target, tc.result)
		}
	}
	if len(r.problems) != 2 || !strings.Contains(strings.Join(r.problems, "\n"), "wasm in Node reverse: node is not installed") {
		t.Errorf("problems: %q", r.problems)
	}
}

// findExact returns the row whose figure is figure.
func findExact(t *testing.T, rows []Row, figure string) Row {
	t.Helper()
	for _, r := range rows {
		if r.Figure == figure {
			return r
		}
	}
	t.Fatalf("no row %q", figure)
	return Row{}
}

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{1.52e6, 1.41e6, 1.7e6, 1.5e6, 1.6e6}, "median of 5, 1.41–1.70 ms; "},
		{[]float64{980e3, 1.2e6}, "median of 2, 980 µs–1.20 ms; "},
		{[]float64{1.5e6}, ""},
		{nil, ""},
	} {
		if got := spread(tc.xs, "; "); got != tc.want {
			t.Errorf("spread(%v) = %q, want %q", tc.xs, got, tc.want)
		}
	}
}
