//go:build !wasm

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestThemes emulates the system's dark scheme, its request for more
// contrast, both, and reduced motion (CDP Emulation.setEmulatedMedia): the
// page's background and text follow, axe-core finds no critical or serious
// violation (colour contrast included) in the attention and pipeline views
// and the open export menu, and screenshots at 1280 and 390 px go to
// artifacts/theme-<name>-<width>.png for people to look at.
func TestThemes(t *testing.T) {
	needBrowser(t)
	axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is missing (run npm ci): %v", err)
	}
	s := newSite(t, rootPrefix)
	for _, theme := range []struct {
		name     string
		features map[string]string
		bg       string // the body's background, as getComputedStyle writes it
		link     string // more settings in the link
	}{
		{"dark", map[string]string{"prefers-color-scheme": "dark"}, "rgb(13, 17, 23)", ""},
		{"contrast", map[string]string{"prefers-color-scheme": "light", "prefers-contrast": "more"}, "rgb(255, 255, 255)", ""},
		{"contrast-dark", map[string]string{"prefers-color-scheme": "dark", "prefers-contrast": "more"}, "rgb(0, 0, 0)", ""},
		{"hc-setting", map[string]string{"prefers-color-scheme": "light"}, "rgb(255, 255, 255)", "&hc=1"},
		{"hc-setting-dark", map[string]string{"prefers-color-scheme": "dark"}, "rgb(0, 0, 0)", "&hc=1"},
	} {
		tb := newTab(t, s)
		tb.emulateMedia(theme.features)
		tb.open(s.URL() + "#cell=2,1&causal=1" + theme.link)
		if bg := eval[string](tb, `getComputedStyle(document.body).backgroundColor`); bg != theme.bg {
			t.Errorf("%s: the page's background is %s, want %s", theme.name, bg, theme.bg)
		}
		wantLine := map[string]string{"rgb(255, 255, 255)": "rgb(0, 0, 0)", "rgb(0, 0, 0)": "rgb(255, 255, 255)"}[theme.bg]
		if line := eval[string](tb, `getComputedStyle(document.querySelector(".sidebar")).borderTopColor`); strings.HasPrefix(theme.name, "contrast") || strings.HasPrefix(theme.name, "hc") {
			if line != wantLine {
				t.Errorf("%s: the panels' lines are %s, want %s", theme.name, line, wantLine)
			}
		}
		// The tour's and the Learn view's buttons are text on the accent
		// colour, which the dark themes make light.
		for _, v := range []string{"attention", "pipeline", "tour", "learn"} {
			tb.showView(v)
			tb.axeCheck(axe, "theme-"+theme.name+"-"+v)
			if strings.HasPrefix(theme.name, "contrast") || strings.HasPrefix(theme.name, "hc") {
				// Every box has the theme's thicker border (the Learn view's
				// number fields kept 1 px beside its select's 2 px).
				thin := eval[[]string](tb, `[...document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]), select')]
					.filter(e => e.getClientRects().length && parseFloat(getComputedStyle(e).borderTopWidth) < 2).map(e => "#" + e.id)`)
				if len(thin) > 0 {
					t.Errorf("%s, %s view: boxes with borders under 2 px: %v", theme.name, v, thin)
				}
			}
		}
		tb.showView("attention")
		tb.do("opening the export menu", chromedp.Click(chromedp.CSS("#export summary")))
		tb.axeCheck(axe, "theme-"+theme.name+"-export")
		tb.do("closing the export menu", chromedp.Click(chromedp.CSS("#export summary")))
		for _, w := range []int64{1280, 390} {
			var opts []chromedp.EmulateViewportOption
			if w < 500 {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
			}
			tb.do("resizing", chromedp.EmulateViewport(w, map[int64]int64{1280: 800, 390: 844}[w], opts...))
			tb.resized()
			tb.do("scrolling to the heatmap", chromedp.ScrollIntoView(chromedp.CSS("#heatmap-keys")))
			tb.viewShot(fmt.Sprintf("theme-%s-%d", theme.name, w))
		}
		tb.checkClean("theme " + theme.name)
	}

	tb := newTab(t, s)
	tb.emulateMedia(map[string]string{"prefers-reduced-motion": "reduce"})
	tb.open(s.URL())
	if d := eval[string](tb, `getComputedStyle(document.querySelector(".tab")).transitionDuration`); !strings.HasPrefix(d, "1e-05s") && d != "0.00001s" {
		t.Errorf("reduced motion: a tab's transitions last %s, want 0.01 ms", d)
	}
	if a := eval[bool](tb, `echarts.getInstanceByDom(document.querySelector("#heatmap")).getOption().animation`); a {
		t.Error("reduced motion: the heatmap animates")
	}
}

// emulateMedia has the tab's page see the media features (name → value).
func (tb *tab) emulateMedia(features map[string]string) {
	tb.t.Helper()
	var fs []*emulation.MediaFeature
	for name, value := range features {
		fs = append(fs, &emulation.MediaFeature{Name: name, Value: value})
	}
	if _, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: fs}); err != nil {
		tb.t.Fatalf("emulating %v: %v", features, err)
	}
}
