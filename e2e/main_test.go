//go:build !wasm

// Package e2e holds the end-to-end tests of the attention visualizer: the
// static site as `go run ./cmd/build` makes it, served from a loopback server
// (from the root and from /attention/), driven in headless Chromium through
// the test hooks of ../../shared/DESIGN.md (#sentence, #causal, #heads,
// #heatmap, #error, window.attnviz, the attnviz:* performance entries), and
// checked against the command-line tool cmd/attn.
//
// Chromium is /usr/bin/chromium, or the program named by ATTNVIZ_CHROMIUM.
// Without it the tests skip, unless the environment variable CI is set: then
// they fail. go test -short skips them too. Every tab writes a log of the
// page's console and requests to e2e/artifacts/, and a screenshot when its
// test failed (or ATTNVIZ_SHOTS is set); the tests' own screenshots go there
// too. The browser runs WebAssembly in V8's baseline tier (jsFlags).
package e2e

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Set up by TestMain.
var (
	skipReason  string          // why every test skips; "" to run them
	browserCtx  context.Context // a chromedp context holding the running browser
	attnBinary  string          // the built cmd/attn
	buildBinary string          // the built cmd/build, for its preview server
	siteDirs    map[string]string
	cachedFiles map[string]int // prefix → number of files the service worker caches
	moduleDir   string
)

// Prefixes the site is built and served for.
const (
	rootPrefix = ""
	subPrefix  = "/attention"
)

const artifactsDir = "artifacts"

func TestMain(m *testing.M) {
	flag.Parse()
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	if testing.Short() {
		skipReason = "end-to-end tests skip in -short mode"
		return m.Run(), nil
	}
	chromium := chromiumPath()
	if chromium == "" {
		msg := "no Chromium found (looked for $ATTNVIZ_CHROMIUM, /usr/bin/chromium, chromium, chromium-browser, google-chrome); install it with apt-get install chromium"
		if inCI() {
			return 0, fmt.Errorf("%s; CI is set, so this fails instead of skipping", msg)
		}
		skipReason = msg
		return m.Run(), nil
	}

	var err error
	moduleDir, err = filepath.Abs("..")
	if err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp("", "attnviz-e2e-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(artifactsDir, 0o755); err != nil {
		return 0, err
	}

	// The two builds write web/app.wasm and web/echarts.js in turn, so they
	// run one after the other; the second reuses Go's build cache.
	start := time.Now()
	siteDirs = map[string]string{
		rootPrefix: filepath.Join(tmp, "site-root"),
		subPrefix:  filepath.Join(tmp, "site-attention"),
	}
	cachedFiles = make(map[string]int)
	for _, prefix := range []string{rootPrefix, subPrefix} {
		args := []string{"run", "./cmd/build", "-out", siteDirs[prefix]}
		if prefix != "" {
			args = append(args, "-prefix", prefix+"/")
		}
		if err := goCommand(args...); err != nil {
			return 0, fmt.Errorf("building the site (go %s): %w", strings.Join(args, " "), err)
		}
		n, err := countCachedFiles(siteDirs[prefix])
		if err != nil {
			return 0, err
		}
		cachedFiles[prefix] = n
	}
	attnBinary = filepath.Join(tmp, "attn")
	if err := goCommand("build", "-o", attnBinary, "./cmd/attn"); err != nil {
		return 0, fmt.Errorf("building cmd/attn: %w", err)
	}
	buildBinary = filepath.Join(tmp, "build")
	if err := goCommand("build", "-o", buildBinary, "./cmd/build"); err != nil {
		return 0, fmt.Errorf("building cmd/build: %w", err)
	}
	fmt.Fprintf(os.Stderr, "e2e: built the sites, cmd/attn and cmd/build in %v\n", time.Since(start).Round(time.Millisecond))

	profile := filepath.Join(tmp, "profile")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	)
	if f := jsFlags(); f != "" {
		opts = append(opts, chromedp.Flag("js-flags", f))
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	var cancelBrowser context.CancelFunc
	browserCtx, cancelBrowser = chromedp.NewContext(allocCtx)
	defer cancelBrowser()
	if err := chromedp.Do(browserCtx); err != nil {
		return 0, fmt.Errorf("starting %s: %w", chromium, err)
	}
	return m.Run(), nil
}

// jsFlags are V8's flags for the tests' Chromium: WebAssembly in V8's
// baseline tier only (Liftoff), unless a measuring tool is asked for
// (ATTNVIZ_PROFILE, ATTNVIZ_SWITCH, ATTNVIZ_TRACE_DETAIL) or
// ATTNVIZ_TOP_TIER is set. The top tier's compile of a fresh page's hot
// functions took 1.4 s of CPU on the two cores CI has, a third of a
// page's opening, and the suite opens about 170 fresh pages
// (docs/performance.md, "The end-to-end suite on two cores"). What the
// code computes is the same in either tier; the bench measures the
// browser as it comes.
func jsFlags() string {
	if traceDetail() || os.Getenv("ATTNVIZ_TOP_TIER") != "" || os.Getenv("ATTNVIZ_PROFILE") != "" || os.Getenv("ATTNVIZ_SWITCH") != "" {
		return ""
	}
	return "--liftoff-only"
}

// chromiumPath returns the browser to drive, or "" if there is none.
func chromiumPath() string {
	if p := os.Getenv("ATTNVIZ_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// inCI reports whether the environment variable CI says the tests run in
// continuous integration.
func inCI() bool {
	switch strings.ToLower(os.Getenv("CI")) {
	case "", "0", "false", "no":
		return false
	}
	return true
}

// goCommand runs the go command in the module's root, its output going to
// stderr.
func goCommand(args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleDir
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

var resourcesToCache = regexp.MustCompile(`const resourcesToCache = \[([^\]]*)\]`)

// countCachedFiles returns how many URLs the site's service worker caches.
func countCachedFiles(dir string) (int, error) {
	js, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		return 0, err
	}
	m := resourcesToCache.FindSubmatch(js)
	if m == nil {
		return 0, fmt.Errorf("%s/app-worker.js: no resourcesToCache list", dir)
	}
	return strings.Count(string(m[1]), ",") + 1, nil
}

// needBrowser skips t when the tests cannot run.
func needBrowser(t *testing.T) {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
}
