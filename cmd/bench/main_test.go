package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseFlags(t *testing.T) {
	parse := func(args ...string) (config, error) {
		cfg, err := parseFlags(args)
		if cfg.tmp != "" {
			t.Cleanup(func() { os.RemoveAll(cfg.tmp) })
		}
		return cfg, err
	}
	cfg, err := parse()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.only, sections) || cfg.pace != fullPace || cfg.out != filepath.Join(cfg.root, "docs") || !cfg.schoolLink {
		t.Errorf("defaults: %+v", cfg)
	}
	if cfg, err = parse("-quick", "-only", "engine,views"); err != nil || cfg.pace != quickPace || cfg.out != "" ||
		!cfg.runs("views") || cfg.runs("page") {
		t.Errorf("-quick -only engine,views: %+v, %v", cfg, err)
	}
	if cfg, err = parse("-only", "page", "-out", "/tmp/x"); err != nil || cfg.out != "/tmp/x" {
		t.Errorf("-only page -out /tmp/x: out %q, %v", cfg.out, err)
	}
	for _, args := range [][]string{{"-only", "engine,gpu"}, {"extra"}, {"-quick=maybe"}} {
		if _, err := parse(args...); err == nil {
			t.Errorf("%q: no error", args)
		} else if args[0] == "-only" && !strings.Contains(err.Error(), `unknown section "gpu"`) {
			t.Errorf("%q: %v", args, err)
		}
	}
	if cfg, err = parse("-quick", "-baseline", "HEAD"); err != nil || len(cfg.baseRev) != 40 || cfg.baseline != "HEAD" {
		t.Errorf("-baseline HEAD: %q, %q, %v", cfg.baseline, cfg.baseRev, err)
	}
	if cfg, err = parse(); cfg.baseRev != "" {
		t.Errorf("no -baseline: baseRev %q", cfg.baseRev)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-baseline", "no-such-rev-xyz"}, `"no-such-rev-xyz" names no commit`},
		{[]string{"-baseline", ""}, "is not a git revision"},
		{[]string{"-only", "engine,wasm", "-baseline", "HEAD"}, "runs neither"},
	} {
		if _, err := parse(tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
}
