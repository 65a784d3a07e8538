//go:build !wasm

package e2e

import (
	"fmt"
	"github.com/chromedp/cdproto/cdp"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// TestLearnProfile, a tool rather than a test (it runs only with
// ATTNVIZ_PROFILE=1), records a CPU profile of the page while coreference
// trains 300 steps, every heatmap on screen, and prints where the time goes: the functions by
// inclusive and by self time, and the callers of a few. Go's functions have
// their names only in a wasm built without -ldflags=-s (cmd/build/npm.go).
func TestLearnProfile(t *testing.T) {
	if os.Getenv("ATTNVIZ_PROFILE") == "" {
		t.Skip("ATTNVIZ_PROFILE not set")
	}
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.openLearn(s, "task=coreference&seed=1&until=300")
	// Every heatmap on screen, as TestLearnLongTasks's "all on screen".
	h := eval[float64](tb, `document.querySelector(".learn-maps").getBoundingClientRect().bottom + scrollY + 8`)
	tb.do("a window as tall as the view", chromedp.EmulateViewport(1280, int64(h)), chromedp.Sleep(500*time.Millisecond))
	tb.observeLongTasks()
	for _, err := range []error{
		call0(tb, profiler.Enable),
		func() error {
			_, err := chromedp.Call(tb.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
			return err
		}(),
		call0(tb, profiler.Start),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	eval[chromedp.Void](tb, `document.querySelector("#train").click()`)
	tb.waitFor("step 300", `(t => t && !t.running && t.step === 300)(window.attnviz.training())`, 120*time.Second)
	res, err := chromedp.Call(tb.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	prof := res.Profile
	t.Logf("coreference: %s", tb.longTasks())
	parent := map[int64]int64{}
	name := map[int64]string{}
	for _, n := range prof.Nodes {
		name[n.ID] = n.CallFrame.FunctionName
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	incl := map[string]float64{}
	self := map[string]float64{}
	for i, id := range prof.Samples {
		if i >= len(prof.TimeDeltas) {
			break
		}
		d := float64(prof.TimeDeltas[i]) / 1000
		self[name[id]] += d
		seen := map[string]bool{}
		for n, ok := id, true; ok; n, ok = parent[n] {
			if !seen[name[n]] {
				seen[name[n]] = true
				incl[name[n]] += d
			}
		}
	}
	type kv struct {
		k string
		v float64
	}
	top := func(m map[string]float64, k int) {
		var all []kv
		for n, v := range m {
			all = append(all, kv{n, v})
		}
		sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v })
		for _, e := range all[:min(k, len(all))] {
			t.Logf("%8.1f ms  %s", e.v, e.k)
		}
	}
	// The callers of a few functions, with their time.
	for _, fn := range []string{"resize", "t.resize", "t.stopAnimation", "lr", "update"} {
		callers := map[string]float64{}
		for i, id := range prof.Samples {
			if i >= len(prof.TimeDeltas) {
				break
			}
			var path []string
			for n, ok := id, true; ok; n, ok = parent[n] {
				path = append(path, name[n])
			}
			for k, nm := range path {
				if nm == fn {
					callers[strings.Join(path[k:min(k+9, len(path))], " < ")] += float64(prof.TimeDeltas[i]) / 1000
					break
				}
			}
		}
		t.Logf("callers of %s:", fn)
		top(callers, 6)
	}
	t.Log("inclusive:")
	top(incl, 120)
	t.Log("self:")
	top(self, 40)
	_ = fmt.Sprint
}

func call0(tb *tab, c cdp.Command[cdp.Empty, cdp.Empty]) error {
	_, err := chromedp.Call(tb.ctx, c, cdp.Empty{})
	return err
}
