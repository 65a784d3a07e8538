//go:build !wasm

package e2e

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestExport saves every export of the export menu through the browser's
// real downloads (CDP Browser.setDownloadBehavior into a temporary folder)
// and checks them: JSON, CSV, text, LaTeX and Markdown byte for byte against
// cmd/attn for the page's settings (LaTeX and Markdown also parsed as n×n
// numbers), the PNG's size (twice the chart's) and its drawn pixels, the
// SVG well-formed with every token in it; then the clipboard copies and the
// copied link, opened in another tab.
func TestExport(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	dir := t.TempDir()
	tb.allowDownloads(dir)
	tb.open(s.URL())
	tb.setSentence("The cat sat on the mat.")
	tb.click("#causal")
	tb.click(`#heads [data-head="1"]`)
	tb.openExportMenu()
	st := tb.state()
	n := len(tb.result().Tokens)

	for _, f := range []string{"json", "csv", "text", "latex", "markdown"} {
		got := tb.download(dir, f)
		want := cliBytes(t, st, f)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the saved file (%d bytes) differs from cmd/attn -format %s (%d bytes)", f, len(got), f, len(want))
		} else {
			t.Logf("ok: %s: %d bytes, identical to cmd/attn -format %s -head 1", f, len(got), f)
		}
	}
	checkLaTeX(t, tb.lastFile(dir, ".tex"), n)
	checkMarkdown(t, tb.lastFile(dir, ".md"), n)
	tb.checkPNG(tb.download(dir, "png"))
	checkSVG(t, tb.download(dir, "svg"), tb.result().Tokens)
	tb.checkCopies(st)

	// A long sentence's heatmap is one image on the chart's axes
	// (app/chart/heatmap_image.go): its SVG embeds the picture.
	tb.setSentence("One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen.")
	if !tb.heatmapIsImage() {
		t.Fatal("a 17-token heatmap is not drawn as an image")
	}
	svg := tb.download(dir, "svg")
	checkSVG(t, svg, tb.result().Tokens)
	if !bytes.Contains(svg, []byte("<image")) || !bytes.Contains(svg, []byte("data:image/png;base64,")) {
		t.Error("the SVG of an image heatmap has no embedded picture")
	}
	tb.checkPNG(tb.download(dir, "png"))
	tb.checkClean("export")
}

// allowDownloads has the browser save downloads into dir under the names
// the page gives them.
func (tb *tab) allowDownloads(dir string) {
	tb.t.Helper()
	on := true
	if _, err := chromedp.CallBrowser(tb.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &on,
	}); err != nil {
		tb.t.Fatalf("allowing downloads: %v", err)
	}
}

// openExportMenu opens #export and waits until it lists the view's charts.
func (tb *tab) openExportMenu() {
	tb.t.Helper()
	tb.do("opening the export menu", chromedp.Click(chromedp.CSS("#export summary")))
	tb.waitFor("the export menu", `document.querySelector("#export").open && document.querySelectorAll("#export-chart option[value='0']").length > 0`, 10*time.Second)
}

// download clicks the control data-export=kind and returns the file it
// saved into dir, checking its name against the status line.
func (tb *tab) download(dir, kind string) []byte {
	tb.t.Helper()
	before := eval[string](tb, `document.querySelector("#export-status").textContent`)
	tb.do("saving "+kind, chromedp.Click(chromedp.CSS(`[data-export="`+kind+`"]`)))
	tb.waitFor("the status of "+kind, fmt.Sprintf(`(() => { const s = document.querySelector("#export-status").textContent; return s !== %s && s.startsWith("Saved "); })()`, jsString(before)), 20*time.Second)
	name := strings.TrimPrefix(eval[string](tb, `document.querySelector("#export-status").textContent`), "Saved ")
	path := filepath.Join(dir, name)
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, err := os.ReadFile(path)
		_, partial := os.Stat(path + ".crdownload")
		if err == nil && partial != nil && len(data) > 0 {
			tb.t.Logf("%s: saved %s, %d bytes (a copy in artifacts/)", kind, name, len(data))
			os.WriteFile(filepath.Join(artifactsDir, tb.t.Name()+"-"+name), data, 0o644)
			return data
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("%s: no file %s in the download folder: %v", kind, name, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// lastFile returns the file with extension ext in dir.
func (tb *tab) lastFile(dir, ext string) []byte {
	tb.t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	if len(files) != 1 {
		tb.t.Fatalf("files %s in the download folder: %q, want one", ext, files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		tb.t.Fatal(err)
	}
	return data
}

// cliBytes is cmd/attn's output in format f for the settings of s and its
// head (LaTeX and Markdown).
func cliBytes(t *testing.T, s state, f string) []byte {
	t.Helper()
	head := s.Head
	if head == "" {
		head = "mean"
	}
	args := []string{
		"-text", s.Text, "-heads", strconv.Itoa(s.Heads), "-d-model", strconv.Itoa(s.DModel),
		"-seed", strconv.FormatInt(s.Seed, 10), "-causal=" + strconv.FormatBool(s.Mask == "causal"),
		"-positional=" + strconv.FormatBool(s.Positional), "-format", f,
	}
	if f == "latex" || f == "markdown" {
		args = append(args, "-head", head)
	}
	out, err := exec.Command(attnBinary, args...).Output()
	if err != nil {
		t.Fatalf("attn %q: %v", args, err)
	}
	return out
}

var numberCell = regexp.MustCompile(`^-?\d+\.\d+$`)

// checkLaTeX checks that tex holds one bmatrix of n rows of n numbers.
func checkLaTeX(t *testing.T, tex []byte, n int) {
	t.Helper()
	s := string(tex)
	i, j := strings.Index(s, `\begin{bmatrix}`), strings.Index(s, `\end{bmatrix}`)
	if i < 0 || j < i {
		t.Fatalf("LaTeX: no bmatrix in\n%s", s)
	}
	rows := strings.Split(strings.TrimSpace(s[i+len(`\begin{bmatrix}`):j]), `\\`)
	var cells int
	for _, r := range rows {
		if r = strings.TrimSpace(r); r == "" {
			continue
		}
		for _, c := range strings.Split(r, "&") {
			if !numberCell.MatchString(strings.TrimSpace(c)) {
				t.Errorf("LaTeX: cell %q is no number", c)
			}
			cells++
		}
	}
	if cells != n*n {
		t.Errorf("LaTeX: %d numbers, want %d×%d", cells, n, n)
	}
}

// checkMarkdown checks that md holds a table of n rows of n numbers after
// the row's token.
func checkMarkdown(t *testing.T, md []byte, n int) {
	t.Helper()
	var rows int
	for _, line := range strings.Split(string(md), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !strings.HasPrefix(line, "|") || len(cells) != n+1 || !numberCell.MatchString(cells[1]) {
			continue
		}
		rows++
		for _, c := range cells[1:] {
			if !numberCell.MatchString(c) {
				t.Errorf("Markdown: cell %q is no number", c)
			}
		}
	}
	if rows != n {
		t.Errorf("Markdown: %d rows of %d numbers, want %d\n%s", rows, n, n, md)
	}
}

// checkPNG checks that the PNG is twice the size of the chart (#heatmap,
// with the caption's 28 px, 14 px more for each line it wraps to) and that
// it has the heatmap's colours.
func (tb *tab) checkPNG(data []byte) {
	tb.t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.t.Fatalf("PNG: %v", err)
	}
	size := eval[[]float64](tb, `(() => { const c = echarts.getInstanceByDom(document.querySelector("#heatmap")); return [c.getWidth(), c.getHeight(), devicePixelRatio]; })()`)
	w, h, line := int(size[0]*2*size[2]), int((size[1]+28)*2*size[2]), int(14*2*size[2])
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h && b.Dy() != h+line && b.Dy() != h+2*line {
		tb.t.Errorf("PNG: %d×%d, want %d×%d (twice the chart's %v×%v and the caption, on up to three lines of %d px)", b.Dx(), b.Dy(), w, h, size[0], size[1], line)
	}
	colours, dark := map[[3]uint32]bool{}, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 10, g >> 10, bl >> 10}] = true
			if r+g+bl < 3*0x8000 {
				dark++
			}
		}
	}
	if len(colours) < 20 || dark < b.Dx()*b.Dy()/4/20 {
		tb.t.Errorf("PNG: %d colours, %d dark pixels of every 4th: looks blank", len(colours), dark)
	} else {
		tb.t.Logf("ok: PNG %d×%d, %d colours, %d dark samples", b.Dx(), b.Dy(), len(colours), dark)
	}
}

// checkSVG checks that svg is well-formed XML whose texts hold every token
// and the caption.
func checkSVG(t *testing.T, svg []byte, tokens []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	texts := map[string]bool{}
	var inText bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
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
	for _, tk := range tokens {
		if !texts[tk] {
			t.Errorf("SVG: no text %q (token)", tk)
		}
	}
	caption := false
	for s := range texts {
		caption = caption || strings.Contains(s, "head 2 of 2 · causal · d_model 16 · seed 1")
	}
	if !caption {
		t.Errorf("SVG: no caption with the settings among %d texts", len(texts))
	}
}

// checkCopies copies the JSON and the link to the clipboard and checks
// them: the JSON against cmd/attn, the link by opening it in a new tab.
func (tb *tab) checkCopies(st state) {
	tb.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(tb.ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: name}, Setting: browser.PermissionSettingGranted,
			Origin: tb.site.origin(),
		}); err != nil {
			tb.t.Fatalf("granting %s: %v", name, err)
		}
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		tb.t.Fatalf("emulating focus: %v", err)
	}
	tb.do("copying the JSON", chromedp.Click(chromedp.CSS(`[data-copy="json"]`)))
	tb.waitFor("the JSON copied", `document.querySelector("#export-status").textContent.startsWith("Copied")`, 10*time.Second)
	if got, want := eval[string](tb, `navigator.clipboard.readText()`), cliBytes(tb.t, st, "json"); got != string(want) {
		tb.t.Errorf("the copied JSON (%d bytes) differs from cmd/attn's (%d bytes)", len(got), len(want))
	}
	tb.do("copying the link", chromedp.Click(chromedp.CSS(`#copy-link`)))
	tb.waitFor("the link copied", `document.querySelector("#export-status").textContent === "Link copied to the clipboard"`, 10*time.Second)
	link := eval[string](tb, `navigator.clipboard.readText()`)
	if !strings.HasPrefix(link, tb.site.URL()+"#") {
		tb.t.Fatalf("copied link %q is not on %s", link, tb.site.URL())
	}
	other := newTab(tb.t, tb.site)
	other.open(link)
	if got := other.state(); got != st {
		tb.t.Errorf("the copied link opens %+v, want %+v", got, st)
	} else {
		tb.t.Logf("ok: the copied link %s opens the same view and settings", link)
	}
}
