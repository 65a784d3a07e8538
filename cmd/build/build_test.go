package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/attnviz/attnviz/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

var update = flag.Bool("update", false, "rewrite cmd/build/testdata from the current modules")

func TestCleanPrefix(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      bool
	}{
		{"", "", false},
		{"/", "", false},
		{"attention", "/attention", false},
		{"/attention/", "/attention", false},
		{"/a/b", "/a/b", false},
		{"/a//b", "", true},
		{"/../etc", "", true},
		{"/a b", "", true},
		{"/a?b", "", true},
		{`/a"b`, "", true},
	} {
		got, err := cleanPrefix(tc.in)
		if (err != nil) != tc.err || got != tc.want {
			t.Errorf("cleanPrefix(%q) = %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}

func TestPrefixResolver(t *testing.T) {
	for _, tc := range []struct{ prefix, in, want string }{
		{"", "/", "/"},
		{"", "", "/"},
		{"", "/web/app.wasm", "/web/app.wasm"},
		{"", "/app.js", "/app.js"},
		{"/attention", "/", "/attention/"},
		{"/attention", "/web", "/attention/web"},
		{"/attention", "/web/app.wasm", "/attention/web/app.wasm"},
		{"/attention", "/app-worker.js", "/attention/app-worker.js"},
		{"/attention", "/manifest.webmanifest", "/attention/manifest.webmanifest"},
	} {
		if got := (prefixResolver{prefix: tc.prefix}).Resolve(tc.in); got != tc.want {
			t.Errorf("prefixResolver{%q}.Resolve(%q) = %q, want %q", tc.prefix, tc.in, got, tc.want)
		}
	}
}

// TestWorkerFollowsGoApp fails when go-app's own service worker is not the
// one app-worker.js was written from: a go-app upgrade that changes it may
// change what go-app's app.js expects of a worker. Carry the change over to
// app-worker.js, then run go test ./cmd/build -update.
func TestWorkerFollowsGoApp(t *testing.T) {
	golden := filepath.Join("testdata", "go-app-worker.js")
	if *update {
		if err := os.WriteFile(golden, []byte(app.DefaultAppWorkerJS), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if app.DefaultAppWorkerJS != string(want) {
		t.Errorf("go-app's DefaultAppWorkerJS differs from %s, from which cmd/build/app-worker.js was written: "+
			"review the difference, carry it over to app-worker.js, then run go test ./cmd/build -update", golden)
	}
}

// TestAppWorker checks the worker's template: go-app's two placeholders, the
// app's message types, and the handlers the browser waits for.
func TestAppWorker(t *testing.T) {
	for _, want := range []string{
		`const cacheName = "app-" + "{{.Version}}";`,
		`const resourcesToCache = {{.ResourcesToCache}};`,
		`event.waitUntil((async () => {`,
		`event.waitUntil(activateWorker());`,
		`ignoreSearch: request.mode === "navigate"`,
		"await pageDrawn();\n    await installWorker();\n    await self.skipWaiting();",
		"await self.clients.claim();",
		`page.postMessage({ type: "` + page.WorkerAsksDrawn + `" });`,
		`event.data.type === "` + page.PageHasDrawn + `"`,
		`event.data.type === "` + page.PageIsBusy + `"`,
	} {
		if !strings.Contains(appWorkerJS, want) {
			t.Errorf("app-worker.js lacks %q", want)
		}
	}
	if regexp.MustCompile(`addEventListener\("(install|activate)", async`).MatchString(appWorkerJS) {
		t.Error("an install or activate handler is an async function the browser does not wait for")
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"gzip, deflate, br", true},
		{"br, GZIP;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0.0", false},
		{"*", true},
		{"deflate", false},
		{"gzip;q=x", false},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Encoding", tc.header)
		if got := acceptsGzip(r); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

func TestSiteServer(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><p>index")},
		"app.js":               {Data: []byte("console.log(1)")},
		"manifest.webmanifest": {Data: []byte("{}")},
		"web/app.wasm":         {Data: bytes.Repeat([]byte{0, 'a', 's', 'm'}, 1000)},
		"web/icon-192.png":     {Data: []byte("\x89PNG")},
	}
	type want struct {
		status   int
		location string
		ctype    string
		gzip     bool
		body     string
	}
	for _, tc := range []struct {
		prefix, path string
		gzip         bool
		want         want
	}{
		{"", "/", true, want{status: 200, ctype: "text/html; charset=utf-8", gzip: true, body: "<!doctype html><p>index"}},
		{"", "/", false, want{status: 200, ctype: "text/html; charset=utf-8", body: "<!doctype html><p>index"}},
		{"", "/?text=a", true, want{status: 200, gzip: true, body: "<!doctype html><p>index"}},
		{"", "/app.js", true, want{status: 200, ctype: "text/javascript; charset=utf-8", gzip: true, body: "console.log(1)"}},
		{"", "/manifest.webmanifest", false, want{status: 200, ctype: "application/manifest+json", body: "{}"}},
		{"", "/web/app.wasm", true, want{status: 200, ctype: "application/wasm", gzip: true}},
		{"", "/web/icon-192.png", false, want{status: 200, ctype: "image/png", body: "\x89PNG"}},
		{"", "/web", true, want{status: 301, location: "/web/"}},
		{"", "/web/", true, want{status: 404}},
		{"", "/nope", true, want{status: 404}},
		{"", "/../index.html", true, want{status: 200, body: "<!doctype html><p>index", gzip: true}},
		{"/attention", "/", true, want{status: 301, location: "/attention/"}},
		{"/attention", "/attention", true, want{status: 301, location: "/attention/"}},
		{"/attention", "/attention?text=a", true, want{status: 301, location: "/attention/?text=a"}},
		{"/attention", "/attention/", true, want{status: 200, gzip: true, body: "<!doctype html><p>index"}},
		{"/attention", "/attention/web/app.wasm", false, want{status: 200, ctype: "application/wasm"}},
		{"/attention", "/app.js", true, want{status: 404}},
		{"/attention", "/attentionx/app.js", true, want{status: 404}},
	} {
		srv := newSiteServer(fsys, tc.prefix)
		r := httptest.NewRequest(http.MethodGet, tc.path, nil)
		if tc.gzip {
			r.Header.Set("Accept-Encoding", "gzip")
			r.Header.Set("Range", "bytes=0-3") // ignored: a range of the gzipped bytes serves nobody
		}
		w := httptest.NewRecorder()
		srv.ServeHTTP(w, r)
		res := w.Result()
		name := tc.prefix + " " + tc.path
		if res.StatusCode != tc.want.status {
			t.Errorf("%s: status %d, want %d", name, res.StatusCode, tc.want.status)
			continue
		}
		if loc := res.Header.Get("Location"); loc != tc.want.location {
			t.Errorf("%s: Location %q, want %q", name, loc, tc.want.location)
		}
		if res.StatusCode != 200 {
			continue
		}
		if ct := res.Header.Get("Content-Type"); tc.want.ctype != "" && ct != tc.want.ctype {
			t.Errorf("%s: Content-Type %q, want %q", name, ct, tc.want.ctype)
		}
		body := w.Body.Bytes()
		if gz := res.Header.Get("Content-Encoding") == "gzip"; gz != tc.want.gzip {
			t.Errorf("%s: gzipped %v, want %v", name, gz, tc.want.gzip)
		} else if gz {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
		}
		if tc.want.body != "" && string(body) != tc.want.body {
			t.Errorf("%s: body %q, want %q", name, body, tc.want.body)
		}
	}
}

// TestIconPNGs checks the icons' sizes, their transparent or filled
// corners, and the colour at the centre of every cell: the cell's fill
// composited over the background at its fill-opacity.
func TestIconPNGs(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "..", "web", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := iconPNGs(svg)
	if err != nil {
		t.Fatal(err)
	}
	icon, err := parseIcon(svg)
	if err != nil {
		t.Fatal(err)
	}
	for name, size := range map[string]int{"icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512} {
		img, err := png.Decode(bytes.NewReader(files[name]))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("%s is %v, want %d×%d", name, b, size, size)
		}
		maskable := strings.Contains(name, "maskable")
		if _, _, _, a := img.At(0, 0).RGBA(); (a == 0xffff) != maskable || (!maskable && a != 0) {
			t.Errorf("%s: corner alpha %#x: a maskable icon is opaque to its corners, the others transparent", name, a)
		}
		scale, offset := float64(size)/512, 0.0
		if !maskable {
			// The background's corner arc (rx 96) passes between (20, 20)
			// and (30, 30), 107 and 93 from its centre (96, 96).
			for _, p := range []struct {
				xy   float64
				want uint32
			}{{20, 0}, {30, 0xffff}} {
				if _, _, _, a := img.At(int(p.xy*scale), int(p.xy*scale)).RGBA(); a != p.want {
					t.Errorf("%s: alpha %#x at (%v, %v) of 512, want %#x", name, a, p.xy, p.xy, p.want)
				}
			}
		}
		if maskable {
			scale, offset = scale*0.7, float64(size)*0.15
		}
		checkCells(t, name, img, icon.Rects, scale, offset)
	}
}

// checkCells compares the pixel at the centre of each rect after the first
// (the background) with the rect's colour over the background, and the pixel
// 6 units right of it, in the gap between cells, with the background.
func checkCells(t *testing.T, name string, img image.Image, rects []iconRect, scale, offset float64) {
	t.Helper()
	bg, _ := rects[0].color()
	at := func(x, y float64) color.NRGBA {
		return color.NRGBAModel.Convert(img.At(int(x*scale+offset), int(y*scale+offset))).(color.NRGBA)
	}
	for i, r := range rects[1:] {
		fill, _ := r.color()
		a := float64(fill.A) / 255
		over := func(f, b uint8) float64 { return float64(f)*a + float64(b)*(1-a) }
		cy := r.Y + r.Height/2
		checkColor(t, fmt.Sprintf("%s: cell %d", name, i+1), at(r.X+r.Width/2, cy),
			[3]float64{over(fill.R, bg.R), over(fill.G, bg.G), over(fill.B, bg.B)})
		checkColor(t, fmt.Sprintf("%s: right of cell %d", name, i+1), at(r.X+r.Width+6, cy),
			[3]float64{float64(bg.R), float64(bg.G), float64(bg.B)})
	}
}

// checkColor fails t unless got is opaque and within 2 of want.
func checkColor(t *testing.T, what string, got color.NRGBA, want [3]float64) {
	t.Helper()
	for c, g := range []uint8{got.R, got.G, got.B} {
		if math.Abs(float64(g)-want[c]) > 2 || got.A != 255 {
			t.Errorf("%s is %v, want %.0f opaque", what, got, want)
			return
		}
	}
}

func TestParseIconRejects(t *testing.T) {
	for _, bad := range []string{
		`<svg viewBox="0 0 10 10"><circle r="3"/></svg>`,
		`<svg viewBox="0 0 10 10"><g><rect width="1" height="1" fill="#ff0000"/></g></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="1" height="1" fill="red"/></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="x" height="1" fill="#ff0000"/></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="1" height="1" fill="#ff0000" fill-opacity="2"/></svg>`,
		`<svg><rect width="1" height="1" fill="#ff0000"/></svg>`,
		`<svg viewBox="0 0 10 10"></svg>`,
		`<html viewBox="0 0 10 10"><rect width="1" height="1" fill="#ff0000"/></html>`,
	} {
		if _, err := parseIcon([]byte(bad)); err == nil {
			t.Errorf("parseIcon(%s) succeeded", bad)
		}
	}
	good := `<svg viewBox="0 0 10 10"><!-- a note --><rect x="1" width="2" height="3" rx="1" fill="#ff0000" fill-opacity="0.5"/></svg>`
	icon, err := parseIcon([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if r := icon.Rects[0]; r.X != 1 || r.Width != 2 || r.Height != 3 || r.RX != 1 || icon.width != 10 {
		t.Errorf("parseIcon(%s) = %+v, %+v", good, icon, r)
	}
	if c, _ := icon.Rects[0].color(); c != (color.NRGBA{255, 0, 0, 128}) {
		t.Errorf("colour %v, want {255 0 0 128}", c)
	}
}

func TestTidyManifest(t *testing.T) {
	in := `{"scope":"/","start_url":"/attention/","icons":[{"src":"a.png","purpose":""},{"src":"b.png","purpose":"maskable"}]}`
	out, err := tidyManifest([]byte(in), "/attention")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Scope string           `json:"scope"`
		Icons []map[string]any `json:"icons"`
	}
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	if m.Scope != "/attention/" {
		t.Errorf("scope %q, want /attention/", m.Scope)
	}
	if _, ok := m.Icons[0]["purpose"]; ok {
		t.Error("an empty purpose is left")
	}
	if m.Icons[1]["purpose"] != "maskable" {
		t.Errorf("purpose %v, want maskable", m.Icons[1]["purpose"])
	}
}

func TestCheckSite(t *testing.T) {
	write := func(dir string, files map[string]string) {
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	write(dir, map[string]string{
		"index.html":           `<head><meta property="og:url" content="https:///"><meta content="https://" property="og:image"><meta property="og:title" content="Attention"></head>`,
		"wasm_exec.js":         "// see https://github.com/golang/go/issues/28975\nlet a = 1;",
		"manifest.webmanifest": `{"scope":"/"}`,
	})
	if err := checkSite(dir, ""); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	if want := `<head><meta property="og:title" content="Attention"></head>`; string(html) != want {
		t.Errorf("index.html is %s, want %s", html, want)
	}

	write(dir, map[string]string{"app.js": `fetch("https://cdn.example.org/x.js")`})
	if err := checkSite(dir, ""); err == nil || !strings.Contains(err.Error(), "cdn.example.org") {
		t.Errorf("checkSite let a remote URL through: %v", err)
	}
}

func TestSiteVersion(t *testing.T) {
	h := newHandler("", 4, []string{"/web/app.wasm"})
	files := map[string][]byte{"app.wasm": []byte("asm1"), "app.css": []byte("p{}")}
	v := siteVersion("", h, files)
	if !regexp.MustCompile(`^[0-9a-f]{20}$`).MatchString(v) {
		t.Fatalf("version %q, want 20 hex digits", v)
	}
	if again := siteVersion("", h, map[string][]byte{"app.css": []byte("p{}"), "app.wasm": []byte("asm1")}); again != v {
		t.Errorf("the same files give versions %s and %s", v, again)
	}
	if other := siteVersion("", h, map[string][]byte{"app.wasm": []byte("asm2"), "app.css": []byte("p{}")}); other == v {
		t.Error("a changed file keeps the version")
	}
	if other := siteVersion("/attention", h, files); other == v {
		t.Error("another prefix keeps the version")
	}
}

// TestGenerateSite builds a site from a stand-in web directory (the real UI
// pre-renders the page) for both prefixes, and checks what a host serves.
func TestGenerateSite(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "..", "web", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join("..", "..", "web", "app.css"))
	if err != nil {
		t.Fatal(err)
	}
	pics, err := page.FirstPictures()
	if err != nil {
		t.Fatal(err)
	}
	if len(pics) < 2 {
		t.Errorf("%d pictures of the first heatmap, want one per layout of its media rules: %v", len(pics), pics)
	}
	if want := page.FirstPictureCSS(pics); !bytes.Contains(css, []byte(want)) {
		t.Errorf("web/app.css does not show the first heatmap's pictures %v; it must have these rules:\n%s", pics, want)
	}
	web := t.TempDir()
	files := map[string][]byte{
		"app.wasm":   []byte("\x00asm not really"),
		"echarts.js": []byte("window.echarts = {};"),
		"app.css":    []byte("body{}"),
		"icon.svg":   svg,
	}
	for _, p := range pics {
		files[path.Base(p.Path())] = svg
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(web, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	versions := map[string]string{}
	for _, prefix := range []string{"", "/attention"} {
		out := filepath.Join(t.TempDir(), "static")
		for range 2 { // the second run cleans the first's output
			if err := generateSite(web, out, prefix); err != nil {
				t.Fatal(err)
			}
		}
		read := func(name string) string {
			data, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			return string(data)
		}
		index := read("index.html")
		for _, want := range []string{
			`href="` + prefix + `/web/app.css"`,
			`src="` + prefix + `/web/echarts.js"`,
			`src="` + prefix + `/app.js"`,
			`href="` + prefix + `/manifest.webmanifest"`,
			`id="sentence"`,
			`class="chart-picture"`,
			`document.documentElement.classList.add("no-first-picture")`,
			`<script id="link-guard">`,
			`<script id="engine-guard">`,
			`new Worker("` + prefix + `/web/wasm-loader.js")`,
		} {
			if !strings.Contains(index, want) {
				t.Errorf("prefix %q: index.html lacks %s", prefix, want)
			}
		}
		// The wasm loader starts before anything can hold a script back.
		if loader, css := strings.Index(index, `<script id="wasm-loader">`), strings.Index(index, `rel="stylesheet"`); loader < 0 || css < 0 || loader > css {
			t.Errorf("prefix %q: the wasm loader's script is at %d, not before the first stylesheet (%d)", prefix, loader, css)
		}
		if strings.Contains(index, `rel="preload"`) {
			t.Errorf("prefix %q: index.html preloads, which the wasm loader's worker does not use", prefix)
		}
		// go-app writes an element's attributes in no set order.
		if !regexp.MustCompile(`<span (class="chart-picture-img" elementtiming="attnviz:first-heatmap"|elementtiming="attnviz:first-heatmap" class="chart-picture-img")>`).MatchString(index) {
			t.Errorf("prefix %q: index.html has no span.chart-picture-img with the picture's elementtiming", prefix)
		}
		appJS := read("app.js")
		for _, want := range []string{
			`"GOAPP_ROOT_PREFIX":"` + prefix + `/"`,
			`"GOAPP_STATIC_RESOURCES_URL":"` + prefix + `/web"`,
			`const goappWasmContentLength = "15";`,
			"await attnvizInstantiate(go, showProgress, () => instantiateStreaming(\n      fetchWithProgress(\"" + prefix + "/web/app.wasm\"",
			"async function attnvizInstantiate(go, showProgress, fallback) {",
		} {
			if !strings.Contains(appJS, want) {
				t.Errorf("prefix %q: app.js lacks %s", prefix, want)
			}
		}
		worker := read("app-worker.js")
		version := regexp.MustCompile(`"GOAPP_VERSION":"([0-9a-f]+)"`).FindStringSubmatch(appJS)[1]
		if !strings.Contains(worker, `const cacheName = "app-" + "`+version+`";`) || strings.Contains(worker, "{{") {
			t.Errorf("prefix %q: go-app did not fill in the worker's template:\n%.300s", prefix, worker)
		}
		// What app-worker.js relies on from go-app's app.js: it registers
		// the worker, and a new worker's activation under a controlled page
		// tells the page of the update.
		for _, want := range []string{
			"navigator.serviceWorker.register(\n        \"" + prefix + "/app-worker.js\"",
			"case \"activated\":\n          goappOnUpdate();",
		} {
			if !strings.Contains(appJS, want) {
				t.Errorf("prefix %q: go-app's app.js lacks %q, which app-worker.js relies on", prefix, want)
			}
		}
		for _, f := range []string{"/", "/app.js", "/web/app.wasm", "/web/wasm-loader.js", "/web/echarts.js", "/web/app.css", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png", "/web/icon-maskable-512.png"} {
			if !strings.Contains(worker, `"`+prefix+f+`"`) {
				t.Errorf("prefix %q: the service worker does not cache %s", prefix, prefix+f)
			}
		}
		if !strings.Contains(read("manifest.webmanifest"), `"scope":"`+prefix+`/"`) {
			t.Errorf("prefix %q: the manifest's scope is not %s/", prefix, prefix)
		}
		for _, f := range []string{"web/app.wasm", "web/wasm-loader.js", "web/icon-192.png", "wasm_exec.js"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("prefix %q: %v", prefix, err)
			}
		}
		versions[prefix] = version
	}
	if versions[""] == versions["/attention"] {
		t.Error("both prefixes have the same version")
	}

	// A directory this tool did not write is left alone.
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "precious.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := generateSite(web, other, ""); err == nil {
		t.Error("generateSite wrote into a directory of other files")
	}
	if _, err := os.Stat(filepath.Join(other, "precious.txt")); err != nil {
		t.Error(err)
	}

	// app.css names every picture: the site needs them all.
	last := path.Base(pics[len(pics)-1].Path())
	if err := os.Remove(filepath.Join(web, last)); err != nil {
		t.Fatal(err)
	}
	if err := generateSite(web, filepath.Join(t.TempDir(), "static"), ""); err == nil || !strings.Contains(err.Error(), last) {
		t.Errorf("without web/%s, generateSite gave %v", last, err)
	}
}
