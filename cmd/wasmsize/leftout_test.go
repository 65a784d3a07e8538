package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAppWasmLeavesOut builds ./cmd/wasm as wasmsize (and cmd/build) does
// and checks that no function of net/http, regexp, any crypto package or
// math/rand (but for their package inits, which stay while a package is
// imported: a few bytes) is in it: cmd/internal/wasmslim's copies of go-app
// and go-echarts keep them out.
func TestAppWasmLeavesOut(t *testing.T) {
	if testing.Short() {
		t.Skip("builds app.wasm")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "app.wasm")
	if err := buildApp(filepath.Join("..", ".."), dir, path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parse(b)
	if err != nil {
		t.Fatal(err)
	}
	const views = "github.com_attnviz_attnviz_app_views"
	initFunc := regexp.MustCompile(`\.init(\.[0-9]+)?$`)
	found := map[string]int{}
	for _, name := range m.names {
		switch p := pkgOf(name); {
		case p == views:
			found[p]++
		case initFunc.MatchString(name):
		case p == "net_http", strings.HasPrefix(p, "crypto"), strings.HasPrefix(p, "regexp"), p == "mime", p == "math_rand":
			found[p]++
		}
	}
	if found[views] == 0 {
		t.Fatalf("no function of app/views among %d: is pkgOf still right?", len(m.names))
	}
	delete(found, views)
	for p, n := range found {
		t.Errorf("app.wasm has %d functions of %s", n, p)
	}
}
