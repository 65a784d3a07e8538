package main

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// BenchLine is one result line of `go test -bench` output, such as
//
//	BenchmarkForward/n8_d16_h2-2   123456   9876 ns/op   0 B/op   0 allocs/op
type BenchLine struct {
	Name        string // without the -GOMAXPROCS suffix
	Procs       int    // the suffix, or 1 when there is none
	N           int    // iterations
	NsPerOp     float64
	BytesPerOp  float64
	AllocsPerOp float64
	HasMem      bool // B/op and allocs/op were reported
}

// BenchOutput is what ParseBench found.
type BenchOutput struct {
	Lines []BenchLine
	// Failures maps a failed benchmark's name to the first line that its
	// test log gave ("" when it gave none).
	Failures map[string]string
	// Panic is the first line of a panic that ended the test binary, if any.
	Panic string
}

// ParseBench reads `go test -bench` output. Lines that are neither results,
// failures nor a panic (goos:, pkg:, PASS, ok …) are skipped, and so are
// result lines it cannot read.
func ParseBench(r io.Reader) (BenchOutput, error) {
	out := BenchOutput{Failures: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	failed := "" // the benchmark whose log lines follow
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "--- FAIL: "), strings.HasPrefix(line, "--- SKIP: "):
			f := strings.Fields(line)
			if len(f) >= 3 {
				failed, _ = splitProcs(f[2])
				out.Failures[failed] = ""
			}
			continue
		case failed != "" && (strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")):
			if out.Failures[failed] == "" {
				out.Failures[failed] = strings.TrimSpace(line)
			}
			continue
		case strings.HasPrefix(line, "panic: ") && out.Panic == "":
			out.Panic = line
		}
		failed = ""
		if l, ok := parseBenchLine(line); ok {
			out.Lines = append(out.Lines, l)
		}
	}
	// A parent benchmark fails when a sub-benchmark does; keep only the
	// failures that say something or have no failing child.
	for name, msg := range out.Failures {
		if msg != "" {
			continue
		}
		for other := range out.Failures {
			if strings.HasPrefix(other, name+"/") {
				delete(out.Failures, name)
				break
			}
		}
	}
	return out, sc.Err()
}

func parseBenchLine(line string) (BenchLine, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return BenchLine{}, false
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return BenchLine{}, false
	}
	l := BenchLine{N: n}
	l.Name, l.Procs = splitProcs(f[0])
	var haveNs, haveB, haveAllocs bool
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return BenchLine{}, false
		}
		switch f[i+1] {
		case "ns/op":
			l.NsPerOp, haveNs = v, true
		case "B/op":
			l.BytesPerOp, haveB = v, true
		case "allocs/op":
			l.AllocsPerOp, haveAllocs = v, true
		}
	}
	l.HasMem = haveB && haveAllocs
	return l, haveNs
}

// splitProcs splits "BenchmarkX/y-8" into "BenchmarkX/y" and 8.
func splitProcs(s string) (string, int) {
	i := strings.LastIndexByte(s, '-')
	if i < 0 {
		return s, 1
	}
	p, err := strconv.Atoi(s[i+1:])
	if err != nil || p < 1 {
		return s, 1
	}
	return s[:i], p
}

// BenchSummary is the summary of the samples (-count) of one benchmark.
type BenchSummary struct {
	Samples     []float64 // ns/op, one per sample
	MedianNs    float64
	AllocsPerOp float64 // the largest over the samples
	BytesPerOp  float64 // the largest over the samples
	HasMem      bool
}

// Summarize groups lines by name.
func Summarize(lines []BenchLine) map[string]BenchSummary {
	m := map[string]BenchSummary{}
	for _, l := range lines {
		s := m[l.Name]
		s.Samples = append(s.Samples, l.NsPerOp)
		if l.HasMem {
			s.HasMem = true
			s.AllocsPerOp = max(s.AllocsPerOp, l.AllocsPerOp)
			s.BytesPerOp = max(s.BytesPerOp, l.BytesPerOp)
		}
		m[l.Name] = s
	}
	for name, s := range m {
		s.MedianNs = Median(s.Samples)
		m[name] = s
	}
	return m
}
