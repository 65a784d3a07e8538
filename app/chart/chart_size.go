package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The size ECharts draws at.
//
// ECharts' resize runs a whole update of the chart (its layout, every
// series, a repaint) even when the size is the same, and a ResizeObserver
// reports an element once when it starts observing it, and after every
// layout change around it. At 128 tokens, a whole update of a large heatmap
// costs tens of ms in Chromium. So a Chart keeps the size ECharts last drew
// at and resizes only when its element's size differs; and a draw after
// go-app's update that changed that size (a paste that widens the chart)
// hands ECharts the new option and the new size in one update (lazyUpdate,
// then resize), instead of one update for each and a third when the
// ResizeObserver reports.

// elementSize returns the size of v, an element, in CSS pixels.
func elementSize(v app.Value) [2]float64 {
	return [2]float64{v.Get("clientWidth").Float(), v.Get("clientHeight").Float()}
}

// resized reports whether the element's size differs from the one ECharts
// last drew at, and notes the new one.
func (c *Chart) resized() bool {
	s := elementSize(c.JSValue())
	if s == c.size {
		return false
	}
	c.size = s
	return true
}

// resize has ECharts draw at the element's size, with a pending option
// (lazyUpdate) in the same update, and places the media and the outlines
// for it.
func (c *Chart) resize() {
	c.applyMedia()
	c.chart.Call("resize")
	c.placeOutlines()
}

// drawSized is draw, after go-app has updated the DOM: where the update
// changed the element's size, the option and the new size go to ECharts in
// one update.
func (c *Chart) drawSized() {
	if c.chart == nil || !c.resized() {
		c.draw()
		return
	}
	defer dom.Guard()
	c.lazy = true
	c.drawOption()
	c.lazy = false
	c.resize()
}

// setOption hands ECharts option, merged into the one it has unless
// notMerge; lazily (with the next resize) while drawSized draws.
func (c *Chart) setOption(option app.Value, notMerge bool) {
	c.chart.Call("setOption", option, map[string]any{"notMerge": notMerge, "lazyUpdate": c.lazy})
}
