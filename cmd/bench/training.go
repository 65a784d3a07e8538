package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/attnviz/attnviz/attention/model"
	"github.com/attnviz/attnviz/bench/train"
)

// trainRuntimes are where the trainer trains, in the order of
// results.train: bench/runtrain natively (a two-layer task's two halves on
// two goroutines) and in Node (one thread: both halves in turn), in
// Chromium the page's trainer, one Web Worker (buildTrainWorker), and pure
// Go with GOMAXPROCS=1 (both halves in turn, the code path wasm's one
// thread runs), for the tasks whose halves natively take two goroutines.
var trainRuntimes = [5]string{"native Go", "native pure Go", "wasm in Node", "wasm in Chromium", "native pure Go on one thread"}

// onOneThread is trainRuntimes' index of pure Go with GOMAXPROCS=1.
const onOneThread = 4

// trainings are one runtime's tasks trained to their targets, by task.
type trainings map[string]train.Result

// get returns task's result, or one that says it was not measured.
func (t trainings) get(task string) train.Result {
	if r, ok := t[task]; ok {
		return r
	}
	return train.Result{Task: task, Error: "not measured"}
}

// torchTraining is PyTorch training the same model on the same batches:
// its wall and CPU time per step by task, in float64 and float32
// (torchDtypes): the medians of its warm trainings' samples.
type torchTraining struct {
	about   string
	ns, cpu [2]map[string]train.Result // NsSamples, NsPerStep
	form    [2]map[string]string       // train_peer.py's faster form: "plain" or "tables"
	err     [2]map[string]string
}

var torchDtypes = [2]string{"float64", "float32"}

// parseTrainLines reads bench/runtrain's output, skipping lines that are not
// its JSON. It reports whether the final {"done":true} arrived.
func parseTrainLines(lines []string) (trainings, bool) {
	t, done := trainings{}, false
	for _, l := range lines {
		var r struct {
			train.Result
			Done bool `json:"done"`
		}
		if json.Unmarshal([]byte(strings.TrimSpace(l)), &r) != nil {
			continue
		}
		done = done || r.Done
		if r.Task != "" {
			r.Summarize()
			t[r.Task] = r.Result
		}
	}
	return t, done
}

// runCmd runs cmd (or returns err, why there is none) and returns its lines.
func runCmd(cmd *exec.Cmd, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return strings.Split(string(out), "\n"), fmt.Errorf("%s: %w: %s", filepath.Base(cmd.Path), err, lastLine(stderr.String()))
	}
	return strings.Split(string(out), "\n"), nil
}

// measureTraining trains every task to its target in each of
// trainRuntimes, then times PyTorch on the first steps' batches, one task
// after the other, so that a task's figures are taken at nearly the same
// moment of the machine.
func measureTraining(ctx context.Context, cfg config, b builds, res *results) {
	res.train = [5]trainings{{}, {}, {}, {}, {}}
	specs, torchPy, torchErr := filepath.Join(cfg.tmp, "train-specs"), "", error(nil)
	if err := os.MkdirAll(specs, 0o755); err != nil {
		torchErr = err
	} else if torchErr = b.trainNative.err; torchErr == nil {
		log.Print("training: exporting the first steps for PyTorch")
		_, torchErr = runCmd(exec.CommandContext(ctx, b.trainNative.path, "-export", specs, "-export-steps", fmt.Sprint(cfg.trainSteps)), nil)
	}
	if torchErr == nil {
		torchPy, torchErr = findPython(ctx, cfg.pythons, "torch")
	}
	res.torch = torchTraining{ns: [2]map[string]train.Result{{}, {}}, cpu: [2]map[string]train.Result{{}, {}},
		form: [2]map[string]string{{}, {}}, err: [2]map[string]string{{}, {}}}
	for _, task := range train.Tasks() {
		for i, rt := range trainRuntimes {
			if i == onOneThread && !sharesHalves(task) {
				continue // pure Go runs it on one goroutine anyway
			}
			log.Printf("training %s: %s", task, rt)
			lines, err := runTrainer(ctx, cfg, b, i, task)
			t, err := runnerLines(lines, err, parseTrainLines)
			res.recordTraining(res.train[i], t, err, "training in "+rt, task)
		}
		for i, dtype := range torchDtypes {
			err := torchErr
			if err == nil {
				log.Printf("training %s: PyTorch %s", task, dtype)
				err = res.torch.measure(ctx, cfg, torchPy, filepath.Join(specs, task+".json"), i)
			}
			if err != nil {
				res.torch.err[i][task] = res.note("PyTorch "+dtype+" training "+task, err)
			}
		}
	}
}

// runTrainer runs runtrain on task in trainRuntimes[i] and returns its lines.
func runTrainer(ctx context.Context, cfg config, b builds, i int, task string) ([]string, error) {
	args := []string{"-tasks", task, "-samples", fmt.Sprint(cfg.trainSamples)}
	switch i {
	case 0:
		return runCmd(exec.CommandContext(ctx, b.trainNative.path, args...), b.trainNative.err)
	case 1:
		return runCmd(exec.CommandContext(ctx, b.trainPure.path, args...), b.trainPure.err)
	case onOneThread:
		if b.trainPure.err != nil {
			return nil, b.trainPure.err
		}
		cmd := exec.CommandContext(ctx, b.trainPure.path, args...)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		return runCmd(cmd, nil)
	case 2:
		if b.trainWasm.err != nil {
			return nil, b.trainWasm.err
		}
		return runCmd(wasmNode(ctx, filepath.Join(b.trainWasm.path, "runner.wasm"), args))
	}
	switch {
	case b.trainWorker.err != nil:
		return nil, b.trainWorker.err
	case cfg.chromium == "":
		return nil, cfg.noChromium
	}
	return runWasmChromium(ctx, cfg.chromium, b.trainWorker.path, args)
}

// recordTraining puts task's result from got into into, noting why there is
// none or why it did not reach its target.
func (r *results) recordTraining(into, got trainings, err error, what, task string) {
	t, ok := got[task]
	switch {
	case ok && t.Error != "":
		r.note(what+" "+task, fmt.Errorf("%s", t.Error))
	case !ok:
		t = train.Result{Task: task, Error: r.note(what+" "+task, cmp.Or(err, errNoResult))}
	}
	into[task] = t
}

// measure times PyTorch in torchDtypes[i] on the spec file.
func (t *torchTraining) measure(ctx context.Context, cfg config, python, spec string, i int) error {
	script := filepath.Join(cfg.root, "bench", "train_peer.py")
	lines, err := runCmd(exec.CommandContext(ctx, python, script, "--dtype", torchDtypes[i], "--repeat", fmt.Sprint(cfg.trainSamples), spec), nil)
	if err != nil {
		return err
	}
	var r struct {
		Version string `json:"version"`
		Python  string `json:"python"`
		Threads int    `json:"threads"`
		Error   string `json:"error"`
		Results []struct {
			Task       string    `json:"task"`
			Form       string    `json:"form"`
			NsSamples  []float64 `json:"ns_samples"`
			CPUSamples []float64 `json:"cpu_samples"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(strings.Join(lines, "\n")), &r); err != nil {
		return fmt.Errorf("%s printed no JSON: %w", script, err)
	}
	if r.Error != "" || len(r.Results) != 1 {
		return fmt.Errorf("%s: %s", script, orDefault(r.Error, "no result"))
	}
	t.about = fmt.Sprintf("PyTorch %s (Python %s, threads %d)", r.Version, r.Python, r.Threads)
	x := r.Results[0]
	if len(x.NsSamples) == 0 || len(x.CPUSamples) == 0 {
		return fmt.Errorf("%s: no samples", script)
	}
	t.ns[i][x.Task] = train.Result{NsSamples: x.NsSamples, NsPerStep: train.Median(x.NsSamples)}
	t.form[i][x.Task] = x.Form
	t.cpu[i][x.Task] = train.Result{NsSamples: x.CPUSamples, NsPerStep: train.Median(x.CPUSamples)}
	return nil
}

// stepCell is a runtime's time per step on a task, the median of its
// samples with their spread, and steps per second.
func stepCell(label string, r train.Result) cell {
	if r.NsPerStep <= 0 {
		return missing(label, r.Error)
	}
	return cell{strings.TrimSpace(fmt.Sprintf("%s %s (%s%.0f steps/s)", label, FormatDuration(r.NsPerStep), spread(r.NsSamples, "; "), 1e9/r.NsPerStep)), r.NsPerStep}
}

// spread says how many samples a median is of and their range, then sep;
// nothing for fewer than two.
func spread(xs []float64, sep string) string {
	if len(xs) < 2 {
		return ""
	}
	lo, hi := FormatDuration(slices.Min(xs)), FormatDuration(slices.Max(xs))
	if i := strings.LastIndexByte(lo, ' '); i > 0 && strings.HasSuffix(hi, lo[i:]) {
		lo = lo[:i] // one unit for both: 1.41–1.70 ms
	}
	return fmt.Sprintf("median of %d, %s–%s%s", len(xs), lo, hi, sep)
}

// paren is s in parentheses after a space, or nothing for an empty s.
func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// cpuCell is a native runtime's CPU time per step on a task.
func cpuCell(label string, r train.Result) cell {
	if r.CPUNsPerStep <= 0 {
		return missing(label, orDefault(r.Error, "no CPU time"))
	}
	return cell{strings.TrimSpace(label + " " + FormatDuration(r.CPUNsPerStep) + paren(spread(r.CPUSamples, ""))), r.CPUNsPerStep}
}

// targetCell is a runtime's time to the task's target, with its steps.
func targetCell(label string, r train.Result) cell {
	if r.TargetSteps == 0 {
		return missing(label, r.Error)
	}
	return cell{strings.TrimSpace(fmt.Sprintf("%s %s (%d steps)", label, FormatDuration(r.TargetNs), r.TargetSteps)), r.TargetNs}
}

// cell is PyTorch's time per step on task in float32 from ns (t.ns or
// t.cpu), the figure Go is held to, with float64's beside it; with steps >
// 0, times that many steps: PyTorch's time to the target had it taken Go's
// steps.
func (t torchTraining) cell(ns [2]map[string]train.Result, task string, steps int) cell {
	f64, f32 := ns[0][task], ns[1][task]
	if f32.NsPerStep == 0 {
		return missing("PyTorch float32", t.err[1][task])
	}
	if steps > 0 {
		k := float64(steps)
		s := "PyTorch float32 " + FormatDuration(k*f32.NsPerStep)
		if f64.NsPerStep > 0 {
			s += "; float64 " + FormatDuration(k*f64.NsPerStep)
		}
		return cell{s + fmt.Sprintf(", × Go's %d steps", steps), k * f32.NsPerStep}
	}
	s := "PyTorch float32 " + FormatDuration(f32.NsPerStep) + paren(strings.TrimPrefix(spread(f32.NsSamples, "")+formOf(t.form[1], task), "; "))
	if f64.NsPerStep > 0 {
		s += "; float64 " + FormatDuration(f64.NsPerStep) + paren(strings.TrimPrefix(spread(f64.NsSamples, "")+formOf(t.form[0], task), "; "))
	}
	return cell{s, f32.NsPerStep}
}

// formOf names the form of the first layer's projections PyTorch was
// faster in (bench/train_peer.py, --form best), after "; ".
func formOf(forms map[string]string, task string) string {
	switch forms[task] {
	case "tables":
		return "; first layer by table, as Go"
	case "plain":
		return "; first layer plain, faster than by table"
	}
	return ""
}

// Targets of issue #12, part 6.
var (
	targetTrainNative   = target{"≤ 0.5×", 0.5, true} // native Go / PyTorch float32, per step
	targetTrainChromium = target{"≤ 1.0×", 1, true}   // wasm in Chromium / PyTorch float32
	targetTrainWasm     = target{"≤ 3×", 3, true}     // wasm in Chromium / native pure Go
)

// targetTrainTime is the most time training task to its target may take in
// Chromium.
func targetTrainTime(task string) target {
	if task == "previous" || task == "reverse" {
		return target{"≤ 10 s", 10e9, false}
	}
	return target{"≤ 30 s", 30e9, false}
}

// goroutinesOf says how the native trainer runs task's steps: on two
// goroutines if the task Shares them (attention/model), else one. The page
// runs every task's steps on one worker.
func goroutinesOf(task string) string {
	if sharesHalves(task) {
		return "two goroutines"
	}
	return "one goroutine"
}

// sharesHalves reports whether the native trainer runs task's two halves
// on two goroutines (attention/model's Task.Shares).
func sharesHalves(task string) bool {
	t, err := model.Lookup(task)
	return err == nil && t.Shares()
}

// wasmVsPureRows compare the page's one worker with native pure Go on one
// thread, the same code path, under the ≤ 3× target; where pure Go runs
// the task on two goroutines, that figure stands beside with no target.
func (r *results) wasmVsPureRows(sec, task string, chromium, pure train.Result) []Row {
	const vs = ", wasm in Chromium vs native pure Go"
	if !sharesHalves(task) {
		return []Row{compare(sec, "time per step, "+task+vs, stepCell("", chromium), stepCell("native pure Go", pure), targetTrainWasm)}
	}
	one := r.train[onOneThread].get(task)
	return []Row{
		compare(sec, "time per step, "+task+vs+" on one thread (GOMAXPROCS=1: the code path of wasm's one thread)", stepCell("", chromium), stepCell("native pure Go, one thread", one), targetTrainWasm),
		compare(sec, "time per step, "+task+vs+" on two goroutines", stepCell("", chromium), stepCell("native pure Go", pure), target{}),
	}
}

func (r *results) trainingRows() []Row {
	const sec = "training: each task from seed 1 to its target"
	var rows []Row
	for _, task := range train.Tasks() {
		native, pure, node, chromium := r.train[0].get(task), r.train[1].get(task), r.train[2].get(task), r.train[3].get(task)
		torch := r.torch.cell(r.torch.ns, task, 0)
		goroutines := goroutinesOf(task)
		rows = append(rows,
			compare(sec, "time per step, "+task+", native Go ("+goroutines+")", stepCell("", native), torch, targetTrainNative),
			compare(sec, "CPU time per step, "+task+", native Go ("+goroutines+")", cpuCell("", native), r.torch.cell(r.torch.cpu, task, 0), target{}),
			compare(sec, "time per step, "+task+", native pure Go (-tags purego, "+goroutines+")", stepCell("", pure), torch, target{}),
			compare(sec, "time per step, "+task+", wasm in Node (one thread)", stepCell("", node), stepCell("native", native), target{}),
			compare(sec, "time per step, "+task+", wasm in Chromium (the page's one worker)", stepCell("", chromium), torch, targetTrainChromium),
		)
		rows = append(rows, r.wasmVsPureRows(sec, task, chromium, pure)...)
		rows = append(rows,
			compare(sec, "time to the target, "+task+", native Go", targetCell("", native), r.torch.cell(r.torch.ns, task, native.TargetSteps), target{}),
			compare(sec, "time to the target, "+task+", wasm in Chromium", targetCell("", chromium), targetCell("native", native), targetTrainTime(task)))
	}
	return rows
}
