//go:build !wasm

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWorkerWaitsForRest opens the page on a fresh origin and types into
// it at once, a keystroke every 300 ms for 5 s: the service worker, whose
// caching of the site competes with the page for the machine's cores, must
// not cache while the student types (the page answers that it is busy,
// app/page/browser.go), and takes the page once the typing has stopped.
func TestWorkerWaitsForRest(t *testing.T) {
	tb := newTab(t, newSite(t, ""))
	tb.do("opening the page", chromedp.Navigate(tb.site.URL()+"#text=the+cat+sat"))
	tb.waitFor("the live page", `!!window.attnviz && !!window.attnviz.result()`, 60*time.Second)
	for i := range 17 {
		tb.setSentence("the cat sat" + strings.Repeat("s", i%3))
		// installWorker opens the version's cache as it starts caching.
		if eval[bool](tb, `caches.keys().then((keys) => keys.some((k) => k.startsWith("app-")))`) {
			t.Fatalf("the service worker began caching the site while the student typed (keystroke %d)", i+1)
		}
		time.Sleep(300 * time.Millisecond)
	}
	tb.waitFor("the service worker to take the page once the typing stopped",
		`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 30*time.Second)
	tb.checkClean("typing at once")
}
