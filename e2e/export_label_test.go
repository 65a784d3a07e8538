//go:build !wasm

package e2e

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExportChartLabels saves, as SVG, each chart of the compare and
// padding views that shows other weights than the view's result, and
// checks that its caption and file name name its own sentence and mask:
// every chart's said “The cat sat on the mat.” and “causal”, the second
// sentence's and the unmasked ones' too.
func TestExportChartLabels(t *testing.T) {
	s := newSite(t, rootPrefix)
	dir := t.TempDir()
	const a, b = "“The cat sat on the mat.”", "“A dog lay on the rug.”"
	for _, c := range []struct {
		view     string
		id       string
		sentence string // "" for none
		causal   bool
	}{
		{"compare", "compare-a", a, true},
		{"compare", "compare-b", b, true},
		{"compare", "compare-diff", "", true},
		{"compare", "compare-nomask", a, false},
		{"compare", "compare-causal", a, true},
		{"compare", "compare-maskdiff", a, false},
		{"padding", "padding-0", a, true},
		{"padding", "padding-1", b, true},
	} {
		tb := newTab(t, s)
		tb.allowDownloads(dir)
		tb.open(s.URL() + "#view=" + c.view + "&text=The+cat+sat+on+the+mat.&text2=A+dog+lay+on+the+rug.&causal=1&heads=2&lang=en")
		tb.settle()
		tb.openExportMenu()
		k := eval[int](tb, fmt.Sprintf(`[...document.querySelectorAll('.stage .chart[role="img"]')].findIndex(e => e.id === %q)`, c.id))
		if k < 0 {
			t.Fatalf("no chart #%s in the %s view", c.id, c.view)
		}
		eval[chromedp.Void](tb, fmt.Sprintf(`(() => { const s = document.querySelector("#export-chart");
			s.value = "%d"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, k))
		tb.waitFor("the menu's buttons for #"+c.id, fmt.Sprintf(`document.querySelector('#export [data-export="svg"]').dataset.exportChart === %q`, c.id), 5*time.Second)
		name, svg := tb.saveVia(dir, `#export [data-export="svg"]`, "#export-status")
		caption := svgCaption(svg)
		for _, other := range []string{a, b} {
			if got, want := strings.Contains(caption, other), other == c.sentence; got != want {
				t.Errorf("#%s: caption %q names %s: %v, want %v", c.id, caption, other, got, want)
			}
		}
		if c.sentence == "" && strings.Contains(caption, "“") {
			t.Errorf("#%s: caption %q names a sentence; want none", c.id, caption)
		}
		if got := strings.Contains(caption, "· causal"); got != c.causal {
			t.Errorf("#%s: caption %q says causal: %v, want %v", c.id, caption, got, c.causal)
		}
		if got := strings.Contains(name, "-causal-"); got != c.causal {
			t.Errorf("#%s: file name %s says causal: %v, want %v", c.id, name, got, c.causal)
		}
		slug := map[string]string{a: "the-cat-sat", b: "a-dog-lay", "": "attention-mean"}[c.sentence]
		if !strings.HasPrefix(name, "attention-"+strings.TrimPrefix(slug, "attention-")) {
			t.Errorf("#%s: file name %s, want it to start with attention-%s", c.id, name, strings.TrimPrefix(slug, "attention-"))
		}
		if c.id == "compare-b" {
			tb.checkCaptionWraps(dir, c.id)
		}
		tb.checkClean("the export of #" + c.id)
	}
}

// checkCaptionWraps saves the chart id, chosen in the export menu, as PNG
// and checks that its caption, too long for the chart's width at a size
// that can be read, wraps: the band under the chart is taller than one
// line's (it was one line, drawn at 3–4 px).
func (tb *tab) checkCaptionWraps(dir, id string) {
	tb.t.Helper()
	_, data := tb.saveVia(dir, `#export [data-export="png"]`, "#export-status")
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.t.Fatalf("#%s: PNG: %v", id, err)
	}
	size := eval[[]float64](tb, fmt.Sprintf(`(() => { const c = echarts.getInstanceByDom(document.getElementById(%q)); return [c.getWidth(), c.getHeight(), devicePixelRatio]; })()`, id))
	oneLine := int((size[1] + 28) * 2 * size[2])
	if got := img.Bounds().Dy(); got < oneLine+int(14*2*size[2]) {
		tb.t.Errorf("#%s (%.0f px wide): PNG %d px high, want its caption on more than one line (one line: %d px)", id, size[0], got, oneLine)
	}
}

// svgCaption returns the text of svg that is the export's caption: the
// one with " · " and "d_model".
func svgCaption(svg []byte) string {
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF || err != nil {
			return ""
		}
		if s, ok := tok.(xml.CharData); ok && strings.Contains(string(s), " · ") && strings.Contains(string(s), "d_model") {
			return strings.TrimSpace(string(s))
		}
	}
}
