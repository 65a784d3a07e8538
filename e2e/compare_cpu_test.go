//go:build !wasm

package e2e

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// TestCompareTypingCPU, a tool rather than a test (it runs only with
// ATTNVIZ_PROFILE=1), types 20 keystrokes into the compare view at 16
// tokens / 4 heads and 128 / 8 (a letter added to the last word, then taken
// away) and prints the main thread's CPU time a keystroke from a trace, then
// where a profile of 20 more keystrokes puts the time (self time by
// function).
func TestCompareTypingCPU(t *testing.T) {
	if os.Getenv("ATTNVIZ_PROFILE") == "" {
		t.Skip("ATTNVIZ_PROFILE not set")
	}
	s := newSite(t, rootPrefix)
	for _, c := range []struct{ tokens, heads int }{{16, 4}, {128, 8}} {
		tb := newTab(t, s)
		text := benchWords(c.tokens)
		tb.open(s.URL() + fmt.Sprintf("#view=compare&lang=en&heads=%d&text=%s", c.heads, strings.ReplaceAll(text, " ", "+")))
		tb.waitFor("the compare view", `!!document.querySelector("#compare-causal canvas")`, 20*time.Second)
		tb.setSentence(text + "x")
		tb.setSentence(text)
		tr := tb.startTrace("devtools.timeline")
		typeKeys(tb, text, 20)
		cpu := tr.stop(tb)
		sum := 0.0
		for _, x := range cpu {
			sum += x
		}
		t.Logf("compare %d / %d: %.1f ms of CPU a keystroke; %s", c.tokens, c.heads, sum/20, cpuSummary(cpu))
		t.Logf("compare %d / %d, the main thread's events (wall ms, 20 keystrokes): %s", c.tokens, c.heads, topOf(tr.byName(), 14))
		prof := profileOf(tb, func() { typeKeys(tb, text, 20) })
		t.Logf("compare %d / %d, self time of 20 keystrokes:\n%s", c.tokens, c.heads, prof)
	}
}

// benchWords returns n words as cmd/bench's views section types them.
func benchWords(n int) string {
	pool := strings.Fields("the quick brown fox jumps over a lazy dog while students watch every head attend to each word in turn")
	w := make([]string, n)
	for i := range w {
		w[i] = pool[i%len(pool)]
	}
	return strings.Join(w, " ")
}

// typeKeys puts n sentences into #sentence, text with an x after its last
// word and text again, one at a time, each as a keystroke's input event.
func typeKeys(tb *tab, text string, n int) {
	for i := range n {
		if i%2 == 0 {
			tb.setSentence(text + "x")
		} else {
			tb.setSentence(text)
		}
	}
}

// profileOf runs f under the JavaScript CPU profiler and returns the 25
// functions with the most self time, one a line.
func profileOf(tb *tab, f func()) string {
	tb.t.Helper()
	for _, err := range []error{call0(tb, profiler.Enable), call0(tb, profiler.Start)} {
		if err != nil {
			tb.t.Fatal(err)
		}
	}
	f()
	res, err := chromedp.Call(tb.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		tb.t.Fatal(err)
	}
	name := map[int64]string{}
	for _, n := range res.Profile.Nodes {
		name[n.ID] = n.CallFrame.FunctionName + " " + n.CallFrame.URL[strings.LastIndex(n.CallFrame.URL, "/")+1:] +
			fmt.Sprintf(":%d", n.CallFrame.LineNumber)
	}
	self := map[string]float64{}
	for i, id := range res.Profile.Samples {
		if i < len(res.Profile.TimeDeltas) {
			self[name[id]] += float64(res.Profile.TimeDeltas[i]) / 1000
		}
	}
	return topOf(self, 25) + "\ndrawImage's callers: " + topOf(callersOf(res.Profile, name, "drawImage", 4), 6)
}

// topOf lists the k largest of m, largest first.
func topOf(m map[string]float64, k int) string {
	keys := make([]string, 0, len(m))
	for n := range m {
		keys = append(keys, n)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
	var b strings.Builder
	for _, n := range keys[:min(k, len(keys))] {
		fmt.Fprintf(&b, "%s %.0f; ", n, m[n])
	}
	return b.String()
}

// callersOf returns the self time of fn in prof by the chain of its depth
// callers.
func callersOf(prof *profiler.Profile, name map[int64]string, fn string, depth int) map[string]float64 {
	parent := map[int64]int64{}
	for _, n := range prof.Nodes {
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	m := map[string]float64{}
	for i, id := range prof.Samples {
		if i >= len(prof.TimeDeltas) || !strings.HasPrefix(name[id], fn+" ") {
			continue
		}
		var path []string
		for n, ok := parent[id]; ok && len(path) < depth; n, ok = parent[n] {
			path = append(path, name[n])
		}
		m[strings.Join(path, " < ")] += float64(prof.TimeDeltas[i]) / 1000
	}
	return m
}
