package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are those of DevTools' Performance panel (tasks, script,
// style, layout, paint, GC, user timing) and V8's WebAssembly compilation.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
	"toplevel", "v8.execute", "v8", "v8.wasm", "__metadata",
}

// profileKeystrokes is how many keystrokes -profile records, each way.
const profileKeystrokes = 60

// traceFirstLoad writes to dir/<name>.trace.json a Chromium trace of one
// first load of pageURL, as measureFirstLoad loads it, up to the
// first-render mark; open it in DevTools' Performance panel.
func traceFirstLoad(ctx context.Context, execPath, pageURL, dir, name string) (string, error) {
	c, err := startFresh(ctx, execPath, nil)
	if err != nil {
		return "", err
	}
	defer c.Close()
	return recordTrace(ctx, c, filepath.Join(dir, name+".trace.json"), func() error {
		_, err := navigate(c, pageURL)
		return err
	})
}

// profileTyping types into the page c shows (as measureTyping left it),
// first under the CPU profiler, then under tracing, and writes
// dir/<name>.cpuprofile and dir/<name>.trace.json. The figures are not
// taken from these keystrokes: the profiler slows the page down.
func profileTyping(c *chromium, dir, name string) (string, error) {
	cpu := filepath.Join(dir, name+".cpuprofile")
	if _, err := chromedp.Call(c.ctx, profiler.Enable, cdp.Empty{}); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		return "", err
	}
	if _, err := chromedp.Call(c.ctx, profiler.Start, cdp.Empty{}); err != nil {
		return "", err
	}
	if err := typeKeys(c, profileKeystrokes); err != nil {
		return "", err
	}
	res, err := chromedp.Call(c.ctx, profiler.Stop, cdp.Empty{})
	if err == nil {
		err = writeJSON(cpu, res.Profile)
	}
	if err != nil {
		return "", err
	}
	trace, err := recordTrace(c.ctx, c, filepath.Join(dir, name+".trace.json"), func() error { return typeKeys(c, profileKeystrokes) })
	return cpu + " and " + trace, err
}

// typeKeys types n more keystrokes into the page c shows, as typeKey does.
func typeKeys(c *chromium, n int) error {
	count, err := evalAwait[int](c.ctx, 5*time.Second, "window.__bench.updates()")
	for i := 0; err == nil && i < n; i++ {
		count, err = typeKey(c, i, count)
	}
	return err
}

// recordTrace records a Chromium trace of the page c shows while during
// runs, and writes it to path.
func recordTrace(ctx context.Context, c *chromium, path string, during func() error) (string, error) {
	var (
		mu     sync.Mutex
		events []json.RawMessage
		done   = make(chan struct{})
	)
	lctx, stop := context.WithCancel(c.ctx)
	defer stop()
	err := chromedp.Listen(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				events = append(events, json.RawMessage(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	if err == nil {
		_, err = chromedp.Call(c.ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{IncludedCategories: traceCategories}})
	}
	if err == nil {
		err = during()
	}
	if err == nil {
		_, err = chromedp.Call(c.ctx, tracing.End, cdp.Empty{})
	}
	if err != nil {
		return "", err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return "", fmt.Errorf("the trace did not complete within 30 s")
	case <-ctx.Done():
		return "", ctx.Err()
	}
	mu.Lock()
	defer mu.Unlock()
	return path, writeJSON(path, map[string]any{"traceEvents": events})
}

// writeJSON writes v to path as JSON, making its directory.
func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(path), 0o755)
	}
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	return err
}
