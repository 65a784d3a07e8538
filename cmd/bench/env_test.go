package main

import "testing"

func TestParseCPUInfo(t *testing.T) {
	const info = `processor	: 0
vendor_id	: AuthenticAMD
model name	: AMD EPYC 7B13
cpu cores	: 1

processor	: 1
vendor_id	: AuthenticAMD
model name	: AMD EPYC 7B13
`
	model, n := parseCPUInfo(info)
	if model != "AMD EPYC 7B13" || n != 2 {
		t.Errorf("parseCPUInfo = %q, %d", model, n)
	}
	if model, n := parseCPUInfo(""); model != "" || n != 0 {
		t.Errorf("empty: %q, %d", model, n)
	}
}

func TestParseWasmLines(t *testing.T) {
	lines := []string{
		"some log",
		`{"name":"n8_d16_h2","ns_per_op":[1000,3000,2000],"allocs_per_op":0}`,
		`{"name":"n32_d64_h4","error":"attention.Forward panicked: todo"}`,
		`{broken`,
		`{"done":true}`,
	}
	m, done := parseWasmLines(lines)
	if !done || len(m) != 2 {
		t.Fatalf("got %v, done %v", m, done)
	}
	if Median(m["n8_d16_h2"].NsPerOp) != 2000 || m["n32_d64_h4"].Error == "" {
		t.Errorf("got %+v", m)
	}
	if _, done := parseWasmLines(lines[:3]); done {
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
