//go:build !wasm

package e2e

import (
	"bufio"
	"fmt"
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPreviewServer opens the site through cmd/build's own server
// (-serve-only, as `make run` serves it) under /attention/: it loads, and
// app.wasm arrives gzipped as application/wasm.
func TestPreviewServer(t *testing.T) {
	needBrowser(t)
	cmd := exec.Command(buildBinary, "-serve-only", "-serve", "127.0.0.1:0",
		"-out", siteDirs[subPrefix], "-prefix", subPrefix)
	cmd.Dir = moduleDir
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})

	// The server logs its address: "serving DIR on http://127.0.0.1:PORT/attention/ …".
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)/`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	var origin string
	select {
	case origin = <-addr:
	case <-time.After(30 * time.Second):
		t.Fatal("cmd/build -serve-only did not say where it listens")
	}

	// A site whose origin is the preview server's: no httptest server runs.
	s := &site{prefix: subPrefix, srv: &httptest.Server{URL: origin}}
	tb := newTab(t, s)
	tb.open(origin + "/") // redirected to /attention/
	if path := eval[string](tb, `location.pathname`); path != subPrefix+"/" {
		t.Errorf("the page is at %s, want %s/", path, subPrefix)
	}
	// The page's wasm loader fetches app.wasm in a worker, whose resource
	// timing the page does not see: the page fetches it once more.
	wasm := eval[[]float64](tb, fmt.Sprintf(`fetch(%s, {cache: "no-store"})
		.then((r) => r.arrayBuffer())
		.then(() => new Promise((resolve) => {
			const find = (tries) => {
				const e = performance.getEntriesByType("resource").filter(e => e.name.endsWith(%[1]s)).pop();
				if (e || tries === 0) resolve(e ? [e.encodedBodySize, e.decodedBodySize] : []);
				else setTimeout(() => find(tries - 1), 50);
			};
			find(40);
		}))`, jsString(subPrefix+"/web/app.wasm")))
	switch {
	case len(wasm) != 2:
		t.Error("no resource timing for app.wasm")
	case !(wasm[0] > 0 && wasm[0] < wasm[1]/2):
		t.Errorf("app.wasm arrived as %v bytes for %v: not gzipped", wasm[0], wasm[1])
	default:
		t.Logf("ok: app.wasm arrived gzipped: %.0f bytes for %.0f", wasm[0], wasm[1])
	}
	ctype := eval[string](tb, fmt.Sprintf(`fetch(%s, {cache: "no-store"}).then(r => r.headers.get("Content-Type"))`,
		jsString(subPrefix+"/web/app.wasm")))
	if !strings.HasPrefix(ctype, "application/wasm") {
		t.Errorf("app.wasm is served as %q", ctype)
	}
	tb.checkClean("the preview server")
}
