package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/attnviz/attnviz/attention/model"
)

// buildTrainWorker puts into dir what "wasm in Chromium" times: the page's
// trainer (cmd/trainworker, web/trainworker.js: one Web Worker) and a page that drives it as the Learn view does
// (trainWorkerPage), with wasm_exec.js where the worker's script finds it.
func buildTrainWorker(ctx context.Context, root, dir string) error {
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return err
	}
	if err := runQuiet(ctx, root, wasmEnv, "go", wasmBuild(filepath.Join(web, "trainworker.wasm"), "./cmd/trainworker")...); err != nil {
		return err
	}
	if err := copyFile(filepath.Join(root, "web", "trainworker.js"), filepath.Join(web, "trainworker.js")); err != nil {
		return err
	}
	goroot, err := goEnvRoot(ctx)
	if err != nil {
		return err
	}
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js")); err != nil {
		return err
	}
	tasks := map[string][2]float64{}
	for _, t := range model.Tasks() {
		tasks[t.Name] = [2]float64{t.Target, float64(t.Steps)}
	}
	b, err := json.Marshal(tasks)
	if err != nil {
		return err
	}
	page := strings.Replace(trainWorkerPage, "TASKS", string(b), 1)
	return os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644)
}

// copyFile copies src to dst.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}

// trainWorkerPage trains each task of its query (?arg=-tasks&arg=a,b,
// &arg=-samples&arg=N) in the page's trainer as bench/train.Measure does: a
// first run from seed 1 until an answer's held-out accuracy (measured every
// 10 steps) reaches the target, then asks it to stop (the time to the
// target is the answer's arrival: up to 50 ms late); then N runs of as many
// steps (warmRuns), as the page trains; each run's steps' time, without the
// accuracy's, over its steps is a sample (ns_samples).
// It prints bench/train.Result lines into window.benchLines, as
// runWasmChromium reads them. TASKS is each task's target and step budget.
const trainWorkerPage = `<!doctype html>
<meta charset="utf-8">
<title>trainer</title>
<script>
window.benchLines = [];
window.benchDone = false;
const tasks = TASKS;
const args = new URLSearchParams(location.search).getAll("arg");
const names = args[args.indexOf("-tasks") + 1].split(",");
const samples = args.includes("-samples") ? Math.max(1, Number(args[args.indexOf("-samples") + 1])) : 1;
const worker = new Worker("web/trainworker.js");
let gen = 0;
function run(task, goal, stopAtTarget) {
  return new Promise((resolve) => {
    const g = ++gen, t0 = performance.now(), target = tasks[task][0];
    const r = { task, steps: 0, ns: 0, targetSteps: 0, targetNs: 0, acc: 0 };
    worker.onmessage = (event) => {
      const a = event.data;
      if (a.gen !== g) return;
      if (a.error || a.diverged) { r.error = a.error || "diverged at step " + a.diverged.step; resolve(r); return; }
      const t = a.timing || {};
      r.steps += t.steps || 0; r.ns += t.stepNs || 0;
      for (let i = 0; a.accs && i + 1 < a.accs.length; i += 2) {
        r.acc = a.accs[i + 1];
        if (!r.targetSteps && r.acc >= target) {
          r.targetSteps = a.accs[i]; r.targetNs = (performance.now() - t0) * 1e6;
          if (stopAtTarget) worker.postMessage({ gen: g, task, seed: 1, lr: 0, goal: a.step });
        }
      }
      if (a.export !== undefined) resolve(r);
    };
    worker.postMessage({ gen: g, task, seed: 1, lr: 0, goal });
  });
}
// warmRuns trains task for steps steps, samples times, as the page does,
// and returns each run's time per step.
async function warmRuns(task, steps) {
  const page = [];
  for (let i = 0; i < samples; i++) {
    const r = await run(task, steps, false);
    if (r.error) return { error: r.error };
    page.push(r.ns / r.steps);
  }
  return { page };
}
(async () => {
  for (const task of names) {
    const first = await run(task, tasks[task][1], true);
    const res = { task, steps: first.steps, target_steps: first.targetSteps, target_ns: first.targetNs, accuracy: first.acc };
    if (first.error) res.error = first.error;
    else if (!first.targetSteps) res.error = "accuracy " + first.acc + " after the budget of " + first.steps + " steps, below the target";
    else {
      const { page, error } = await warmRuns(task, first.targetSteps);
      if (error) res.error = error;
      else res.ns_samples = page;
    }
    window.benchLines.push(JSON.stringify(res));
  }
  window.benchLines.push('{"done":true}');
})().catch((err) => { window.benchLines.push("error: " + err); })
  .finally(() => { window.benchDone = true; });
</script>
`

// goEnvRoot returns `go env GOROOT`.
func goEnvRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
