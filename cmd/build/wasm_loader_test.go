package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWasmLoaderNeedsGoAppsCall checks that addWasmLoader refuses an app.js
// whose wasm call is not go-app's, rather than leaving the worker's module
// unused.
func TestWasmLoaderNeedsGoAppsCall(t *testing.T) {
	for _, js := range []string{
		"const wasm = await WebAssembly.instantiateStreaming(fetch(\"/web/app.wasm\"), go.importObject);",
		"",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "app.js"), []byte(js), 0o644); err != nil {
			t.Fatal(err)
		}
		err := addWasmLoader(dir, "")
		if err == nil || !strings.Contains(err.Error(), "wasm_loader.go") {
			t.Errorf("app.js %q: addWasmLoader gave %v, want an error naming wasm_loader.go", js, err)
		}
	}
}
