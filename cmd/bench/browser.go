package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium is a headless Chromium with a fresh profile, started for one
// measurement: nothing of an earlier one (cache, service worker, storage)
// is left in it.
type chromium struct {
	ctx     context.Context // the tab's chromedp context
	cancel  func()
	dataDir string
}

// findChromium returns the browser to run: flagPath when set, else the first
// of chromium, chromium-browser, google-chrome found in PATH.
func findChromium(flagPath string) (string, error) {
	if flagPath != "" {
		return exec.LookPath(flagPath)
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium in PATH (set -chromium)")
}

// startChromium starts the browser at execPath and opens its first tab.
func startChromium(parent context.Context, execPath string) (*chromium, error) {
	dir, err := os.MkdirTemp("", "attnviz-bench-profile-")
	if err != nil {
		return nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(execPath),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1280, 900),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(parent, opts...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	c := &chromium{ctx: ctx, dataDir: dir, cancel: func() {
		cancelCtx()
		cancelAlloc()
	}}
	if err := chromedp.Do(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("starting %s: %w", execPath, err)
	}
	return c, nil
}

// Close stops the browser and removes its profile.
func (c *chromium) Close() {
	c.cancel()
	// Chromium's children can write into the profile for a moment after
	// the browser ends.
	for range 50 {
		if err := os.RemoveAll(c.dataDir); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	log.Printf("could not remove Chromium's profile %s", c.dataDir)
}

// evalAwait evaluates a JavaScript expression that may give a promise, waits
// for it within timeout, and decodes the result into T.
func evalAwait[T any](ctx context.Context, timeout time.Duration, expr string) (T, error) {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return chromedp.Run(tctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// navigate opens u in c, as a new document, and returns the startTime of the page's
// first-render mark, from navigation start.
func navigate(c *chromium, u string) (float64, error) {
	const timeout = 90 * time.Second
	nctx, cancel := context.WithTimeout(c.ctx, timeout)
	defer cancel()
	// From about:blank: a link that differs from the page's only in its
	// fragment would not load a new document.
	if err := chromedp.Do(nctx, chromedp.Navigate("about:blank"), chromedp.Navigate(u)); err != nil {
		return 0, fmt.Errorf("loading %s: %w", u, err)
	}
	js := fmt.Sprintf(`new Promise((resolve) => {
  const end = performance.now() + %d;
  const check = () => {
    const e = performance.getEntriesByName("attnviz:first-render", "mark")[0];
    if (e) resolve(e.startTime);
    else if (performance.now() > end) resolve(-1);
    else setTimeout(check, 20);
  };
  check();
})`, timeout.Milliseconds())
	ms, err := evalAwait[float64](c.ctx, timeout+5*time.Second, js)
	if err == nil && ms < 0 {
		err = fmt.Errorf("no performance mark attnviz:first-render within %v", timeout)
	}
	if err != nil {
		return 0, fmt.Errorf("%s: %w", u, err)
	}
	return ms, nil
}

// wasmPage runs wasmforward.wasm with the arguments of its query (?arg=…),
// collects what it prints in window.benchLines and sets window.benchDone
// when it exits.
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

// runWasmChromium serves dir (buildWasmForward's) on loopback and runs its
// page in a fresh headless Chromium.
func runWasmChromium(ctx context.Context, execPath, dir string, args []string) (timings, error) {
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
	const timeout = 10 * time.Minute
	if err := chromedp.Do(c.ctx, chromedp.Navigate(srv.URL+"/?"+url.Values{"arg": args}.Encode())); err != nil {
		return nil, err
	}
	// The wasm holds the page's only thread while it runs: poll gently.
	const wait = `new Promise((resolve) => {
  const check = () => (window.benchDone ? resolve(window.benchLines) : setTimeout(check, 200));
  check();
})`
	lines, err := evalAwait[[]string](c.ctx, timeout, wait)
	if err != nil {
		return nil, err
	}
	t, done := parseRunLines(lines)
	if !done {
		return t, fmt.Errorf("the wasm did not finish: %s", lastLine(strings.Join(lines, "\n")))
	}
	return t, nil
}
