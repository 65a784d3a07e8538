package main

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// resolveRev returns the commit that rev names in the repository at repo,
// or an error that says rev names none.
func resolveRev(ctx context.Context, repo, rev string) (string, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("-baseline: %q is not a git revision", rev)
	}
	out, err := exec.CommandContext(ctx, "git", "-C", repo, "rev-parse", "--verify", "--quiet", rev+"^{commit}").Output()
	if err != nil {
		return "", fmt.Errorf("-baseline: %q names no commit of %s", rev, repo)
	}
	return strings.TrimSpace(string(out)), nil
}

// worktree is a temporary git worktree: a revision checked out, detached,
// beside the repository's own.
type worktree struct {
	repo, dir string
}

// addWorktree checks out commit of the repository at repo into a new
// worktree at dir, which must not exist.
func addWorktree(ctx context.Context, repo, commit, dir string) (*worktree, error) {
	if err := runQuiet(ctx, repo, nil, "git", "worktree", "add", "--detach", dir, commit); err != nil {
		return nil, err
	}
	return &worktree{repo: repo, dir: dir}, nil
}

// Remove deletes the worktree and its record in the repository.
func (w *worktree) Remove(ctx context.Context) error {
	if err := runQuiet(ctx, w.repo, nil, "git", "worktree", "remove", "--force", w.dir); err != nil {
		os.RemoveAll(w.dir)
		return runQuiet(ctx, w.repo, nil, "git", "worktree", "prune")
	}
	return nil
}

// buildBaseline builds the site at cfg.baseRev into out, as that revision
// builds it: in a temporary worktree, with its own npm packages (npm ci
// where it has a package-lock.json) and its own cmd/build. The worktree is
// removed after.
func buildBaseline(ctx context.Context, cfg config, out string) error {
	w, err := addWorktree(ctx, cfg.root, cfg.baseRev, filepath.Join(cfg.tmp, "baseline-src"))
	if err != nil {
		return err
	}
	defer func() {
		if rerr := w.Remove(context.WithoutCancel(ctx)); rerr != nil {
			log.Printf("removing the baseline's worktree: %v", rerr)
		}
	}()
	if _, serr := os.Stat(filepath.Join(w.dir, "package-lock.json")); serr == nil {
		if err := runQuiet(ctx, w.dir, nil, "npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"); err != nil {
			return err
		}
	}
	return runQuiet(ctx, w.dir, nil, "go", "run", "./cmd/build", "-out", out)
}

// baselineLabel names the baseline in the report: the revision as given,
// and its commit's first 10 digits where that differs.
func (c config) baselineLabel() string {
	short := c.baseRev[:min(10, len(c.baseRev))]
	if strings.HasPrefix(c.baseRev, c.baseline) {
		return short
	}
	return c.baseline + " (" + short + ")"
}

// baselineRows set this build beside the baseline's: app.wasm, the first
// load's bytes and times, and each view's update p95. They have no target:
// the targets hold for this build, in the rows above.
func (r *results) baselineRows() []Row {
	if r.baseline == "" {
		return nil
	}
	sec := "baseline: this build vs " + r.baseline
	var rows []Row
	if slices.Contains(r.only, "page") {
		a, b := r.app, r.base
		rows = append(rows,
			compare(sec, "app.wasm (gzip)", a.cell(false, wasmBytes), b.cell(false, wasmBytes), target{}),
			compare(sec, "first load total, the page's requests (gzip, empty cache)", a.cell(false, totalBytes), b.cell(false, totalBytes), target{}),
			compare(sec, "first heatmap on screen, from navigation start", a.cell(false, firstPicture), b.cell(false, firstPicture), target{}),
			compare(sec, "first render (attnviz:first-render), from navigation start", a.cell(false, firstRender), b.cell(false, firstRender), target{}))
	}
	if !slices.Contains(r.only, "views") {
		return rows
	}
	for _, v := range r.views {
		i := slices.IndexFunc(r.baseViews, func(b viewResult) bool { return b.View == v.View && b.Typing.Config == v.Typing.Config })
		base := missing("baseline", "not measured")
		if i >= 0 {
			base = r.baseViews[i].p95("baseline")
		}
		rows = append(rows, compare(sec, fmt.Sprintf("update p95, view %s, %s", v.View, v.Typing.Config), v.p95(""), base, target{}))
	}
	return rows
}

// p95 is the update p95 of v's keystrokes, labelled, or why there is none.
func (v viewResult) p95(label string) cell {
	if v.Hidden && v.Typing.Err == nil {
		return missing(label, "not typed: the view hides "+cmp.Or(v.Input, "#sentence")+" (it has its own input)")
	}
	_, p := v.Typing.cells(label)
	return p
}

// wasmBytes is the bytes of the first load's app.wasm.
func wasmBytes(l []firstLoad) (float64, string) {
	i := slices.IndexFunc(l[0].Files, func(f fileLoad) bool { return strings.HasSuffix(f.Path, "/app.wasm") })
	if i < 0 {
		return math.NaN(), "no app.wasm requested"
	}
	return float64(l[0].Files[i].Bytes), FormatBytes(l[0].Files[i].Bytes)
}
