package main

import (
	"context"
	"os/exec"
	"path/filepath"
)

// buildAppSite builds the visualizer's static site into out with cmd/build,
// as `make build` does.
func buildAppSite(ctx context.Context, root, out string) error {
	cmd := exec.CommandContext(ctx, "go", "run", "./cmd/build", "-out", out)
	cmd.Dir = root
	return runQuiet(cmd)
}

// buildBareSite builds the bare go-app page of bench/bare into out: its
// static site from go-app's GenerateStaticWebsite, and its wasm built as
// cmd/build builds the app's.
func buildBareSite(ctx context.Context, root, out string) error {
	cmd := exec.CommandContext(ctx, "go", "run", "./bench/bare", "-out", out)
	cmd.Dir = root
	if err := runQuiet(cmd); err != nil {
		return err
	}
	return goBuildWasm(ctx, root, filepath.Join(out, "web", "app.wasm"), "./bench/bare")
}

// buildNativeBench compiles the native benchmark's test binary, with the
// given build tags ("" for the default build; "purego" for the engine's
// pure-Go code, without its assembly).
func buildNativeBench(ctx context.Context, root, out, tags string) error {
	args := []string{"test", "-c", "-o", out}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "./bench/forward/")...)
	cmd.Dir = root
	return runQuiet(cmd)
}

// runNativeBench runs the benchmark binary for one size as
// `go test -run='^$' -bench=BenchmarkForward/size -benchmem -count=N -benchtime=T`
// would, and parses its output.
func runNativeBench(ctx context.Context, root, bin, size string, count int, benchtime string) (BenchOutput, string, error) {
	cmd := exec.CommandContext(ctx, bin, "-test.run=^$", "-test.bench=^BenchmarkForward$/^"+size+"$", "-test.benchmem",
		"-test.count="+itoa(count), "-test.benchtime="+benchtime)
	cmd.Dir = filepath.Join(root, "bench", "forward")
	out, runErr := cmd.CombinedOutput()
	parsed, err := ParseBench(bytesReader(out))
	if err != nil {
		return parsed, string(out), err
	}
	if runErr != nil && len(parsed.Lines) == 0 {
		return parsed, string(out), runErr
	}
	return parsed, string(out), nil
}
