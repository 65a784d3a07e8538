package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/attnviz/attnviz/bench/forward"
)

// results is everything one run measured. A figure that could not be
// measured holds why; problems lists each reason in full, once.
type results struct {
	only         []string       // the sections run
	native, pure timings        // bench/runforward, the default build and -tags purego
	pureOne      timings        // -tags purego on one thread (GOMAXPROCS=1), as wasm runs
	peers        []*peer        // NumPy, PyTorch
	wasm         [2]timings     // in Node, in Chromium
	app, bare    pageLoads      // first loads
	typing       []typingResult // one per typingConfigs
	bareTyping   typingResult   // typing into the bare page: go-app's own cost of a keystroke
	views        []viewResult   // each view at each of typingConfigs
	baseline     string         // -baseline's revision as the report names it, or ""
	base         pageLoads      // the baseline's first loads
	baseViews    []viewResult   // the baseline's views, as views
	train        [5]trainings   // each task trained to its target in each of trainRuntimes
	torch        torchTraining  // PyTorch on the same batches
	learn        learnRedraw    // the Learn view's redraws while training (learn_redraw.go)
	problems     []string
}

// note keeps what could not be measured for the report's list, once, and
// returns the reason.
func (r *results) note(what string, err error) string {
	if s := what + ": " + err.Error(); !slices.Contains(r.problems, s) {
		r.problems = append(r.problems, s)
	}
	return err.Error()
}

// record puts into the forwards of the sizes names that got holds; a size
// without one gets the reason err gives.
func (r *results) record(into, got timings, err error, what string, names ...string) {
	for _, n := range names {
		f, ok := got[n]
		switch {
		case ok && f.err != "":
			f.ns = math.NaN()
			r.note(what+" "+n, errors.New(f.err))
		case !ok:
			if err == nil {
				err = errNoResult
			}
			f = fwd{ns: math.NaN(), err: r.note(what, err)}
		}
		into[n] = f
	}
}

// Rows builds the report's table.
func (r *results) Rows() []Row {
	var rows []Row
	if slices.Contains(r.only, "engine") {
		rows = append(rows, r.engineRows()...)
	}
	if slices.Contains(r.only, "wasm") {
		rows = append(rows, r.wasmRows()...)
	}
	if slices.Contains(r.only, "page") {
		rows = append(rows, r.loadRows()...)
		rows = append(rows, r.schoolRows()...)
		rows = append(rows, r.typingRows()...)
	}
	if slices.Contains(r.only, "views") {
		rows = append(rows, r.viewRows()...)
		rows = append(rows, r.learnRedrawRows()...)
	}
	if slices.Contains(r.only, "train") {
		rows = append(rows, r.trainingRows()...)
	}
	return append(rows, r.baselineRows()...)
}

// cell is one side of a comparison: its text, and its value, NaN when it
// was not measured.
type cell struct {
	text string
	v    float64
}

var none = cell{v: math.NaN()}

// missing is the cell of a figure that who could not measure.
func missing(who, why string) cell {
	s := short(orDefault(why, "not measured"))
	if who != "" {
		s = who + ": " + s
	}
	return cell{s, math.NaN()}
}

// durCell is a forward's time, labelled.
func durCell(label string, f fwd) cell {
	if f.err != "" || math.IsNaN(f.ns) {
		return missing(label, f.err)
	}
	return cell{strings.TrimSpace(label + " " + FormatDuration(f.ns)), f.ns}
}

// target is what a figure is held to: its value, or its ratio to the
// figure it is compared with, at most limit. A zero target is none.
type target struct {
	label   string
	limit   float64
	ofRatio bool
}

// compare is the row of m against c: their ratio where both were measured,
// and the verdict of t.
func compare(sec, figure string, m, c cell, t target) Row {
	row := Row{Section: sec, Figure: figure, Measured: m.text, Compared: c.text, Target: t.label}
	ratio := m.v / c.v
	if !math.IsNaN(ratio) && !math.IsInf(ratio, 0) {
		row.Ratio = FormatRatio(ratio)
	}
	x := m.v
	if t.ofRatio {
		x = ratio
	}
	switch {
	case t.label == "":
	case math.IsNaN(x) || math.IsInf(x, 0):
		row.Result = NA
	default:
		row.Result = Verdict(x <= t.limit)
	}
	return row
}

func sizeLabel(s forward.Size) string {
	return fmt.Sprintf("n=%d d=%d h=%d", s.N, s.DModel, s.Heads)
}

// Targets of issues #5 and #16, reported and never asserted.
var (
	targetPeerSmall = target{"≤ 0.33×", 1.0 / 3, true} // native / the faster peer at n ≤ 32
	targetPeer      = target{"≤ 1.0×", 1, true}        // at every size
	targetWasm      = target{"≤ 3×", 3, true}          // wasm in Chromium / native pure Go on one thread (the same code)
	targetAppWasm   = target{"≤ 2.5 MB", 2.5e6, false}
	targetFirstLoad = target{"≤ 3.0 MB", 3e6, false}
	targetFirst     = target{"≤ 1.3× bare", 1.3, true}
	targetSchool    = target{"≤ 1.2× bare", 1.2, true} // the first loads on the school link
	targetLongTask  = target{"≤ 200 ms", 200, false}
	targetViewTask  = target{"≤ 100 ms", 100, false} // in every view
)

func (r *results) engineRows() []Row {
	const sec = "engine: Go vs NumPy and PyTorch"
	var rows []Row
	for _, s := range forward.Sizes {
		name, t := s.Name(), targetPeer
		if s.N <= 32 {
			t = targetPeerSmall
		}
		peers := r.peerCell(name)
		rows = append(rows,
			compare(sec, "forward "+sizeLabel(s), durCell("Go", r.native.get(name)), peers, t),
			compare(sec, "forward "+sizeLabel(s)+", native pure Go (-tags purego)", durCell("pure Go", r.pure.get(name)), peers, target{}))
	}
	return append(rows, r.allocsRow(sec))
}

// peerCell is the peers' times at size name, the faster first: the
// figure the engine is held to.
func (r *results) peerCell(name string) cell {
	var cells []cell
	for _, p := range r.peers {
		cells = append(cells, durCell(p.name, p.times.get(name)))
	}
	if len(cells) == 0 {
		return missing("peers", "not run")
	}
	slices.SortStableFunc(cells, func(a, b cell) int {
		switch {
		case math.IsNaN(b.v) || a.v < b.v:
			return -1
		case math.IsNaN(a.v) || a.v > b.v:
			return 1
		}
		return 0
	})
	texts := make([]string, len(cells))
	for i, c := range cells {
		texts[i] = c.text
	}
	return cell{strings.Join(texts, "; "), cells[0].v}
}

// allocsRow is the most allocations of a repeated native forward, over the
// sizes.
func (r *results) allocsRow(sec string) Row {
	worst, at := none, ""
	for _, s := range forward.Sizes {
		if f := r.native.get(s.Name()); f.err == "" && (at == "" || float64(f.allocs) > worst.v) {
			worst = cell{fmt.Sprintf("%d (%s/op)", f.allocs, FormatBytes(f.bytes)), float64(f.allocs)}
			at = sizeLabel(s)
		}
	}
	switch {
	case at == "":
		worst.text = "—"
	case worst.v == 0:
		worst.text += " at every size measured"
	default:
		worst.text += " at " + at
	}
	return compare(sec, "allocs/op, repeated forward, the most over the sizes", worst, cell{}, target{"0", 0, false})
}

func (r *results) wasmRows() []Row {
	const sec = "engine: wasm vs native"
	var rows []Row
	for _, s := range forward.Sizes {
		name, label := s.Name(), sizeLabel(s)
		native, pure := durCell("native", r.native.get(name)), durCell("native pure Go", r.pure.get(name))
		pureOne := durCell("native pure Go, one thread", r.pureOne.get(name))
		node, chromium := durCell("", r.wasm[0].get(name)), durCell("", r.wasm[1].get(name))
		rows = append(rows,
			compare(sec, "wasm in Node, "+label, node, native, target{}),
			compare(sec, "wasm in Chromium, "+label, chromium, native, target{}),
			compare(sec, "wasm in Chromium vs native pure Go on every core (-tags purego), "+label, chromium, pure, target{}),
			compare(sec, "wasm in Chromium vs native pure Go on one thread (-tags purego, GOMAXPROCS=1: the same code as wasm's one thread), "+label, chromium, pureOne, targetWasm))
	}
	return rows
}

// short cuts a reason to fit a table cell.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 70 {
		return string(r[:69]) + "…"
	}
	return s
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// markdown is the report file.
func markdown(m machine, cfg config, res *results, rows []Row, args []string, took time.Duration) string {
	var b strings.Builder
	now := time.Now()
	fmt.Fprintf(&b, "# Benchmark %s\n\n`%s` (`make bench`), %s, took %v.\n\n| machine | |\n| --- | --- |\n",
		now.Format("2006-01-02"), strings.Join(append([]string{"go run ./cmd/bench"}, args...), " "), now.Format("15:04 MST"), took)
	kv := [][2]string{{"CPU", fmt.Sprintf("%s, %d cores", m.CPU, m.Cores)}, {"Go", m.Go}, {"Chromium", m.Chromium}, {"Node", m.Node}}
	for _, p := range m.Peers {
		name, _, _ := strings.Cut(p, " ")
		kv = append(kv, [2]string{strings.TrimSuffix(name, ":"), p})
	}
	kv = append(kv, [2]string{"BLAS environment", orDefault(strings.Join(m.BLASEnv, " "), "none of "+strings.Join(blasEnv, ", ")+" set")},
		[2]string{"load average (1, 5, 15 min)", m.Load + " at the start, " + m.LoadEnd + " at the end"})
	for _, r := range kv {
		fmt.Fprintf(&b, "| %s | %s |\n", r[0], strings.ReplaceAll(r[1], "|", `\|`))
	}
	for _, w := range m.warnings() {
		fmt.Fprintf(&b, "\n**%s**\n", w)
	}
	b.WriteString("\n## Results\n\n" + RenderMarkdown(rows))
	if len(res.problems) > 0 {
		b.WriteString("\n## Not measured\n\n")
		for _, s := range res.problems {
			fmt.Fprintf(&b, "- %s\n", strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n  "))
		}
	}
	p := cfg.pace
	fmt.Fprintf(&b, "\n## How\n\n`bench/README.md` says how each figure is taken. In this run: native and wasm forwards, "+
		"%d and %d samples of %s, the median; NumPy and PyTorch, the median of %d repeats of at least %gs; %d first loads of "+
		"each page (the median); %d keystrokes at each setting, counted from the first, as in every view (fewer where typing took longer than %v). "+
		"In the compared-with column of the engine rows the faster peer comes first, and the ratio is to it. MB = 10⁶ bytes.\n",
		p.count, p.wasmCount, p.benchtime, p.peerRepeat, p.peerMinTime, p.loads, p.keystrokes, p.typingBudget)
	if cfg.runs("train") {
		fmt.Fprintf(&b, "\nTraining: in each runtime a first, cold training of each task to its target (the time to the target, a single sample), "+
			"then %[1]d warm trainings of as many steps, each a sample of the time per step (its steps' wall time, or the process's CPU time, over its steps; "+
			"in Chromium %[1]d of each way in turn: as the page trains, one worker, every step shared by two); the figure is their median, with their range. "+
			"PyTorch trained on the first %[2]d batches Go drew, an untimed training first, then %[1]d more, each a sample: the mean after 3 warm-up steps; "+
			"its time to the target is Go's steps times the median.\n", p.trainSamples, p.trainSteps)
	}
	if cfg.baseRev != "" {
		fmt.Fprintf(&b, "\nThe baseline, %s (commit %s), was built by its own cmd/build in a temporary git worktree and measured in "+
			"the same run, its first loads in turn with the two pages', each view's pass right before or after this build's; "+
			"ratio = this build / the baseline.\n", cfg.baseline, cfg.baseRev)
	}
	return b.String()
}
