package attention_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/attention/internal/wasmcheck"
)

// TestWasmBitIdentical compiles internal/wasmcheck/cmd/wasmcheck for
// GOOS=js GOARCH=wasm, runs it under Node.js and checks that every number it
// prints (generated weights, text- and matrix-mode results) has the same
// float64 bits as computed natively. It is skipped without node on PATH.
func TestWasmBitIdentical(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a wasm program")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execWasm := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "go_js_wasm_exec")
	if _, err := os.Stat(execWasm); err != nil {
		t.Skipf("no %s: %v", execWasm, err)
	}
	wasm := filepath.Join(t.TempDir(), "wasmcheck.wasm")
	build := exec.Command("go", "build", "-o", wasm, "./internal/wasmcheck/cmd/wasmcheck")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for js/wasm: %v\n%s", err, out)
	}
	var stderr bytes.Buffer
	run := exec.Command(execWasm, wasm)
	run.Stderr = &stderr
	got, err := run.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", execWasm, err, stderr.Bytes())
	}
	var want bytes.Buffer
	if err := wasmcheck.Dump(&want); err != nil {
		t.Fatal(err)
	}
	gl, wl := lines(got), lines(want.Bytes())
	if len(wl) < 100 {
		t.Fatalf("only %d lines natively", len(wl))
	}
	if len(gl) != len(wl) {
		t.Fatalf("wasm printed %d lines, native %d", len(gl), len(wl))
	}
	for i := range wl {
		if gl[i] != wl[i] {
			t.Fatalf("line %d differs:\nwasm:   %.300s\nnative: %.300s", i+1, gl[i], wl[i])
		}
	}
	t.Logf("%d matrices bit-identical between wasm and %s", len(wl), "native")
}

func lines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
