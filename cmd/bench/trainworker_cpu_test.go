package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cpuPage drives the page's trainer (buildTrainWorker's) one run at a time:
// runMode(task, steps, mode) trains task from seed 1 for steps steps with
// every step shared ("two", the request's pair) or none ("one", solo), and
// returns the answers' timing summed.
const cpuPage = `<!doctype html><meta charset="utf-8"><script>
const worker = new Worker("web/trainworker.js");
let gen = 0;
window.runMode = (task, goal, mode) => new Promise((resolve, reject) => {
  const g = ++gen, r = { steps: 0, ns: 0, wait: 0, own: 0, peer: 0, paired: 0 };
  worker.onmessage = (e) => {
    const a = e.data, t = a.timing || {};
    if (a.gen !== g) return;
    if (a.error || a.diverged) reject(new Error(a.error || "diverged"));
    r.steps += t.steps || 0; r.ns += t.stepNs || 0; r.wait += t.waitNs || 0; r.own += t.ownNs || 0; r.peer += t.peerNs || 0; r.paired += t.paired || 0;
    if (a.export !== undefined) resolve(r);
  };
  worker.postMessage({ gen: g, task, seed: 1, lr: 0, goal, solo: mode === "one", pair: mode === "two" });
});
</script>`

// modeRun is runMode's result.
type modeRun struct {
	Steps, Paired       int
	Ns, Wait, Own, Peer float64
}

// TestTrainWorkerSplitsCPU trains in Chromium with the two workers sharing
// every step and with one, and reads each worker thread's CPU time from
// /proc: shared, both threads work (neither under a quarter of the total);
// alone, one thread does nearly all. It logs the CPU time per step of each
// (ATTNVIZ_CPU_TASKS=previous,reverse,sort,coreference measures those; the
// accuracy checks and the answers are in the first worker's).
func TestTrainWorkerSplitsCPU(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("builds the trainer, runs Chromium, reads /proc")
	}
	ctx := context.Background()
	chromium, dir := builtTrainWorker(ctx, t)
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(cpuPage), 0o644); err != nil {
		t.Fatal(err)
	}
	srv, err := serveSite(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := startChromium(ctx, chromium)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := chromedp.Do(c.ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if _, err := evalAwait[modeRun](c.ctx, time.Minute, `runMode("reverse", 20, "two")`); err != nil {
		t.Fatal(err)
	}
	pid := workersProcess(c.dataDir)
	if pid == 0 {
		t.Fatal("no process of this Chromium has two DedicatedWorker threads")
	}
	tasks := strings.Split(cmpOr(os.Getenv("ATTNVIZ_CPU_TASKS"), "reverse"), ",")
	for _, task := range tasks {
		for _, mode := range []string{"two", "one"} {
			ticks := cpuSplit(t, c.ctx, pid, task, mode)
			total := ticks[0] + ticks[1]
			if mode == "two" && 4*min(ticks[0], ticks[1]) < total || mode == "one" && 10*min(ticks[0], ticks[1]) > total {
				t.Errorf("%s, %s worker(s): CPU ticks by thread %v", task, mode, ticks)
			}
		}
	}
}

// cpuSplit runs task for 300 steps in mode and returns the CPU ticks of
// the two worker threads, the larger first.
func cpuSplit(t *testing.T, ctx context.Context, pid int, task, mode string) [2]int64 {
	before := workerTicks(pid)
	r, err := evalAwait[modeRun](ctx, 5*time.Minute, fmt.Sprintf(`runMode(%q, 300, %q)`, task, mode))
	if err != nil {
		t.Fatal(err)
	}
	var ticks [2]int64
	i := 0
	for tid, v := range workerTicks(pid) {
		if i < 2 {
			ticks[i] = v - before[tid]
			i++
		}
	}
	if ticks[0] < ticks[1] {
		ticks[0], ticks[1] = ticks[1], ticks[0]
	}
	ms := func(x float64) float64 { return x / 1e6 / max(1, float64(r.Paired)) }
	perStep := func(x int64) float64 { return float64(x) * 1e3 / 100 / float64(r.Steps) }
	t.Logf("%s, %s: %d steps, %.2f ms a step (the steps' own time); CPU ms a step by worker %.2f and %.2f (total %.2f); shared steps %d: own half %.2f ms, wait %.2f, the other's half %.2f; load %s",
		task, mode, r.Steps, r.Ns/1e6/float64(r.Steps), perStep(ticks[0]), perStep(ticks[1]), perStep(ticks[0]+ticks[1]), r.Paired, ms(r.Own), ms(r.Wait), ms(r.Peer), loadAvg())
	return ticks
}

// workerTicks returns the CPU time, in clock ticks (1/100 s), of each
// DedicatedWorker thread of process pid, by thread id.
func workerTicks(pid int) map[string]int64 {
	out := map[string]int64{}
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	for _, task := range tasks {
		comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/comm", pid, task.Name()))
		f := statFields(fmt.Sprintf("/proc/%d/task/%s/stat", pid, task.Name()))
		if !strings.HasPrefix(string(comm), "DedicatedWorker") || len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		out[task.Name()] = u + s
	}
	return out
}

// statFields returns the fields of a /proc stat file after the command's
// name: state, ppid, ….
func statFields(path string) []string {
	b, _ := os.ReadFile(path)
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 <= len(s) {
		return strings.Fields(s[i+2:])
	}
	return nil
}

// workersProcess returns the process, descended from the Chromium whose
// profile is dataDir, that has two DedicatedWorker threads, or 0.
func workersProcess(dataDir string) int {
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err == nil && len(workerTicks(pid)) >= 2 && descendsFrom(pid, dataDir) {
			return pid
		}
	}
	return 0
}

// descendsFrom reports whether pid or one of its ancestors has dataDir in
// its command line.
func descendsFrom(pid int, dataDir string) bool {
	for range 8 {
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if strings.Contains(string(cmd), dataDir) {
			return true
		}
		f := statFields(fmt.Sprintf("/proc/%d/stat", pid))
		if len(f) < 2 {
			return false
		}
		if pid, _ = strconv.Atoi(f[1]); pid <= 1 {
			return false
		}
	}
	return false
}

// loadAvg returns the machine's load averages.
func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "?"
}

// cmpOr returns s, or def if s is empty.
func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
