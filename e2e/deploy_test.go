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
	current atomic.Value // build name

	mu   sync.Mutex
	full map[string]int // "build path" → how many times it was sent with 200
}

func newDeployServer(t *testing.T, dirs map[string]string, first string) *deployServer {
	t.Helper()
	d := &deployServer{full: make(map[string]int)}
	d.current.Store(first)
	handlers := make(map[string]http.Handler)
	for name, dir := range dirs {
		handlers[name] = withContentTypes(http.FileServer(http.Dir(dir)))
	}
	d.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := d.current.Load().(string)
		w.Header().Set(buildHeader, name)
		w.Header().Set("Cache-Control", "max-age=600")
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		handlers[name].ServeHTTP(sw, r)
		if sw.status == http.StatusOK {
			d.mu.Lock()
			d.full[name+" "+r.URL.Path]++
			d.mu.Unlock()
		}
	}))
	t.Cleanup(d.srv.Close)
	return d
}

// deploy makes build name the one the server serves.
func (d *deployServer) deploy(name string) { d.current.Store(name) }

// fullResponses returns how many times the server sent build's file at path
// with 200 (not 304).
func (d *deployServer) fullResponses(build, path string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.full[build+" "+path]
}

// statusWriter remembers the status of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// loadedFile is a response the page received, from the network or from the
// service worker.
type loadedFile struct {
	url, build, kind, initiator string
	fromSW                      bool
	status                      int64
}

// loadRecorder keeps the responses of a tab's page loads by loader, and the
// loader of the last document.
type loadRecorder struct {
	mu         sync.Mutex
	files      map[cdp.LoaderID][]loadedFile
	lastDoc    cdp.LoaderID
	initiators map[network.RequestID]string
}

func recordLoads(tb *tab) *loadRecorder {
	tb.t.Helper()
	rec := &loadRecorder{files: make(map[cdp.LoaderID][]loadedFile), initiators: make(map[network.RequestID]string)}
	err := chromedp.Listen(tb.ctx, func(ev any) {
		if r, ok := ev.(*network.EventRequestWillBeSent); ok && r.Initiator != nil {
			rec.mu.Lock()
			rec.initiators[r.RequestID] = string(r.Initiator.Type)
			rec.mu.Unlock()
		}
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
			url: r.Response.URL, build: build, kind: string(r.Type), initiator: rec.initiators[r.RequestID], fromSW: r.Response.FromServiceWorker, status: r.Response.Status,
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

// lastLoad returns the files of the last page load (pageFiles).
func (rec *loadRecorder) lastLoad() []loadedFile {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return pageFiles(rec.files[rec.lastDoc])
}

// pageFiles returns the document and the files the page asked for, leaving
// out the browser's own requests in the page's name (initiator "other"):
// the tab's icon and at times the manifest, which Chromium fetches through
// the service worker as requests of no page, so that the worker cannot tell
// which version's it wants (it gets the newest's).
func pageFiles(files []loadedFile) []loadedFile {
	var page []loadedFile
	for _, f := range files {
		if f.kind == string(network.ResourceTypeDocument) || f.initiator != "other" {
			page = append(page, f)
		}
	}
	return page
}

// describeLast lists the last load's files: path, build, type, initiator,
// and whether the service worker answered.
func (rec *loadRecorder) describeLast(origin string) string {
	var b strings.Builder
	for _, f := range rec.lastLoad() {
		fmt.Fprintf(&b, "\n\t%s %s %s %s sw=%v", strings.TrimPrefix(f.url, origin), f.build, f.kind, f.initiator, f.fromSW)
	}
	return b.String()
}

// buildsOfLast returns the builds the files of the last page load came from,
// sorted.
func (rec *loadRecorder) buildsOfLast() []string {
	return buildsOf(rec.lastLoad())
}

func buildsOf(files []loadedFile) []string {
	var builds []string
	for _, f := range files {
		if !slices.Contains(builds, f.build) {
			builds = append(builds, f.build)
		}
	}
	slices.Sort(builds)
	return builds
}

// checkEveryLoad checks that each page load recorded got files of one build
// only, including those that arrived after the test looked at it.
func (rec *loadRecorder) checkEveryLoad(t *testing.T) {
	t.Helper()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	mixed := 0
	for loader, files := range rec.files {
		if loader == "" {
			continue
		}
		if builds := buildsOf(pageFiles(files)); len(builds) != 1 {
			mixed++
			t.Errorf("a page load got files of builds %v: %v", builds, files)
		}
	}
	if mixed == 0 {
		t.Logf("ok: each of %d page loads got the files of one build", len(rec.files))
	}
}

// siteVersionOf reads the version go-app wrote into dir's service worker.
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
// and the custom property cssMarker), with cmd/build as TestMain built it,
// into a new directory under tmp. It returns the site's directory.
func buildChangedSite(t *testing.T, tmp string) (string, error) {
	dir, err := os.MkdirTemp(tmp, "deploy-b-")
	if err != nil {
		return "", err
	}
	src := filepath.Join(dir, "module")
	if err := copySources(moduleDir, src); err != nil {
		return "", fmt.Errorf("copying the module: %w", err)
	}
	if err := os.Symlink(filepath.Join(moduleDir, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		return "", err
	}
	css, err := os.OpenFile(filepath.Join(src, "web", "app.css"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return "", err
	}
	_, err = fmt.Fprintf(css, "\n/* deploy test: build B */\n:root { %s: \"B\"; }\nbody { box-shadow: inset 0 0 0 4px #b3261e; }\n", cssMarker)
	if err := errors.Join(err, css.Close()); err != nil {
		return "", err
	}
	out := filepath.Join(dir, "site")
	start := time.Now()
	cmd := exec.Command(buildBinary, "-out", out)
	cmd.Dir = src
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building site B: %w\n%s", err, msg)
	}
	t.Logf("built site B from a copy with a changed web/app.css in %v", time.Since(start).Round(time.Millisecond))
	return out, nil
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

// deployTest is a tab on a deployServer that serves build A or B.
type deployTest struct {
	srv      *deployServer
	tb       *tab
	rec      *loadRecorder
	versions map[string]string // build → the version go-app gave it
}

// siteB is build B's directory, built once for the tests that need it, in
// TestMain's temporary directory.
var siteB struct {
	once sync.Once
	dir  string
	err  error
}

// startDeploy builds B (once), serves A and visits it until its service
// worker controls the page and has cached the site.
func startDeploy(t *testing.T) *deployTest {
	t.Helper()
	needBrowser(t)
	siteB.once.Do(func() {
		siteB.dir, siteB.err = buildChangedSite(t, filepath.Dir(siteDirs[rootPrefix]))
	})
	if siteB.err != nil {
		t.Fatal(siteB.err)
	}
	dirs := map[string]string{"A": siteDirs[rootPrefix], "B": siteB.dir}
	d := &deployTest{versions: map[string]string{"A": siteVersionOf(t, dirs["A"]), "B": siteVersionOf(t, dirs["B"])}}
	if d.versions["A"] == d.versions["B"] {
		t.Fatalf("builds A and B have the same version %s", d.versions["A"])
	}
	d.srv = newDeployServer(t, dirs, "A")
	d.tb = newTab(t, &site{srv: d.srv.srv})
	d.rec = recordLoads(d.tb)

	d.tb.open(d.tb.site.URL())
	d.checkLoad(1, "A")
	d.tb.waitFor("the service worker to control the page",
		`navigator.serviceWorker && navigator.serviceWorker.controller !== null`, 30*time.Second)
	d.tb.waitCached(cachedFiles[rootPrefix], 30*time.Second)
	return d
}

// TestNewDeploy serves build A, visits it until its service worker controls
// the page and has cached the site, deploys build B on the same origin, and
// visits again and again. Every file of every page load must come from one
// build; the first visit after the deploy runs A (and installs B's worker),
// the next one B, as README's Publish section says; offline, B still loads.
// Each worker downloads app.wasm in full only once: A's revalidates what the
// page has just downloaded (304).
func TestNewDeploy(t *testing.T) {
	d := startDeploy(t)
	d.srv.deploy("B")
	d.tb.reload()
	d.checkLoad(2, "A")
	d.tb.waitNewWorker("app-"+d.versions["B"], 90*time.Second)

	d.tb.reload()
	d.checkLoad(3, "B")
	d.tb.reload()
	d.checkLoad(4, "B")
	d.tb.checkClean("visits before and after the deploy")
	for _, build := range []string{"A", "B"} {
		if n := d.srv.fullResponses(build, "/web/app.wasm"); n != 1 {
			t.Errorf("build %s's app.wasm was sent in full %d times, want once", build, n)
		}
	}

	// The worker keeps A's cache for A's pages, and for 10 s after it
	// answered one (app-worker.js's newPageMillis); a visit after that
	// deletes it.
	time.Sleep(11 * time.Second)
	d.tb.reload()
	d.checkLoad(5, "B")
	if keys := eval[[]string](d.tb, `caches.keys().then((keys) => keys.filter((k) => k.startsWith("app-")))`); !slices.Equal(keys, []string{"app-" + d.versions["B"]}) {
		t.Errorf("after three visits of B, the caches are %v, want only B's", keys)
	}

	d.srv.srv.Close()
	d.tb.reload()
	d.checkLoad(6, "B")
	d.tb.setSentence("Deployed and offline")
	d.tb.checkAgainstCLI("build B offline")
}

// TestDeployWhileReloading deploys B and reloads the page again and again,
// each time as soon as it has loaded and then a varying moment later (some
// pages draw, others not), so that B's worker installs and activates while
// pages load. No page load may get files of both builds, and once a load
// runs B none may run A again.
//
// It runs only with ATTNVIZ_E2E_STRESS=1, because it fails now and then: in
// Chromium, a page whose document the old worker answers just as the new
// one activates may load its other files from the network, past any
// worker, so from the new deploy (README's Publish section). Since the
// worker answers with copies of its cached responses (Cache-Control:
// no-cache), 3 of 17 runs also had a reload not finish within 60 s (cause
// not found); none in about 30 runs before.
func TestDeployWhileReloading(t *testing.T) {
	if os.Getenv("ATTNVIZ_E2E_STRESS") != "1" {
		t.Skip("a stress test: set ATTNVIZ_E2E_STRESS=1 to run it")
	}
	d := startDeploy(t)
	d.srv.deploy("B")
	d.tb.reload()
	d.checkLoad(2, "A")

	start := time.Now()
	firstB, visit := 0, 2
	for time.Since(start) < 2*time.Minute && (firstB == 0 || visit < firstB+5) {
		visit++
		pause := time.Duration(visit*170%1500) * time.Millisecond
		d.tb.do("reloading", chromedp.Reload(), chromedp.Sleep(pause))
		builds := d.rec.buildsOfLast()
		switch {
		case len(builds) != 1:
			t.Fatalf("visit %d: files of builds %v: %s", visit, builds, d.rec.describeLast(d.tb.site.origin()))
		case builds[0] == "B" && firstB == 0:
			firstB = visit
		case builds[0] == "A" && firstB != 0:
			t.Errorf("visit %d runs A again, after visit %d ran B", visit, firstB)
		}
	}
	if firstB == 0 {
		t.Fatalf("after %d visits in %v, the page still runs A", visit, time.Since(start).Round(time.Second))
	}
	t.Logf("reloading as fast as the page loads, visit %d was the first to run B", firstB)
	d.tb.waitFor("the first render", firstRender, 60*time.Second)
	d.checkLoad(visit, "B")
	d.rec.checkEveryLoad(t)
}

// checkLoad checks the page's last load: every file it received came from
// build want (by buildHeader), none failed, and what runs is want's: the
// version in go-app's app.js and the marker of build B's app.css.
func (d *deployTest) checkLoad(visit int, want string) {
	tb := d.tb
	tb.t.Helper()
	tb.settle()
	files := d.rec.lastLoad()
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
	if version != d.versions[want] || marker != wantMarker {
		tb.t.Errorf("visit %d: the page runs version %s with app.css marker %q; build %s is version %s with marker %q",
			visit, version, marker, want, d.versions[want], wantMarker)
	}
	if !tb.t.Failed() {
		tb.t.Logf("ok: visit %d runs build %s: all %d files from it (%d through the service worker)", visit, want, len(files), fromSW)
	}
}

// waitNewWorker waits until the registration's worker is the one whose
// cache is name: the cache exists and no worker is installing or waiting.
func (tb *tab) waitNewWorker(name string, timeout time.Duration) {
	tb.t.Helper()
	expr := fmt.Sprintf(`(async () => {
		const reg = await navigator.serviceWorker.getRegistration();
		return !!reg && !!reg.active && !reg.installing && !reg.waiting && await caches.has(%q);
	})()`, name)
	start := time.Now()
	for !eval[bool](tb, expr) {
		if time.Since(start) > timeout {
			tb.t.Fatalf("after %v, the worker of cache %s is not active; the caches are %v", timeout, name, eval[[]string](tb, `caches.keys()`))
		}
		time.Sleep(200 * time.Millisecond)
	}
	tb.t.Logf("the new worker is active %v after the visit", time.Since(start).Round(time.Millisecond))
}
