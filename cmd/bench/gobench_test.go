package main

import (
	"strings"
	"testing"
)

const sampleBench = `goos: linux
goarch: amd64
pkg: github.com/attnviz/attnviz/bench/forward
cpu: AMD EPYC
BenchmarkForward/n8_d16_h2-2         	  200000	      5000 ns/op	       0 B/op	       0 allocs/op
BenchmarkForward/n8_d16_h2-2         	  200000	      7000 ns/op	      16 B/op	       1 allocs/op
BenchmarkForward/n8_d16_h2-2         	  200000	      6000 ns/op	       0 B/op	       0 allocs/op
--- FAIL: BenchmarkForward/n32_d64_h4
    forward.go:101: attention.Forward panicked: todo
BenchmarkForward/n128_d128_h8-2      	     100	  12345678 ns/op
BenchmarkForward/n512_d512_h8        	       1	1234567890.5 ns/op	     128 B/op	       2 allocs/op	  12.5 MB/s
BenchmarkForward/broken-2            	     abc	      5000 ns/op
--- FAIL: BenchmarkForward
FAIL
exit status 1
FAIL	github.com/attnviz/attnviz/bench/forward	12.3s
`

func TestParseBench(t *testing.T) {
	out, err := ParseBench(strings.NewReader(sampleBench))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Lines) != 5 {
		t.Fatalf("got %d lines, want 5: %+v", len(out.Lines), out.Lines)
	}
	first := out.Lines[0]
	if first.Name != "BenchmarkForward/n8_d16_h2" || first.Procs != 2 || first.N != 200000 ||
		first.NsPerOp != 5000 || !first.HasMem || first.AllocsPerOp != 0 {
		t.Errorf("first line = %+v", first)
	}
	noMem := out.Lines[3]
	if noMem.Name != "BenchmarkForward/n128_d128_h8" || noMem.HasMem || noMem.NsPerOp != 12345678 {
		t.Errorf("line without -benchmem = %+v", noMem)
	}
	last := out.Lines[4]
	if last.Name != "BenchmarkForward/n512_d512_h8" || last.Procs != 1 || last.NsPerOp != 1234567890.5 ||
		last.AllocsPerOp != 2 || last.BytesPerOp != 128 {
		t.Errorf("last line = %+v", last)
	}
	want := map[string]string{"BenchmarkForward/n32_d64_h4": "forward.go:101: attention.Forward panicked: todo"}
	if len(out.Failures) != len(want) || out.Failures["BenchmarkForward/n32_d64_h4"] != want["BenchmarkForward/n32_d64_h4"] {
		t.Errorf("Failures = %q, want %q", out.Failures, want)
	}
	if out.Panic != "" {
		t.Errorf("Panic = %q", out.Panic)
	}
}

func TestParseBenchPanic(t *testing.T) {
	out, err := ParseBench(strings.NewReader("BenchmarkForward/n8_d16_h2-2 \t 10 \t 100 ns/op\npanic: todo\n\ngoroutine 1 [running]:\n"))
	if err != nil {
		t.Fatal(err)
	}
	if out.Panic != "panic: todo" || len(out.Lines) != 1 {
		t.Errorf("got %+v", out)
	}
}

func TestSplitProcs(t *testing.T) {
	for _, tc := range []struct {
		in    string
		name  string
		procs int
	}{
		{"BenchmarkX-8", "BenchmarkX", 8},
		{"BenchmarkX/a-b-16", "BenchmarkX/a-b", 16},
		{"BenchmarkX/a-b", "BenchmarkX/a-b", 1},
		{"BenchmarkX", "BenchmarkX", 1},
	} {
		if name, procs := splitProcs(tc.in); name != tc.name || procs != tc.procs {
			t.Errorf("splitProcs(%q) = %q, %d", tc.in, name, procs)
		}
	}
}

func TestSummarize(t *testing.T) {
	out, _ := ParseBench(strings.NewReader(sampleBench))
	s := Summarize(out.Lines)
	small := s["BenchmarkForward/n8_d16_h2"]
	if len(small.Samples) != 3 || small.MedianNs != 6000 || small.AllocsPerOp != 1 || small.BytesPerOp != 16 || !small.HasMem {
		t.Errorf("summary = %+v", small)
	}
	if s["BenchmarkForward/n128_d128_h8"].HasMem {
		t.Error("n128 has no memory figures")
	}
}
