package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	ui "github.com/attnviz/attnviz/app"
)

// drawFirstPicture writes to dst the picture of the first heatmap
// (app/first_picture.go): ECharts' own SVG of ui.FirstHeatmapOption, drawn in
// Node by cmd/build/first-heatmap.cjs with the ECharts of node_modules.
func drawFirstPicture(root, dst string) error {
	option, err := ui.FirstHeatmapOption()
	if err != nil {
		return err
	}
	cmd := exec.Command("node", filepath.Join("cmd", "build", "first-heatmap.cjs"), strconv.Itoa(ui.FirstPictureSize))
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
