//go:build !wasm

package e2e

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// buildHeader names, in every response of deployServer, the build whose
// directory served the file. The service worker's cache keeps a response's
// headers, so a file served from the cache still says which build it is.
const buildHeader = "X-Attnviz-Build"

// cssMarker is the custom property that build B's app.css adds (see
// buildChangedSite); build A's has none.
const cssMarker = "--attnviz-deploy-test"

// deployServer serves, on one loopback origin, the site of whichever build
// is current, the way a static host serves the files of its last deploy: with
// Last-Modified and, as GitHub Pages does, Cache-Control: max-age=600.
type deployServer struct {
	srv     *httptest.Server
	dirs    map[string]string // build name → site directory
	current atomic.Value      // build name
}

func newDeployServer(t *testing.T, dirs map[string]string, first string) *deployServer {
	t.Helper()
	d := &deployServer{dirs: dirs}
	d.current.Store(first)
	handlers := make(map[string]http.Handler)
	for name, dir := range dirs {
		handlers[name] = withContentTypes(http.FileServer(http.Dir(dir)))
	}
	d.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := d.current.Load().(string)
		w.Header().Set(buildHeader, name)
		w.Header().Set("Cache-Control", "max-age=600")
		handlers[name].ServeHTTP(w, r)
	}))
	t.Cleanup(d.srv.Close)
	return d
}

// deploy makes build name the one the server serves.
func (d *deployServer) deploy(name string) { d.current.Store(name) }

// loadedFile is a response the page received, from the network or from the
// service worker.
type loadedFile struct {
	url, build string
	fromSW     bool
	status     int64
}

// loadRecorder keeps the responses of a tab's page loads by loader, and the
// loader of the last document.
type loadRecorder struct {
	mu      sync.Mutex
	files   map[cdp.LoaderID][]loadedFile
	lastDoc cdp.LoaderID
}

func recordLoads(tb *tab) *loadRecorder {
	tb.t.Helper()
	rec := &loadRecorder{files: make(map[cdp.LoaderID][]loadedFile)}
	err := chromedp.Listen(tb.ctx, func(ev any) {
		r, ok := ev.(*network.EventResponseReceived)
		if !ok || r.Response == nil {
			return
		}
		build := ""
		for k, v := range r.Response.Headers {
			if strings.EqualFold(k, buildHeader) {
				build = fmt.Sprint(v)
			}
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		rec.files[r.LoaderID] = append(rec.files[r.LoaderID], loadedFile{
			url: r.Response.URL, build: build, fromSW: r.Response.FromServiceWorker, status: r.Response.Status,
		})
		if r.Type == network.ResourceTypeDocument {
			rec.lastDoc = r.LoaderID
		}
	})
	if err != nil {
		tb.t.Fatalf("listening to the network: %v", err)
	}
	return rec
}

// lastLoad returns the files of the last page load, the document first.
func (rec *loadRecorder) lastLoad() []loadedFile {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.files[rec.lastDoc])
}

// siteVersion reads the version go-app wrote into dir's service worker.
func siteVersionOf(t *testing.T, dir string) string {
	t.Helper()
	js, err := os.ReadFile(filepath.Join(dir, "app-worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const cacheName = "app-" \+ "([0-9a-f]+)"`).FindSubmatch(js)
	if m == nil {
		t.Fatalf("%s/app-worker.js names no cache", dir)
	}
	return string(m[1])
}

// buildChangedSite builds the site again, as a new deploy would: from a copy
// of the module's sources whose web/app.css gains a rule (a red inset frame
// and the custom property cssMarker), with cmd/build as the test built it.
// It returns the site's directory.
func buildChangedSite(t *testing.T) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "module")
	if err := copySources(moduleDir, src); err != nil {
		t.Fatalf("copying the module: %v", err)
	}
	if err := os.Symlink(filepath.Join(moduleDir, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	css, err := os.OpenFile(filepath.Join(src, "web", "app.css"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = fmt.Fprintf(css, "\n/* deploy test: build B */\n:root { %s: \"B\"; }\nbody { box-shadow: inset 0 0 0 4px #b3261e; }\n", cssMarker)
	if err := errors.Join(err, css.Close()); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "site-b")
	start := time.Now()
	cmd := exec.Command(buildBinary, "-out", out)
	cmd.Dir = src
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building site B: %v\n%s", err, msg)
	}
	t.Logf("built site B from a copy with a changed web/app.css in %v", time.Since(start).Round(time.Millisecond))
	return out
}

// copySources copies what the build reads (go.mod, go.sum, the npm files and
// the app's, the engine's, the commands' and web/'s sources) from module to
// dst; it leaves out the files the build writes into web/.
func copySources(module, dst string) error {
	for _, name := range []string{"go.mod", "go.sum", "package.json", "package-lock.json"} {
		if err := copyFile(filepath.Join(module, name), filepath.Join(dst, name)); err != nil {
			return err
		}
	}
	generated := regexp.MustCompile(`^web/(app\.wasm|echarts\.js|first-heatmap.*\.svg)$|\.tmp$`)
	for _, dir := range []string{"app", "attention", "cmd", "web"} {
		err := filepath.WalkDir(filepath.Join(module, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, err := filepath.Rel(module, p)
			if err != nil || generated.MatchString(filepath.ToSlash(rel)) {
				return err
			}
			return copyFile(p, filepath.Join(dst, rel))
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// TestNewDeploy serves build A, visits it until its service worker controls
// the page and has cached the site, deploys build B on the same origin, and
// visits again and again. Every file of every page load must come from one
// build; the first visit after the deploy runs A (and installs B's worker),
// the next one B, as README's Publish section says; offline, B still loads.
func TestNewDeploy(t *testing.T) {
	needBrowser(t)
	dirs := map[string]string{"A": siteDirs[rootPrefix], "B": buildChangedSite(t)}
	versions := map[string]string{"A": siteVersionOf(t, dirs["A"]), "B": siteVersionOf(t, dirs["B"])}
	if versions["A"] == versions["B"] {
		t.Fatalf("builds A and B have the same version %s", versions["A"])
	}
	srv := newDeployServer(t, dirs, "A")
	s := &site{srv: srv.srv}
	tb := newTab(t, s)
	rec := recordLoads(tb)

	tb.open(s.URL())
	tb.checkLoad(rec, 1, "A", versions)
	tb.waitFor("the service worker to control the page",
		`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 30*time.Second)
	tb.waitCached(cachedFiles[rootPrefix], 30*time.Second)

	srv.deploy("B")
	tb.reload()
	tb.checkLoad(rec, 2, "A", versions)
	tb.waitOnlyCache("app-"+versions["B"], 90*time.Second)

	tb.reload()
	tb.checkLoad(rec, 3, "B", versions)
	tb.reload()
	tb.checkLoad(rec, 4, "B", versions)
	tb.checkClean("visits before and after the deploy")

	srv.srv.Close()
	tb.reload()
	tb.checkLoad(rec, 5, "B", versions)
	tb.setSentence("Deployed and offline")
	tb.checkAgainstCLI("build B offline")
}

// checkLoad checks the page's last load: every file it received came from
// build want (by buildHeader), none failed, and what runs is want's: the
// version in go-app's app.js and the marker of build B's app.css.
func (tb *tab) checkLoad(rec *loadRecorder, visit int, want string, versions map[string]string) {
	tb.t.Helper()
	tb.settle()
	files := rec.lastLoad()
	if len(files) == 0 {
		tb.t.Fatalf("visit %d: no responses recorded", visit)
	}
	builds := map[string][]string{}
	fromSW := 0
	for _, f := range files {
		path := strings.TrimPrefix(f.url, tb.site.origin())
		builds[f.build] = append(builds[f.build], path)
		if f.fromSW {
			fromSW++
		}
		if f.status != http.StatusOK {
			tb.t.Errorf("visit %d: %s answered %d", visit, path, f.status)
		}
	}
	if len(builds) != 1 || builds[want] == nil {
		tb.t.Errorf("visit %d: want every file from build %s, got %v", visit, want, builds)
	}
	version := eval[string](tb, `goappGetenv("GOAPP_VERSION")`)
	marker := eval[string](tb, fmt.Sprintf(`getComputedStyle(document.documentElement).getPropertyValue(%q).trim()`, cssMarker))
	wantMarker := map[string]string{"A": "", "B": `"B"`}[want]
	if version != versions[want] || marker != wantMarker {
		tb.t.Errorf("visit %d: the page runs version %s with app.css marker %q; build %s is version %s with marker %q",
			visit, version, marker, want, versions[want], wantMarker)
	}
	if !tb.t.Failed() {
		tb.t.Logf("ok: visit %d runs build %s: all %d files from it (%d through the service worker)", visit, want, len(files), fromSW)
	}
}

// waitOnlyCache waits until the origin's only cache is name and the
// registration has an active worker and none installing or waiting.
func (tb *tab) waitOnlyCache(name string, timeout time.Duration) {
	tb.t.Helper()
	expr := fmt.Sprintf(`(async () => {
		const keys = await caches.keys();
		const reg = await navigator.serviceWorker.getRegistration();
		return keys.length === 1 && keys[0] === %q && !!reg && !!reg.active && !reg.installing && !reg.waiting;
	})()`, name)
	start := time.Now()
	for !eval[bool](tb, expr) {
		if time.Since(start) > timeout {
			tb.t.Fatalf("after %v, the caches are %v, want only %s", timeout, eval[[]string](tb, `caches.keys()`), name)
		}
		time.Sleep(200 * time.Millisecond)
	}
	tb.t.Logf("the new worker is active and its cache the only one %v after the visit", time.Since(start).Round(time.Millisecond))
}
