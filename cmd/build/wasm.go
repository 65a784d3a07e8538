package main

import (
	"fmt"
	"log"
	"os"
	"os/exec"

	"github.com/attnviz/attnviz/cmd/internal/wasmslim"
)

// wasmGCFlags turns inlining off in the app packages only: their Render
// methods inline go-app's element builders at every call, which makes
// app.wasm larger, and the app's Go code is little of a keystroke's time;
// the engine (attention/) keeps its inlining. The measurements: "Stories
// moved out of code comments" in docs/performance.md.
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
