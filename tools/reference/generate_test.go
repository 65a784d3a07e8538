package reference

import (
	"os/exec"
	"testing"
)

// TestGenerateCheck runs generate.py --check, which recomputes every case of
// testdata/reference with NumPy and PyTorch and fails on a difference beyond
// 1e-12. It skips with -short or without Debian's python3-numpy and
// python3-torch.
func TestGenerateCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not running the NumPy and PyTorch check")
	}
	const python = "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import numpy, torch").Run(); err != nil {
		t.Skipf("%s cannot import numpy and torch (apt-get install python3-numpy python3-torch): %v", python, err)
	}
	out, err := exec.Command(python, "generate.py", "--check").CombinedOutput()
	t.Logf("generate.py --check:\n%s", out)
	if err != nil {
		t.Errorf("generate.py --check: %v", err)
	}
}
