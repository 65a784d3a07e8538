package views

import (
	"strings"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// gridPrefix starts the ExportMenu id of a chart that a ChartsExport lists
// (a pipeline box, a head's thumbnail), drawn as a picture with no ECharts
// instance: the menu exports it through that list's button.
const gridPrefix = "grid:"

// gridTargets returns the names and ExportMenu ids of the charts that the
// view's ChartsExport menus list.
func gridTargets() (names, ids []string) {
	dom.Try(func() {
		items := app.Window().Get("document").Call("querySelectorAll", ".stage .chart-export-list li")
		for i := range items.Length() {
			li := items.Index(i)
			name, b := li.Call("querySelector", ".chart-export-name"), li.Call("querySelector", "[data-export-chart]")
			if name.IsNull() || b.IsNull() {
				continue
			}
			names = append(names, name.Get("textContent").String())
			ids = append(ids, gridPrefix+b.Get("dataset").Get("exportChart").String())
		}
	})
	return names, ids
}

// exportGrid exports the ChartsExport chart id as kind by clicking its
// list's button, and returns the menu's status: where that list says how it
// went, or that the chart is gone.
func exportGrid(lang, id, kind string) string {
	clicked := false
	dom.Try(func() {
		sel := `.stage .chart-export [data-export="` + kind + `"][data-export-chart="` + id + `"]`
		if b := app.Window().Get("document").Call("querySelector", sel); !b.IsNull() {
			b.Call("click")
			clicked = true
		}
	})
	if !clicked {
		return i18n.T(lang, "export.chart.failed")
	}
	return i18n.T(lang, "export.grid.status")
}

// OnMount registers the menu with the page's Alone: its exports read the
// Props when clicked, and a keystroke rendered alone changes them.
func (c *ExportMenu) OnMount(ctx app.Context) {
	c.Props.Alone.Part(c, ctx, func(p Props) { c.Props = p }, false)
}

// OnDismount forgets it.
func (c *ExportMenu) OnDismount() { c.Props.Alone.Release(c) }

// OnUpdate reads the view's charts again, after the render, when the page
// changes what the open menu lists from (another view, a link edited). A
// closed menu reads them when it opens.
func (c *ExportMenu) OnUpdate(ctx app.Context) {
	if !c.open {
		return
	}
	ctx.Defer(func(ctx app.Context) {
		before := strings.Join(c.ids, "\n")
		if c.readCharts(); strings.Join(c.ids, "\n") != before {
			ctx.Update()
		}
	})
}
