//go:build !wasm

package e2e

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExportEveryChart saves every chart of every view as PNG and SVG and
// checks each file: the PNG twice the chart's size (with the caption's
// band) and not blank, the SVG well-formed with the chart's labels and its
// caption. The charts that a HeatmapGrid draws as pictures (the heads'
// thumbnails, the pipeline's boxes) have menus of their own, whose files
// also name their head or step; the others are chosen in the export menu.
func TestExportEveryChart(t *testing.T) {
	s := newSite(t, rootPrefix)
	dir := t.TempDir()
	const settings = "text=The+cat+sat+on+the+mat.&text2=A+dog+lay+on+the+rug.&causal=1&heads=2"

	tb := newTab(t, s)
	tb.allowDownloads(dir)
	tb.open(s.URL() + "#" + settings)
	tokens := tb.result().Tokens
	tb.exportGroup(dir, "thumbs-export", tokens)
	tb.screenshots("export-thumbs", nil)
	tb.wideShot("export-thumbs")
	tb.exportMenuCharts(dir)

	tb = newTab(t, s)
	tb.allowDownloads(dir)
	tb.open(s.URL() + "#view=pipeline&" + settings)
	tb.exportGroup(dir, "steps-export", tokens)
	tb.exportGroup(dir, "heads-export", tokens)
	tb.screenshots("export-pipeline", nil)
	tb.wideShot("export-pipeline")
	tb.checkClean("pipeline exports")

	for _, view := range []string{"scaling", "compare", "compare&cross=1", "padding", "matrices"} {
		tb := newTab(t, s)
		tb.allowDownloads(dir)
		tb.open(s.URL() + "#view=" + view + "&" + settings)
		tb.settle()
		tb.exportMenuCharts(dir)
		tb.checkClean(view + " exports")
	}

	tb = newTab(t, s)
	tb.allowDownloads(dir)
	tb.openLearn(s, "task=previous&seed=2&until=40")
	tb.trainUntilStopped(40)
	tb.exportMenuCharts(dir)
	tb.checkClean("learn exports")
}

// exportGroup opens the chart menu id (app/views/chart_export.go) and saves
// each of its charts as PNG and SVG, checking them: each file's name holds
// the chart's id and its head, its PNG the size of a chart of its cells
// drawn apart, its SVG the tokens and a caption that starts with the
// chart's name.
func (tb *tab) exportGroup(dir, id string, tokens []string) {
	tb.t.Helper()
	tb.do("opening #"+id, chromedp.Click(chromedp.CSS("#"+id+" summary")))
	type target struct{ Chart, Kind, Name string }
	targets := eval[[]target](tb, fmt.Sprintf(`[...document.querySelectorAll("#%s [data-export-chart]")].map(b => ({
		chart: b.dataset.exportChart, kind: b.dataset.export, name: b.closest("li").querySelector(".chart-export-name").textContent}))`, id))
	if len(targets) < 4 {
		tb.t.Fatalf("#%s: %d export buttons, want a PNG and an SVG for each of at least 2 charts", id, len(targets))
	}
	for _, tg := range targets {
		sel := fmt.Sprintf(`#%s [data-export-chart=%q][data-export=%q]`, id, tg.Chart, tg.Kind)
		name, data := tb.saveVia(dir, sel, fmt.Sprintf(`[data-export-status=%q]`, id))
		if !strings.Contains(name, "-"+tg.Chart+"."+tg.Kind) {
			tb.t.Errorf("%s: file %s does not name the chart %s", sel, name, tg.Chart)
		}
		if head, ok := strings.CutPrefix(tg.Chart, "head-"); ok && head != "mean" && !strings.Contains(name, "-h"+head+"-") {
			tb.t.Errorf("%s: file %s does not name head %s", sel, name, head)
		} else if ok && head == "mean" && !strings.Contains(name, "-mean-") {
			tb.t.Errorf("%s: file %s does not name the mean", sel, name)
		}
		rows, cols := len(tokens), len(tokens)
		if step, ok := strings.CutPrefix(tg.Chart, "step-"); ok {
			rows, cols = tb.stepShape(step)
		}
		if tg.Kind == "png" {
			// Drawn apart at the size chart_export.go's exportSize gives
			// a chart of rows × cols cells.
			w, h := min(max(200+36*cols, 480), 1600), min(max(160+36*rows, 400), 1600)
			dpr := eval[float64](tb, `devicePixelRatio`)
			checkChartPNG(tb.t, sel, data, int(float64(w)*2*dpr), int(float64(h+28)*2*dpr), int(14*2*dpr), true)
			continue
		}
		checkChartSVG(tb.t, sel, data, tokens, tg.Name+" · ")
	}
}

// wideShot saves a full-page screenshot at 1920×1080 to
// artifacts/<name>-1920.png, and restores the viewport.
func (tb *tab) wideShot(name string) {
	tb.t.Helper()
	tb.do("resizing", chromedp.EmulateViewport(1920, 1080))
	tb.resized()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	cancel()
	if err != nil {
		tb.t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(artifactsDir, name+"-1920.png"), png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.do("restoring the viewport", chromedp.EmulateViewport(1280, 900))
}

// stepShape returns the rows and columns of the pipeline box of step, as
// the box says them.
func (tb *tab) stepShape(step string) (int, int) {
	tb.t.Helper()
	shape := eval[string](tb, fmt.Sprintf(`document.querySelector('.pipe-step[data-step=%q] .pipe-shape').dataset.shape`, step))
	r, c, _ := strings.Cut(shape, "×")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		tb.t.Fatalf("step %s: shape %q", step, shape)
	}
	return rows, cols
}

// exportMenuCharts chooses each chart of the view in the export menu and
// saves it as PNG and SVG, checking them: the PNG twice the chart's size on
// screen, the SVG with the chart's category labels (its tokens; none for a
// curve) and the settings' caption.
func (tb *tab) exportMenuCharts(dir string) {
	tb.t.Helper()
	tb.openExportMenu()
	ids := eval[[]string](tb, `[...document.querySelectorAll('.stage .chart[role="img"]')].map(e => e.id)`)
	if len(ids) == 0 {
		tb.t.Fatal("no chart in the view")
	}
	for k, id := range ids {
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => { const s = document.querySelector("#export-chart");
			s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, k))
		tb.waitFor("the menu's buttons for #"+id, fmt.Sprintf(`document.querySelector('#export [data-export="png"]').dataset.exportChart === %q`, id), 5*time.Second)
		// First the PNG: an export draws a chart that waits off screen (the
		// compare view's masks pair), whose option is read after.
		_, png := tb.saveVia(dir, `#export [data-export="png"]`, "#export-status")
		el := fmt.Sprintf(`document.getElementById(%q)`, id)
		size := eval[[]float64](tb, `(() => { const c = echarts.getInstanceByDom(`+el+`); return [c.getWidth(), c.getHeight(), devicePixelRatio]; })()`)
		heatmap := eval[bool](tb, `echarts.getInstanceByDom(`+el+`).getOption().series.some(s => s.type !== "line")`)
		labels := eval[[]string](tb, `(() => { const y = echarts.getInstanceByDom(`+el+`).getOption().yAxis; return (y && y[0] && y[0].type === "category" && y[0].data) || []; })()`)
		checkChartPNG(tb.t, "#"+id, png, int(size[0]*2*size[2]), int((size[1]+28)*2*size[2]), int(14*2*size[2]), heatmap)
		_, svg := tb.saveVia(dir, `#export [data-export="svg"]`, "#export-status")
		checkChartSVG(tb.t, "#"+id, svg, labels, " · ")
	}
	tb.do("closing the export menu", chromedp.Click(chromedp.CSS("#export summary")))
}

// saveVia clicks the export control sel and returns the name and bytes of
// the file it saved into dir, the name read from the status line status.
func (tb *tab) saveVia(dir, sel, status string) (string, []byte) {
	tb.t.Helper()
	st := fmt.Sprintf(`document.querySelector(%q).textContent`, status)
	before := eval[string](tb, st)
	tb.do("saving "+sel, chromedp.Click(chromedp.CSS(sel)))
	tb.waitFor("the status of "+sel, fmt.Sprintf(`(s => s !== %s && (s.startsWith("Saved ") || s.includes("could not")))(%s)`, jsString(before), st), 20*time.Second)
	got := eval[string](tb, st)
	name, ok := strings.CutPrefix(got, "Saved ")
	if !ok {
		tb.t.Fatalf("%s: %q", sel, got)
	}
	path := filepath.Join(dir, name)
	start, retried := time.Now(), false
	for {
		data, err := os.ReadFile(path)
		_, partial := os.Stat(path + ".crdownload")
		if err == nil && partial != nil && len(data) > 0 {
			os.WriteFile(filepath.Join(artifactsDir, tb.t.Name()+"-"+name), data, 0o644)
			return name, data
		}
		// Chromium drops, now and then under load, one of many downloads
		// made in quick succession (the click's user activation may have
		// expired by the time the picture is ready): click once more.
		if !retried && time.Since(start) > 10*time.Second {
			tb.t.Logf("%s: no file %s after 10 s: clicking again", sel, name)
			tb.do("saving "+sel+" again", chromedp.Click(chromedp.CSS(sel)))
			retried = true
		}
		if time.Since(start) > 30*time.Second {
			tb.t.Fatalf("%s: no file %s in the download folder: %v", sel, name, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// checkChartPNG checks that data is a PNG of w × h pixels, or of a caption
// wrapped to more lines, each line px more (up to 5), that is not blank: a
// heatmap has many colours and many dark pixels, a curve some pixels that
// are not white.
func checkChartPNG(t *testing.T, what string, data []byte, w, h, line int, heatmap bool) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Errorf("%s: PNG: %v", what, err)
		return
	}
	b := img.Bounds()
	if extra := b.Dy() - h; b.Dx() != w || extra < 0 || extra > 5*line || line > 0 && extra%line > 2 && line-extra%line > 2 {
		t.Errorf("%s: PNG %d×%d, want %d×%d, its caption's band a line of %d px taller for each line it wraps to", what, b.Dx(), b.Dy(), w, h, line)
	}
	colours, dark, inked, samples := pngInk(img)
	switch {
	case heatmap && (len(colours) < 8 || dark < samples/40):
		t.Errorf("%s: PNG of %d colours, %d dark of %d samples: looks blank", what, len(colours), dark, samples)
	case !heatmap && (len(colours) < 3 || inked < samples/200):
		t.Errorf("%s: PNG of %d colours, %d inked of %d samples: looks blank", what, len(colours), inked, samples)
	default:
		t.Logf("ok: %s: PNG %d×%d, %d colours, %d dark and %d inked of %d samples", what, w, h, len(colours), dark, inked, samples)
	}
}

// pngInk samples every other pixel of img: its colours (6 bits a channel),
// how many are dark, how many not white, and how many were sampled.
func pngInk(img image.Image) (colours map[[3]uint32]bool, dark, inked, samples int) {
	colours = map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 10, g >> 10, bl >> 10}] = true
			samples++
			if r+g+bl < 3*0x8000 {
				dark++
			}
			if r+g+bl < 3*0xf000 {
				inked++
			}
		}
	}
	return colours, dark, inked, samples
}

// checkChartSVG checks that svg is well-formed XML whose texts hold every
// label and a caption that holds caption.
func checkChartSVG(t *testing.T, what string, svg []byte, labels []string, caption string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	texts := map[string]bool{}
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Errorf("%s: SVG is not well-formed: %v", what, err)
			return
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text" || tok.Name.Local == "tspan"
		case xml.CharData:
			if inText {
				texts[strings.TrimSpace(string(tok))] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	for _, l := range labels {
		if !texts[l] {
			t.Errorf("%s: SVG has no text %q", what, l)
		}
	}
	found := false
	for s := range texts {
		found = found || (strings.Contains(s, caption) && strings.Contains(s, "d_model"))
	}
	if !found {
		t.Errorf("%s: SVG has no caption with %q among %d texts", what, caption, len(texts))
	} else {
		t.Logf("ok: %s: SVG of %d bytes, %d texts with its %d labels and caption", what, len(svg), len(texts), len(labels))
	}
}
