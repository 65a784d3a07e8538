// Command bench measures the attention visualizer and prints one table:
//
//  1. the engine natively against NumPy (the same multi-head forward);
//  2. the engine compiled to WebAssembly, in Node and in headless Chromium,
//     against native: the default build (SIMD assembly on amd64) and, with
//     no target, the pure-Go build (-tags purego), the code wasm runs;
//  3. the page in headless Chromium: bytes of the first load (gzip, empty
//     cache), time to the first render, keystroke updates and long tasks,
//     beside a bare go-app page built in the same run (loaded as it is,
//     and typed into as /?input).
//
// Each figure with a target gets PASS or MISS; nothing is asserted. The
// table is also written as Markdown, with the machine it ran on, to
// docs/bench-YYYY-MM-DD.md. `make bench` runs it.
//
// Usage:
//
//	go run ./cmd/bench [-quick] [-out docs] [-only engine,wasm,page] [-app-state '?heads={heads}']
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/attnviz/attnviz/bench/forward"
	"github.com/chromedp/cdproto/network"
)

// config holds the run's settings.
type config struct {
	quick        bool
	root, tmp    string
	chromium     string // path, or "" when none was found
	chromiumErr  error
	pythons      []string
	benchtime    string // per go test -bench sample, native and wasm
	count        int    // native samples
	wasmCount    int    // wasm samples
	numpyRepeat  int
	numpyMinTime float64       // seconds per NumPy sample
	loads        int           // fresh first loads of each page
	schoolLink   bool          // also one first load of each page on schoolLink
	warmup       int           // keystrokes not counted
	keystrokes   int           // keystrokes counted per setting
	typingBudget time.Duration // the most time typing at one setting takes
	stateURLs    []string
	profileDir   string // if not "", where to write traces of a first load and profiles and traces of typing
}

// typingConfigs are the settings typed at.
var typingConfigs = []typingConfig{{Tokens: 16, Heads: 4}, {Tokens: 128, Heads: 8}}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	quick := flag.Bool("quick", false, "fewer iterations: a rough run in a few minutes")
	schoolLinkFlag := flag.Bool("school-link", true, "also load each page once on an emulated school link ("+schoolLinkLabel+") and report when its first heatmap and its live chart came (no target)")
	out := flag.String("out", "docs", "directory to write bench-YYYY-MM-DD.md into (\"\": print only)")
	chromiumFlag := flag.String("chromium", "", "Chromium to run (default: /usr/bin/chromium, then chromium, chromium-browser, google-chrome in PATH)")
	python := flag.String("python", "", "Python with NumPy (default: python3, then /usr/bin/python3)")
	only := flag.String("only", "", "run only these sections, comma-separated: engine, wasm, page (then nothing is written unless -out is given)")
	appState := flag.String("app-state", "", "URL suffix that opens the app with a number of heads, {heads} standing for it (default: try ?heads={heads}, then #heads={heads})")
	keep := flag.Bool("keep", false, "keep the temporary directory of builds")
	profileDir := flag.String("profile", "", "write to this directory a Chromium trace of one more first load of the app and of the bare page, and after each typing measurement a CPU profile of 60 more keystrokes and a trace of 60 more (the figures are not affected)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("unexpected arguments %q", flag.Args())
	}
	outSet := false
	flag.Visit(func(f *flag.Flag) { outSet = outSet || f.Name == "out" })

	skipped := map[string]bool{}
	if *only != "" {
		known := map[string]bool{"engine": true, "wasm": true, "page": true}
		want := map[string]bool{}
		for _, s := range strings.Split(*only, ",") {
			s = strings.TrimSpace(s)
			if !known[s] {
				log.Fatalf("-only: unknown section %q (want engine, wasm, page)", s)
			}
			want[s] = true
		}
		for s := range known {
			skipped[s] = !want[s]
		}
		if !outSet {
			*out = ""
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()

	root, err := moduleRoot()
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "attnviz-bench-")
	if err != nil {
		log.Fatal(err)
	}
	if *keep {
		log.Printf("builds kept in %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}

	cfg := config{
		quick: *quick, root: root, tmp: tmp,
		benchtime: "500ms", count: 5, wasmCount: 3,
		numpyRepeat: 5, numpyMinTime: 0.2,
		loads: 5, schoolLink: *schoolLinkFlag, warmup: 10, keystrokes: 200, typingBudget: 150 * time.Second,
		stateURLs: stateURLs, profileDir: *profileDir,
	}
	if *quick {
		cfg.benchtime, cfg.count, cfg.wasmCount = "100ms", 2, 1
		cfg.numpyRepeat, cfg.numpyMinTime = 2, 0.05
		cfg.loads, cfg.warmup, cfg.keystrokes, cfg.typingBudget = 1, 4, 40, 30*time.Second
	}
	if *appState != "" {
		cfg.stateURLs = append([]string{*appState}, stateURLs...)
	}
	cfg.pythons = []string{"python3", "/usr/bin/python3"}
	if *python != "" {
		cfg.pythons = []string{*python}
	}
	cfg.chromium, cfg.chromiumErr = findChromium(*chromiumFlag)

	start := time.Now()
	m := describeMachine(ctx)
	m.NumPy = "not run"
	m.Chromium = "not installed"
	if cfg.chromium != "" {
		m.Chromium = chromiumVersion(ctx, cfg.chromium)
	}
	res := run(ctx, cfg, skipped, &m)
	took := time.Since(start).Round(time.Second)
	m.LoadEnd = loadAverage()

	rows := res.Rows()
	fmt.Print(machineLine(m), "\n")
	if w := busyWarning(m); w != "" {
		fmt.Println(w)
	}
	fmt.Print("\n", RenderText(rows))
	if p := res.Problems(); len(p) > 0 {
		fmt.Println("\nnot measured:")
		for _, s := range p {
			fmt.Println("  -", firstLine(s))
		}
	}
	if *out != "" {
		name := filepath.Join(*out, "bench-"+time.Now().Format("2006-01-02")+".md")
		if !filepath.IsAbs(*out) && !outSet {
			name = filepath.Join(root, name)
		}
		doc := markdown(m, cfg, res, rows, os.Args[1:], took)
		if err := os.WriteFile(name, []byte(doc), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote %s (%v)", name, took)
	}
}

// chromiumVersion returns what `chromium --version` prints, or asks a
// briefly started browser.
func chromiumVersion(ctx context.Context, execPath string) string {
	if v := chromiumVersionFromCLI(execPath); v != "" {
		return v
	}
	c, err := startChromium(ctx, execPath)
	if err == nil {
		defer c.Close()
		if v, err := c.Version(); err == nil {
			return v
		}
	}
	return "unknown"
}

// run builds what it measures, then measures, one part after another so
// that no measurement shares the CPU with another.
func run(ctx context.Context, cfg config, skipped map[string]bool, m *machine) *results {
	res := &results{sizes: forward.Sizes, skipped: skipped, nativeErr: map[string]string{}, pureErr: map[string]string{}}
	step := func(format string, args ...any) { log.Printf(format, args...) }

	// Builds, in parallel.
	var (
		wg                           sync.WaitGroup
		nativeBin                    = filepath.Join(cfg.tmp, "forward.test")
		pureBin                      = filepath.Join(cfg.tmp, "forward-purego.test")
		wasmDir                      = filepath.Join(cfg.tmp, "wasmforward")
		appDir                       = filepath.Join(cfg.tmp, "app")
		bareDir                      = filepath.Join(cfg.tmp, "bare")
		nativeBuildErr, pureBuildErr error
		wasmBuildErr                 error
		appBuildErr, bareBuildErr    error
		wasmPath                     string
		needNative                   = !skipped["engine"] || !skipped["wasm"]
	)
	step("building")
	if needNative {
		wg.Go(func() { nativeBuildErr = buildNativeBench(ctx, cfg.root, nativeBin, "") })
		wg.Go(func() { pureBuildErr = buildNativeBench(ctx, cfg.root, pureBin, "purego") })
	}
	if !skipped["wasm"] {
		wg.Go(func() { wasmPath, wasmBuildErr = buildWasmForward(ctx, cfg.root, wasmDir) })
	}
	if !skipped["page"] {
		wg.Go(func() { appBuildErr = buildAppSite(ctx, cfg.root, appDir) })
		wg.Go(func() { bareBuildErr = buildBareSite(ctx, cfg.root, bareDir) })
	}
	wg.Wait()

	// 1. Native (the default build, then -tags purego) and NumPy, one size
	// after the other, so that all three of a size run at nearly the same
	// moment of the machine.
	if needNative {
		var python string
		var pyErr error
		if !skipped["engine"] {
			if python, pyErr = findPython(ctx, cfg.pythons); pyErr != nil {
				res.numpyErr = pyErr.Error()
				m.NumPy = "not installed (" + pyErr.Error() + ")"
			}
		}
		var lines, pureLines []BenchLine
		for _, s := range res.sizes {
			lines = append(lines, nativeSize(ctx, cfg, step, "", nativeBin, nativeBuildErr, s.Name(), res.nativeErr)...)
			pureLines = append(pureLines, nativeSize(ctx, cfg, step, "purego", pureBin, pureBuildErr, s.Name(), res.pureErr)...)
			if skipped["engine"] || pyErr != nil {
				continue
			}
			step("NumPy %s: %s bench/forward_numpy.py", s.Name(), python)
			r, err := runNumPy(ctx, python, filepath.Join(cfg.root, "bench", "forward_numpy.py"), cfg.numpyRepeat, cfg.numpyMinTime,
				[]string{fmt.Sprintf("%d,%d,%d", s.N, s.DModel, s.Heads)})
			if err != nil {
				res.numpyErr = err.Error()
				m.NumPy = "failed (" + firstLine(err.Error()) + ")"
				pyErr = err
				continue
			}
			m.NumPy = fmt.Sprintf("%s (Python %s, %s)", r.NumPy, r.Python, blasName(r.BLAS))
			if res.numpy == nil {
				res.numpy = map[string]float64{}
			}
			for _, x := range r.Results {
				res.numpy[x.Name] = Median(x.NsPerOp)
			}
		}
		res.native = Summarize(lines)
		res.pure = Summarize(pureLines)
	}

	// 2. WebAssembly.
	if !skipped["wasm"] {
		args := wasmArgs(cfg)
		switch {
		case wasmBuildErr != nil:
			res.wasmErr[0] = "building: " + wasmBuildErr.Error()
			res.wasmErr[1] = res.wasmErr[0]
		default:
			step("wasm in Node: go_js_wasm_exec %s", strings.Join(args, " "))
			w, err := runWasmNode(ctx, cfg.root, wasmPath, args)
			res.wasm[0] = w
			if err != nil {
				res.wasmErr[0] = err.Error()
			}
			if cfg.chromium == "" {
				res.wasmErr[1] = cfg.chromiumErr.Error()
				break
			}
			step("wasm in Chromium")
			w, err = runWasmChromium(ctx, cfg.chromium, wasmDir, args, 10*time.Minute)
			res.wasm[1] = w
			if err != nil {
				res.wasmErr[1] = err.Error()
			}
		}
	}

	// 3. The page.
	if !skipped["page"] {
		measurePages(ctx, cfg, res, appDir, appBuildErr, bareDir, bareBuildErr, step)
	}
	return res
}

// nativeSize runs one size of a native benchmark binary (bin, built with
// tags, which failed to build when buildErr is not nil) and returns its
// result lines; it records why a size has no result in errs (under "" when
// none has).
func nativeSize(ctx context.Context, cfg config, step func(string, ...any), tags, bin string, buildErr error, size string, errs map[string]string) []BenchLine {
	if buildErr != nil {
		errs[""] = "building the benchmark: " + buildErr.Error()
		return nil
	}
	what, flags := "native", ""
	if tags != "" {
		what, flags = "native "+tags, " -tags "+tags
	}
	step("%s %s: go test%s -bench=BenchmarkForward/%s -benchmem -count=%d -benchtime=%s", what, size, flags, size, cfg.count, cfg.benchtime)
	out, raw, err := runNativeBench(ctx, cfg.root, bin, size, cfg.count, cfg.benchtime)
	switch {
	case out.Panic != "":
		errs[size] = out.Panic
	case out.Failures["BenchmarkForward/"+size] != "":
		errs[size] = out.Failures["BenchmarkForward/"+size]
	case err != nil:
		errs[size] = err.Error() + ": " + lastLine(raw)
	}
	return out.Lines
}

func measurePages(ctx context.Context, cfg config, res *results, appDir string, appBuildErr error, bareDir string, bareBuildErr error, step func(string, ...any)) {
	if cfg.chromium == "" {
		res.appErr, res.bareErr, res.typingErr = cfg.chromiumErr.Error(), cfg.chromiumErr.Error(), cfg.chromiumErr.Error()
		res.bareTyping.Err = cfg.chromiumErr
		return
	}
	var appSrv, bareSrv *siteServer
	var err error
	if appBuildErr != nil {
		res.appErr = "building the site (go run ./cmd/build): " + appBuildErr.Error()
	} else if appSrv, err = serveSite(appDir); err != nil {
		res.appErr = err.Error()
	} else {
		defer appSrv.Close()
	}
	if bareBuildErr != nil {
		res.bareErr = "building the bare page: " + bareBuildErr.Error()
	} else if bareSrv, err = serveSite(bareDir); err != nil {
		res.bareErr = err.Error()
	} else {
		defer bareSrv.Close()
	}
	// The two pages, and where their figures go.
	type page struct {
		name, trace string
		srv         *siteServer
		loads       *[]firstLoad
		err         *string
		school      *[]firstLoad // on schoolLink
		schoolErr   *string
	}
	pages := []page{
		{"app", "first-load-app", appSrv, &res.appLoads, &res.appErr, &res.appSchoolLoads, &res.appSchoolErr},
		{"bare go-app page", "first-load-bare", bareSrv, &res.bareLoads, &res.bareErr, &res.bareSchoolLoads, &res.bareSchoolErr},
	}
	load := func(p page, link *network.Conditions, loads *[]firstLoad, errp *string) {
		if l, err := measureFirstLoad(ctx, cfg.chromium, p.srv, p.srv.URL+"/", link, 90*time.Second); err != nil {
			*errp = err.Error()
		} else {
			*loads = append(*loads, l)
		}
	}
	// Alternate the two pages, each first in every other round, so that a
	// slow moment of the machine does not fall on one of them only.
	for i := range cfg.loads {
		for k := range pages {
			if p := pages[(k+i)%2]; p.srv != nil && *p.err == "" {
				step("first load %d/%d: %s", i+1, cfg.loads, p.name)
				load(p, nil, p.loads, p.err)
			}
		}
	}
	for _, p := range pages {
		if p.srv != nil && cfg.schoolLink {
			step("first load on a school link (%s): %s", schoolLinkLabel, p.name)
			load(p, &schoolLink, p.school, p.schoolErr)
		}
		if p.srv != nil && cfg.profileDir != "" {
			step("tracing a first load: %s", p.name)
			if summary, err := traceFirstLoad(ctx, cfg.chromium, p.srv.URL+"/", cfg.profileDir, p.trace, 90*time.Second); err != nil {
				log.Printf("tracing %s: %v", p.trace, err)
			} else {
				log.Printf("Trace of a first load (%s): %s", p.trace, summary)
			}
		}
	}
	if appSrv == nil {
		res.typingErr = "no app: " + res.appErr
	}
	if bareSrv == nil {
		res.bareTyping.Err = errors.New("no bare page: " + res.bareErr)
	}
	if appSrv == nil && bareSrv == nil {
		return
	}
	c, err := startChromium(ctx, cfg.chromium)
	if err != nil {
		res.typingErr = err.Error()
		res.bareTyping.Err = err
		return
	}
	defer c.Close()
	configs := typingConfigs
	if appSrv == nil {
		configs = nil
	}
	for _, tc := range configs {
		step("typing: %s, %d keystrokes", tc, cfg.keystrokes)
		res.typing = append(res.typing, measureTyping(ctx, c, appSrv.URL+"/", tc, cfg.stateURLs, cfg.warmup, cfg.keystrokes, cfg.typingBudget))
		if cfg.profileDir != "" && res.typing[len(res.typing)-1].Err == nil {
			name := fmt.Sprintf("typing-%dtok-%dheads", tc.Tokens, tc.Heads)
			summary, err := profileTyping(ctx, c, cfg.profileDir, name, 60)
			if err != nil {
				log.Printf("profiling %s: %v", tc, err)
			} else {
				log.Printf("CPU profile of typing at %s: %s", tc, summary)
			}
			summary, err = traceTyping(ctx, c, cfg.profileDir, name, 60)
			if err != nil {
				log.Printf("tracing %s: %v", tc, err)
			} else {
				log.Printf("Trace of typing at %s: %s", tc, summary)
			}
		}
	}
	// The same keystrokes into the bare page: go-app's own share of an
	// update.
	if bareSrv != nil {
		step("typing: bare go-app page, %d keystrokes", cfg.keystrokes)
		res.bareTyping = measureBareTyping(c, bareSrv.URL+"/", cfg.warmup, cfg.keystrokes, cfg.typingBudget)
	}
}

// moduleRoot returns the directory of this module's go.mod, looking up from
// the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(data), "module github.com/attnviz/attnviz\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run inside the attnviz module: no go.mod of github.com/attnviz/attnviz above the working directory")
		}
		dir = parent
	}
}

func machineLine(m machine) string {
	return fmt.Sprintf("CPU %s (%d cores) · %s · %s · Node %s · NumPy %s · load %s → %s",
		m.CPU, m.Cores, m.Go, m.Chromium, m.Node, m.NumPy, m.Load, m.LoadEnd)
}

// busyWarning says so when other work shared the CPU with the run.
func busyWarning(m machine) string {
	if !busy(m.Load, m.Cores) && !busy(m.LoadEnd, m.Cores) {
		return ""
	}
	return fmt.Sprintf("Warning: the machine was busy (load average %s at the start, %s at the end, on %d cores): "+
		"the timings shared the CPU with other work and are noisy.", m.Load, m.LoadEnd, m.Cores)
}

// markdown is the report file.
func markdown(m machine, cfg config, res *results, rows []Row, args []string, took time.Duration) string {
	var b strings.Builder
	date := time.Now().Format("2006-01-02")
	fmt.Fprintf(&b, "# Benchmark %s\n\n", date)
	cmd := "go run ./cmd/bench"
	if len(args) > 0 {
		cmd += " " + strings.Join(args, " ")
	}
	fmt.Fprintf(&b, "`%s` (`make bench`), %s, took %v.\n\n", cmd, time.Now().Format("15:04 MST"), took)
	b.WriteString("| machine | |\n| --- | --- |\n")
	for _, kv := range [][2]string{
		{"CPU", fmt.Sprintf("%s, %d cores", m.CPU, m.Cores)},
		{"Go", m.Go},
		{"Chromium", m.Chromium},
		{"Node", m.Node},
		{"NumPy", m.NumPy},
		{"load average (1, 5, 15 min)", m.Load + " at the start, " + m.LoadEnd + " at the end"},
	} {
		fmt.Fprintf(&b, "| %s | %s |\n", kv[0], strings.ReplaceAll(kv[1], "|", `\|`))
	}
	if w := busyWarning(m); w != "" {
		fmt.Fprintf(&b, "\n**%s**\n", w)
	}
	b.WriteString("\n## Results\n\n")
	b.WriteString(RenderMarkdown(rows))
	if p := res.Problems(); len(p) > 0 {
		b.WriteString("\n## Not measured\n\n")
		for _, s := range p {
			fmt.Fprintf(&b, "- %s\n", strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  "))
		}
	}
	fmt.Fprintf(&b, `
## How

- **Forward.** One multi-head self-attention in matrix mode, float64: X (n × d_model), Wq, Wk, Wv, Wo
  (d_model × d_model), heads of d_model/heads columns, no mask, scores scaled by √d_k, temperature 1
  (`+"`bench/forward`"+`). Go: `+"`attention.Forward`"+` into a reused Result, timed by `+"`go test -bench=BenchmarkForward -benchmem`"+`
  in `+"`bench/forward`"+` with -count=%d -benchtime=%s, the median of the samples; allocs/op is the largest over
  the samples, counted after one untimed forward. The same benchmark is also built with `+"`-tags purego`"+` (the
  engine's pure-Go code, without its AVX matrix kernel and AVX2 exponentials; same results bit for bit) and
  run the same way, right after the default build at each size. NumPy: `+"`bench/forward_numpy.py`"+`, the same forward written
  as the lesson writes it (vectorised, per-head via reshape/transpose, stable softmax, the heads' mean
  weights), timed with timeit, the median of %d repeats of at least %gs. Ratio = Go / NumPy (pure Go / NumPy on
  the purego rows, which have no target).
- **WebAssembly.** `+"`bench/wasmforward`"+` (GOOS=js GOARCH=wasm, built as cmd/build builds app.wasm) runs the
  same benchmark function with testing.Benchmark, %d samples of %s, median: in Node through
  `+"`$(go env GOROOT)/lib/wasm/go_js_wasm_exec`"+`, and in headless Chromium from a loopback server with
  `+"`wasm_exec.js`"+`. Ratio = wasm / native, the default build; the rows "vs native pure Go" divide by the
  `+"`-tags purego`"+` build instead and have no target. Natively the engine runs SIMD assembly on amd64, while Go's
  WebAssembly has no SIMD, so the wasm rows against the default build also count the missing SIMD; the
  pure-Go comparison runs the same Go code on both sides and shows the cost of its compilation to wasm.
- **Page.** `+"`go run ./cmd/build`"+` builds the site; `+"`bench/bare`"+` is a go-app page with one component and one line of
  text, built in the same run (GenerateStaticWebsite, wasm with the same flags), whose OnMount sets the
  mark attnviz:first-render. Both are served from memory on 127.0.0.1, gzip level 6 for text and wasm,
  with Cache-Control: no-cache and an ETag, as static hosts serve them (a revalidation gets 304, no body).
  Each first load is a fresh headless Chromium (fresh --user-data-dir, cache disabled through the
  DevTools protocol, 1280×900 window); bytes are the encodedDataLength of Network.loadingFinished
  (body and HTTP headers) for the page's own requests (the service worker's precache requests are
  counted only in the "total sent" row, by the server); first render is the mark's startTime, from navigation start, the median
  of %d loads of each page, the two pages alternating, each first in every other round. Until its wasm has drawn, the app's pre-rendered page shows a picture of its first heatmap,
  drawn by ECharts at build time (`+"`app/first_picture.go`"+`): the row "first heatmap on screen" times its paint
  (the renderTime of its PerformanceElementTiming entry), or, in a load where the wasm replaced the page before
  the picture was painted (app.wasm arrives at once on loopback), the live first render; against the same bare
  first render. On the school link (`+"`-school-link`"+`, on by default), one more load of each page the same way, with
  the DevTools protocol's Network.emulateNetworkConditionsByRule holding every request to `+schoolLinkLabel+`:
  the same two figures, with no target (the targets are for loopback). Typing: the app opened with its heads set through the URL, the sentence set to the
  number of tokens, then %d keystrokes into #sentence (fewer where a setting takes longer than %v),
  one at a time, each waited for (a letter appended, then deleted), after %d uncounted ones; median
  and p95 (nearest rank) of the attnviz:update measures; the longest PerformanceObserver "longtask"
  entry during the typing. Then the same keystrokes into the bare page opened as `+"`/?input`"+`, where its
  one component also renders an input#sentence whose input events record attnviz:update as the app's
  do: the framework's own cost of a keystroke (go-app updates the DOM in its next frame, on a 120 Hz
  ticker that the first dispatch after an idle frame arms, so about 8.3 ms after the event), the "compared with" of the
  app's median and p95, with no target.
- Targets: native ≤ 1.0× NumPy at every size and ≤ 1/3 at n ≤ 32; wasm in Chromium ≤ 3× native (the default build);
  app.wasm ≤ 2.5 MB gzip; first load ≤ 3.0 MB gzip; first heatmap ≤ 1.3× bare (both rows); update p95 ≤ 16 ms at 16
  tokens / 4 heads and ≤ 50 ms at 128 tokens / 8 heads; longest task ≤ 200 ms; 0 allocs/op. MB = 10⁶ bytes.
`, cfg.count, cfg.benchtime, cfg.numpyRepeat, cfg.numpyMinTime, cfg.wasmCount, cfg.benchtime, cfg.loads, cfg.keystrokes, cfg.typingBudget, cfg.warmup)
	return b.String()
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func itoa(n int) string { return strconv.Itoa(n) }

func bytesReader(b []byte) io.Reader { return bytes.NewReader(b) }
