package main

import (
	"errors"
	"math"
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

// sample is a run with figures at the smallest and the largest size, and
// reasons for the others.
func sample() *results {
	small, large := forward.Sizes[0].Name(), forward.Sizes[3].Name()
	r := &results{only: sections, native: timings{}, pure: timings{}, pureOne: timings{}, wasm: [2]timings{{}, {}}}
	r.record(r.native, timings{small: {ns: 10_000}, large: {ns: 900e6, allocs: 3, bytes: 300}}, nil, "native", sizeNames()...)
	r.record(r.pure, timings{small: {ns: 12_500}, large: {err: "attention.Forward panicked: todo"}}, nil, "native pure Go", sizeNames()...)
	r.record(r.pureOne, timings{small: {ns: 15_000}, large: {err: "attention.Forward panicked: todo"}}, nil, "native pure Go, one thread", sizeNames()...)
	numpy := &peer{name: "NumPy", times: timings{}}
	torch := &peer{name: "PyTorch", times: timings{}}
	r.record(numpy.times, timings{small: {ns: 20_000}, large: {ns: 1e9}}, nil, "NumPy", sizeNames()...)
	r.record(torch.times, timings{large: {ns: 800e6}}, errors.New("torch crashed"), "PyTorch", sizeNames()...)
	r.peers = []*peer{numpy, torch}
	r.record(r.wasm[0], timings{small: {ns: 50_000}}, errors.New("node is not installed"), "wasm in Node", sizeNames()...)
	r.record(r.wasm[1], timings{small: {ns: 30_000}, large: {err: "attention.Forward panicked: todo"}}, nil, "wasm in Chromium", sizeNames()...)
	r.app = pageLoads{loads: []firstLoad{{
		Files: []fileLoad{{Path: "/web/app.wasm", Bytes: 2_400_000, Encoding: "gzip"}, {Path: "/", Bytes: 2000, Encoding: "gzip"}, {Path: "/icon.png", Bytes: 3000}},
		Total: 2_405_000, ServerTotal: 4_800_000, FirstRenderMs: 1400, PictureMs: 500,
	}}, school: []firstLoad{{FirstRenderMs: 9000, PictureMs: 900}}}
	r.bare = pageLoads{label: "bare", loads: []firstLoad{{
		Files: []fileLoad{{Path: "/web/app.wasm", Bytes: 1_200_000, Encoding: "gzip"}, {Path: "/", Bytes: 1000, Encoding: "gzip"}},
		Total: 1_201_000, ServerTotal: 2_400_000, FirstRenderMs: 1000,
	}}, school: []firstLoad{{FirstRenderMs: 6000}}}
	r.typing = []typingResult{
		{Config: typingConfigs[0], DModel: 16, UpdatesMs: []float64{5, 6, 7, 30}, LongTaskAPI: true},
		{Config: typingConfigs[1], Err: errors.New("the link gave 3 heads")},
	}
	r.bareTyping = typingResult{UpdatesMs: []float64{4, 5, 6, 10}, LongTaskAPI: true, Stopped: true}
	return r
}

func TestEngineRows(t *testing.T) {
	r := sample()
	rows := r.Rows()
	// n ≤ 32: 10 µs against NumPy's 20 µs (PyTorch failed): 0.5× misses 1/3.
	if row := find(t, rows, "forward n=8 "); row.Ratio != "0.50×" || row.Result != Miss || row.Target != "≤ 0.33×" ||
		row.Compared != "NumPy 20.0 µs; PyTorch: torch crashed" {
		t.Errorf("small forward: %+v", row)
	}
	// n = 512: PyTorch is the faster peer; 900 / 800 ms misses 1.0.
	if row := find(t, rows, "forward n=512 d=512 h=8"); row.Ratio != "1.12×" || row.Result != Miss || row.Compared != "PyTorch 800 ms; NumPy 1.00 s" {
		t.Errorf("large forward: %+v", row)
	}
	if row := find(t, rows, "forward n=32 d=64 h=4"); row.Result != NA || row.Measured != "Go: no result" {
		t.Errorf("forward without figures: %+v", row)
	}
	if row := find(t, rows, "forward n=8 d=16 h=2, native pure Go"); row.Ratio != "0.62×" || row.Target != "" || row.Result != "" {
		t.Errorf("pure Go small: %+v", row)
	}
	if row := find(t, rows, "forward n=512 d=512 h=8, native pure Go"); row.Ratio != "" || !strings.Contains(row.Measured, "panicked") {
		t.Errorf("pure Go large: %+v", row)
	}
	if row := find(t, rows, "allocs/op"); row.Result != Miss || row.Measured != "3 (300 B/op) at n=512 d=512 h=8" {
		t.Errorf("allocs: %+v", row)
	}
	r.native = timings{forward.Sizes[0].Name(): {}, forward.Sizes[1].Name(): {}}
	if row := r.allocsRow("s"); row.Result != Pass || row.Measured != "0 (0 B/op) at every size measured" {
		t.Errorf("allocs without any: %+v", row)
	}
	for _, want := range []string{"PyTorch: torch crashed", "native pure Go n512_d512_h8: attention.Forward panicked: todo", "native: no result"} {
		if !slices.Contains(r.problems, want) {
			t.Errorf("problems %q lack %q", r.problems, want)
		}
	}
}

func TestWasmRows(t *testing.T) {
	rows := sample().Rows()
	// Chromium against the default build (with its SIMD): 3×, no target;
	// nor has Node.
	if row := find(t, rows, "wasm in Chromium, n=8 "); row.Ratio != "3.00×" || row.Result != "" || row.Target != "" || row.Measured != "30.0 µs" {
		t.Errorf("chromium small: %+v", row)
	}
	if row := find(t, rows, "wasm in Node, n=8 "); row.Result != "" || row.Ratio != "5.00×" {
		t.Errorf("node small: %+v", row)
	}
	if row := find(t, rows, "wasm in Chromium vs native pure Go on one thread (-tags purego, GOMAXPROCS=1: the same code as wasm's one thread), n=512"); row.Result != NA || !strings.Contains(row.Measured, "panicked") {
		t.Errorf("chromium large: %+v", row)
	}
	if row := find(t, rows, "wasm in Node, n=512"); row.Measured != "node is not installed" {
		t.Errorf("node large: %+v", row)
	}
	// The target is on the same code on one thread: 30 µs / 15 µs = 2×
	// passes; pure Go on every core is shown beside it, with no target.
	if row := find(t, rows, "wasm in Chromium vs native pure Go on one thread (-tags purego, GOMAXPROCS=1: the same code as wasm's one thread), n=8 "); row.Ratio != "2.00×" || row.Target != "≤ 3×" || row.Result != Pass ||
		row.Compared != "native pure Go, one thread 15.0 µs" {
		t.Errorf("chromium vs pure Go small: %+v", row)
	}
	if row := find(t, rows, "wasm in Chromium vs native pure Go on every core (-tags purego), n=8 "); row.Ratio != "2.40×" || row.Target != "" || row.Result != "" {
		t.Errorf("chromium vs pure Go on every core: %+v", row)
	}
}

func TestPageRows(t *testing.T) {
	rows := sample().Rows()
	if row := find(t, rows, "file /web/app.wasm"); row.Result != Pass || row.Ratio != "2.00×" || row.Figure != "file /web/app.wasm (app.wasm)" {
		t.Errorf("app.wasm: %+v", row)
	}
	if row := find(t, rows, "file /icon.png"); row.Measured != "3.00 kB (not compressed)" || row.Compared != "bare —" || row.Ratio != "" {
		t.Errorf("a file of the app only: %+v", row)
	}
	if row := find(t, rows, "total, the page's requests"); row.Result != Pass || row.Measured != "2.40 MB" {
		t.Errorf("total: %+v", row)
	}
	if row := find(t, rows, "first render"); row.Ratio != "1.40×" || row.Result != Miss {
		t.Errorf("first render: %+v", row)
	}
	if row := find(t, rows, "first heatmap on screen"); row.Ratio != "0.50×" || row.Result != Pass || row.Compared != "bare 1.00 s" ||
		!strings.HasSuffix(row.Measured, "the picture in 1") {
		t.Errorf("first heatmap's picture: %+v", row)
	}
	// On the school link, ≤ 1.2× bare: 0.9 s / 6 s passes, 9 s / 6 s misses.
	if row := find(t, rows, "first heatmap on screen, 3 Mbit/s"); row.Ratio != "0.15×" || row.Target != "≤ 1.2× bare" || row.Result != Pass ||
		row.Measured != "900 ms, the picture in 1" || row.Compared != "bare 6.00 s" {
		t.Errorf("school link, first heatmap: %+v", row)
	}
	if row := find(t, rows, "first render: the live heatmap, 3 Mbit/s"); row.Ratio != "1.50×" || row.Measured != "9.00 s" || row.Result != Miss {
		t.Errorf("school link, first render: %+v", row)
	}
}

func TestTypingRows(t *testing.T) {
	rows := sample().Rows()
	// p95 (nearest rank) of 5, 6, 7, 30 is 30 ms, against the bare page's 10 ms.
	if row := find(t, rows, "update p95, 16 tokens"); row.Result != Miss || row.Measured != "30.0 ms (4 keystrokes)" ||
		row.Compared != "bare 10.0 ms (4 keystrokes: time budget)" || row.Ratio != "3.00×" {
		t.Errorf("p95 16: %+v", row)
	}
	if row := find(t, rows, "update median, 16 tokens / 4 heads"); row.Figure != "update median, 16 tokens / 4 heads, d_model 16" ||
		row.Measured != "6.50 ms (4 keystrokes)" || row.Ratio != "1.18×" {
		t.Errorf("median 16: %+v", row)
	}
	if row := find(t, rows, "longest task while typing, 16"); row.Result != Pass || row.Measured != "none (no task ≥ 50 ms)" {
		t.Errorf("long task 16: %+v", row)
	}
	if row := find(t, rows, "update p95, 128"); row.Result != NA || row.Target != "≤ 50 ms" || row.Ratio != "" ||
		row.Measured != "the link gave 3 heads" {
		t.Errorf("128 p95: %+v", row)
	}
	if row := find(t, rows, "update median, bare go-app page"); row.Measured != "5.50 ms (4 keystrokes: time budget)" || row.Target != "" {
		t.Errorf("bare median: %+v", row)
	}
	long := typingResult{UpdatesMs: []float64{1}, LongTaskAPI: true, LongTasksMs: []float64{120, 250}}
	if c := long.longest(); c.v != 250 || c.text != "250 ms (2 long tasks)" {
		t.Errorf("longest = %+v", c)
	}
}

func TestRowsNothingMeasured(t *testing.T) {
	r := &results{only: sections, native: timings{}, pure: timings{}, wasm: [2]timings{{}, {}}}
	build := errors.New("build failed")
	for _, into := range []timings{r.native, r.pure, r.wasm[0], r.wasm[1]} {
		r.record(into, nil, build, "x", sizeNames()...)
	}
	r.app.err, r.bare = "cmd/build failed", pageLoads{label: "bare", err: "no chromium"}
	r.bareTyping.Err = errors.New("no chromium")
	for _, tc := range typingConfigs {
		r.typing = append(r.typing, typingResult{Config: tc, Err: errors.New("no app")})
	}
	rows := r.Rows()
	for _, row := range rows {
		if row.Target != "" && row.Result != NA {
			t.Errorf("row without a figure has a verdict: %+v", row)
		}
		if row.Ratio != "" {
			t.Errorf("row without figures has a ratio: %+v", row)
		}
	}
	if row := find(t, rows, "forward n=8 "); row.Compared != "peers: not run" || row.Measured != "Go: build failed" {
		t.Errorf("forward without anything: %+v", row)
	}
	if row := find(t, rows, "file app.wasm"); row.Measured != "app: cmd/build failed" || row.Result != NA {
		t.Errorf("app.wasm without loads: %+v", row)
	}
	if r.schoolRows() != nil {
		t.Error("school-link rows without school-link loads")
	}
	if len(r.problems) != 1 {
		t.Errorf("problems = %q, want the build's once", r.problems)
	}
	wasmOnly := &results{only: []string{"wasm"}, native: timings{}, pure: timings{}, wasm: [2]timings{{}, {}}}
	for _, row := range wasmOnly.Rows() {
		if row.Section != "engine: wasm vs native" {
			t.Errorf("-only wasm gave %+v", row)
		}
	}
}

func TestCompare(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		m, c   float64
		t      target
		ratio  string
		result string
	}{
		{2, 1, target{"≤ 3×", 3, true}, "2.00×", Pass},
		{4, 1, target{"≤ 3×", 3, true}, "4.00×", Miss},
		{4, 0, target{"≤ 3×", 3, true}, "", NA},
		{4, nan, target{"≤ 5 ms", 5, false}, "", Pass},
		{nan, 1, target{"≤ 5 ms", 5, false}, "", NA},
		{6, 2, target{}, "3.00×", ""},
	} {
		row := compare("s", "f", cell{"m", tc.m}, cell{"c", tc.c}, tc.t)
		if row.Ratio != tc.ratio || row.Result != tc.result {
			t.Errorf("compare(%g, %g, %+v) = %q %q, want %q %q", tc.m, tc.c, tc.t, row.Ratio, row.Result, tc.ratio, tc.result)
		}
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

func TestViewRows(t *testing.T) {
	small := typingConfigs[0]
	r := &results{only: []string{"views"}, views: []viewResult{
		{View: "pipeline", SwitchMs: 40, PasteMs: 120, HeadMs: []float64{20, 30}, SettingMs: []float64{40, 50},
			Typing: typingResult{Config: small, UpdatesMs: []float64{8, 9, 12}, LongTaskAPI: true, LongTasksMs: []float64{130}}},
		{View: "learn", Input: "#probe", Hidden: true, Typing: typingResult{Config: small, LongTaskAPI: true}},
		{View: "matrices", SwitchMs: 30, Hidden: true, Typing: typingResult{Config: small, LongTaskAPI: true, LongTasksMs: []float64{80}}},
		{View: "scaling", Typing: typingResult{Config: small, Err: errors.New("keystroke 1 gave no attnviz:update measure within 15 s")}},
	}}
	rows := r.Rows()
	if len(rows) != 8 {
		t.Fatalf("%d rows, want 2 a view", len(rows))
	}
	if row := find(t, rows, "update p95, view pipeline"); row.Result != Pass || row.Measured != "12.0 ms (3 keystrokes)" || row.Target != "≤ 16 ms" {
		t.Errorf("pipeline p95: %+v", row)
	}
	if row := find(t, rows, "longest task, view pipeline"); row.Result != Miss || row.Measured != "130 ms (1 long task); switch in 40.0 ms, paste 120 ms, heads 20.0 ms/30.0 ms, setting 40.0 ms/50.0 ms" {
		t.Errorf("pipeline longest task: %+v", row)
	}
	if row := find(t, rows, "update p95, view matrices"); row.Result != NA || !strings.Contains(row.Measured, "hides #sentence") {
		t.Errorf("matrices p95: %+v", row)
	}
	if row := find(t, rows, "update p95, view learn"); row.Result != NA || !strings.Contains(row.Measured, "hides #probe") {
		t.Errorf("learn p95: %+v", row)
	}
	if row := find(t, rows, "longest task, view matrices"); row.Result != Pass || row.Measured != "80.0 ms (1 long task); switch in 30.0 ms" {
		t.Errorf("matrices longest task: %+v", row)
	}
	if row := find(t, rows, "longest task, view scaling"); row.Result != NA || row.Measured != "—" {
		t.Errorf("scaling longest task: %+v", row)
	}
}
