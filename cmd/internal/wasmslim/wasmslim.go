// Package wasmslim builds a WebAssembly program against copies of go-app
// and go-echarts with a few lines changed, so that app.wasm links neither
// net/http (whose crypto/tls init code the linker must keep) nor regexp:
// about 540 KB less of the gzipped app.wasm (docs/performance.md); nor any
// crypto package (go-app's state encryption and google/uuid): 96 KB more;
// nor package html's entities: 20 KB; nor math/rand's seeding: 9 KB; nor
// encoding/binary's reflection (gonum's mat): 4.5 KB.
// One more patch has go-app's first frame wait for the first chart's draw.
//
// Nothing of either module is in the repository. At build time, Prepare
// copies the packages of those modules that the program imports from the
// module cache into a temporary directory, changes the files of patches
// there, and writes a go.mod that replaces the modules with the copies;
// the program is then built with -modfile. A patch applies only to the file
// whose SHA-256 it names: when a module is upgraded, Prepare returns an
// error (cmd/build then builds with the modules as they are, and says so),
// and TestPatchesApply fails, until the patches are brought up to date.
package wasmslim

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// patch changes one file of a module for the WebAssembly build.
type patch struct {
	module, file string      // the file, relative to the module's root
	sha256       string      // of the file the patch was written for
	dropFuncs    []string    // functions and methods removed
	swaps        [][2]string // text replaced, each found exactly once
	addFile      string      // a file added beside it, from this package
}

//go:embed optsjs.go
var optsJS string

//go:embed cryptoslim.go
var cryptoSlim string

//go:embed uuidslim.go
var uuidSlim string

//go:embed htmlslim.go
var htmlSlim string

const (
	goApp     = "github.com/maxence-charriere/go-app/v10"
	goECharts = "github.com/go-echarts/go-echarts/v2"
	gonum     = "gonum.org/v1/gonum"
)

// patches are the changes, for go-app v10.1.11, go-echarts v2.7.2 and
// gonum v0.17.0.
var patches = []patch{{
	// The Handler's serving methods: the browser never serves. Nor does
	// it version a Handler, whose default version, the time's SHA-1, was
	// the last use of crypto/sha1 (its init links hashes and FIPS checks).
	module: goApp, file: "pkg/app/http.go",
	sha256:    "0601189a9f611378e9b24ab4bdf42780a03cbf95c1bbebd4171b523ddbe9a32d",
	dropFuncs: []string{"ServeHTTP", "serveCachedItem", "serveProxyResource", "servePage", "serveLibrary"},
	swaps:     [][2]string{{"fmt.Sprintf(`%x`, sha1.Sum([]byte(t)))", "fmt.Sprintf(`%x`, t)"}},
}, {
	// LocalDir's file server.
	module: goApp, file: "pkg/app/resource.go",
	sha256: "6b52ab4ec2f4171d403384bffe159e9ec22699933e768ef5868f2851a1b84baa",
	swaps: [][2]string{
		{"\t\tHandler:   http.FileServer(http.Dir(directory)),\n", ""},
		{"type localResourceResolver struct {\n\thttp.Handler\n", "type localResourceResolver struct {\n"},
	},
}, {
	// RouteWithRegexp's routes, which the app has none of, matched
	// through an interface: regexp's code is left out unless it is called.
	module: goApp, file: "pkg/app/route.go",
	sha256: "3252c7f2876cba69c3fbb203b0b4d5770ddd4651cdaf3ad69e5c33bfd1ccf5bd",
	swaps:  [][2]string{{"\tregexp       *regexp.Regexp\n", "\tregexp       interface{ MatchString(string) bool }\n"}},
}, {
	// Two package-level regular expressions, for JavaScript functions in
	// options, which the app does not use: string functions (optsjs.go).
	module: goECharts, file: "opts/js.go",
	sha256: "44eb0dd8dfa6a2d7bf421deae86d965bf8723e42990056e5e5d47368aba90539",
	swaps: [][2]string{
		{"\t\"regexp\"\n", ""},
		{"\tnewlineTabPat = regexp.MustCompile(`\\n|\\t`)\n\tcommentPat    = regexp.MustCompile(`(//.*)\\n`)\n",
			"\tnewlineTabPat = slimNewlineTab\n\tcommentPat    = slimLineComments{}\n"},
	},
	addFile: optsJS,
}, {
	// The engine's loop: at its first frame, the dispatches that the first
	// mount queued (every component's OnMount, the first chart's draw among
	// them) run first, and the frame in a later task, so that the browser
	// paints the chart before the frame re-renders the page that those
	// OnMounts flagged (docs/performance.md). go-app let a frame fall
	// between them. Later frames are go-app's.
	module: goApp, file: "pkg/app/engine.go",
	sha256: "8400019d85d00fb6a904a9214ab78e1874ead07bb7ec719c2c254955864db5b2",
	swaps: [][2]string{
		{"\tframes := time.NewTicker(currentFrameDuration)\n",
			"\tframes := time.NewTicker(currentFrameDuration)\n\tfirstFrame := true // attnviz's wasmslim\n"},
		{"\t\tcase <-frames.C:\n\t\t\te.processFrame()\n",
			"\t\tcase <-frames.C:\n" +
				"\t\t\tif firstFrame && len(e.dispatches) > 0 {\n" +
				"\t\t\t\tfirstFrame = false\n" +
				"\t\t\t\tfor n := len(e.dispatches); n > 0; n-- {\n\t\t\t\t\t(<-e.dispatches)()\n\t\t\t\t}\n" +
				"\t\t\t\tframes.Reset(activeFrameDuration)\n\t\t\t\tcurrentFrameDuration = activeFrameDuration\n" +
				"\t\t\t\tcontinue\n\t\t\t}\n" +
				"\t\t\tfirstFrame = false\n\t\t\te.processFrame()\n"},
	},
}, {
	// Encryption of persisted states, which the app does not persist:
	// without AES-GCM and crypto/rand (cryptoslim.go).
	module: goApp, file: "pkg/app/crypto.go",
	sha256:    "c0fc14126207dc9fa15fb8869bd882874486654919835dc35d5bef8a6122aa97",
	dropFuncs: []string{"encrypt", "decrypt"},
	addFile:   cryptoSlim,
}, {
	// The states' broadcast ID from math/rand/v2, not google/uuid's
	// crypto/rand (uuidslim.go); with DeviceID's below, go-app imports no
	// uuid, nor with it crypto/md5 and crypto/sha1.
	module: goApp, file: "pkg/app/state.go",
	sha256:  "b41c94e804ab69a8a6341d58c09ac79d8cc8b0022bddd6c74c0f107a9f31480b",
	swaps:   [][2]string{{"uuid.NewString()", "slimUUID()"}},
	addFile: uuidSlim,
}, {
	module: goApp, file: "pkg/app/context.go",
	sha256: "1165dc862aad17ba47a7050c7ce32401e6e86eecce1222bf22235f78cccbd1d4",
	swaps:  [][2]string{{"uuid.NewString()", "slimUUID()"}},
}, {
	// The one use of package html, whose init links its entities' table
	// (htmlslim.go): about 20 KB of gzip.
	module: goApp, file: "pkg/app/node.go",
	sha256:  "6fc7abe1ce4243b89bfed8808302c934d1049863554373ddf66f74ec3bbbe0fc",
	swaps:   [][2]string{{"html.EscapeString(v.value)", "slimEscapeHTML(v.value)"}},
	addFile: htmlSlim,
}, {
	// rand.Seed, a no-op since Go 1.24 (GODEBUG randseednop), whose code
	// for the old behaviour links math/rand's table of 607 random numbers.
	module: goECharts, file: "util/id_gennerator.go",
	sha256:    "482d3e9edccb5e41cab51895ac10aaabb9e48785faaba6044375a8d54a1ccd81",
	dropFuncs: []string{"init"},
}, {
	// The sizes of mat's binary format as numbers (TestGonumSizes), not
	// binary.Size's reflection, which mat's init linked for them.
	module: gonum, file: "mat/io.go",
	sha256: "cfbb7b0909b2f21911f34835990e652ca3b1f558f2f4947ae3aecc97f557e712",
	swaps: [][2]string{{"headerSize  = binary.Size(storage{})\n\tsizeFloat64 = binary.Size(float64(0))",
		"headerSize  = 40 // binary.Size(storage{})\n\tsizeFloat64 = 8"}},
}}

// pkgInfo is what Prepare reads of one package the program imports.
type pkgInfo struct {
	module, moduleDir, goMod, dir string
}

// Prepare copies and patches, under dir, the modules of patches that pkg
// (built with GOOS=js GOARCH=wasm in the module at root) imports, and writes
// dir/slim.mod, which replaces them. It returns the flag to build pkg with,
// or none when pkg imports none of them.
func Prepare(root, pkg, dir string) ([]string, error) {
	pkgs, err := listPackages(root, pkg)
	if err != nil {
		return nil, err
	}
	replaced := map[string]string{}
	for _, p := range pkgs {
		if !patched(p.module) {
			continue
		}
		copyDir := filepath.Join(dir, "mod", strings.ReplaceAll(p.module, "/", "_"))
		if err := copyPackage(p, copyDir); err != nil {
			return nil, err
		}
		replaced[p.module] = copyDir
	}
	if len(replaced) == 0 {
		return nil, nil
	}
	for _, pt := range patches {
		copyDir, ok := replaced[pt.module]
		if _, err := os.Stat(filepath.Join(copyDir, filepath.Dir(filepath.FromSlash(pt.file)))); !ok || err != nil {
			continue // pkg does not import the patched file's package
		}
		if err := pt.apply(copyDir); err != nil {
			return nil, err
		}
	}
	return writeModFile(root, dir, replaced)
}

func patched(module string) bool {
	for _, pt := range patches {
		if pt.module == module {
			return true
		}
	}
	return false
}

// listPackages lists the packages pkg imports that are in modules.
func listPackages(root, pkg string) ([]pkgInfo, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{.Path}}\t{{.Dir}}\t{{.GoMod}}\t{{end}}{{.Dir}}", pkg)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w\n%s", pkg, err, stderr.Bytes())
	}
	var pkgs []pkgInfo
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) == 4 {
			pkgs = append(pkgs, pkgInfo{module: f[0], moduleDir: f[1], goMod: f[2], dir: f[3]})
		}
	}
	return pkgs, nil
}

// copyPackage copies p's files (not its tests) and its module's go.mod
// into the module copy at copyDir.
func copyPackage(p pkgInfo, copyDir string) error {
	rel, err := filepath.Rel(p.moduleDir, p.dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return fmt.Errorf("package %s is not inside its module %s", p.dir, p.moduleDir)
	}
	if err := copyFile(p.goMod, filepath.Join(copyDir, "go.mod")); err != nil {
		return err
	}
	entries, err := os.ReadDir(p.dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasSuffix(e.Name(), "_test.go") {
			if err := copyFile(filepath.Join(p.dir, e.Name()), filepath.Join(copyDir, rel, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err == nil {
		err = os.MkdirAll(filepath.Dir(dst), 0o755)
	}
	if err == nil {
		err = os.WriteFile(dst, b, 0o644)
	}
	return err
}

// apply changes pt.file in the module copy at copyDir.
func (pt patch) apply(copyDir string) error {
	path := filepath.Join(copyDir, filepath.FromSlash(pt.file))
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%s: %w", pt.module, err)
	}
	if sum := sha256.Sum256(src); hex.EncodeToString(sum[:]) != pt.sha256 {
		return fmt.Errorf("%s's %s is not the file the patch was written for (another version?)", pt.module, pt.file)
	}
	out, err := pt.edit(string(src))
	if err != nil {
		return fmt.Errorf("%s's %s: %w", pt.module, pt.file, err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return err
	}
	if pt.addFile != "" {
		name, pkgName := strings.TrimSuffix(filepath.Base(path), ".go")+"_slim.go", packageName(out)
		added := strings.Replace(pt.addFile, "package wasmslim\n", "package "+pkgName+"\n", 1)
		return os.WriteFile(filepath.Join(filepath.Dir(path), name), []byte(added), 0o644)
	}
	return nil
}

// edit returns src with pt's swaps made and functions dropped, its unused
// imports removed, formatted.
func (pt patch) edit(src string) ([]byte, error) {
	for _, s := range pt.swaps {
		if n := strings.Count(src, s[0]); n != 1 {
			return nil, fmt.Errorf("%q is there %d times, not once", s[0], n)
		}
		src = strings.Replace(src, s[0], s[1], 1)
	}
	src, err := dropFuncs(src, pt.dropFuncs)
	if err != nil {
		return nil, err
	}
	return dropUnusedImports(src)
}

// dropFuncs removes the named top-level functions and methods, with their
// doc comments, from src; each must be there once.
func dropFuncs(src string, names []string) (string, error) {
	if len(names) == 0 {
		return src, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return "", err
	}
	want := map[string]int{}
	for _, n := range names {
		want[n] = 0
	}
	var cuts [][2]int // byte ranges, in order
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if _, named := want[fd.Name.Name]; !named {
			continue
		}
		want[fd.Name.Name]++
		start := fd.Pos()
		if fd.Doc != nil {
			start = fd.Doc.Pos()
		}
		cuts = append(cuts, [2]int{fset.Position(start).Offset, fset.Position(fd.End()).Offset})
	}
	for n, c := range want {
		if c != 1 {
			return "", fmt.Errorf("function %s is there %d times, not once", n, c)
		}
	}
	var b strings.Builder
	last := 0
	for _, c := range cuts {
		b.WriteString(src[last:c[0]])
		last = c[1]
	}
	b.WriteString(src[last:])
	return b.String(), nil
}

// dropUnusedImports removes the imports src no longer uses and formats it.
func dropUnusedImports(src string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var cuts [][2]int
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		if name != "_" && !used[name] {
			cuts = append(cuts, [2]int{fset.Position(im.Pos()).Offset, fset.Position(im.End()).Offset})
		}
	}
	var b strings.Builder
	last := 0
	for _, c := range cuts {
		b.WriteString(src[last:c[0]])
		last = c[1]
	}
	b.WriteString(src[last:])
	return format.Source([]byte(b.String()))
}

func packageName(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.Name.Name
}

// writeModFile writes dir/slim.mod, root's go.mod with the replacements,
// and dir/slim.sum, root's go.sum, and returns the -modfile flag.
func writeModFile(root, dir string, replaced map[string]string) ([]string, error) {
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(mod)
	for _, module := range slices.Sorted(maps.Keys(replaced)) {
		copyDir := replaced[module]
		if bytes.Contains(mod, []byte("replace "+module)) {
			return nil, errors.New("go.mod already replaces " + module)
		}
		abs, err := filepath.Abs(copyDir)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\nreplace %s => %s\n", module, abs)
	}
	modFile := filepath.Join(dir, "slim.mod")
	if err := os.WriteFile(modFile, b.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := copyFile(filepath.Join(root, "go.sum"), filepath.Join(dir, "slim.sum")); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(modFile)
	if err != nil {
		return nil, err
	}
	return []string{"-modfile=" + abs}, nil
}
