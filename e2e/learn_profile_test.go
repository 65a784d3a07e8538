//go:build !wasm

package e2e

import (
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
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
	prof := tb.profile(func() {
		eval[chromedp.Void](tb, `document.querySelector("#train").click()`)
		tb.waitFor("step 300", `(t => t && !t.running && t.step === 300)(window.attnviz.training())`, 120*time.Second)
	})
	t.Logf("coreference: %s", tb.longTasks())
	logProfile(t, prof, "resize", "t.resize", "t.stopAnimation", "lr", "update")
}

func call0(tb *tab, c cdp.Command[cdp.Empty, cdp.Empty]) error {
	_, err := chromedp.Call(tb.ctx, c, cdp.Empty{})
	return err
}
