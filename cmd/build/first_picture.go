package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/attnviz/attnviz/app/page"
)

// drawFirstPictures writes into webDir the pictures of the first heatmap
// (app/first_picture.go), in place of any older ones: ECharts' own SVG of
// page.FirstHeatmapOption, drawn in Node by cmd/build/first-heatmap.cjs with
// the ECharts of node_modules, for each of page.FirstPictures.
func drawFirstPictures(root, webDir string) error {
	old, err := filepath.Glob(filepath.Join(webDir, "first-heatmap*.svg"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	option, err := page.FirstHeatmapOption()
	if err != nil {
		return err
	}
	pics, err := page.FirstPictures()
	if err != nil {
		return err
	}
	errs := make([]error, len(pics))
	var wg sync.WaitGroup
	for i, p := range pics {
		wg.Go(func() { errs[i] = drawFirstPicture(root, filepath.Join(webDir, path.Base(p.Path())), option, p.Side) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// drawFirstPicture writes to dst ECharts' SVG of option in a square of side
// CSS pixels.
func drawFirstPicture(root, dst, option string, side int) error {
	cmd := exec.Command("node", filepath.Join("cmd", "build", "first-heatmap.cjs"), strconv.Itoa(side))
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(option)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("drawing the first heatmap's picture with ECharts in Node: %w\n%s", err, stderr.Bytes())
	}
	if !bytes.HasPrefix(out.Bytes(), []byte("<svg")) {
		return fmt.Errorf("drawing the first heatmap's picture: Node wrote no SVG but %.80q", out.Bytes())
	}
	tmp := dst + ".tmp"
	if err := os.WriteFile(tmp, out.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dst)
}
