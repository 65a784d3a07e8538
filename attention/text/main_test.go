package text

import (
	"flag"
	"os"
	"testing"
)

// TestMain caps the time the fuzzing engine spends minimizing each new corpus
// entry at 5 s unless -test.fuzzminimizetime is given. Its default, 60 s, is
// all of a 60 s fuzzing run: minimizing a kilobyte-long input re-runs the
// target hundreds of thousands of times, each comparing coverage counters that
// include gonum's, and the run would spend its time minimizing, not fuzzing.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.fuzzminimizetime" })
	if !given {
		flag.Set("test.fuzzminimizetime", "5s")
	}
	os.Exit(m.Run())
}
