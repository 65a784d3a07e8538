// Package app_test checks the architecture of app/: which package may import
// which (docs/architecture.md).
package app_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/attnviz/attnviz/"

// mayImport lists, for each package of app/ and for the math, the packages
// of this module and the outside UI libraries that it may import directly:
// text and settings → state → compute → views → page, with chart, dom and
// i18n below them. A package missing here fails the test until it is added.
var mayImport = map[string][]string{
	"app/i18n":    {},
	"app/dom":     {"go-app"},
	"app/state":   {"app/i18n", "attention"},
	"app/chart":   {"app/dom", "go-app", "go-echarts"},
	"app/compute": {"app/state", "attention"},
	"app/views":   {"app/chart", "app/compute", "app/dom", "app/i18n", "app/state", "attention", "go-app"},
	"app/page":    {"app/chart", "app/compute", "app/dom", "app/i18n", "app/state", "app/views", "attention", "go-app"},
	"attention":   {"attention"},
}

// TestImportDirection fails when a package of app/ imports against the
// intended direction, or when the math (attention/…) imports UI code, on
// the host and for WebAssembly (where the browser-only files count). It reads
// the packages with go/build, so that go test's cache sees every file.
func TestImportDirection(t *testing.T) {
	for _, goos := range []string{"linux", "js"} {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH = goos, map[string]string{"linux": "amd64", "js": "wasm"}[goos]
		seen := map[string]bool{}
		for _, root := range []string{"../app", "../attention"} {
			err := filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
				if err != nil || !d.IsDir() || dir == "../app" || d.Name() == "testdata" {
					return err
				}
				p, err := ctx.ImportDir(dir, 0)
				if _, none := err.(*build.NoGoError); none {
					return nil
				} else if err != nil {
					return err
				}
				path := module + strings.TrimPrefix(filepath.ToSlash(dir), "../")
				pkg := layer(path)
				allowed, ok := mayImport[pkg]
				if !ok {
					t.Errorf("%s: package %s has no entry in mayImport", goos, path)
					return nil
				}
				seen[pkg] = true
				for _, imp := range p.Imports {
					if l := layer(imp); l != "" && l != pkg && !slices.Contains(allowed, l) {
						t.Errorf("%s: %s imports %s, against the direction of app/ (docs/architecture.md)", goos, path, imp)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		for pkg := range mayImport {
			if !seen[pkg] {
				t.Errorf("%s: no package %s: mayImport has gone stale", goos, pkg)
			}
		}
	}
}

// layer returns the entry of mayImport that the import path p falls under,
// "go-app", "go-echarts" or "syscall/js" for those, or "" for any other
// package (the standard library, gonum), which every package may import.
func layer(p string) string {
	switch {
	case strings.HasPrefix(p, "github.com/maxence-charriere/go-app/"):
		return "go-app"
	case strings.HasPrefix(p, "github.com/go-echarts/go-echarts/"):
		return "go-echarts"
	case p == "syscall/js":
		return "go-app" // the browser, as go-app reaches it
	case strings.HasPrefix(p, module+"attention"):
		return "attention"
	case strings.HasPrefix(p, module+"app/"):
		rest := strings.TrimPrefix(p, module)
		if i := strings.IndexByte(rest[len("app/"):], '/'); i >= 0 {
			rest = rest[:len("app/")+i]
		}
		return rest
	case strings.HasPrefix(p, module):
		return p // another part of the module, which nothing here may import
	}
	return ""
}
