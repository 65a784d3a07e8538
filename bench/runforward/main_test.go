package main

import (
	"flag"
	"testing"

	"github.com/attnviz/attnviz/bench/forward"
)

func TestMeasure(t *testing.T) {
	if err := flag.Set("test.benchtime", "20x"); err != nil {
		t.Fatal(err)
	}
	s := forward.Sizes[0]
	line := measure(s, 2)
	if line.Name != s.Name() || line.Error != "" || len(line.NsPerOp) != 2 || !(line.NsPerOp[0] > 0) {
		t.Errorf("measure = %+v", line)
	}
}
