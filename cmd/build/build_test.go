package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	ui "github.com/attnviz/attnviz/app"
)

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

func TestServiceWorkerTemplate(t *testing.T) {
	worker, err := serviceWorkerTemplate()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`event.waitUntil((async () => {`,
		`event.waitUntil(activateWorker());`,
		`ignoreSearch: request.mode === "navigate"`,
		"await pageDrawn();\n    await installWorker();",
		`type: "` + ui.WorkerAsksDrawn + `"`, `event.data.type === "` + ui.PageHasDrawn + `"`,
		`{{.Version}}`, `{{.ResourcesToCache}}`,
	} {
		if !strings.Contains(worker, want) {
			t.Errorf("the worker lacks %q", want)
		}
	}
	if strings.Contains(worker, `addEventListener("install", async`) {
		t.Error("the install handler is still an async function the browser does not wait for")
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

func TestIconPNGs(t *testing.T) {
	svg, err := os.ReadFile(filepath.Join("..", "..", "web", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := iconPNGs(svg)
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
		_, _, _, cornerA := img.At(0, 0).RGBA()
		_, _, _, centreA := img.At(size/2, size/2).RGBA()
		maskable := strings.Contains(name, "maskable")
		if (cornerA == 0xffff) != maskable {
			t.Errorf("%s: corner alpha %#x: a maskable icon is opaque to its corners, the others are rounded", name, cornerA)
		}
		if centreA != 0xffff {
			t.Errorf("%s: centre alpha %#x, want opaque", name, centreA)
		}
	}

	for _, bad := range []string{
		`<svg viewBox="0 0 10 10"><circle r="3"/></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="1" height="1" fill="red"/></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="x" height="1" fill="#ff0000"/></svg>`,
		`<svg><rect width="1" height="1" fill="#ff0000"/></svg>`,
		`<svg viewBox="0 0 10 10"></svg>`,
	} {
		if _, err := parseIcon([]byte(bad)); err == nil {
			t.Errorf("parseIcon(%s) succeeded", bad)
		}
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
	h, err := newHandler("", 4, []string{"/web/app.wasm"})
	if err != nil {
		t.Fatal(err)
	}
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
	pics, err := ui.FirstPictures()
	if err != nil {
		t.Fatal(err)
	}
	if len(pics) < 2 {
		t.Errorf("%d pictures of the first heatmap, want one per layout of its media rules: %v", len(pics), pics)
	}
	if want := ui.FirstPictureCSS(pics); !bytes.Contains(css, []byte(want)) {
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
		} {
			if !strings.Contains(index, want) {
				t.Errorf("prefix %q: index.html lacks %s", prefix, want)
			}
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
		} {
			if !strings.Contains(appJS, want) {
				t.Errorf("prefix %q: app.js lacks %s", prefix, want)
			}
		}
		worker := read("app-worker.js")
		for _, f := range []string{"/", "/app.js", "/web/app.wasm", "/web/echarts.js", "/web/app.css", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png", "/web/icon-maskable-512.png"} {
			if !strings.Contains(worker, `"`+prefix+f+`"`) {
				t.Errorf("prefix %q: the service worker does not cache %s", prefix, prefix+f)
			}
		}
		if !strings.Contains(read("manifest.webmanifest"), `"scope":"`+prefix+`/"`) {
			t.Errorf("prefix %q: the manifest's scope is not %s/", prefix, prefix)
		}
		for _, f := range []string{"web/app.wasm", "web/icon-192.png", "wasm_exec.js"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Errorf("prefix %q: %v", prefix, err)
			}
		}
		versions[prefix] = regexp.MustCompile(`"GOAPP_VERSION":"([0-9a-f]+)"`).FindStringSubmatch(appJS)[1]
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
