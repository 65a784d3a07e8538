package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profileTyping records a CPU profile of Chromium's main thread while
// keystrokes are typed into the page c shows (as measureTyping left it),
// writes it to dir as <name>.cpuprofile (open it in Chromium's DevTools,
// Performance panel, or in speedscope) and returns a summary: the share of
// the time in each script, and the functions that take most of it. The pass
// is separate from the measured one: the profiler slows the page down.
func profileTyping(ctx context.Context, c *chromium, dir, name string, keystrokes int) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, profiler.Start, cdp.Empty{}); err != nil {
		return "", err
	}
	if err := typeKeys(c, keystrokes); err != nil {
		return "", err
	}
	res, err := chromedp.Call(c.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(res.Profile)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".cpuprofile")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", err
	}
	return path + "\n" + summarizeProfile(res.Profile, 15), nil
}

// typeKeys types keystrokes more keystrokes into the page c shows, as
// typeKey does, each waiting for its update.
func typeKeys(c *chromium, keystrokes int) error {
	count, err := evalAwait[int](c.ctx, 5*time.Second, "window.__bench.updates()")
	if err != nil {
		return err
	}
	for i := range keystrokes {
		if count, err = typeKey(c, i, count); err != nil {
			return err
		}
	}
	return nil
}

// summarizeProfile returns the share of a profile's time by script and its
// top functions by self time.
func summarizeProfile(p *profiler.Profile, top int) string {
	nodes := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		nodes[n.ID] = n
	}
	self, byScript := map[string]float64{}, map[string]float64{}
	total := 0.0
	for i, id := range p.Samples {
		if i >= len(p.TimeDeltas) {
			break
		}
		n := nodes[id]
		if n == nil {
			continue
		}
		dt := float64(p.TimeDeltas[i])
		script := n.CallFrame.URL
		if k := strings.LastIndex(script, "/"); k >= 0 {
			script = script[k+1:]
		}
		if script == "" {
			script = "(browser)"
		}
		name := n.CallFrame.FunctionName
		if name == "" {
			name = "(anonymous)"
		}
		self[name+"  "+script] += dt
		byScript[script] += dt
		total += dt
	}
	if total == 0 {
		return "no samples"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%.0f ms sampled\n", total/1000)
	for _, kv := range sortedShares(byScript) {
		fmt.Fprintf(&b, "  %5.1f %%  %s\n", 100*kv.v/total, kv.k)
	}
	fmt.Fprintf(&b, "top functions by self time:\n")
	for i, kv := range sortedShares(self) {
		if i == top {
			break
		}
		fmt.Fprintf(&b, "  %5.1f %%  %s\n", 100*kv.v/total, kv.k)
	}
	return b.String()
}

type share struct {
	k string
	v float64
}

func sortedShares(m map[string]float64) []share {
	s := make([]share, 0, len(m))
	for k, v := range m {
		s = append(s, share{k, v})
	}
	sort.Slice(s, func(i, j int) bool { return s[i].v > s[j].v || s[i].v == s[j].v && s[i].k < s[j].k })
	return s
}
