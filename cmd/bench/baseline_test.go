package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes a repository in a temporary directory with two commits of
// a.txt, "one" then "two".
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.org"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	for _, s := range []string{"one", "two"} {
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		git("add", "a.txt")
		git("commit", "-q", "-m", s)
	}
	return dir
}

func TestWorktree(t *testing.T) {
	ctx := context.Background()
	repo := gitRepo(t)
	first, err := resolveRev(ctx, repo, "HEAD~1")
	if err != nil || len(first) != 40 {
		t.Fatalf("resolveRev(HEAD~1) = %q, %v", first, err)
	}
	for _, rev := range []string{"nosuchrev", "HEAD~5", "--all", ""} {
		if c, err := resolveRev(ctx, repo, rev); err == nil {
			t.Errorf("resolveRev(%q) = %q, no error", rev, c)
		}
	}
	dir := filepath.Join(t.TempDir(), "wt")
	w, err := addWorktree(ctx, repo, first, dir)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "a.txt")); err != nil || string(b) != "one" {
		t.Errorf("the worktree's a.txt: %q, %v; want the first commit's", b, err)
	}
	if b, _ := os.ReadFile(filepath.Join(repo, "a.txt")); string(b) != "two" {
		t.Errorf("the repository's own a.txt became %q", b)
	}
	if err := w.Remove(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the worktree is still there: %v", err)
	}
	out, err := exec.Command("git", "-C", repo, "worktree", "list", "--porcelain").Output()
	if n := strings.Count(string(out), "worktree "); err != nil || n != 1 {
		t.Errorf("git worktree list after Remove: %d worktrees, %v\n%s", n, err, out)
	}
}

func TestBaselineLabel(t *testing.T) {
	h := "0123456789abcdef0123456789abcdef01234567"
	for _, tc := range []struct{ given, want string }{{"main", "main (0123456789)"}, {"0123456", "0123456789"}, {h, "0123456789"}} {
		if got := (config{baseline: tc.given, baseRev: h}).baselineLabel(); got != tc.want {
			t.Errorf("baselineLabel of %q = %q, want %q", tc.given, got, tc.want)
		}
	}
}

// withBaseline is sample() with a baseline whose app.wasm and first load
// are smaller and slower, and views at the small setting.
func withBaseline() *results {
	r := sample()
	small := typingConfigs[0]
	r.baseline = "main (0123456789)"
	r.base = pageLoads{label: "baseline", loads: []firstLoad{{
		Files: []fileLoad{{Path: "/web/app.wasm", Bytes: 2_000_000, Encoding: "gzip"}, {Path: "/", Bytes: 2000, Encoding: "gzip"}},
		Total: 2_002_000, FirstRenderMs: 2800, PictureMs: 400,
	}}}
	r.views = []viewResult{
		{View: "pipeline", Typing: typingResult{Config: small, UpdatesMs: []float64{8, 9, 12}}},
		{View: "matrices", Hidden: true, Typing: typingResult{Config: small}},
		{View: "padding", Typing: typingResult{Config: small, UpdatesMs: []float64{10}}},
	}
	r.baseViews = []viewResult{
		{View: "matrices", Hidden: true, Typing: typingResult{Config: small}},
		{View: "pipeline", Typing: typingResult{Config: small, UpdatesMs: []float64{6, 7, 8}}},
		{View: "padding", Typing: typingResult{Config: small, Err: errors.New("the page did not show view padding within 15 s of its link")}},
	}
	return r
}

func TestBaselineRows(t *testing.T) {
	rows := withBaseline().Rows()
	sec := "baseline: this build vs main (0123456789)"
	n := 0
	for _, r := range rows {
		if r.Section != sec {
			continue
		}
		n++
		if r.Target != "" || r.Result != "" {
			t.Errorf("a baseline row with a target: %+v", r)
		}
	}
	if n != 4+3 {
		t.Errorf("%d baseline rows, want 4 of the first load and 3 views", n)
	}
	for _, tc := range []struct{ figure, measured, compared, ratio string }{
		{"app.wasm (gzip)", "2.40 MB", "baseline 2.00 MB", "1.20×"},
		{"first load total", "2.40 MB", "baseline 2.00 MB", "1.20×"},
		{"first render (attnviz", "1.40 s", "baseline 2.80 s", "0.50×"},
		{"first heatmap on screen, from", "500 ms, the picture in 1", "baseline 400 ms, the picture in 1", "1.25×"},
		{"update p95, view pipeline, 16 tokens", "12.0 ms (3 keystrokes)", "baseline 8.00 ms (3 keystrokes)", "1.50×"},
		{"update p95, view padding", "10.0 ms (1 keystrokes)", "baseline: the page did not show view padding within 15 s of its link", ""},
	} {
		r := findIn(t, rows, sec, tc.figure)
		if r.Measured != tc.measured || r.Compared != tc.compared || r.Ratio != tc.ratio {
			t.Errorf("%s: %+v, want %q against %q, %q", tc.figure, r, tc.measured, tc.compared, tc.ratio)
		}
	}
	if r := findIn(t, rows, sec, "update p95, view matrices"); !strings.Contains(r.Measured, "hides #sentence") ||
		!strings.HasPrefix(r.Compared, "baseline: not typed") || r.Ratio != "" {
		t.Errorf("matrices: %+v", r)
	}
}

func TestBaselineRowsOnlyWhatRan(t *testing.T) {
	r := withBaseline()
	r.only = []string{"page"}
	for _, row := range r.Rows() {
		if strings.HasPrefix(row.Section, "baseline") && strings.Contains(row.Figure, "view") {
			t.Errorf("a view's baseline row without the views section: %+v", row)
		}
	}
	r.baseline = ""
	for _, row := range r.Rows() {
		if strings.HasPrefix(row.Section, "baseline") {
			t.Errorf("a baseline row without -baseline: %+v", row)
		}
	}
}

// findIn returns the first row of section sec whose figure starts with prefix.
func findIn(t *testing.T, rows []Row, sec, prefix string) Row {
	t.Helper()
	for _, r := range rows {
		if r.Section == sec && strings.HasPrefix(r.Figure, prefix) {
			return r
		}
	}
	t.Fatalf("no row %q in %q", prefix, sec)
	return Row{}
}
