package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/attnviz/attnviz/bench/forward"
)

// Targets, from the product brief. None is asserted by a test: the command
// reports them.
const (
	targetGoNumPySmall  = 1.0 / 3 // native/NumPy at n ≤ 32
	targetGoNumPy       = 1.0     // native/NumPy at every size
	targetWasmChromium  = 3.0     // wasm in Chromium / native (the default build)
	targetAppWasmBytes  = 2_500_000
	targetFirstLoad     = 3_000_000
	targetFirstRender   = 1.3 // app / bare
	targetLongestTaskMs = 200
)

// targetUpdateP95 is the p95 target of an update, by setting.
func targetUpdateP95(cfg typingConfig) (float64, bool) {
	switch cfg {
	case typingConfig{Tokens: 16, Heads: 4}:
		return 16, true
	case typingConfig{Tokens: 128, Heads: 8}:
		return 50, true
	}
	return 0, false
}

// results is everything one run measured; a nil map or an error means the
// part was not measured, a skipped part has its name in skipped.
type results struct {
	sizes   []forward.Size
	skipped map[string]bool // "engine", "wasm", "page"

	native    map[string]BenchSummary // by size name
	nativeErr map[string]string       // by size name, or "" for all

	// The same benchmark built with -tags purego: the engine's pure-Go
	// code, the code that runs in WebAssembly, without its SIMD assembly.
	pure    map[string]BenchSummary // by size name
	pureErr map[string]string       // by size name, or "" for all

	numpy    map[string]float64 // median ns/op by size name
	numpyErr string

	wasm    [2]map[string]wasmLine // Node, Chromium
	wasmErr [2]string

	appLoads, bareLoads []firstLoad
	appErr, bareErr     string

	// One first load of each page on schoolLink (-school-link). No target.
	appSchoolLoads, bareSchoolLoads []firstLoad
	appSchoolErr, bareSchoolErr     string

	typing    []typingResult
	typingErr string

	// Typing into the bare go-app page (bench/bare?input): the framework's
	// own cost of a keystroke. No target.
	bareTyping typingResult
}

var wasmRuntimes = [2]string{"Node", "Chromium"}

func sizeLabel(s forward.Size) string {
	return fmt.Sprintf("n=%d d=%d h=%d", s.N, s.DModel, s.Heads)
}

// short cuts a reason to fit a table cell.
func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 70 {
		return string(r[:69]) + "…"
	}
	return s
}

// errFor returns the reason a size has no result in m.
func errFor(errs map[string]string, name string) string {
	if e := errs[name]; e != "" {
		return e
	}
	if e := errs[""]; e != "" {
		return e
	}
	return "no result"
}

// Rows builds the report's table.
func (r *results) Rows() []Row {
	var rows []Row
	if !r.skipped["engine"] {
		rows = append(rows, r.engineRows()...)
	}
	if !r.skipped["wasm"] {
		rows = append(rows, r.wasmRows()...)
	}
	if !r.skipped["page"] {
		rows = append(rows, r.loadRows()...)
		rows = append(rows, r.schoolRows()...)
		rows = append(rows, r.typingRows()...)
	}
	return rows
}

func (r *results) engineRows() []Row {
	const sec = "engine: Go vs NumPy"
	var rows []Row
	for _, s := range r.sizes {
		name := s.Name()
		row := Row{Section: sec, Figure: "forward " + sizeLabel(s), Result: NA}
		limit := targetGoNumPy
		row.Target = "≤ 1.0×"
		if s.N <= 32 {
			limit = targetGoNumPySmall
			row.Target = "≤ 0.33×"
		}
		nat, haveNat := r.native["BenchmarkForward/"+name]
		if haveNat {
			row.Measured = "Go " + FormatDuration(nat.MedianNs)
		} else {
			row.Measured = "Go: " + short(errFor(r.nativeErr, name))
		}
		np, haveNp := r.numpy[name]
		switch {
		case haveNp:
			row.Compared = "NumPy " + FormatDuration(np)
		case r.numpyErr != "":
			row.Compared = "NumPy: " + short(r.numpyErr)
		default:
			row.Compared = "NumPy: no result"
		}
		if haveNat && haveNp {
			ratio := nat.MedianNs / np
			row.Ratio, row.Result = FormatRatio(ratio), Verdict(ratio <= limit)
		}
		rows = append(rows, row)

		// Informative: the engine's pure-Go code (as in WebAssembly),
		// natively, against the same NumPy figure.
		pure := Row{Section: sec, Figure: "forward " + sizeLabel(s) + ", native pure Go (-tags purego)", Compared: row.Compared}
		pg, havePure := r.pure["BenchmarkForward/"+name]
		if havePure {
			pure.Measured = "pure Go " + FormatDuration(pg.MedianNs)
		} else {
			pure.Measured = "pure Go: " + short(errFor(r.pureErr, name))
		}
		if havePure && haveNp {
			pure.Ratio = FormatRatio(pg.MedianNs / np)
		}
		rows = append(rows, pure)

		allocs := Row{Section: sec, Figure: "allocs/op, repeated forward " + sizeLabel(s), Target: "0", Result: NA}
		switch {
		case haveNat && nat.HasMem:
			allocs.Measured = fmt.Sprintf("%g (%s/op)", nat.AllocsPerOp, FormatBytes(int64(nat.BytesPerOp)))
			allocs.Result = Verdict(nat.AllocsPerOp == 0)
		case haveNat:
			allocs.Measured = "not reported"
		default:
			allocs.Measured = "—"
		}
		rows = append(rows, allocs)
	}
	return rows
}

func (r *results) wasmRows() []Row {
	const sec = "engine: wasm vs native"
	var rows []Row
	for _, s := range r.sizes {
		name := s.Name()
		nat, haveNat := r.native["BenchmarkForward/"+name]
		pg, havePure := r.pure["BenchmarkForward/"+name]
		for i, rt := range wasmRuntimes {
			row := Row{Section: sec, Figure: "wasm in " + rt + ", " + sizeLabel(s)}
			if i == 1 {
				row.Target, row.Result = "≤ 3×", NA
			}
			wasmNs, measured := r.wasmFigure(i, name)
			row.Measured = measured
			if haveNat {
				row.Compared = "native " + FormatDuration(nat.MedianNs)
			} else {
				row.Compared = "native: " + short(errFor(r.nativeErr, name))
			}
			if wasmNs > 0 && haveNat {
				ratio := wasmNs / nat.MedianNs
				row.Ratio = FormatRatio(ratio)
				if i == 1 {
					row.Result = Verdict(ratio <= targetWasmChromium)
				}
			}
			rows = append(rows, row)
		}
		// Informative, no target: wasm in Chromium against the same Go
		// code natively, without the SIMD assembly that wasm cannot have.
		row := Row{Section: sec, Figure: "wasm in Chromium vs native pure Go (-tags purego), " + sizeLabel(s)}
		wasmNs, measured := r.wasmFigure(1, name)
		row.Measured = measured
		if havePure {
			row.Compared = "native pure Go " + FormatDuration(pg.MedianNs)
		} else {
			row.Compared = "native pure Go: " + short(errFor(r.pureErr, name))
		}
		if wasmNs > 0 && havePure {
			row.Ratio = FormatRatio(wasmNs / pg.MedianNs)
		}
		rows = append(rows, row)
	}
	return rows
}

// wasmFigure returns the median ns/op of size name in wasm runtime i (0
// when there is none) and the cell that shows it, or why there is none.
func (r *results) wasmFigure(i int, name string) (float64, string) {
	w, ok := r.wasm[i][name]
	switch {
	case ok && w.Error == "" && len(w.NsPerOp) > 0:
		ns := Median(w.NsPerOp)
		return ns, FormatDuration(ns)
	case ok && w.Error != "":
		return 0, short(w.Error)
	case r.wasmErr[i] != "":
		return 0, short(r.wasmErr[i])
	default:
		return 0, "no result"
	}
}

func (r *results) loadRows() []Row {
	const sec = "page: first load (gzip, empty cache)"
	var rows []Row
	var app, bare *firstLoad
	if len(r.appLoads) > 0 {
		app = &r.appLoads[0]
	}
	if len(r.bareLoads) > 0 {
		bare = &r.bareLoads[0]
	}
	appMissing := "app: " + short(orDefault(r.appErr, "not measured"))
	bareMissing := "bare: " + short(orDefault(r.bareErr, "not measured"))

	// Every file either page requested, the app's largest first.
	var paths []string
	if app != nil {
		for _, f := range app.Files {
			paths = append(paths, f.Path)
		}
	}
	if bare != nil {
		for _, f := range bare.Files {
			if !slices.Contains(paths, f.Path) {
				paths = append(paths, f.Path)
			}
		}
	}
	find := func(l *firstLoad, p string) (fileLoad, bool) {
		if l == nil {
			return fileLoad{}, false
		}
		i := slices.IndexFunc(l.Files, func(f fileLoad) bool { return f.Path == p })
		if i < 0 {
			return fileLoad{}, false
		}
		return l.Files[i], true
	}
	sawWasm := false
	for _, p := range paths {
		row := Row{Section: sec, Figure: "file " + p}
		a, okA := find(app, p)
		b, okB := find(bare, p)
		row.Measured, row.Compared = "—", "bare —"
		if okA {
			row.Measured = fileCell(a)
		}
		if okB {
			row.Compared = "bare " + fileCell(b)
		}
		if okA && okB && b.Bytes > 0 {
			row.Ratio = FormatRatio(float64(a.Bytes) / float64(b.Bytes))
		}
		if strings.HasSuffix(p, "/app.wasm") && (app == nil || okA) {
			sawWasm = true
			row.Figure = "file " + p + " (app.wasm)"
			row.Target, row.Result = "≤ 2.5 MB", NA
			if okA && a.Failed == "" {
				row.Result = Verdict(a.Bytes <= targetAppWasmBytes)
			}
		}
		rows = append(rows, row)
	}
	if !sawWasm {
		rows = append(rows, Row{Section: sec, Figure: "file app.wasm", Measured: appMissing, Target: "≤ 2.5 MB", Result: NA})
	}

	total := Row{Section: sec, Figure: "total, the page's requests", Target: "≤ 3.0 MB", Result: NA, Measured: appMissing, Compared: bareMissing}
	sw := Row{Section: sec, Figure: "total sent, service-worker precache included", Measured: appMissing, Compared: bareMissing}
	picture := Row{Section: sec, Figure: "first heatmap on screen: the build's picture of it, or the live one where that came first, from navigation start", Target: "≤ 1.3× bare", Result: NA, Measured: appMissing, Compared: bareMissing}
	render := Row{Section: sec, Figure: "first render: the live heatmap (attnviz:first-render), from navigation start", Target: "≤ 1.3× bare", Result: NA, Measured: appMissing, Compared: bareMissing}
	var appRender, bareRender, appPicture float64
	if app != nil {
		ms, painted := firstHeatmaps(r.appLoads)
		appPicture = Median(ms)
		picture.Measured = FormatMs(appPicture) + medianOf(len(ms)) + fmt.Sprintf(", the picture in %d", painted)
		total.Measured = FormatBytes(app.Total)
		total.Result = Verdict(app.Total <= targetFirstLoad)
		sw.Measured = FormatBytes(app.ServerTotal)
		appRender = Median(firstRenders(r.appLoads))
		render.Measured = FormatMs(appRender) + medianOf(len(r.appLoads))
	}
	if bare != nil {
		total.Compared = "bare " + FormatBytes(bare.Total)
		sw.Compared = "bare " + FormatBytes(bare.ServerTotal)
		bareRender = Median(firstRenders(r.bareLoads))
		render.Compared = "bare " + FormatMs(bareRender) + medianOf(len(r.bareLoads))
		picture.Compared = render.Compared
	}
	if app != nil && bare != nil {
		total.Ratio = FormatRatio(float64(app.Total) / float64(bare.Total))
		sw.Ratio = FormatRatio(float64(app.ServerTotal) / float64(bare.ServerTotal))
		ratio := appRender / bareRender
		render.Ratio, render.Result = FormatRatio(ratio), Verdict(ratio <= targetFirstRender)
		ratio = appPicture / bareRender
		picture.Ratio, picture.Result = FormatRatio(ratio), Verdict(ratio <= targetFirstRender)
	}
	return append(rows, total, sw, picture, render)
}

// schoolRows are the first loads on an emulated school link: when the
// first heatmap and the live chart came, beside the bare page's first
// render. No target: the targets hold on loopback. None without such loads.
func (r *results) schoolRows() []Row {
	if len(r.appSchoolLoads) == 0 && len(r.bareSchoolLoads) == 0 && r.appSchoolErr == "" && r.bareSchoolErr == "" {
		return nil
	}
	const sec = "page: first load on a school link (emulated)"
	picture := Row{Section: sec, Figure: "first heatmap on screen, " + schoolLinkLabel,
		Measured: "app: " + short(orDefault(r.appSchoolErr, "not measured")), Compared: "bare: " + short(orDefault(r.bareSchoolErr, "not measured"))}
	render := Row{Section: sec, Figure: "first render: the live heatmap, " + schoolLinkLabel, Measured: picture.Measured, Compared: picture.Compared}
	var appFirst, appRender, bareRender float64
	if len(r.appSchoolLoads) > 0 {
		ms, painted := firstHeatmaps(r.appSchoolLoads)
		appFirst = Median(ms)
		picture.Measured = FormatMs(appFirst) + medianOf(len(ms)) + fmt.Sprintf(", the picture in %d", painted)
		appRender = Median(firstRenders(r.appSchoolLoads))
		render.Measured = FormatMs(appRender) + medianOf(len(r.appSchoolLoads))
	}
	if len(r.bareSchoolLoads) > 0 {
		bareRender = Median(firstRenders(r.bareSchoolLoads))
		render.Compared = "bare " + FormatMs(bareRender) + medianOf(len(r.bareSchoolLoads))
		picture.Compared = render.Compared
	}
	if appRender > 0 && bareRender > 0 {
		picture.Ratio = FormatRatio(appFirst / bareRender)
		render.Ratio = FormatRatio(appRender / bareRender)
	}
	return []Row{picture, render}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func medianOf(n int) string {
	if n <= 1 {
		return ""
	}
	return fmt.Sprintf(" (median of %d)", n)
}

func fileCell(f fileLoad) string {
	if f.Failed != "" {
		return "failed: " + f.Failed
	}
	s := FormatBytes(f.Bytes)
	if f.Encoding != "" && f.Encoding != "gzip" {
		s += " (" + f.Encoding + ")"
	} else if f.Encoding == "" && f.Bytes > 1000 {
		s += " (not compressed)"
	}
	return s
}

// firstHeatmaps returns when each load showed its first heatmap: the
// build's picture of it where that was painted, else the live chart (on
// loopback app.wasm arrives at once, and the wasm may replace the
// pre-rendered page before the picture is painted); and in how many loads
// the picture came first.
func firstHeatmaps(loads []firstLoad) (ms []float64, painted int) {
	for _, l := range loads {
		if l.PictureMs > 0 && l.PictureMs < l.FirstRenderMs {
			ms = append(ms, l.PictureMs)
			painted++
		} else {
			ms = append(ms, l.FirstRenderMs)
		}
	}
	return ms, painted
}

func firstRenders(loads []firstLoad) []float64 {
	var ms []float64
	for _, l := range loads {
		ms = append(ms, l.FirstRenderMs)
	}
	return ms
}

func (r *results) typingRows() []Row {
	const sec = "page: typing into #sentence"
	var rows []Row
	bareMed, bareP95, bareMissing := r.bareUpdates()
	if len(r.typing) == 0 {
		for _, cfg := range typingConfigs {
			p95, _ := targetUpdateP95(cfg)
			rows = append(rows,
				Row{Section: sec, Figure: "update p95, " + cfg.String(), Measured: short(orDefault(r.typingErr, "not measured")), Target: fmt.Sprintf("≤ %g ms", p95), Result: NA},
				Row{Section: sec, Figure: "longest task while typing, " + cfg.String(), Measured: "—", Target: "≤ 200 ms", Result: NA})
		}
		return append(rows, r.bareTypingRows(sec)...)
	}
	for _, t := range r.typing {
		p95target, hasTarget := targetUpdateP95(t.Config)
		n := len(t.UpdatesMs)
		label := t.Config.String()
		med := Row{Section: sec, Figure: "update median, " + label}
		p95 := Row{Section: sec, Figure: "update p95, " + label}
		long := Row{Section: sec, Figure: "longest task while typing, " + label, Target: "≤ 200 ms", Result: NA}
		if hasTarget {
			p95.Target, p95.Result = fmt.Sprintf("≤ %g ms", p95target), NA
		}
		if n == 0 {
			reason := "no measures"
			if t.Err != nil {
				reason = t.Err.Error()
			}
			med.Measured = short(reason)
			p95.Measured, long.Measured = "—", "—"
			rows = append(rows, med, p95, long)
			continue
		}
		if t.DModel > 0 {
			// What the page computed; its tokens and heads are the
			// setting's (measureTyping fails otherwise).
			med.Figure += fmt.Sprintf(", d_model %d", t.DModel)
		}
		keys := keystrokesNote(t)
		m, v := Median(t.UpdatesMs), Percentile(t.UpdatesMs, 95)
		med.Measured = FormatMs(m) + keys
		p95.Measured = FormatMs(v) + keys
		if hasTarget {
			p95.Result = Verdict(v <= p95target)
		}
		// Beside the bare page's figures: how much of an update is go-app's.
		if bareMissing != "" {
			med.Compared, p95.Compared = "bare: "+bareMissing, "bare: "+bareMissing
		} else {
			med.Compared, p95.Compared = "bare "+FormatMs(bareMed), "bare "+FormatMs(bareP95)
			if bareMed > 0 && bareP95 > 0 {
				med.Ratio, p95.Ratio = FormatRatio(m/bareMed), FormatRatio(v/bareP95)
			}
		}
		switch {
		case !t.LongTaskAPI:
			long.Measured = "longtask entries not supported"
		case len(t.LongTasksMs) == 0:
			long.Measured = "none (no task ≥ 50 ms)"
			long.Result = Pass
		default:
			m := Max(t.LongTasksMs)
			long.Measured = fmt.Sprintf("%s (%d long tasks)", FormatMs(m), len(t.LongTasksMs))
			long.Result = Verdict(m <= targetLongestTaskMs)
		}
		rows = append(rows, med, p95, long)
	}
	return append(rows, r.bareTypingRows(sec)...)
}

// keystrokesNote says how many keystrokes a typing figure is of.
func keystrokesNote(t typingResult) string {
	if t.Stopped {
		return fmt.Sprintf(" (%d keystrokes: time budget)", len(t.UpdatesMs))
	}
	return fmt.Sprintf(" (%d keystrokes)", len(t.UpdatesMs))
}

// bareUpdates returns the median and p95 of the bare page's updates, or,
// when it has none, why (else "").
func (r *results) bareUpdates() (med, p95 float64, missing string) {
	t := r.bareTyping
	if len(t.UpdatesMs) == 0 {
		if t.Err != nil {
			return 0, 0, short(t.Err.Error())
		}
		return 0, 0, "not measured"
	}
	return Median(t.UpdatesMs), Percentile(t.UpdatesMs, 95), ""
}

// bareTypingRows are the bare page's own update figures: the floor of the
// rows above, with no target.
func (r *results) bareTypingRows(sec string) []Row {
	const label = "bare go-app page (one input, one line of text)"
	med := Row{Section: sec, Figure: "update median, " + label}
	p95 := Row{Section: sec, Figure: "update p95, " + label}
	m, v, missing := r.bareUpdates()
	if missing != "" {
		med.Measured, p95.Measured = missing, "—"
		return []Row{med, p95}
	}
	keys := keystrokesNote(r.bareTyping)
	med.Measured, p95.Measured = FormatMs(m)+keys, FormatMs(v)+keys
	return []Row{med, p95}
}

// Problems lists, in full, what could not be measured.
func (r *results) Problems() []string {
	var p []string
	add := func(what, err string) {
		if err != "" {
			p = append(p, what+": "+err)
		}
	}
	if !r.skipped["engine"] || !r.skipped["wasm"] {
		for _, name := range sortedKeys(r.nativeErr) {
			add("native "+orDefault(name, "benchmark"), r.nativeErr[name])
		}
		for _, name := range sortedKeys(r.pureErr) {
			add("native pure Go (-tags purego) "+orDefault(name, "benchmark"), r.pureErr[name])
		}
	}
	if !r.skipped["engine"] {
		add("NumPy", r.numpyErr)
	}
	if !r.skipped["wasm"] {
		for i, rt := range wasmRuntimes {
			add("wasm in "+rt, r.wasmErr[i])
			for _, name := range sortedKeys(r.wasm[i]) {
				add("wasm in "+rt+" "+name, r.wasm[i][name].Error)
			}
		}
	}
	if !r.skipped["page"] {
		add("app page", r.appErr)
		add("bare page", r.bareErr)
		add("app page on a school link", r.appSchoolErr)
		add("bare page on a school link", r.bareSchoolErr)
		add("typing", r.typingErr)
		for _, t := range r.typing {
			if t.Err != nil {
				add("typing "+t.Config.String(), t.Err.Error())
			}
		}
		if r.bareTyping.Err != nil {
			add("typing into the bare page", r.bareTyping.Err.Error())
		}
	}
	return p
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
