// Command runforward times the benchmark forward of package forward where it
// runs and prints one JSON object a line: one per size, then {"done":true}.
// `go run ./cmd/bench` builds it natively (the default build and -tags
// purego) and for GOOS=js GOARCH=wasm, which it runs in Node (through
// go_js_wasm_exec) and in Chromium (wasm_exec.js, where the lines arrive on
// the console): the same benchmark function and harness everywhere.
//
// Each size is timed with testing.Benchmark, as `go test -bench` times it,
// -count times.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/bench/forward"
)

// Line is one size's result, as printed.
type Line struct {
	Name        string    `json:"name"`
	NsPerOp     []float64 `json:"ns_per_op,omitempty"` // one sample per count
	AllocsPerOp int64     `json:"allocs_per_op"`       // the largest over the samples
	BytesPerOp  int64     `json:"bytes_per_op"`        // the largest over the samples
	Error       string    `json:"error,omitempty"`
}

func main() {
	testing.Init()
	benchtime := flag.String("benchtime", "500ms", "testing's -test.benchtime for each sample")
	count := flag.Int("count", 5, "samples per size")
	sizes := flag.String("sizes", "", "comma-separated size names (default: all)")
	flag.Parse()
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fmt.Fprintln(os.Stderr, "runforward:", err)
		os.Exit(2)
	}
	enc := json.NewEncoder(os.Stdout)
	for _, s := range forward.Sizes {
		if *sizes != "" && !slices.Contains(strings.Split(*sizes, ","), s.Name()) {
			continue
		}
		if err := enc.Encode(measure(s, *count)); err != nil {
			fmt.Fprintln(os.Stderr, "runforward:", err)
			os.Exit(1)
		}
	}
	fmt.Println(`{"done":true}`)
}

func measure(s forward.Size, count int) Line {
	line := Line{Name: s.Name()}
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
		line.AllocsPerOp = max(line.AllocsPerOp, r.AllocsPerOp())
		line.BytesPerOp = max(line.BytesPerOp, r.AllocedBytesPerOp())
	}
	return line
}
