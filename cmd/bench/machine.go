package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// machine describes where the benchmark ran.
type machine struct {
	CPU      string // model name, as /proc/cpuinfo gives it
	Cores    int    // logical CPUs
	AVX2     bool
	Go       string
	Chromium string
	Node     string
	Peers    []string // what each peer ran on (NumPy, PyTorch), or why it did not
	BLASEnv  []string // OPENBLAS_* and the like, NAME=value, as set for the run
	Load     string   // /proc/loadavg at the start
	LoadEnd  string   // and at the end
	oldBLAS  string   // the OpenBLAS core type, when older than the CPU
}

// blasEnv are the environment variables that change how a BLAS runs. The
// bench prints them and leaves them as they are.
var blasEnv = []string{"OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OPENBLAS_NUM_THREADS", "OPENBLAS_VERBOSE",
	"OMP_NUM_THREADS", "MKL_NUM_THREADS", "LD_LIBRARY_PATH"}

// parseCPUInfo returns the first model name of a /proc/cpuinfo, the number
// of processors it lists and whether its first flags include avx2.
func parseCPUInfo(text string) (model string, cpus int, avx2 bool) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	flags := ""
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		switch k = strings.TrimSpace(k); {
		case !ok:
		case k == "model name" && model == "":
			model = strings.TrimSpace(v)
		case k == "flags" && flags == "":
			flags = v
		case k == "processor":
			cpus++
		}
	}
	return model, cpus, slices.Contains(strings.Fields(flags), "avx2")
}

// describeMachine fills what it can without running a peer.
func describeMachine(ctx context.Context, chromium string) machine {
	m := machine{CPU: "unknown", Cores: runtime.NumCPU(), Go: runtime.Version(), Node: "not installed", Chromium: "not installed"}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if model, n, avx2 := parseCPUInfo(string(data)); model != "" {
			m.CPU, m.Cores, m.AVX2 = model, max(n, 1), avx2
		}
	}
	version := func(name string, args ...string) string {
		out, err := exec.CommandContext(ctx, name, args...).Output() // stdout only: Debian's Chromium warns on stderr
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	if v := version("go", "version"); v != "" {
		m.Go = strings.TrimPrefix(v, "go version ")
	}
	if v := version("node", "--version"); v != "" {
		m.Node = v
	}
	if v := version(chromium, "--version"); chromium != "" && v != "" {
		m.Chromium = v
	}
	for _, name := range blasEnv {
		if v, ok := os.LookupEnv(name); ok {
			m.BLASEnv = append(m.BLASEnv, name+"="+v)
		}
	}
	m.Load = loadAverage()
	return m
}

// peerAbout is what the machine table says of each peer.
func (r *results) peerAbout() []string {
	var about []string
	for _, p := range r.peers {
		switch {
		case p.err != nil:
			about = append(about, p.name+": "+p.err.Error())
		case p.about != "":
			about = append(about, p.about)
		}
	}
	return about
}

func (m machine) line() string {
	return fmt.Sprintf("CPU %s (%d cores) · %s · %s · Node %s · load %s → %s\n%s",
		m.CPU, m.Cores, m.Go, m.Chromium, m.Node, m.Load, m.LoadEnd, strings.Join(m.Peers, "\n"))
}

// warnings say what makes the figures less than they should be: other work
// sharing the CPU, or a BLAS that does not know the CPU.
func (m machine) warnings() []string {
	var w []string
	if busy(m.Load, m.Cores) || busy(m.LoadEnd, m.Cores) {
		w = append(w, fmt.Sprintf("Warning: the machine was busy (load average %s at the start, %s at the end, on %d cores): "+
			"the timings shared the CPU with other work and are noisy.", m.Load, m.LoadEnd, m.Cores))
	}
	if m.oldBLAS != "" {
		w = append(w, fmt.Sprintf("Warning: OpenBLAS ran its %s kernels, without AVX, on a CPU with AVX2, as an OpenBLAS "+
			"that does not know the CPU does: a newer OpenBLAS (pip's NumPy brings one) may be faster; OPENBLAS_CORETYPE "+
			"(such as Haswell) chooses the kernels. The bench does not set it.", m.oldBLAS))
	}
	return w
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
	return strings.Join(f[:min(3, len(f))], " ")
}
