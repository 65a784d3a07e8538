// Command runtrain trains each task of attention/model to its target where
// it runs and prints one JSON object a line (bench/train.Result), then
// {"done":true}; -samples sets how many warm runs time each task. `go run
// ./cmd/bench` builds it natively (the default build and -tags purego) and for GOOS=js GOARCH=wasm, which it runs in Node and
// in Chromium, as it runs bench/runforward.
//
// With -export DIR it trains nothing to the target: it writes
// DIR/<task>.json, the first -export-steps steps' batches with the initial
// weights (bench/train.Spec), for bench/train_peer.py.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/attnviz/attnviz/bench/train"
)

func main() {
	tasks := flag.String("tasks", strings.Join(train.Tasks(), ","), "comma-separated tasks")
	seed := flag.Int64("seed", 1, "the seed of the weights and the batches")
	export := flag.String("export", "", "write each task's first steps for the PyTorch peer into this directory instead")
	steps := flag.Int("export-steps", 40, "steps written with -export")
	samples := flag.Int("samples", train.DefaultSamples, "warm runs timed after the first, their median the time per step")
	flag.Parse()
	if *samples < 1 {
		fmt.Fprintln(os.Stderr, "runtrain: -samples: want at least 1")
		os.Exit(2)
	}
	if err := run(strings.Split(*tasks, ","), *seed, *export, *steps, *samples); err != nil {
		fmt.Fprintln(os.Stderr, "runtrain:", err)
		os.Exit(1)
	}
	fmt.Println(`{"done":true}`)
}

func run(tasks []string, seed int64, export string, steps, samples int) error {
	enc := json.NewEncoder(os.Stdout)
	for _, t := range tasks {
		if export == "" {
			if err := enc.Encode(train.Measure(t, seed, samples)); err != nil {
				return err
			}
			continue
		}
		s, err := train.Export(t, seed, steps)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		b, err := json.Marshal(s)
		if err == nil {
			err = os.WriteFile(filepath.Join(export, t+".json"), b, 0o644)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
