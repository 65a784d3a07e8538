package e2e

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestExportMenuFollowsView opens the export menu on a fresh pipeline view:
// it lists the pipeline's boxes by name and saves one as SVG; after the
// link's fragment is edited to the compare view, the open menu lists that
// view's charts, none of them nameless.
func TestExportMenuFollowsView(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.allowDownloads(t.TempDir())
	tb.open(s.URL() + "#view=pipeline")
	tb.openExportMenu()
	options := `[...document.querySelectorAll("#export-chart option")].map(o => o.textContent)`
	names := eval[[]string](tb, options)
	boxes := eval[[]string](tb, `[...document.querySelectorAll(".stage .chart-export-name")].map(e => e.textContent)`)
	if len(boxes) == 0 || !slices.Equal(names[len(names)-len(boxes):], boxes) {
		t.Fatalf("the menu lists %q, want the pipeline's boxes %q at its end", names, boxes)
	}
	tb.do("saving the first box as SVG", chromedp.Click(chromedp.CSS(`#export [data-export="svg"]`)))
	tb.waitFor("the box's status", `[...document.querySelectorAll("[data-export-status]")].some(p => p.textContent.startsWith("Saved "))`, 20*time.Second)

	eval[any](tb, `location.hash = location.hash.replace("view=pipeline", "view=compare")`)
	tb.waitFor("the compare view", `window.attnviz.state().view === "compare"`, 10*time.Second)
	want := `[...document.querySelectorAll('.stage .chart[role="img"]')].map(e => e.getAttribute("aria-label")).concat([...document.querySelectorAll(".stage .chart-export-name")].map(e => e.textContent)).join("|")`
	tb.waitFor("the menu listing the compare view's charts", `document.querySelector("#export").open && [...document.querySelectorAll("#export-chart option")].map(o => o.textContent).join("|") === `+want, 10*time.Second)
	if got := eval[[]string](tb, options); len(got) == 0 || slices.Contains(got, "") {
		t.Errorf("the compare view's menu lists %q", got)
	}
}
