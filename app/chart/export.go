package chart

import (
	"errors"
	"strconv"

	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// exportScale is how many times its on-screen resolution an exported PNG
// has: twice the CSS pixels times the screen's device pixels.
const exportScale = 2

// echartsOf returns the ECharts instance drawn into el, or an error. A Lazy
// chart that waits off screen is drawn first (drawHidden).
func echartsOf(el app.Value) (app.Value, error) {
	ec := app.Window().Get("echarts")
	if !ec.Truthy() || !el.Truthy() {
		return nil, errors.New("the chart is not drawn")
	}
	drawHidden(el)
	inst := ec.Call("getInstanceByDom", el)
	if !inst.Truthy() {
		return nil, errors.New("the chart is not drawn")
	}
	return inst, nil
}

// ExportPNG saves the chart drawn into el as a PNG file called name, drawn
// by ECharts at twice its on-screen resolution on white, with caption in a
// line under it. The image loads asynchronously: done is called once, from
// the browser's event loop (not in a go-app dispatch), with nil when the
// download has started.
func ExportPNG(el app.Value, caption, name string, done func(error)) {
	inst, err := echartsOf(el)
	if err != nil {
		done(err)
		return
	}
	ratio := exportScale * dom.DevicePixelRatio()
	var url string
	err = errors.New("ECharts could not draw the chart")
	dom.Try(func() {
		own, dispose := exportInstance(el, inst)
		defer dispose()
		url, err = pngURL(own, ratio)
	})
	if err != nil {
		done(err)
		return
	}
	savePNG(url, ratio, caption, name, done)
}

// pngURL returns the data URL of inst's chart drawn as PNG at ratio device
// pixels per CSS pixel, on white.
func pngURL(inst app.Value, ratio float64) (string, error) {
	var url string
	if !dom.Try(func() {
		url = inst.Call("getDataURL", map[string]any{
			"type": "png", "pixelRatio": ratio, "backgroundColor": "#ffffff",
		}).String()
	}) {
		return "", errors.New("ECharts could not draw the chart")
	}
	return url, nil
}

// savePNG loads the PNG of url, drawn at ratio, adds caption under it and
// saves it as name; done is called as ExportPNG says.
func savePNG(url string, ratio float64, caption, name string, done func(error)) {
	img := app.Window().Get("Image").New()
	var onLoad, onError app.Func
	finish := func(err error) {
		onLoad.Release()
		onError.Release()
		done(err)
	}
	onLoad = dom.Func(func(app.Value, []app.Value) any {
		canvas := withCaption(img, caption, ratio)
		var toBlob app.Func
		toBlob = dom.Func(func(_ app.Value, args []app.Value) any {
			toBlob.Release()
			if len(args) == 0 || !args[0].Truthy() {
				finish(errors.New("the browser could not encode the PNG"))
				return nil
			}
			dom.DownloadBlob(name, args[0])
			finish(nil)
			return nil
		})
		canvas.Call("toBlob", toBlob, "image/png")
		return nil
	})
	onError = dom.Func(func(app.Value, []app.Value) any {
		finish(errors.New("the chart's picture did not load"))
		return nil
	})
	img.Set("onload", onLoad)
	img.Set("onerror", onError)
	img.Set("src", url)
}

// withCaption returns a canvas with img on white and caption in a band under
// it, at ratio device pixels per CSS pixel; a caption too long for the width
// is drawn smaller, down to captionLeast, and then on more lines, the band
// growing by captionLineHeight a line (captionLines).
func withCaption(img app.Value, caption string, ratio float64) app.Value {
	w, h := img.Get("width").Int(), img.Get("height").Int()
	canvas := app.Window().Get("document").Call("createElement", "canvas")
	ctx := canvas.Call("getContext", "2d")
	font := func(px float64) string { return formatPx(px) + " " + fontStack }
	width := func(s string, px float64) float64 {
		ctx.Set("font", font(px))
		return ctx.Call("measureText", s).Get("width").Float()
	}
	room := float64(w) - 2*captionMargin*ratio
	lines, size := captionLines(caption, room, captionSize*ratio, captionLeast*ratio, width)
	band := int((captionHeight + captionLineHeight*float64(len(lines)-1)) * ratio)
	canvas.Set("width", w)
	canvas.Set("height", h+band) // which resets the context
	ctx.Set("fillStyle", "#ffffff")
	ctx.Call("fillRect", 0, 0, w, h+band)
	ctx.Call("drawImage", img, 0, 0)
	ctx.Set("fillStyle", captionColour)
	ctx.Set("textBaseline", "middle")
	top := float64(h) + (captionHeight-captionLineHeight)/2*ratio
	for i, line := range lines {
		px := size
		if lw := width(line, size); lw > room && lw > 0 {
			px = size * room / lw // one word wider than the band
		}
		ctx.Set("font", font(px))
		ctx.Call("fillText", line, captionMargin*ratio, top+(float64(i)+0.5)*captionLineHeight*ratio)
	}
	return canvas
}

// formatPx writes px as a CSS length in pixels.
func formatPx(px float64) string {
	return strconv.FormatFloat(px, 'f', 1, 64) + "px"
}

// ExportSVG saves the chart drawn into el as an SVG file called name: ECharts'
// SVG renderer draws the chart's current option at its on-screen size, and
// caption goes in a line under it (SVGWithCaption).
func ExportSVG(el app.Value, caption, name string) error {
	inst, err := echartsOf(el)
	if err != nil {
		return err
	}
	var w, h int
	var option app.Value
	if !dom.Try(func() {
		w, h = inst.Call("getWidth").Int(), inst.Call("getHeight").Int()
		option = inst.Call("getOption")
	}) {
		return errors.New("ECharts could not read the chart")
	}
	return saveSVG(option, w, h, caption, name)
}

// saveSVG draws option with ECharts' SVG renderer at w × h CSS pixels and
// saves it, with caption under it, as an SVG file called name.
func saveSVG(option app.Value, w, h int, caption, name string) error {
	var svg string
	if !dom.Try(func() {
		ssr := app.Window().Get("echarts").Call("init", nil, nil, map[string]any{
			"renderer": "svg", "ssr": true, "width": w, "height": h,
		})
		defer ssr.Call("dispose")
		ssr.Call("setOption", option)
		svg = ssr.Call("renderToSVGString").String()
	}) {
		return errors.New("ECharts could not draw the chart as SVG")
	}
	if !dom.Download(name, "image/svg+xml", []byte(SVGWithCaption(svg, w, h, caption))) {
		return errors.New("the browser could not save the file")
	}
	return nil
}
