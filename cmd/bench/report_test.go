package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/bench/forward"
)

// find returns the first row whose figure starts with prefix.
func find(t *testing.T, rows []Row, prefix string) Row {
	t.Helper()
	for _, r := range rows {
		if strings.HasPrefix(r.Figure, prefix) {
			return r
		}
	}
	t.Fatalf("no row %q", prefix)
	return Row{}
}

func TestRowsVerdicts(t *testing.T) {
	small, large := forward.Sizes[0], forward.Sizes[3]
	r := &results{
		sizes:   []forward.Size{small, large},
		skipped: map[string]bool{},
		native: map[string]BenchSummary{
			"BenchmarkForward/" + small.Name(): {MedianNs: 10_000, HasMem: true},
			"BenchmarkForward/" + large.Name(): {MedianNs: 900e6, HasMem: true, AllocsPerOp: 3, BytesPerOp: 300},
		},
		nativeErr: map[string]string{},
		pure: map[string]BenchSummary{
			"BenchmarkForward/" + small.Name(): {MedianNs: 12_500, HasMem: true},
		},
		pureErr: map[string]string{large.Name(): "forward.go:101: attention.Forward panicked: todo"},
		numpy:   map[string]float64{small.Name(): 20_000, large.Name(): 1e9},
		wasm: [2]map[string]wasmLine{
			{small.Name(): {NsPerOp: []float64{50_000}}},
			{small.Name(): {NsPerOp: []float64{25_000, 30_000, 35_000}}, large.Name(): {Error: "attention.Forward panicked: todo"}},
		},
		appLoads: []firstLoad{{
			Files: []fileLoad{{Path: "/web/app.wasm", Bytes: 2_400_000, Encoding: "gzip"}, {Path: "/", Bytes: 2000, Encoding: "gzip"}},
			Total: 2_402_000, ServerTotal: 4_800_000, FirstRenderMs: 1400, PictureMs: 500,
		}},
		bareLoads: []firstLoad{{
			Files: []fileLoad{{Path: "/web/app.wasm", Bytes: 1_200_000, Encoding: "gzip"}, {Path: "/", Bytes: 1000, Encoding: "gzip"}},
			Total: 1_201_000, ServerTotal: 2_400_000, FirstRenderMs: 1000,
		}},
		appSchoolLoads:  []firstLoad{{FirstRenderMs: 9000, PictureMs: 900}},
		bareSchoolLoads: []firstLoad{{FirstRenderMs: 6000}},
		typing: []typingResult{
			{Config: typingConfig{16, 4}, Tokens: 16, Heads: 4, DModel: 16, UpdatesMs: []float64{5, 6, 7, 30}, LongTaskAPI: true},
			{Config: typingConfig{128, 8}, Err: errors.New("could not set 8 heads")},
		},
		bareTyping: typingResult{UpdatesMs: []float64{4, 5, 6, 10}, LongTaskAPI: true, Stopped: true},
	}
	rows := r.Rows()

	// n ≤ 32: 0.5× misses 1/3; n = 512: 0.9× passes 1.0.
	if row := find(t, rows, "forward n=8 "); row.Ratio != "0.50×" || row.Result != Miss || row.Target != "≤ 0.33×" {
		t.Errorf("small forward: %+v", row)
	}
	if row := find(t, rows, "forward n=512"); row.Ratio != "0.90×" || row.Result != Pass || row.Target != "≤ 1.0×" {
		t.Errorf("large forward: %+v", row)
	}
	if row := find(t, rows, "allocs/op, repeated forward n=8 "); row.Result != Pass {
		t.Errorf("small allocs: %+v", row)
	}
	if row := find(t, rows, "allocs/op, repeated forward n=512"); row.Result != Miss || row.Measured != "3 (300 B/op)" {
		t.Errorf("large allocs: %+v", row)
	}
	// Chromium: median 30 µs / 10 µs = 3× passes; Node has no target.
	if row := find(t, rows, "wasm in Chromium, n=8 "); row.Ratio != "3.00×" || row.Result != Pass {
		t.Errorf("chromium small: %+v", row)
	}
	if row := find(t, rows, "wasm in Node, n=8 "); row.Result != "" || row.Ratio != "5.00×" {
		t.Errorf("node small: %+v", row)
	}
	if row := find(t, rows, "wasm in Chromium, n=512"); row.Result != NA || !strings.Contains(row.Measured, "panicked") {
		t.Errorf("chromium large: %+v", row)
	}
	if row := find(t, rows, "wasm in Node, n=512"); row.Measured != "no result" {
		t.Errorf("node large: %+v", row)
	}
	// The pure-Go build: informative rows, no target. 30 µs / 12.5 µs = 2.4×.
	if row := find(t, rows, "wasm in Chromium vs native pure Go (-tags purego), n=8 "); row.Ratio != "2.40×" || row.Target != "" || row.Result != "" ||
		row.Measured != "30.0 µs" || row.Compared != "native pure Go 12.5 µs" {
		t.Errorf("chromium vs pure Go small: %+v", row)
	}
	if row := find(t, rows, "wasm in Chromium vs native pure Go (-tags purego), n=512"); row.Ratio != "" || !strings.Contains(row.Measured, "panicked") ||
		!strings.Contains(row.Compared, "panicked") {
		t.Errorf("chromium vs pure Go large: %+v", row)
	}
	if row := find(t, rows, "forward n=8 d=16 h=2, native pure Go"); row.Ratio != "0.62×" || row.Target != "" || row.Result != "" ||
		row.Measured != "pure Go 12.5 µs" || row.Compared != "NumPy 20.0 µs" {
		t.Errorf("pure Go vs NumPy small: %+v", row)
	}
	if row := find(t, rows, "forward n=512 d=512 h=8, native pure Go"); row.Ratio != "" || !strings.Contains(row.Measured, "panicked") {
		t.Errorf("pure Go vs NumPy large: %+v", row)
	}
	if row := find(t, rows, "file /web/app.wasm"); row.Result != Pass || row.Ratio != "2.00×" {
		t.Errorf("app.wasm: %+v", row)
	}
	if row := find(t, rows, "total, the page's requests"); row.Result != Pass || row.Measured != "2.40 MB" {
		t.Errorf("total: %+v", row)
	}
	if row := find(t, rows, "first render"); row.Ratio != "1.40×" || row.Result != Miss {
		t.Errorf("first render: %+v", row)
	}
	if row := find(t, rows, "first heatmap on screen"); row.Ratio != "0.50×" || row.Result != Pass || row.Compared != "bare 1.00 s" || !strings.HasSuffix(row.Measured, "the picture in 1") {
		t.Errorf("first heatmap's picture: %+v", row)
	}
	// On the school link: no target; 0.9 s / 6 s and 9 s / 6 s.
	if row := find(t, rows, "first heatmap on screen, 3 Mbit/s"); row.Ratio != "0.15×" || row.Target != "" || row.Result != "" ||
		row.Measured != "900 ms, the picture in 1" || row.Compared != "bare 6.00 s" || row.Section != "page: first load on a school link (emulated)" {
		t.Errorf("school link, first heatmap: %+v", row)
	}
	if row := find(t, rows, "first render: the live heatmap, 3 Mbit/s"); row.Ratio != "1.50×" || row.Target != "" || row.Measured != "9.00 s" {
		t.Errorf("school link, first render: %+v", row)
	}
	if row := find(t, rows, "update p95, 16 tokens"); row.Result != Miss || !strings.HasPrefix(row.Measured, "30.0 ms") {
		t.Errorf("p95 16: %+v", row)
	}
	// Beside the bare page: median 6.5 / 5.5 ms, p95 30 / 10 ms.
	if row := find(t, rows, "update median, 16 tokens / 4 heads"); row.Figure != "update median, 16 tokens / 4 heads, d_model 16" ||
		row.Measured != "6.50 ms (4 keystrokes)" || row.Compared != "bare 5.50 ms" || row.Ratio != "1.18×" || row.Target != "" {
		t.Errorf("median 16: %+v", row)
	}
	if row := find(t, rows, "update p95, 16 tokens"); row.Compared != "bare 10.0 ms" || row.Ratio != "3.00×" {
		t.Errorf("p95 16 vs bare: %+v", row)
	}
	// The bare page's own rows: no target; its time budget ran out.
	if row := find(t, rows, "update median, bare go-app page"); row.Measured != "5.50 ms (4 keystrokes: time budget)" ||
		row.Section != "page: typing into #sentence" || row.Target != "" || row.Result != "" || row.Ratio != "" {
		t.Errorf("bare median: %+v", row)
	}
	if row := find(t, rows, "update p95, bare go-app page"); row.Measured != "10.0 ms (4 keystrokes: time budget)" || row.Target != "" || row.Result != "" {
		t.Errorf("bare p95: %+v", row)
	}
	// An app setting without measures is not compared.
	if row := find(t, rows, "update p95, 128"); row.Compared != "" || row.Ratio != "" {
		t.Errorf("128 p95 vs bare: %+v", row)
	}
	if row := find(t, rows, "longest task while typing, 16"); row.Result != Pass {
		t.Errorf("long task 16: %+v", row)
	}
	if row := find(t, rows, "update median, 128"); !strings.Contains(row.Measured, "could not set 8 heads") {
		t.Errorf("128 median: %+v", row)
	}
	if row := find(t, rows, "update p95, 128"); row.Result != NA || row.Target != "≤ 50 ms" {
		t.Errorf("128 p95: %+v", row)
	}
	if p := r.Problems(); len(p) != 3 {
		t.Errorf("Problems = %q", p)
	}
}

// TestTypingRowsBareMissing: without the bare page's figures, the app's
// typing rows say why in "compared with" and have no ratio, and the bare
// rows say why too.
func TestTypingRowsBareMissing(t *testing.T) {
	app := typingResult{Config: typingConfig{16, 4}, Tokens: 16, Heads: 4, UpdatesMs: []float64{8, 9, 10}, LongTaskAPI: true}
	for _, c := range []struct {
		name string
		bare typingResult
		why  string
	}{
		{"failed", typingResult{Err: errors.New("the bare page has no #sentence")}, "the bare page has no #sentence"},
		{"not run", typingResult{}, "not measured"},
	} {
		r := &results{skipped: map[string]bool{"engine": true, "wasm": true}, typing: []typingResult{app}, bareTyping: c.bare}
		rows := r.typingRows()
		for _, prefix := range []string{"update median, 16 tokens", "update p95, 16 tokens"} {
			if row := find(t, rows, prefix); row.Compared != "bare: "+c.why || row.Ratio != "" {
				t.Errorf("%s: %s: %+v", c.name, prefix, row)
			}
		}
		if row := find(t, rows, "update median, bare go-app page"); row.Measured != c.why || row.Target != "" || row.Result != "" {
			t.Errorf("%s: bare median: %+v", c.name, row)
		}
		if row := find(t, rows, "update p95, bare go-app page"); row.Measured != "—" {
			t.Errorf("%s: bare p95: %+v", c.name, row)
		}
		if p := r.Problems(); (c.bare.Err != nil) != slices.ContainsFunc(p, func(s string) bool { return strings.HasPrefix(s, "typing into the bare page: ") }) {
			t.Errorf("%s: Problems = %q", c.name, p)
		}
	}

	// The app not typed at all: its placeholder rows, then the bare page's
	// figures all the same.
	r := &results{skipped: map[string]bool{}, typingErr: "no app: cmd/build failed", bareTyping: typingResult{UpdatesMs: []float64{9}}}
	rows := r.typingRows()
	if row := find(t, rows, "update median, bare go-app page"); row.Measured != "9.00 ms (1 keystrokes)" {
		t.Errorf("bare median without the app: %+v", row)
	}
	if row := find(t, rows, "update p95, 16 tokens"); !strings.Contains(row.Measured, "cmd/build failed") || row.Result != NA {
		t.Errorf("app p95 without the app: %+v", row)
	}
}

func TestRowsNothingMeasured(t *testing.T) {
	r := &results{sizes: forward.Sizes, skipped: map[string]bool{}, nativeErr: map[string]string{"": "build failed"},
		numpyErr: "no Python with NumPy", wasmErr: [2]string{"node is not installed", "no chromium"},
		appErr: "cmd/build failed", bareErr: "no chromium", typingErr: "no chromium"}
	r.bareTyping.Err = errors.New("no chromium")
	for _, row := range r.Rows() {
		if row.Target != "" && row.Result != NA {
			t.Errorf("row without a figure has a verdict: %+v", row)
		}
	}
	if rows := r.schoolRows(); rows != nil {
		t.Errorf("school-link rows without school-link loads: %+v", rows)
	}
	r.appSchoolErr = "emulating the link: unknown method"
	if row := find(t, r.Rows(), "first render: the live heatmap, 3 Mbit/s"); row.Measured != "app: emulating the link: unknown method" ||
		row.Compared != "bare: not measured" || row.Ratio != "" {
		t.Errorf("school link without loads: %+v", row)
	}
	if row := find(t, r.Rows(), "update median, bare go-app page"); row.Measured != "no chromium" {
		t.Errorf("bare typing reason missing: %+v", row)
	}
	if row := find(t, r.Rows(), "forward n=8 "); !strings.Contains(row.Compared, "no Python with NumPy") {
		t.Errorf("NumPy reason missing: %+v", row)
	}
	if row := find(t, r.Rows(), "forward n=8 d=16 h=2, native pure Go"); !strings.Contains(row.Compared, "no Python with NumPy") ||
		row.Measured != "pure Go: no result" || row.Ratio != "" {
		t.Errorf("pure Go row without NumPy: %+v", row)
	}
	if row := find(t, r.Rows(), "wasm in Chromium, n=8 "); !strings.Contains(row.Compared, "build failed") {
		t.Errorf("native reason missing: %+v", row)
	}
	// -only wasm: no engine rows, but a native build that failed is still
	// reported, and NumPy (not run) is not.
	wasmOnly := &results{sizes: forward.Sizes, skipped: map[string]bool{"engine": true, "page": true},
		nativeErr: map[string]string{}, pureErr: map[string]string{"": "build failed"}}
	for _, row := range wasmOnly.Rows() {
		if row.Section != "engine: wasm vs native" {
			t.Errorf("-only wasm gave %+v", row)
		}
	}
	if p := wasmOnly.Problems(); len(p) != 1 || !strings.HasPrefix(p[0], "native pure Go (-tags purego) benchmark: build failed") {
		t.Errorf("-only wasm: Problems = %q", p)
	}
	skipped := &results{sizes: forward.Sizes, skipped: map[string]bool{"engine": true, "wasm": true, "page": true}}
	if rows := skipped.Rows(); len(rows) != 0 {
		t.Errorf("skipped sections gave %d rows", len(rows))
	}
}

func TestFirstHeatmaps(t *testing.T) {
	ms, painted := firstHeatmaps([]firstLoad{
		{PictureMs: 0, FirstRenderMs: 2000},    // the wasm replaced the page before the picture was painted
		{PictureMs: 500, FirstRenderMs: 2100},  // the picture first
		{PictureMs: 2500, FirstRenderMs: 2400}, // the live chart first
	})
	if want := []float64{2000, 500, 2400}; !slices.Equal(ms, want) || painted != 1 {
		t.Errorf("firstHeatmaps = %v, %d; want %v, 1", ms, painted, want)
	}
}
