package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// wasmLine is one line that bench/wasmforward prints.
type wasmLine struct {
	Name        string    `json:"name"`
	NsPerOp     []float64 `json:"ns_per_op"`
	AllocsPerOp int64     `json:"allocs_per_op"`
	Error       string    `json:"error"`
	Done        bool      `json:"done"`
}

// parseWasmLines reads bench/wasmforward's output, skipping lines that are
// not its JSON. It reports whether the final {"done":true} arrived.
func parseWasmLines(lines []string) (map[string]wasmLine, bool) {
	m := map[string]wasmLine{}
	done := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "{") {
			continue
		}
		var w wasmLine
		if json.Unmarshal([]byte(l), &w) != nil {
			continue
		}
		if w.Done {
			done = true
			continue
		}
		if w.Name != "" {
			m[w.Name] = w
		}
	}
	return m, done
}

// wasmArgs are the arguments for bench/wasmforward.
func wasmArgs(cfg config) []string {
	return []string{"-benchtime", cfg.benchtime, "-count", fmt.Sprint(cfg.wasmCount)}
}

// buildWasmForward compiles bench/wasmforward for js/wasm into dir, with
// wasm_exec.js and a page that runs it, and returns the wasm's path.
func buildWasmForward(ctx context.Context, root, dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	wasm := filepath.Join(dir, "wasmforward.wasm")
	if err := goBuildWasm(ctx, root, wasm, "./bench/wasmforward"); err != nil {
		return "", err
	}
	goroot, err := goEnv(ctx, root, "GOROOT")
	if err != nil {
		return "", err
	}
	js, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return "", err
	}
	return wasm, os.WriteFile(filepath.Join(dir, "index.html"), []byte(wasmPage), 0o644)
}

// wasmPage runs wasmforward.wasm with the arguments of its query (?arg=…),
// collects what it prints in window.benchLines and sets window.benchDone when
// it exits.
const wasmPage = `<!doctype html>
<meta charset="utf-8">
<title>wasmforward</title>
<script src="wasm_exec.js"></script>
<script>
window.benchLines = [];
window.benchDone = false;
const consoleLog = console.log.bind(console);
console.log = (...args) => { window.benchLines.push(args.join(" ")); consoleLog(...args); };
(async () => {
  const go = new Go();
  go.argv = ["wasmforward", ...new URLSearchParams(location.search).getAll("arg")];
  const { instance } = await WebAssembly.instantiateStreaming(fetch("wasmforward.wasm"), go.importObject);
  await go.run(instance);
})().catch((err) => { window.benchLines.push("error: " + err); })
  .finally(() => { window.benchDone = true; });
</script>
`

// runWasmNode runs the wasm in Node through go_js_wasm_exec.
func runWasmNode(ctx context.Context, root, wasm string, args []string) (map[string]wasmLine, error) {
	goroot, err := goEnv(ctx, root, "GOROOT")
	if err != nil {
		return nil, err
	}
	if _, err := exec.LookPath("node"); err != nil {
		return nil, fmt.Errorf("node is not installed: %w", err)
	}
	cmd := exec.CommandContext(ctx, filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec"), append([]string{wasm}, args...)...)
	cmd.Dir = filepath.Dir(wasm)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	lines := strings.Split(string(out), "\n")
	m, done := parseWasmLines(lines)
	if !done {
		return m, fmt.Errorf("wasm in node did not finish: %v: %s", err, lastLine(stderr.String()))
	}
	return m, nil
}

// runWasmChromium serves the wasm's directory on loopback and runs the page
// in a fresh headless Chromium.
func runWasmChromium(ctx context.Context, execPath, dir string, args []string, timeout time.Duration) (map[string]wasmLine, error) {
	srv, err := serveSite(dir)
	if err != nil {
		return nil, err
	}
	defer srv.Close()
	c, err := startChromium(ctx, execPath)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	q := url.Values{"arg": args}
	nctx, cancel := context.WithTimeout(c.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(nctx, chromedp.Navigate(srv.URL+"/?"+q.Encode())); err != nil {
		return nil, fmt.Errorf("wasm in chromium: %w", err)
	}
	// The wasm holds the page's only thread while it runs: poll gently.
	const wait = `new Promise((resolve) => {
  const check = () => (window.benchDone ? resolve(window.benchLines) : setTimeout(check, 200));
  check();
})`
	lines, err := evalAwait[[]string](nctx, timeout, wait)
	if err != nil {
		return nil, fmt.Errorf("wasm in chromium: %w", err)
	}
	m, done := parseWasmLines(lines)
	if !done {
		return m, fmt.Errorf("wasm in chromium did not finish: %s", lastLine(strings.Join(lines, "\n")))
	}
	return m, nil
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	var last string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			last = t
		}
	}
	return last
}

// goBuildWasm builds pkg for js/wasm as cmd/build builds the app's wasm.
func goBuildWasm(ctx context.Context, root, out, pkg string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	return runQuiet(cmd)
}

// goEnv returns `go env NAME`.
func goEnv(ctx context.Context, root, name string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", name)
	cmd.Dir = root
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// runQuiet runs cmd and, when it fails, returns an error with the end of its
// output.
func runQuiet(cmd *exec.Cmd) error {
	var out strings.Builder
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, tail(out.String(), 15))
	}
	return nil
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
