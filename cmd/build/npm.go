package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/attnviz/attnviz/cmd/internal/wasmslim"
)

// ensureNodeModules runs npm ci in root unless node_modules already holds
// exactly the packages of package-lock.json.
func ensureNodeModules(root string) error {
	fresh, why := nodeModulesFresh(root)
	if fresh {
		return nil
	}
	log.Printf("npm ci (%s)", why)
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = root
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci: %w (is node with npm installed?)", err)
	}
	return nil
}

// nodeModulesFresh compares package-lock.json with the lockfile npm keeps in
// node_modules/.package-lock.json after every install; it says why not when
// they differ.
func nodeModulesFresh(root string) (bool, string) {
	type lock struct {
		Packages map[string]struct {
			Version   string `json:"version"`
			Integrity string `json:"integrity"`
		} `json:"packages"`
	}
	read := func(name string) (*lock, error) {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			return nil, err
		}
		var l lock
		if err := json.Unmarshal(data, &l); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &l, nil
	}
	want, err := read("package-lock.json")
	if err != nil {
		return false, err.Error()
	}
	have, err := read(filepath.Join("node_modules", ".package-lock.json"))
	if err != nil {
		return false, "node_modules is missing"
	}
	for path, p := range want.Packages {
		if path == "" {
			continue // the project itself
		}
		h, ok := have.Packages[path]
		if !ok {
			// npm leaves optional packages of other platforms out.
			if _, err := os.Stat(filepath.Join(root, path)); err != nil {
				continue
			}
			return false, path + " is not recorded in node_modules"
		}
		if h.Version != p.Version || h.Integrity != p.Integrity {
			return false, fmt.Sprintf("%s is %s, package-lock.json wants %s", path, h.Version, p.Version)
		}
	}
	for path := range have.Packages {
		if _, ok := want.Packages[path]; !ok {
			return false, path + " is not in package-lock.json"
		}
	}
	for _, path := range []string{"node_modules/echarts/package.json", "node_modules/.bin/esbuild"} {
		if _, err := os.Stat(filepath.Join(root, path)); err != nil {
			return false, path + " is missing"
		}
	}
	return true, ""
}

// bundleECharts bundles cmd/build/echarts-entry.js into dst with the esbuild
// pinned in package.json.
func bundleECharts(root, dst string) error {
	tmp := dst + ".tmp"
	cmd := exec.Command(filepath.Join(root, "node_modules", ".bin", "esbuild"),
		filepath.Join("cmd", "build", "echarts-entry.js"),
		"--bundle",
		"--minify",
		"--format=iife",
		"--target=es2020",
		"--legal-comments=eof",
		`--define:process.env.NODE_ENV="production"`,
		"--log-level=warning",
		"--outfile="+tmp,
	)
	cmd.Dir = root
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("bundling ECharts with esbuild: %w", err)
	}
	return os.Rename(tmp, dst)
}

// wasmGCFlags turns inlining off in the app packages only: their Render
// methods inline go-app's element builders at every call, which made
// app.wasm about 30 KB gzip larger (2.499 → 2.468 MB, `go run ./cmd/wasmsize`
// shows the code by package). The app's Go code is a few per cent of a
// keystroke's time (ECharts' drawing is most of it), and the engine
// (attention/) keeps its inlining.
const wasmGCFlags = "-gcflags=github.com/attnviz/attnviz/app/...=-l"

// buildWasm compiles ./cmd/wasm for the browser into dst.
func buildWasm(root, dst string) error {
	return buildWasmOf(root, "./cmd/wasm", dst)
}

// slimFlags prepares the build of pkg against go-app, go-echarts and gonum
// without net/http, regexp, crypto and more (cmd/internal/wasmslim) and returns its flags, and a
// function that removes what it wrote. Where the patches do not apply (the
// modules were upgraded), it says so and returns no flags: app.wasm is then
// built as the modules are, about 540 KB gzip larger.
func slimFlags(root, pkg string) ([]string, func()) {
	dir, err := os.MkdirTemp("", "attnviz-wasmslim-")
	if err != nil {
		log.Printf("warning: app.wasm built without wasmslim: %v", err)
		return nil, func() {}
	}
	cleanup := func() { os.RemoveAll(dir) }
	flags, err := wasmslim.Prepare(root, pkg, dir)
	if err != nil {
		log.Printf("warning: %s built without wasmslim's patches (see cmd/internal/wasmslim): %v", pkg, err)
		return nil, cleanup
	}
	return flags, cleanup
}

// buildWasmOf compiles the WebAssembly program pkg to dst: app.wasm, or the
// Learn view's trainer (./cmd/trainworker, which web/trainworker.js runs in
// a Web Worker).
func buildWasmOf(root, pkg, dst string) error {
	tmp := dst + ".tmp"
	slim, cleanup := slimFlags(root, pkg)
	defer cleanup()
	cmd := exec.Command("go", append(append([]string{"build"}, slim...), "-trimpath", "-ldflags=-s -w", wasmGCFlags, "-o", tmp, pkg)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("compiling the wasm: %w", err)
	}
	return os.Rename(tmp, dst)
}
