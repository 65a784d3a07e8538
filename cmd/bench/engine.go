package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/attnviz/attnviz/bench/forward"
	"github.com/attnviz/attnviz/cmd/internal/wasmslim"
)

// built is a program or site that a run built, or why the build failed.
type built struct {
	path string
	err  error
}

// builds are what a run measures.
type builds struct {
	native, pure built // bench/runforward, the default build and -tags purego
	wasm         built // a directory: bench/runforward as wasm, wasm_exec.js, a page
	app, bare    built // directories: the two static sites
	base         built // a directory: the site at -baseline's revision
	trainNative  built // bench/runtrain, the default build
	trainPure    built // and -tags purego
	trainWasm    built // a directory: bench/runtrain as wasm, wasm_exec.js, a page
	trainWorker  built // a directory: the page's trainer (one worker) and a page (buildTrainWorker)
}

// buildAll builds, in parallel, what the run's sections need.
func buildAll(ctx context.Context, cfg config) builds {
	var b builds
	var wg sync.WaitGroup
	job := func(dst *built, name string, build func(path string) error) {
		dst.path = filepath.Join(cfg.tmp, name)
		wg.Go(func() { dst.err = build(dst.path) })
	}
	goTool := func(env []string, args ...string) error { return runQuiet(ctx, cfg.root, env, "go", args...) }
	log.Print("building")
	if cfg.runs("engine") || cfg.runs("wasm") {
		job(&b.native, "runforward", func(p string) error { return goTool(nil, "build", "-o", p, "./bench/runforward") })
		job(&b.pure, "runforward-purego", func(p string) error {
			return goTool(nil, "build", "-tags", "purego", "-o", p, "./bench/runforward")
		})
	}
	if cfg.runs("wasm") {
		job(&b.wasm, "wasmforward", func(dir string) error { return buildWasmRunner(ctx, cfg.root, dir, "./bench/runforward") })
	}
	if cfg.runs("page") || cfg.runs("views") {
		job(&b.app, "app", func(dir string) error { return goTool(nil, "run", "./cmd/build", "-out", dir) })
	}
	if cfg.runs("train") {
		job(&b.trainNative, "runtrain", func(p string) error { return goTool(nil, "build", "-o", p, "./bench/runtrain") })
		job(&b.trainPure, "runtrain-purego", func(p string) error {
			return goTool(nil, "build", "-tags", "purego", "-o", p, "./bench/runtrain")
		})
		job(&b.trainWasm, "wasmtrain", func(dir string) error { return buildWasmRunner(ctx, cfg.root, dir, "./bench/runtrain") })
		job(&b.trainWorker, "trainworker", func(dir string) error { return buildTrainWorker(ctx, cfg.root, dir) })
	}
	if cfg.baseRev != "" && (cfg.runs("page") || cfg.runs("views")) {
		job(&b.base, "baseline", func(dir string) error { return buildBaseline(ctx, cfg, dir) })
	}
	if cfg.runs("page") {
		job(&b.bare, "bare", func(dir string) error {
			if err := goTool(nil, "run", "./bench/bare", "-out", dir); err != nil {
				return err
			}
			// Against the same copies of go-app as app.wasm
			// (cmd/internal/wasmslim): the floor is go-app's, not net/http's.
			slim, err := wasmslim.Prepare(cfg.root, "./bench/bare", dir+"-wasmslim")
			if err != nil {
				log.Printf("warning: the bare page built without wasmslim's patches: %v", err)
			}
			args := wasmBuild(filepath.Join(dir, "web", "app.wasm"), "./bench/bare")
			return goTool(wasmEnv, append(append([]string{args[0]}, slim...), args[1:]...)...)
		})
	}
	wg.Wait()
	return b
}

// wasmEnv and wasmBuild build a package for js/wasm as cmd/build builds
// app.wasm.
var wasmEnv = []string{"GOOS=js", "GOARCH=wasm"}

func wasmBuild(out, pkg string) []string {
	return []string{"build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg}
}

// fwd is one size's forward in one runtime: the median of its samples, or
// why there is none.
type fwd struct {
	ns            float64 // median ns/op, NaN without
	allocs, bytes int64   // per op, the largest over the samples
	err           string
}

// timings are the forwards of one runtime, by size name.
type timings map[string]fwd

// get returns the forward of size name, or one that says it was not measured.
func (t timings) get(name string) fwd {
	if f, ok := t[name]; ok {
		return f
	}
	return fwd{ns: math.NaN(), err: "not measured"}
}

// runLine is one line that bench/runforward prints.
type runLine struct {
	Name        string    `json:"name"`
	NsPerOp     []float64 `json:"ns_per_op"`
	AllocsPerOp int64     `json:"allocs_per_op"`
	BytesPerOp  int64     `json:"bytes_per_op"`
	Error       string    `json:"error"`
	Done        bool      `json:"done"`
}

// parseRunLines reads bench/runforward's output, skipping lines that are not
// its JSON. It reports whether the final {"done":true} arrived.
func parseRunLines(lines []string) (timings, bool) {
	t, done := timings{}, false
	for _, l := range lines {
		var r runLine
		if json.Unmarshal([]byte(strings.TrimSpace(l)), &r) != nil {
			continue
		}
		done = done || r.Done
		if r.Name != "" {
			t[r.Name] = fwd{ns: Median(r.NsPerOp), allocs: r.AllocsPerOp, bytes: r.BytesPerOp, err: r.Error}
		}
	}
	return t, done
}

// runArgs are bench/runforward's arguments, for sizes ("" for all).
func runArgs(p pace, wasm bool, sizes string) []string {
	count := p.count
	if wasm {
		count = p.wasmCount
	}
	return []string{"-benchtime", p.benchtime, "-count", fmt.Sprint(count), "-sizes", sizes}
}

// runForward runs a bench/runforward command (or returns err, why there
// is none) and reads its lines.
func runForward(cmd *exec.Cmd, err error) (timings, error) {
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	t, done := parseRunLines(strings.Split(string(out), "\n"))
	if !done {
		return t, fmt.Errorf("%s did not finish: %v: %s", filepath.Base(cmd.Path), err, lastLine(stderr.String()))
	}
	return t, nil
}

// measureNative times the native forward, the default build and the
// pure-Go one, and the peers, one size after the other, so that the
// figures of a size are taken at nearly the same moment of the machine.
func measureNative(ctx context.Context, cfg config, b builds, res *results) {
	res.native, res.pure, res.pureOne = timings{}, timings{}, timings{}
	if cfg.runs("engine") {
		res.peers = findPeers(ctx, cfg.pythons)
	}
	for _, s := range forward.Sizes {
		for _, run := range []struct {
			what string
			bin  built
			into timings
			env  []string
		}{
			{"native", b.native, res.native, nil},
			{"native pure Go", b.pure, res.pure, nil},
			{"native pure Go, one thread", b.pure, res.pureOne, []string{"GOMAXPROCS=1"}},
		} {
			var t timings
			err := run.bin.err
			if err == nil {
				log.Printf("%s %s", run.what, s.Name())
				cmd := exec.CommandContext(ctx, run.bin.path, runArgs(cfg.pace, false, s.Name())...)
				cmd.Env = append(os.Environ(), run.env...)
				t, err = runForward(cmd, nil)
			}
			res.record(run.into, t, err, run.what, s.Name())
		}
		for _, p := range res.peers {
			log.Printf("%s %s", p.name, s.Name())
			t, err := p.measure(ctx, cfg, s)
			res.record(p.times, t, err, p.name, s.Name())
		}
	}
}

var wasmRuntimes = [2]string{"Node", "Chromium"}

// measureWasm times the forward as WebAssembly in Node and in Chromium.
func measureWasm(ctx context.Context, cfg config, b builds, res *results) {
	res.wasm = [2]timings{{}, {}}
	wasm := filepath.Join(b.wasm.path, "runner.wasm")
	for i, rt := range wasmRuntimes {
		var t timings
		err := b.wasm.err
		args := runArgs(cfg.pace, true, "")
		switch {
		case err != nil:
		case i == 0:
			log.Print("wasm in Node")
			t, err = runForward(wasmNode(ctx, wasm, args))
		case cfg.chromium == "":
			err = cfg.noChromium
		default:
			log.Print("wasm in Chromium")
			var lines []string
			lines, err = runWasmChromium(ctx, cfg.chromium, b.wasm.path, args)
			t, err = runnerLines(lines, err, parseRunLines)
		}
		res.record(res.wasm[i], t, err, "wasm in "+rt, sizeNames()...)
	}
}

func sizeNames() []string {
	var names []string
	for _, s := range forward.Sizes {
		names = append(names, s.Name())
	}
	return names
}

// wasmNode is the command that runs the wasm in Node through
// go_js_wasm_exec, or why there is none.
func wasmNode(ctx context.Context, wasm string, args []string) (*exec.Cmd, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		return nil, fmt.Errorf("node is not installed: %w", err)
	}
	exe := filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", "go_js_wasm_exec")
	cmd := exec.CommandContext(ctx, exe, append([]string{wasm}, args...)...)
	cmd.Dir = filepath.Dir(wasm)
	return cmd, nil
}

// buildWasmRunner compiles the runner pkg (bench/runforward or
// bench/runtrain) for js/wasm into dir as runner.wasm, with wasm_exec.js
// and a page that runs it (wasmPage).
func buildWasmRunner(ctx context.Context, root, dir, pkg string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := runQuiet(ctx, root, wasmEnv, "go", wasmBuild(filepath.Join(dir, "runner.wasm"), pkg)...); err != nil {
		return err
	}
	goroot, err := exec.CommandContext(ctx, "go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.html"), []byte(wasmPage), 0o644)
}

// runQuiet runs name with args in dir, with env added to the environment,
// and when it fails returns an error with the end of its output.
func runQuiet(ctx context.Context, dir string, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, tail(string(out), 15))
	}
	return nil
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// errNoResult stands for a size that a run that finished did not report.
var errNoResult = errors.New("no result")
