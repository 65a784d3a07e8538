package wasmslim

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPatchesApply prepares ./cmd/wasm's build: every patch applies to the
// modules in go.mod, and with the copies app.wasm imports no net/http
// (nor its crypto/tls), no google/uuid, no crypto/rand or crypto/sha1 and
// no html, which without them it does.
func TestPatchesApply(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	root := filepath.Join("..", "..", "..")
	dir := t.TempDir()
	flags, err := Prepare(root, "./cmd/wasm", dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(flags) != 1 || !strings.HasPrefix(flags[0], "-modfile=") {
		t.Fatalf("flags %q, want one -modfile", flags)
	}
	mod, err := os.ReadFile(filepath.Join(dir, "slim.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{goApp, goECharts, gonum} {
		if !strings.Contains(string(mod), "\nreplace "+m+" => ") {
			t.Errorf("slim.mod does not replace %s", m)
		}
	}
	with, without := deps(t, root, flags), deps(t, root, nil)
	for _, p := range []string{"net/http", "crypto/tls", "github.com/google/uuid", "crypto/rand", "crypto/sha1", "html"} {
		if with[p] {
			t.Errorf("with the copies, ./cmd/wasm imports %s", p)
		}
		if !without[p] {
			t.Errorf("without them, ./cmd/wasm does not import %s: is the patch still needed?", p)
		}
	}
}

// deps returns the packages ./cmd/wasm imports, built with flags.
func deps(t *testing.T, root string, flags []string) map[string]bool {
	cmd := exec.Command("go", append(append([]string{"list"}, flags...), "-deps", "./cmd/wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	m := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		m[p] = true
	}
	if !m["github.com/attnviz/attnviz/app/views"] {
		t.Fatalf("go list printed no app/views: %s", out)
	}
	return m
}

// TestPatchRefusesOtherFiles: a patch leaves a file it was not written
// for alone, and says so.
func TestPatchRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	pt := patches[0]
	path := filepath.Join(dir, filepath.FromSlash(pt.file))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	const other = "package app\n\nfunc ServeHTTP() {}\n"
	if err := os.WriteFile(path, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := pt.apply(dir); err == nil || !strings.Contains(err.Error(), "not the file") {
		t.Errorf("apply to another file: %v, want an error", err)
	}
	if b, _ := os.ReadFile(path); string(b) != other {
		t.Errorf("the file was changed to %q", b)
	}
}

// TestEdit drops functions with their comments and the imports only they
// used, and refuses a swap that is not there once.
func TestEdit(t *testing.T) {
	src := "package p\n\nimport (\n\t\"net/http\"\n\t\"strings\"\n)\n\n// Serve serves.\nfunc Serve(w http.ResponseWriter) {}\n\nfunc Keep() string { return strings.ToUpper(\"a\") }\n"
	got, err := patch{dropFuncs: []string{"Serve"}}.edit(src)
	if err != nil {
		t.Fatal(err)
	}
	want := "package p\n\nimport (\n\t\"strings\"\n)\n\nfunc Keep() string { return strings.ToUpper(\"a\") }\n"
	if string(got) != want {
		t.Errorf("edit gave\n%s\nwant\n%s", got, want)
	}
	if _, err := (patch{dropFuncs: []string{"Missing"}}).edit(src); err == nil {
		t.Error("dropping a missing function: no error")
	}
	if _, err := (patch{swaps: [][2]string{{"func", "fn"}}}).edit(src); err == nil {
		t.Error("a swap found twice: no error")
	}
}

// TestPrepareOnlyWhatIsImported: the bare page imports go-app but not
// go-echarts nor gonum, and the Learn view's trainer gonum alone.
func TestPrepareOnlyWhatIsImported(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	root := filepath.Join("..", "..", "..")
	dir := t.TempDir()
	if _, err := Prepare(root, "./bench/bare", dir); err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(dir, "slim.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "\nreplace "+goApp+" => ") || strings.Contains(string(mod), "replace "+goECharts) ||
		strings.Contains(string(mod), "replace "+gonum) {
		t.Errorf("the bare page's slim.mod:\n%s", mod)
	}
	dir = t.TempDir()
	if _, err := Prepare(root, "./cmd/trainworker", dir); err != nil {
		t.Fatal(err)
	}
	mod, err = os.ReadFile(filepath.Join(dir, "slim.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(mod), "\nreplace "+gonum+" => ") || strings.Contains(string(mod), "replace "+goApp) {
		t.Errorf("the trainer's slim.mod:\n%s", mod)
	}
}
