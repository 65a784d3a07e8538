// Command wasmforward times the benchmark forward of package forward where it
// runs, and prints one JSON object a line: one per size, then {"done":true}.
// `go run ./cmd/bench` builds it for GOOS=js GOARCH=wasm and runs it in Node
// (through go_js_wasm_exec) and in Chromium (wasm_exec.js), where the lines
// arrive on the console.
//
// Each size is timed with testing.Benchmark on the same benchmark function as
// the native `go test -bench`, -count times.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/bench/forward"
)

// Line is one size's result, as printed.
type Line struct {
	Name        string    `json:"name"`
	N           int       `json:"n"`
	DModel      int       `json:"d_model"`
	Heads       int       `json:"heads"`
	NsPerOp     []float64 `json:"ns_per_op,omitempty"` // one sample per count
	Iterations  []int     `json:"iterations,omitempty"`
	AllocsPerOp int64     `json:"allocs_per_op"`
	GOOS        string    `json:"goos"`
	GOARCH      string    `json:"goarch"`
	Error       string    `json:"error,omitempty"`
}

func main() {
	testing.Init()
	benchtime := flag.String("benchtime", "500ms", "testing's -test.benchtime for each sample")
	count := flag.Int("count", 5, "samples per size")
	sizes := flag.String("sizes", "", "comma-separated size names (default: all)")
	flag.Parse()
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fmt.Fprintln(os.Stderr, "wasmforward:", err)
		os.Exit(2)
	}
	var only []string
	if *sizes != "" {
		only = strings.Split(*sizes, ",")
	}
	enc := json.NewEncoder(os.Stdout)
	for _, s := range forward.Sizes {
		if only != nil && !slices.Contains(only, s.Name()) {
			continue
		}
		line := measure(s, *count)
		if err := enc.Encode(line); err != nil {
			fmt.Fprintln(os.Stderr, "wasmforward:", err)
			os.Exit(1)
		}
	}
	fmt.Println(`{"done":true}`)
}

func measure(s forward.Size, count int) Line {
	line := Line{Name: s.Name(), N: s.N, DModel: s.DModel, Heads: s.Heads, GOOS: runtime.GOOS, GOARCH: runtime.GOARCH}
	// A panic in testing.Benchmark's goroutine would end the program:
	// check the engine first, here, where it can be recovered.
	var dst attention.Result
	if err := forward.Check(&dst, s.Input(1)); err != nil {
		line.Error = err.Error()
		return line
	}
	for range count {
		r := testing.Benchmark(forward.Bench(s))
		if r.N == 0 {
			line.Error = "testing.Benchmark failed"
			return line
		}
		line.NsPerOp = append(line.NsPerOp, float64(r.T.Nanoseconds())/float64(r.N))
		line.Iterations = append(line.Iterations, r.N)
		line.AllocsPerOp = r.AllocsPerOp()
	}
	return line
}
