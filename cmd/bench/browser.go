package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
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
}

// Version returns the browser's product string, such as "Chrome/156.0.…".
func (c *chromium) Version() (string, error) {
	v, err := chromedp.CallBrowser(c.ctx, browser.GetVersion, cdp.Empty{})
	if err != nil {
		return "", err
	}
	return v.Product, nil
}

// chromiumVersionFromCLI runs `execPath --version`, for when no browser could
// be started.
func chromiumVersionFromCLI(execPath string) string {
	out, err := exec.Command(execPath, "--version").Output() // stdout only: Debian's wrapper warns on stderr
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// evalAwait evaluates a JavaScript expression that may give a promise, waits
// for it within timeout, and decodes the result into T.
func evalAwait[T any](ctx context.Context, timeout time.Duration, expr string) (T, error) {
	tctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return chromedp.Run(tctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}
