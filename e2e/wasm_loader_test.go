//go:build !wasm

package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// pageFetchesWasm counts the page's own fetches of app.wasm (the worker's
// are not in the page's resource timing).
const pageFetchesWasm = `performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/web/app.wasm")).length`

// TestWasmLoader checks how app.wasm reaches the page (cmd/build/wasm_loader.go):
// compiled by the loader's worker, the page fetching none of it itself; and,
// when the worker fails, fetched by app.js as go-app does, the page starting
// all the same.
func TestWasmLoader(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL())
	if !eval[bool](tb, `!!window.attnvizWasm`) {
		t.Fatal("no window.attnvizWasm: the wasm loader's script did not run")
	}
	if n := eval[int](tb, pageFetchesWasm); n != 0 {
		t.Errorf("the page fetched app.wasm itself %d times: the worker's module was not used", n)
	}
	tb.checkClean("the worker's module")

	// A worker that fails to start (as where workers are forbidden).
	s2 := newSite(t, rootPrefix)
	tb2 := newTab(t, s2)
	if _, err := chromedp.Call(tb2.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `window.Worker = class {
			constructor() { setTimeout(() => this.onerror && this.onerror(new Event("error")), 0); }
			terminate() {}
		};`,
	}); err != nil {
		t.Fatal(err)
	}
	tb2.open(s2.URL())
	if n := eval[int](tb2, pageFetchesWasm); n != 1 {
		t.Errorf("with the worker failing, the page fetched app.wasm %d times, want once (go-app's way)", n)
	}
	tb2.checkClean("the worker failing")
}
