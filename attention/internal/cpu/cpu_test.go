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

// TestDetect512 checks AVX-512 only with AVX, and not outside amd64 or
// under -tags purego.
func TestDetect512(t *testing.T) {
	avx, _ := detect()
	if a := detect512(); a && !avx || a && (runtime.GOARCH != "amd64" || purego) {
		t.Errorf("detect512() = %v with AVX %v on %s (purego %v)", a, avx, runtime.GOARCH, purego)
	}
	t.Logf("AVX-512 %v", detect512())
}
