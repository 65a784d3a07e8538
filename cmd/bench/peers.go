package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/attnviz/attnviz/bench/forward"
)

// peer is a library the engine's forward is held to: NumPy or PyTorch on
// the CPU, timed by bench/forward_peers.py.
type peer struct {
	name   string // as the table shows it
	module string // Python's, and forward_peers.py's --peer
	python string // the Python that imports module, "" when none does
	err    error  // why the peer cannot run
	about  string // version, Python, BLAS and threads, once measured
	core   string // the OpenBLAS core type it ran on, "" when unknown
	times  timings
}

// findPeers returns NumPy and PyTorch, each with the first of pythons that
// imports it, or why none does.
func findPeers(ctx context.Context, pythons []string) []*peer {
	peers := []*peer{{name: "NumPy", module: "numpy"}, {name: "PyTorch", module: "torch"}}
	for _, p := range peers {
		p.times = timings{}
		var why []string
		for _, c := range pythons {
			path, err := exec.LookPath(c)
			if err != nil {
				why = append(why, c+": not found")
				continue
			}
			out, err := exec.CommandContext(ctx, path, "-c", "import "+p.module).CombinedOutput()
			if err == nil {
				p.python = path
				break
			}
			why = append(why, path+": "+lastLine(string(out)))
		}
		if p.python == "" {
			p.err = fmt.Errorf("not installed (%s; bench/setup.sh installs it)", strings.Join(why, "; "))
		}
	}
	return peers
}

// peerReport is what bench/forward_peers.py prints.
type peerReport struct {
	Version string `json:"version"`
	Python  string `json:"python"`
	Threads int    `json:"threads"` // the peer's own threads (PyTorch), 0 when it does not say
	BLAS    struct {
		Libraries []string `json:"libraries"`
		Config    string   `json:"config"` // openblas_get_config()
		Corename  string   `json:"corename"`
		Threads   int      `json:"threads"`
	} `json:"blas"`
	Error   string `json:"error"`
	Results []struct {
		Name    string    `json:"name"`
		NsPerOp []float64 `json:"ns_per_op"`
	} `json:"results"`
}

// measure times the peer's forward at size s.
func (p *peer) measure(ctx context.Context, cfg config, s forward.Size) (timings, error) {
	if p.err != nil {
		return nil, p.err
	}
	script := filepath.Join(cfg.root, "bench", "forward_peers.py")
	cmd := exec.CommandContext(ctx, p.python, script, "--peer", p.module, "--repeat", fmt.Sprint(cfg.peerRepeat),
		"--min-time", fmt.Sprint(cfg.peerMinTime), fmt.Sprintf("%d,%d,%d", s.N, s.DModel, s.Heads))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %s", script, err, lastLine(stderr.String()))
	}
	var r peerReport
	if err := json.Unmarshal(out, &r); err != nil {
		return nil, fmt.Errorf("%s printed no JSON: %w", script, err)
	}
	if r.Error != "" {
		return nil, fmt.Errorf("%s", r.Error)
	}
	p.about, p.core = r.describe(p.name), r.BLAS.Corename
	t := timings{}
	for _, x := range r.Results {
		t[x.Name] = fwd{ns: Median(x.NsPerOp)}
	}
	return t, nil
}

// describe says which peer ran, on which BLAS, with how many threads.
func (r peerReport) describe(name string) string {
	s := fmt.Sprintf("%s %s (Python %s", name, r.Version, r.Python)
	if r.Threads > 0 {
		s += ", threads " + fmt.Sprint(r.Threads)
	}
	s += "), BLAS: "
	if r.BLAS.Config == "" {
		return s + blasName(r.BLAS.Libraries)
	}
	return s + fmt.Sprintf("%s, core type %s, threads %d (%s)", r.BLAS.Config, r.BLAS.Corename, r.BLAS.Threads, blasName(r.BLAS.Libraries))
}

// blasName names the BLAS among the libraries a process loaded.
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
		case strings.HasPrefix(base, "libblas") && strings.Contains(l, "/blas/"):
			return "reference BLAS (" + l + ")"
		case strings.Contains(base, "blas"):
			return l
		}
	}
	return "unknown BLAS"
}

// oldKernel reports whether OpenBLAS, on a CPU with AVX2, chose kernels
// older than AVX2's: what an OpenBLAS that does not know the CPU does.
func oldKernel(corename string, avx2 bool) bool {
	switch strings.ToLower(corename) {
	case "prescott", "core2", "penryn", "dunnington", "nehalem", "atom", "katmai", "coppermine", "northwood", "banias":
		return avx2
	}
	return false
}
