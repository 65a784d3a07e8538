// Command build makes the attention visualizer's static website and serves it
// for a local preview.
//
// Usage:
//
//	go run ./cmd/build [-prefix /attention] [-out static] [-serve :8080] [-serve-only]
//
// It runs, from the module root:
//
//  1. npm ci, when node_modules is missing or does not match package-lock.json;
//  2. esbuild on cmd/build/echarts-entry.js, giving web/echarts.js (minified IIFE
//     holding only the ECharts parts the page uses);
//  3. GOOS=js GOARCH=wasm go build -modfile=… -trimpath -ldflags="-s -w" -gcflags=github.com/attnviz/attnviz/app/...=-l -o web/app.wasm ./cmd/wasm,
//     the -modfile from cmd/internal/wasmslim (go-app, go-echarts and gonum
//     without net/http, regexp, crypto and more, and go-app's first frame after the first chart);
//     meanwhile node cmd/build/first-heatmap.cjs draws web/first-heatmap-*.svg,
//     the pictures of the first heatmap (one per range of the chart's width)
//     that the pre-rendered page shows until the wasm has drawn
//     (app/first_picture.go);
//  4. go-app's static-site generator into -out, with the files of web/ (and the
//     PNG icons, drawn from web/icon.svg) copied to -out/web/.
//
// With -prefix the site works when served from that sub-path of its host (a
// GitHub Pages project site, say); without it, from the host's root. With
// -serve it then serves -out on the given address, under the prefix, gzipping
// text and wasm. -serve-only serves an existing -out without building.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"sync"

	"github.com/attnviz/attnviz/cmd/internal/modroot"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("build: ")

	prefix := flag.String("prefix", "", "URL path the site is served under, such as /attention (default: the host's root)")
	out := flag.String("out", "static", "directory the static website is written to")
	serve := flag.String("serve", "", "after building, serve -out on this address, such as :8080")
	serveOnly := flag.Bool("serve-only", false, "serve -out without building (needs -serve, default :8080)")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("unexpected arguments %q", flag.Args())
	}

	p, err := cleanPrefix(*prefix)
	if err != nil {
		log.Fatal(err)
	}
	root, err := modroot.Find()
	if err != nil {
		log.Fatal(err)
	}
	outDir := *out
	if !filepath.IsAbs(outDir) {
		outDir = filepath.Join(root, outDir)
	}

	if !*serveOnly {
		if err := build(root, outDir, p); err != nil {
			log.Fatal(err)
		}
	}
	if *serveOnly && *serve == "" {
		*serve = ":8080"
	}
	if *serve != "" {
		if err := listenAndServe(*serve, outDir, p); err != nil {
			log.Fatal(err)
		}
	}
}

// build runs every step of the build; outDir is absolute.
func build(root, outDir, prefix string) error {
	webDir := filepath.Join(root, "web")
	if err := ensureNodeModules(root); err != nil {
		return err
	}

	// The bundle, the wasm and the first heatmap's picture do not depend
	// on each other.
	var wg sync.WaitGroup
	var bundleErr, wasmErr, trainerErr error
	var pictureErr error
	wg.Go(func() { bundleErr = bundleECharts(root, filepath.Join(webDir, "echarts.js")) })
	wg.Go(func() { wasmErr = buildWasm(root, filepath.Join(webDir, "app.wasm")) })
	wg.Go(func() {
		trainerErr = buildWasmOf(root, "./cmd/trainworker", filepath.Join(webDir, "trainworker.wasm"))
	})
	wg.Go(func() { pictureErr = drawFirstPictures(root, webDir) })
	wg.Wait()
	if err := errors.Join(bundleErr, wasmErr, trainerErr, pictureErr); err != nil {
		return err
	}

	if err := generateSite(webDir, outDir, prefix); err != nil {
		return err
	}
	log.Printf("wrote %s (serve it at %s/)", outDir, prefix)
	return nil
}

// cleanPrefix returns p as a URL path prefix with a leading and no trailing
// slash, or "" for the root.
func cleanPrefix(p string) (string, error) {
	p = strings.Trim(p, "/")
	if p == "" {
		return "", nil
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.ContainsAny(seg, "?#%\\ \"'<>") {
			return "", fmt.Errorf("-prefix %q: want a plain URL path such as /attention", p)
		}
	}
	return "/" + p, nil
}
