//go:build !wasm

package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeViolation is one rule axe-core found broken, as axe.run reports it.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// TestAxe runs axe-core (pinned in package.json, read from node_modules and
// evaluated in the page: the site does not serve it) on every view, in both
// languages, at 1280×800 and 390×844, and on the open cell panel, export
// menu and shortcuts overlay. It fails on any critical or serious
// violation; each run's report is in the test log and in
// artifacts/axe-<lang>-<width>-<view>.json.
func TestAxe(t *testing.T) {
	needBrowser(t)
	axe, err := os.ReadFile(filepath.Join(moduleDir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core is missing (run npm ci): %v", err)
	}
	s := newSite(t, rootPrefix)
	for _, lang := range []string{"en", "zh-Hans"} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#lang=" + lang)
		views := eval[[]string](tb, `[...document.querySelectorAll('[role="tab"][data-view]')].map(b => b.dataset.view)`)
		for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
			var opts []chromedp.EmulateViewportOption
			if size[0] < 500 {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
			}
			tb.do("resizing", chromedp.EmulateViewport(size[0], size[1], opts...))
			tb.resized()
			for _, v := range views {
				tb.showView(v)
				tb.axeCheck(axe, fmt.Sprintf("%s-%d-%s", lang, size[0], v))
			}
			tb.showView("attention")
			tb.axeOpenStates(axe, fmt.Sprintf("%s-%d", lang, size[0]))
		}
		tb.checkClean("axe " + lang)
	}
}

// axeOpenStates checks the cell panel, the export menu and the shortcuts
// overlay, each open.
func (tb *tab) axeOpenStates(axe []byte, name string) {
	tb.t.Helper()
	tb.click(`#heads [data-head="0"]`)
	tb.do("focusing the heatmap", chromedp.Focus(chromedp.CSS("#heatmap-keys")))
	n := tb.updates()
	tb.pressEnter()
	tb.waitUpdates(n)
	tb.waitFor("the cell panel", `document.querySelector("#cell-panel[data-query]") !== null`, 10*time.Second)
	tb.axeCheck(axe, name+"-cell") // its formulas (exp, max, output₁) are not checked for English
	tb.do("closing the cell", chromedp.KeyEvent("\u001b"))
	// Closing the panel moves what is under it: click the summary once
	// go-app has drawn that (CI once clicked where it had been).
	tb.waitFor("the cell panel closed", `document.querySelector("#cell-panel[data-query]") === null`, 10*time.Second)
	tb.settle()
	tb.do("opening the export menu", chromedp.Click(chromedp.CSS("#export summary")))
	tb.waitFor("the export menu", `document.querySelector("#export").open`, 5*time.Second)
	tb.axeCheck(axe, name+"-export")
	tb.checkTranslated(name + "-export")
	tb.do("closing the export menu", chromedp.Click(chromedp.CSS("#export summary")))
	tb.do("opening the shortcuts", chromedp.Click(chromedp.CSS("#shortcuts-open")))
	tb.waitFor("the shortcuts", `document.querySelector("#shortcuts") !== null`, 5*time.Second)
	tb.axeCheck(axe, name+"-shortcuts")
	tb.checkTranslated(name + "-shortcuts")
	tb.viewShot("axe-" + name + "-shortcuts")
	tb.do("closing the shortcuts", chromedp.Click(chromedp.CSS("#shortcuts-close")))
}

// axeCheck runs axe-core on the page, logs and saves its report, and fails
// on critical or serious violations.
func (tb *tab) axeCheck(axe []byte, name string) {
	tb.t.Helper()
	if !eval[bool](tb, `typeof window.axe === "object"`) {
		eval[chromedp.Void](tb, string(axe)+"\n;undefined")
	}
	raw := eval[string](tb, `axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`)
	if err := os.WriteFile(filepath.Join(artifactsDir, "axe-"+name+".json"), []byte(raw), 0o644); err != nil {
		tb.t.Logf("saving the axe report: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(raw), &vs); err != nil {
		tb.t.Fatalf("axe report of %s: %v", name, err)
	}
	var report []string
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, fmt.Sprint(n.Target...))
		}
		line := fmt.Sprintf("%s (%s): %s — %d node(s): %s", v.ID, v.Impact, v.Help, len(v.Nodes), strings.Join(where, ", "))
		report = append(report, line)
		if v.Impact == "critical" || v.Impact == "serious" {
			tb.t.Errorf("axe %s: %s\n\t%s", name, line, v.Nodes[0].Summary)
		}
	}
	if len(report) == 0 {
		report = []string{"no violation"}
	}
	tb.t.Logf("axe %s: %s", name, strings.Join(report, "; "))
}

// checkTranslated fails when the Chinese page shows English words (as
// TestLangChinese checks the closed views) in what is open now: the export
// menu, the shortcuts.
func (tb *tab) checkTranslated(name string) {
	tb.t.Helper()
	if tb.state().Lang != "zh-Hans" {
		return
	}
	if found := untranslated(eval[[]string](tb, visibleText), eval[string](tb, userWords)); len(found) > 0 {
		tb.t.Errorf("%s in Chinese: English words %v", name, found)
	}
}
