package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// machine describes where the benchmark ran.
type machine struct {
	CPU      string // model name, as /proc/cpuinfo gives it
	Cores    int    // logical CPUs
	Go       string
	Chromium string
	Node     string
	NumPy    string // version, with Python and the BLAS it loaded
	Load     string // /proc/loadavg at the start
	LoadEnd  string // and at the end
}

// parseCPUInfo returns the first model name of a /proc/cpuinfo and the number
// of processors it lists.
func parseCPUInfo(text string) (model string, cpus int) {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			if model == "" {
				model = strings.TrimSpace(v)
			}
		case "processor":
			cpus++
		}
	}
	return model, cpus
}

// describeMachine fills what it can without a browser or Python.
func describeMachine(ctx context.Context) machine {
	m := machine{CPU: "unknown", Cores: runtime.NumCPU(), Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if model, n := parseCPUInfo(string(data)); model != "" {
			m.CPU = model
			if n > 0 {
				m.Cores = n
			}
		}
	}
	if out, err := exec.CommandContext(ctx, "go", "version").Output(); err == nil {
		m.Go = strings.TrimPrefix(strings.TrimSpace(string(out)), "go version ")
	}
	m.Node = "not installed"
	if out, err := exec.CommandContext(ctx, "node", "--version").Output(); err == nil {
		m.Node = strings.TrimSpace(string(out))
	}
	m.Load = loadAverage()
	return m
}

// numpyReport is the output of bench/forward_numpy.py.
type numpyReport struct {
	NumPy   string   `json:"numpy"`
	Python  string   `json:"python"`
	BLAS    []string `json:"blas"`
	Error   string   `json:"error"`
	Results []struct {
		Name    string    `json:"name"`
		NsPerOp []float64 `json:"ns_per_op"`
		Number  int       `json:"number"`
	} `json:"results"`
}

// findPython returns the first of candidates that imports numpy, and the
// reasons the others did not.
func findPython(ctx context.Context, candidates []string) (string, error) {
	var why []string
	for _, c := range candidates {
		p, err := exec.LookPath(c)
		if err != nil {
			why = append(why, c+": not found")
			continue
		}
		out, err := exec.CommandContext(ctx, p, "-c", "import numpy").CombinedOutput()
		if err == nil {
			return p, nil
		}
		why = append(why, p+": "+lastLine(string(out)))
	}
	return "", fmt.Errorf("no Python with NumPy (%s)", strings.Join(why, "; "))
}

// runNumPy runs the NumPy forward for the sizes.
func runNumPy(ctx context.Context, python, script string, repeat int, minTime float64, sizes []string) (numpyReport, error) {
	var r numpyReport
	args := append([]string{script, "--repeat", fmt.Sprint(repeat), "--min-time", fmt.Sprint(minTime)}, sizes...)
	cmd := exec.CommandContext(ctx, python, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return r, fmt.Errorf("%s: %w: %s", script, err, lastLine(stderr.String()))
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return r, fmt.Errorf("%s printed no JSON: %w", script, err)
	}
	if r.Error != "" {
		return r, fmt.Errorf("%s", r.Error)
	}
	return r, nil
}

// blasName names the BLAS among the libraries NumPy loaded.
func blasName(libs []string) string {
	for _, l := range libs {
		base, full := strings.ToLower(filepath.Base(l)), strings.ToLower(l)
		switch {
		case strings.Contains(full, "openblas"):
			return "OpenBLAS (" + l + ")"
		case strings.Contains(base, "mkl"):
			return "MKL (" + l + ")"
		case strings.Contains(full, "blis"):
			return "BLIS (" + l + ")"
		case strings.Contains(full, "atlas"):
			return "ATLAS (" + l + ")"
		case strings.HasPrefix(base, "libblas") && strings.Contains(l, "/blas/"):
			return "reference BLAS (" + l + ")"
		case strings.Contains(base, "blas"):
			return l
		}
	}
	return "unknown BLAS"
}

// busy reports whether a /proc/loadavg-style "1m 5m 15m" load is above the
// number of cores: then the timings share the CPU with other work.
func busy(load string, cores int) bool {
	f := strings.Fields(load)
	if len(f) == 0 || cores < 1 {
		return false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return err == nil && v > float64(cores)
}

// loadAverage returns the first three fields of /proc/loadavg, or "".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
