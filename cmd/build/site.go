package main

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/attnviz/attnviz/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// appWorkerJS is the site's service worker, as a go-app template (see the
// comment at its top).
//
//go:embed app-worker.js
var appWorkerJS string

// themeColor colours the browser's chrome around the app; it is the
// background of web/icon.svg.
const themeColor = "#16324f"

// newHandler describes the app to go-app's generator, all but its Version.
// files lists the paths of the site's /web/ resources ("/web/app.wasm", …), so
// that the service worker caches every one of them for offline use.
func newHandler(prefix string, wasmSize int64, files []string) *app.Handler {
	return &app.Handler{
		Name:        "Self-attention, step by step",
		ShortName:   "Attention",
		Title:       "Self-attention, step by step",
		Description: "Type a sentence and watch scaled dot-product self-attention at work: the query–key weights of every head as heatmaps, with the causal mask, scaling and the number of heads under your hands. It runs in your browser, offline too.",
		Keywords:    []string{"self-attention", "transformer", "attention heads", "scaled dot-product attention", "heatmap", "teaching"},
		Lang:        "en",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			Maskable: "/web/icon-maskable-512.png",
			SVG:      "/web/icon.svg",
		},
		ThemeColor:      themeColor,
		BackgroundColor: themeColor,
		LoadingLabel:    "Loading the attention engine… {progress}%",
		Styles:          []string{"/web/app.css"},
		// Deferred, after app.js, which starts the wasm: ECharts runs while
		// the wasm downloads and compiles (app.Chart waits for it if need
		// be), and the wasm's download starts as the page's head is read.
		Scripts: []string{"/web/echarts.js defer"},
		// app.wasm is fetched and compiled by a worker that a script at the
		// top of the head starts (wasm_loader.go), not preloaded.
		RawHeaders: []string{
			page.LinkGuardScript,
			page.FirstPictureScript,
			page.EngineGuardScript,
		},
		CacheableResources: files,
		Resources:          prefixResolver{prefix: prefix},
		// The progress of the loading label counts decompressed bytes; a
		// host that gzips would otherwise send the compressed length.
		WasmContentLength:     strconv.FormatInt(wasmSize, 10),
		ServiceWorkerTemplate: appWorkerJS,
	}
}

// prefixResolver resolves go-app's resource paths for a site served under
// prefix ("" for the root, or "/attention"). It is app.PrefixedLocation, but it
// resolves the root to prefix + "/": the URL a browser shows for the site's
// index and the one the service worker must cache and match (app.PrefixedLocation
// gives "/attention", which a static host answers with a redirect, and which
// never matches a request for "/attention/").
type prefixResolver struct{ prefix string }

func (r prefixResolver) Resolve(location string) string {
	if location == "" || location == "/" {
		return r.prefix + "/"
	}
	return app.PrefixedLocation(r.prefix).Resolve(location)
}

// generateSite writes the static website for prefix into outDir from the
// files of webDir (app.wasm and echarts.js already built).
func generateSite(webDir, outDir, prefix string) error {
	files, err := readWebFiles(webDir)
	if err != nil {
		return err
	}
	// The files the handler and app.css name; the service worker's
	// install fails without any one of them.
	pics, err := page.FirstPictures()
	if err != nil {
		return err
	}
	names := []string{"app.wasm", "echarts.js", "app.css", "icon.svg"}
	for _, p := range pics {
		names = append(names, path.Base(p.Path()))
	}
	for _, name := range names {
		if _, ok := files[name]; !ok {
			return fmt.Errorf("web/%s is missing", name)
		}
	}
	files[wasmLoaderName] = wasmLoaderJS
	icons, err := iconPNGs(files["icon.svg"])
	if err != nil {
		return err
	}
	for name, data := range icons {
		files[name] = data
	}

	paths := make([]string, 0, len(files))
	for name := range files {
		paths = append(paths, "/web/"+name)
	}
	slices.Sort(paths)

	page.Routes()
	h := newHandler(prefix, int64(len(files["app.wasm"])), paths)
	h.Version = siteVersion(prefix, h, files)

	if err := cleanOutDir(outDir); err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(outDir, h); err != nil {
		return fmt.Errorf("generating the static website: %w", err)
	}
	if err := addWasmLoader(outDir, prefix); err != nil {
		return err
	}
	if err := addCSP(outDir); err != nil {
		return err
	}
	for name, data := range files {
		dst := filepath.Join(outDir, "web", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return err
		}
	}
	return checkSite(outDir, prefix)
}

// readWebFiles reads every file under webDir, keyed by its slash-separated
// path relative to it; it skips dot files and the temporary files of a build.
func readWebFiles(webDir string) (map[string][]byte, error) {
	files := make(map[string][]byte)
	err := filepath.WalkDir(webDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != webDir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || strings.HasSuffix(p, ".tmp") {
			return nil
		}
		rel, err := filepath.Rel(webDir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	return files, err
}

// siteVersion is the app's version: a hash of everything the site is made of,
// so that the service worker's cache name stays the same from one build to the
// next and changes when the content does. The page's own HTML comes from the
// UI package, which app.wasm holds as well.
func siteVersion(prefix string, h *app.Handler, files map[string][]byte) string {
	sum := sha256.New()
	fmt.Fprintf(sum, "prefix %q\n", prefix)
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/maxence-charriere/go-app/v10" {
				fmt.Fprintf(sum, "go-app %s %s\n", dep.Version, dep.Sum)
			}
		}
	}
	fmt.Fprintf(sum, "handler %q %q %q %q %q %q %q %q %v %v %v %v\n", h.Name, h.ShortName, h.Title,
		h.Description, h.LoadingLabel, h.ThemeColor, h.BackgroundColor, h.Lang, h.Keywords, h.Icon,
		h.Styles, h.Scripts)
	fmt.Fprintf(sum, "worker %q\n", h.ServiceWorkerTemplate)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fileSum := sha256.Sum256(files[name])
		fmt.Fprintf(sum, "file %q %x\n", name, fileSum)
	}
	return hex.EncodeToString(sum.Sum(nil))[:20]
}

// cleanOutDir empties outDir, or creates it. It refuses a non-empty directory
// that does not look like a site this tool wrote, and it keeps a README.md
// (static/README.md is committed).
func cleanOutDir(outDir string) error {
	entries, err := os.ReadDir(outDir)
	if errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(outDir, 0o755)
	}
	if err != nil {
		return err
	}
	ours := true
	for _, e := range entries {
		if e.Name() == "README.md" {
			continue
		}
		ours = false
		if e.Name() == "app-worker.js" {
			ours = true
			break
		}
	}
	if !ours {
		return fmt.Errorf("-out %s holds files but no app-worker.js: not a site this tool wrote, so it is left alone", outDir)
	}
	for _, e := range entries {
		if e.Name() == "README.md" {
			continue
		}
		if err := os.RemoveAll(filepath.Join(outDir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// metaTag matches the <meta> tags of a page. go-app fills og:url, og:image and
// twitter:image with https:// followed by Handler.Domain and a path; this site has no
// fixed domain, so they would name a URL of no host, and checkSite drops them.
var metaTag = regexp.MustCompile(`<meta\s[^>]*>`)

var metaURLContent = regexp.MustCompile(`\scontent="https?://`)

// absoluteURL finds http(s) URLs; none may remain in the page, the manifest
// or the scripts go-app generates.
var absoluteURL = regexp.MustCompile(`https?://[^\s"'<>)]*`)

// checkSite mends what go-app generates for a site with no fixed domain under
// prefix (host-less Open Graph tags, the manifest) and fails if any
// generated file still names another origin.
func checkSite(outDir, prefix string) error {
	var problems []string
	err := filepath.WalkDir(outDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(outDir, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "web/") || rel == "README.md" {
			return nil // copied as they are; web/echarts.js keeps its licence text
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var fixed []byte
		switch path.Ext(rel) {
		case ".html":
			fixed = metaTag.ReplaceAllFunc(data, func(tag []byte) []byte {
				if metaURLContent.Match(tag) {
					return nil
				}
				return tag
			})
		case ".webmanifest":
			if fixed, err = tidyManifest(data, prefix); err != nil {
				return fmt.Errorf("%s: %w", rel, err)
			}
		}
		if fixed != nil && !bytes.Equal(fixed, data) {
			data = fixed
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return err
			}
		}
		for _, loc := range absoluteURL.FindAllIndex(data, -1) {
			lineStart := bytes.LastIndexByte(data[:loc[0]], '\n') + 1
			if path.Ext(rel) == ".js" && bytes.Contains(data[lineStart:loc[0]], []byte("//")) {
				continue // a line comment, such as wasm_exec.js's link to a Go issue
			}
			problems = append(problems, fmt.Sprintf("%s: %s", rel, data[loc[0]:loc[1]]))
		}
		return nil
	})
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("the generated site points to other origins:\n\t%s", strings.Join(problems, "\n\t"))
	}
	return nil
}

// tidyManifest mends go-app's web app manifest for a site under prefix: the
// scope becomes the site's path (go-app writes "/", which under a prefix would
// claim the whole host), and icons lose their empty "purpose", which is not a
// valid value.
func tidyManifest(data []byte, prefix string) ([]byte, error) {
	var manifest map[string]any
	if err := json.Unmarshal(data, &manifest); err != nil {
		return nil, err
	}
	manifest["scope"] = prefix + "/"
	icons, _ := manifest["icons"].([]any)
	for _, icon := range icons {
		if icon, ok := icon.(map[string]any); ok && icon["purpose"] == "" {
			delete(icon, "purpose")
		}
	}
	return json.Marshal(manifest)
}
