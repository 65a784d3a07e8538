package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseCPUInfo(t *testing.T) {
	const info = `processor	: 0
vendor_id	: AuthenticAMD
model name	: AMD EPYC 7B13
flags		: fpu sse3 avx avx2 fma

processor	: 1
model name	: AMD EPYC 7B13
flags		: fpu sse3
`
	model, n, avx2 := parseCPUInfo(info)
	if model != "AMD EPYC 7B13" || n != 2 || !avx2 {
		t.Errorf("parseCPUInfo = %q, %d, %v", model, n, avx2)
	}
	if _, _, avx2 := parseCPUInfo(strings.Replace(info, "avx2", "avx", 1)); avx2 {
		t.Error("avx2 found in flags without it")
	}
	if model, n, avx2 := parseCPUInfo(""); model != "" || n != 0 || avx2 {
		t.Errorf("empty: %q, %d, %v", model, n, avx2)
	}
}

func TestParseRunLines(t *testing.T) {
	lines := []string{
		"some log",
		`{"name":"n8_d16_h2","ns_per_op":[1000,3000,2000],"allocs_per_op":1,"bytes_per_op":64}`,
		`{"name":"n32_d64_h4","error":"attention.Forward panicked: todo"}`,
		`{broken`,
		`{"done":true}`,
	}
	got, done := parseRunLines(lines)
	if !done || len(got) != 2 {
		t.Fatalf("got %v, done %v", got, done)
	}
	if f := got["n8_d16_h2"]; f.ns != 2000 || f.allocs != 1 || f.bytes != 64 || f.err != "" {
		t.Errorf("n8: %+v", f)
	}
	if got["n32_d64_h4"].err == "" {
		t.Errorf("n32: %+v", got["n32_d64_h4"])
	}
	if _, done := parseRunLines(lines[:3]); done {
		t.Error("done without the final line")
	}
}

func TestBlasName(t *testing.T) {
	for _, tc := range []struct {
		libs []string
		want string
	}{
		{[]string{"/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0", "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3.11.0"}, "reference BLAS (/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0)"},
		{[]string{"/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"}, "OpenBLAS (/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3)"},
		{[]string{"/site-packages/numpy.libs/libopenblas64_p-r0-5007b62f.3.23.dev.so"}, "OpenBLAS (/site-packages/numpy.libs/libopenblas64_p-r0-5007b62f.3.23.dev.so)"},
		{nil, "unknown BLAS"},
	} {
		if got := blasName(tc.libs); got != tc.want {
			t.Errorf("blasName(%q) = %q, want %q", tc.libs, got, tc.want)
		}
	}
}

func TestPeerDescribe(t *testing.T) {
	var r peerReport
	r.Version, r.Python, r.Threads = "1.13.0", "3.11.2", 2
	r.BLAS.Libraries = []string{"/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3"}
	r.BLAS.Config, r.BLAS.Corename, r.BLAS.Threads = "OpenBLAS 0.3.21 DYNAMIC_ARCH", "Haswell", 2
	got := r.describe("PyTorch")
	for _, want := range []string{"PyTorch 1.13.0 (Python 3.11.2, threads 2)", "OpenBLAS 0.3.21 DYNAMIC_ARCH, core type Haswell, threads 2"} {
		if !strings.Contains(got, want) {
			t.Errorf("describe = %q, want it to hold %q", got, want)
		}
	}
	r.BLAS.Config = ""
	if got := r.describe("NumPy"); !strings.HasSuffix(got, "BLAS: OpenBLAS (/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3)") {
		t.Errorf("describe without OpenBLAS's config = %q", got)
	}
}

func TestOldKernel(t *testing.T) {
	if !oldKernel("Prescott", true) || oldKernel("Prescott", false) || oldKernel("Haswell", true) || oldKernel("", true) {
		t.Error("oldKernel: want true only for an old core type on a CPU with AVX2")
	}
}

func TestWarnings(t *testing.T) {
	m := machine{Cores: 2, Load: "9.39 9.83 7.45", LoadEnd: "1.0 1.0 1.0"}
	if w := m.warnings(); len(w) != 1 || !strings.Contains(w[0], "busy") {
		t.Errorf("busy machine: %q", w)
	}
	m.Load, m.oldBLAS = "0.5 0.5 0.5", "Prescott"
	if w := m.warnings(); len(w) != 1 || !strings.Contains(w[0], "Prescott kernels") {
		t.Errorf("old OpenBLAS kernels: %q", w)
	}
}

func TestBusy(t *testing.T) {
	for _, tc := range []struct {
		load  string
		cores int
		want  bool
	}{
		{"9.39 9.83 7.45", 2, true},
		{"1.50 1.00 0.50", 2, false},
		{"", 2, false},
		{"x", 2, false},
	} {
		if got := busy(tc.load, tc.cores); got != tc.want {
			t.Errorf("busy(%q, %d) = %v", tc.load, tc.cores, got)
		}
	}
}

// TestBLASEnvInReport: the BLAS variables set for the run reach the
// report's machine table, and a peer's description its own row.
func TestBLASEnvInReport(t *testing.T) {
	t.Setenv("OPENBLAS_CORETYPE", "Haswell")
	t.Setenv("OPENBLAS_L2_SIZE", "1048576")
	m := describeMachine(context.Background(), "")
	if !slices.Contains(m.BLASEnv, "OPENBLAS_CORETYPE=Haswell") || !slices.Contains(m.BLASEnv, "OPENBLAS_L2_SIZE=1048576") {
		t.Errorf("BLASEnv = %q", m.BLASEnv)
	}
	m.Peers = []string{"NumPy 1.24.2 (Python 3.11.2), BLAS: OpenBLAS 0.3.21", "PyTorch: not installed (python3: No module named 'torch')"}
	res := &results{problems: []string{"PyTorch: not installed"}}
	doc := markdown(m, config{pace: quickPace}, res, nil, []string{"-quick"}, time.Second)
	for _, want := range []string{
		"| BLAS environment | OPENBLAS_CORETYPE=Haswell OPENBLAS_L2_SIZE=1048576 |",
		"| NumPy | NumPy 1.24.2 (Python 3.11.2), BLAS: OpenBLAS 0.3.21 |",
		"| PyTorch | PyTorch: not installed (python3: No module named 'torch') |",
		"`go run ./cmd/bench -quick`",
		"## Not measured\n\n- PyTorch: not installed\n",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the report lacks %q:\n%s", want, doc)
		}
	}
}
