package chart

import (
	"errors"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Charts exported apart: a chart the page shows only as a picture among
// others (a head's thumbnail, a pipeline box, drawn by a HeatmapGrid) has
// no ECharts instance of its own to export. It is exported from an option
// of its own instead, drawn by an ECharts instance made for the export, off
// the page, at a size given in CSS pixels.

// ExportOptionPNG saves option (JSON, a whole option such as Heatmap.Option
// makes) drawn at w × h CSS pixels as a PNG file called name, at twice that
// resolution on white, with caption under it; done is called as ExportPNG
// says.
func ExportOptionPNG(option string, w, h int, caption, name string, done func(error)) {
	if !app.Window().Get("echarts").Truthy() {
		done(errors.New("ECharts has not loaded"))
		return
	}
	ratio := exportScale * dom.DevicePixelRatio()
	var url string
	err := errors.New("ECharts could not draw the chart")
	dom.Try(func() {
		el := app.Window().Get("document").Call("createElement", "div")
		inst := app.Window().Get("echarts").Call("init", el, nil, map[string]any{
			"renderer": "canvas", "width": w, "height": h,
		})
		defer disposeLater(inst)
		inst.Call("setOption", still(option))
		url, err = pngURL(inst, ratio)
	})
	if err != nil {
		done(err)
		return
	}
	savePNG(url, ratio, caption, name, done)
}

// ExportOptionSVG saves option drawn at w × h CSS pixels by ECharts' SVG
// renderer as an SVG file called name, with caption under it.
func ExportOptionSVG(option string, w, h int, caption, name string) error {
	if !app.Window().Get("echarts").Truthy() {
		return errors.New("ECharts has not loaded")
	}
	var o app.Value
	if !dom.Try(func() { o = still(option) }) {
		return errors.New("the chart's option is not JSON")
	}
	return saveSVG(o, w, h, caption, name)
}

// still parses option and turns its animation off: an export draws the
// chart once, as it ends.
func still(option string) app.Value {
	o := app.Window().Get("JSON").Call("parse", option)
	o.Set("animation", false)
	return o
}
