package main

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/runtime"
)

func TestSummarizeProfile(t *testing.T) {
	frame := func(name, url string) *runtime.CallFrame {
		return &runtime.CallFrame{FunctionName: name, URL: url}
	}
	p := &profiler.Profile{
		Nodes: []*profiler.ProfileNode{
			{ID: 1, CallFrame: frame("(root)", "")},
			{ID: 2, CallFrame: frame("setOption", "http://127.0.0.1:1/web/echarts.js")},
			{ID: 3, CallFrame: frame("main.draw", "wasm://wasm/abc")},
		},
		Samples:    []int64{2, 2, 3, 1},
		TimeDeltas: []int64{3000, 3000, 2000, 2000},
	}
	s := summarizeProfile(p, 3)
	for _, want := range []string{"10 ms sampled", "60.0 %  echarts.js", "20.0 %  abc", "60.0 %  setOption  echarts.js", "20.0 %  main.draw  abc"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "\n") != 1+3+1+3 { // total, 3 scripts, heading, 3 functions
		t.Errorf("summary has %d lines, want 8 (top 3):\n%s", strings.Count(s, "\n"), s)
	}
	if s2 := summarizeProfile(p, 1); strings.Contains(s2, "main.draw") {
		t.Errorf("top 1 lists more than the first function:\n%s", s2)
	}
	if got := summarizeProfile(&profiler.Profile{}, 5); got != "no samples" {
		t.Errorf("empty profile: %q", got)
	}
}
