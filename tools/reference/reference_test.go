package reference

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "copy ../shared/reference into testdata/reference")

// localDir is the module's copy, from this package's directory.
var localDir = filepath.Join("..", "..", "testdata", "reference")

// findShared returns shared/reference beside the module's clone (../shared
// from the module's root), or beside a folder above it, as for a git
// worktree kept under the clone's parent; "" if there is none.
func findShared() (string, error) {
	dir, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared", "reference")
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// TestSameAsShared fails unless testdata/reference holds exactly the files of
// ../shared/reference, byte for byte. It skips when there is no shared
// reference. With -update it first copies every shared file over its copy.
func TestSameAsShared(t *testing.T) {
	sharedDir, err := findShared()
	if err != nil {
		t.Fatal(err)
	}
	if sharedDir == "" {
		t.Skip("no ../shared/reference beside the module: nothing to compare with")
	}
	shared, err := readTree(sharedDir)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		for name, data := range shared {
			dst := filepath.Join(localDir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	local, err := readTree(localDir)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range shared {
		if got, ok := local[name]; !ok {
			t.Errorf("testdata/reference lacks %s (go test ./tools/reference -update copies it)", name)
		} else if !bytes.Equal(got, data) {
			t.Errorf("testdata/reference/%s differs from the shared one (go test ./tools/reference -update copies it)", name)
		}
	}
	for name := range local {
		if _, ok := shared[name]; !ok {
			t.Errorf("testdata/reference/%s is not in %s: the folder holds only copies of the shared reference", name, sharedDir)
		}
	}
}

// readTree reads every file under dir, keyed by its slash-separated path
// relative to dir.
func readTree(dir string) (map[string][]byte, error) {
	files := make(map[string][]byte)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}
