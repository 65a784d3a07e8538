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
}
