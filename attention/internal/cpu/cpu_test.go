package cpu

import (
	"flag"
	"runtime"
	"testing"
)

// The package has no golden files; it accepts -update so that
// go test ./... -update runs.
var _ = flag.Bool("update", false, "no effect: the package has no golden files")

// TestDetect checks what the kernels rely on: AVX2 only with AVX, and
// neither outside amd64 or under -tags purego.
func TestDetect(t *testing.T) {
	avx, avx2 := detect()
	if avx2 && !avx {
		t.Errorf("detect() = AVX %v, AVX2 %v: AVX2 without AVX", avx, avx2)
	}
	if (runtime.GOARCH != "amd64" || purego) && (avx || avx2) {
		t.Errorf("detect() = AVX %v, AVX2 %v on %s (purego %v); want none", avx, avx2, runtime.GOARCH, purego)
	}
	t.Logf("AVX %v, AVX2 %v", avx, avx2)
}
