// Command bench measures the attention visualizer and prints one table:
//
//  1. the engine's forward natively against its peers, NumPy and PyTorch
//     (on the CPU, float64, the BLAS they load named);
//  2. the same forward compiled to WebAssembly, in Node and in headless
//     Chromium, against native: the default build (SIMD assembly on amd64)
//     and the pure-Go build (-tags purego), the code wasm runs, on every
//     core and, with the target, on one thread as wasm;
//  3. the page in headless Chromium: bytes of the first load (gzip, empty
//     cache), time to the first heatmap, keystroke updates and long tasks,
//     beside a bare go-app page built in the same run;
//  4. every view of the page, switched into by its link, typed into and
//     pasted into: update p95 and the longest task;
//  5. training each task of attention/model to its target (bench/runtrain)
//     natively, as WebAssembly in Node and in Chromium, against PyTorch on
//     the CPU training the same model on the same batches
//     (bench/train_peer.py), in float64 and float32.
//
// Each figure with a target gets PASS or MISS; nothing is asserted. The
// table is also written as Markdown, with the machine it ran on, to
// docs/bench-YYYY-MM-DD.md. `make bench` runs bench/setup.sh, then this.
//
// Usage:
//
//	go run ./cmd/bench [-quick] [-out docs] [-only engine,wasm,page,views,train] [-profile DIR] [-baseline REV]
//
// With -baseline REV, the site as the git revision REV builds it is loaded
// and typed into as well, alternately with this build, and a section of the
// table sets this build beside it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/attnviz/attnviz/cmd/internal/modroot"
)

// config holds a run's settings.
type config struct {
	root, tmp  string
	only       []string // the sections to run: engine, wasm, page
	out        string   // the report's directory, "" for none
	chromium   string   // path, or "" when none was found
	noChromium error    // why there is none
	pythons    []string // Pythons to try for the peers, in turn
	profileDir string   // where -profile writes traces and CPU profiles, or ""
	schoolLink bool
	baseline   string // -baseline: the revision as given, or ""
	baseRev    string // its commit
	pace
}

// pace is how long each figure is measured.
type pace struct {
	benchtime      string        // per sample, native and wasm
	count          int           // native samples
	wasmCount      int           // wasm samples
	peerRepeat     int           // NumPy and PyTorch samples
	peerMinTime    float64       // seconds per peer sample
	loads          int           // fresh first loads of each page
	keystrokes     int           // keystrokes counted per setting, from the first
	typingBudget   time.Duration // the most time typing at one setting takes
	viewKeystrokes int           // keystrokes counted in each view at each setting
	trainSteps     int           // steps of each task PyTorch is timed on
	trainSamples   int           // warm trainings timed of each task in each runtime, PyTorch's too
}

var (
	fullPace  = pace{"500ms", 5, 3, 5, 0.2, 5, 200, 150 * time.Second, 60, 40, 5}
	quickPace = pace{"100ms", 2, 1, 2, 0.05, 1, 40, 30 * time.Second, 10, 15, 3}
)

var sections = []string{"engine", "wasm", "page", "views", "train"}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	err = run(cfg, os.Args[1:])
	os.RemoveAll(cfg.tmp)
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}

// parseFlags reads the command line into a config.
func parseFlags(args []string) (config, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "fewer iterations: a rough run in a few minutes")
	school := fs.Bool("school-link", true, "also load each page once on an emulated school link ("+schoolLinkLabel+"), against ≤ 1.2× the bare page")
	out := fs.String("out", "docs", `directory to write bench-YYYY-MM-DD.md into ("": print only; with -only, nothing unless given)`)
	chromium := fs.String("chromium", "", "Chromium to run (default: /usr/bin/chromium, then chromium, chromium-browser, google-chrome in PATH)")
	python := fs.String("python", "", "Python for NumPy and PyTorch (default: /usr/bin/python3, then python3)")
	only := fs.String("only", "", "run only these sections, comma-separated: "+strings.Join(sections, ", "))
	baseline := fs.String("baseline", "", "also build the site at this git revision and measure it in the page and views sections, alternately with this build, with no target")
	profile := fs.String("profile", "", "write to this directory a Chromium trace of one more first load of each page, traces of as many more for a breakdown of each first load (logged), and a CPU profile and a trace of 60 more keystrokes after each typing measurement")
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	cfg := config{out: *out, only: sections, profileDir: *profile, schoolLink: *school, pace: fullPace,
		pythons: []string{"/usr/bin/python3", "python3"}, baseline: *baseline}
	if *quick {
		cfg.pace = quickPace
	}
	if *python != "" {
		cfg.pythons = []string{*python}
	}
	if *only != "" {
		cfg.only = strings.Split(*only, ",")
		for _, s := range cfg.only {
			if !slices.Contains(sections, s) {
				return cfg, fmt.Errorf("-only: unknown section %q (want %s)", s, strings.Join(sections, ", "))
			}
		}
		if !flagSet(fs, "out") {
			cfg.out = ""
		}
	}
	cfg.chromium, cfg.noChromium = findChromium(*chromium)
	var err error
	if cfg.root, err = modroot.Find(); err != nil {
		return cfg, err
	}
	if flagSet(fs, "baseline") {
		if !cfg.runs("page") && !cfg.runs("views") {
			return cfg, errors.New("-baseline: the baseline is measured only in the page and views sections, and -only runs neither")
		}
		if cfg.baseRev, err = resolveRev(context.Background(), cfg.root, cfg.baseline); err != nil {
			return cfg, err
		}
	}
	if cfg.out != "" && !flagSet(fs, "out") {
		cfg.out = filepath.Join(cfg.root, cfg.out)
	}
	if cfg.out != "" { // now, not after a run of many minutes
		if err := os.MkdirAll(cfg.out, 0o755); err != nil {
			return cfg, fmt.Errorf("-out: %w", err)
		}
	}
	cfg.tmp, err = os.MkdirTemp("", "attnviz-bench-")
	return cfg, err
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// runs reports whether the run includes section.
func (c config) runs(section string) bool { return slices.Contains(c.only, section) }

// run measures, prints the table and writes the report.
func run(cfg config, args []string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	start := time.Now()
	m := describeMachine(ctx, cfg.chromium)
	res := measure(ctx, cfg)
	m.LoadEnd = loadAverage()
	m.Peers = res.peerAbout()
	for _, p := range res.peers {
		if oldKernel(p.core, m.AVX2) {
			m.oldBLAS = p.core
		}
	}
	rows := res.Rows()

	fmt.Print(m.line(), "\n")
	if w := m.warnings(); len(w) > 0 {
		fmt.Println(strings.Join(w, "\n"))
	}
	fmt.Print("\n", RenderText(rows))
	if len(res.problems) > 0 {
		fmt.Println("\nnot measured:")
		for _, p := range res.problems {
			fmt.Println("  -", firstLine(p))
		}
	}
	if cfg.out == "" {
		return nil
	}
	name := filepath.Join(cfg.out, "bench-"+time.Now().Format("2006-01-02")+".md")
	took := time.Since(start).Round(time.Second)
	if err := os.WriteFile(name, []byte(markdown(m, cfg, res, rows, args, took)), 0o644); err != nil {
		return err
	}
	log.Printf("wrote %s (%v)", name, took)
	return nil
}

// measure builds what the run measures, then measures each section in
// turn, so that no measurement shares the CPU with another of the run.
func measure(ctx context.Context, cfg config) *results {
	res := &results{only: cfg.only}
	if cfg.baseRev != "" {
		res.baseline = cfg.baselineLabel()
	}
	b := buildAll(ctx, cfg)
	if cfg.runs("engine") || cfg.runs("wasm") {
		measureNative(ctx, cfg, b, res)
	}
	if cfg.runs("wasm") {
		measureWasm(ctx, cfg, b, res)
	}
	if cfg.runs("page") {
		measurePages(ctx, cfg, b, res)
	}
	if cfg.runs("views") {
		measureViews(ctx, cfg, b, res)
		measureLearn(ctx, cfg, b, res)
	}
	if cfg.runs("train") {
		measureTraining(ctx, cfg, b, res)
	}
	return res
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
