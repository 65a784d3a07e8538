package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/attnviz/attnviz/attention/export"
)

// TestGoldenFormats checks that every -format prints package export's golden
// file of the same case (latex and markdown with the default -head, the mean).
func TestGoldenFormats(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"two-heads-causal", []string{"../../testdata/reference/two-heads-causal.json"}},
		{"grad-two-heads-causal", []string{"../../testdata/reference/gradients/grad-two-heads-causal.json"}},
		{"cat-sat", []string{"-text", "The cat sat on the mat.", "-heads", "2", "-seed", "1", "-causal"}},
	} {
		for _, f := range export.Formats {
			want, err := os.ReadFile(filepath.Join("../../attention/export/testdata/golden", c.golden+f.Extension()))
			if err != nil {
				t.Fatal(err)
			}
			_, got, _ := runCmd(t, "", append(c.args, "-format", string(f))...)
			if got != string(want) {
				t.Errorf("attn %q -format %s differs from the golden file:\n%s", c.args, f, got)
			}
		}
	}
}

// TestHead checks that -head chooses the matrix of latex and markdown, and
// is refused with the formats that write every head.
func TestHead(t *testing.T) {
	mean := mustRun(t, "", "-format", "latex", refPath)
	if got := mustRun(t, "", "-format", "latex", "-head", "mean", refPath); got != mean {
		t.Error("-head mean differs from the default")
	}
	head1 := mustRun(t, "", refPath, "-format", "markdown", "-head", "1")
	if head1 == mustRun(t, "", refPath, "-format", "markdown", "-head", "0") {
		t.Error("-head 0 and -head 1 write the same table")
	}
	for _, args := range [][]string{
		{refPath, "-format", "latex", "-head", "2"},
		{refPath, "-format", "markdown", "-head", "first"},
		{refPath, "-format", "csv", "-head", "0"},
		{refPath, "-head", "mean"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput || out != "" || errOut == "" {
			t.Errorf("attn %q: exit %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, out, errOut)
		}
	}
}
