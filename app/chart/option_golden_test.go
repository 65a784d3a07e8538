package chart

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

var updateGolden = flag.Bool("update", false, "rewrite app/chart/testdata/option-*.json from the current code")

// goldenHeatmaps are heatmaps of every shape of option: full size and
// compact, with and without cell labels, each label size and border width,
// the diverging scale and an empty end (Min 0 and Max 0).
func goldenHeatmaps() map[string]Heatmap {
	square := func(n int) *mat.Dense {
		d := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				d.Set(i, j, float64((i*n+j)%7)/6)
			}
		}
		return d
	}
	labels := func(n int, long bool) []string {
		l := make([]string, n)
		for i := range l {
			l[i] = string(rune('a' + i%26))
			if long && i%3 == 0 {
				l[i] = "注意力机制" + l[i] + "-a-rather-long-token"
			}
		}
		return l
	}
	weights := func(n int, long bool) Heatmap {
		return Heatmap{
			Name: "Head 1", Values: square(n), Rows: labels(n, long), Cols: labels(n, long),
			Min: 0, Max: 1, RowName: "query", ColName: "key", ValueName: "weight",
			PosFormat: "#%d", QuoteFormat: "“%s”", CellLabels: CellLabelsFit(n),
		}
	}
	hs := map[string]Heatmap{
		"weights-3":       weights(3, false),
		"weights-long-9":  weights(9, true),
		"weights-30":      weights(30, false),
		"weights-long-50": weights(50, true),
	}
	h := weights(4, false)
	h.Compact, h.CellLabels = true, false
	hs["compact-4"] = h
	h = weights(45, false)
	h.Compact = true
	hs["compact-45"] = h
	h = weights(5, true)
	h.Name, h.Min, h.Max, h.Colors, h.ValueName = "Δ <b>", -0.3, 0.3, Diverging, "difference"
	hs["diff-5"] = h
	h = weights(2, false)
	h.Min, h.Max, h.Digits = -2.5, 0, 3
	h.Rows, h.Cols = []string{"x", "y"}, []string{`"q"`, "<&>"}
	hs["max0-2"] = h
	return hs
}

// TestOptionGolden: the options are those in app/chart/testdata, which the charts
// package of go-echarts made: the base of each heatmap (with its
// placeholders), the whole option of one, and a line chart. They are
// compared as decoded JSON, so the order of keys does not matter.
func TestOptionGolden(t *testing.T) {
	got := map[string]string{}
	for name, h := range goldenHeatmaps() {
		p, err := h.Parts()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got["base-"+name] = p.Base
		if name == "weights-3" || name == "compact-4" {
			got["whole-"+name] = p.Option()
		}
	}
	got["line"] = LineOption("d_k", "largest weight", []string{"1", "2", "4"}, 0, 1, []LineSeries{
		{Name: "scaled", Values: []float64{0.5, 0.123456789, 1}, Color: "#1f6feb"},
		{Name: "raw <i>", Values: []float64{0, 0.75, 0.25}, Color: "#c2410c", Dashed: true},
	})
	got["line-top"] = LineOption("d_k", "entropy", []string{"8"}, 0, 2.1, []LineSeries{
		{Name: "a", Values: []float64{1.5}, Color: "#000000"},
	})
	for name, s := range got {
		path := filepath.Join("testdata", "option-"+name+".json")
		if *updateGolden {
			var v any
			if err := json.Unmarshal([]byte(s), &v); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			b, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s (go test ./app/chart -run TestOptionGolden -update writes it): %v", name, err)
		}
		var g, w any
		if err := json.Unmarshal([]byte(s), &g); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, s)
		}
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !reflect.DeepEqual(g, w) {
			gb, _ := json.MarshalIndent(g, "", "  ")
			t.Errorf("%s differs from %s:\n%s", name, path, diffLines(string(gb), strings.TrimSpace(string(want))))
		}
	}
}

// diffLines returns the lines of got and want that the other lacks, marked
// + and -: enough to see which keys of an option changed.
func diffLines(got, want string) string {
	count := func(s string) map[string]int {
		m := map[string]int{}
		for l := range strings.SplitSeq(s, "\n") {
			m[strings.TrimSpace(l)]++
		}
		return m
	}
	g, w := count(got), count(want)
	var b strings.Builder
	for l, n := range g {
		if n > w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	for l, n := range w {
		if n > g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}
