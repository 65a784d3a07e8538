package chart

import (
	"github.com/attnviz/attnviz/app/dom"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// repaintImage draws p where it differs from the parts drawn only in its
// picture (the Learn view's heatmaps while a model trains): the new picture
// goes into the canvas that the chart's image element already shows, and
// zrender paints that element again in its next frame. ECharts is handed
// no option, whose update would lay out the grid, the axes and their labels
// and the colour bar again: most of such a redraw. It reports false, having
// changed nothing, where it cannot: parts that differ otherwise, a picture
// never drawn, or a zrender without what it needs.
func (c *Chart) repaintImage(p ChartParts) bool {
	old := c.drawnParts
	if p.Image == nil || old.Image == nil || p.Base != old.Base || p.X != old.X || p.Y != old.Y || p.Data != old.Data ||
		p.Image.Rows != old.Image.Rows || p.Image.Cols != old.Image.Cols {
		return false
	}
	l := &c.image.imageLayer
	if l.dst == nil || l.dstW == 0 || c.image.render == nil {
		return false
	}
	el := c.imageElement()
	if el == nil {
		return false
	}
	c.image.set(p.Image)
	if l.stale {
		l.paint(dom.DevicePixelRatio())
		el.Call("markRedraw") // zrender's next frame paints it
	}
	c.drawnParts = p
	return true
}

// imageElement returns the zrender element that shows the chart's picture
// (whose style's image is the layer's dst), or nil: the one found last
// time while it is still in zrender's storage, else the display list's.
func (c *Chart) imageElement() app.Value {
	dst := c.image.dst
	if el := c.image.el; el != nil && el.Get("__zr").Truthy() && el.Get("style").Get("image").Equal(dst) {
		return el
	}
	c.image.el = nil
	storage := c.chart.Call("getZr").Get("storage")
	if !storage.Truthy() || !storage.Get("getDisplayList").Truthy() {
		return nil
	}
	list := storage.Call("getDisplayList")
	for i := range list.Length() {
		el := list.Index(i)
		if el.Get("type").String() == "image" && el.Get("style").Get("image").Equal(dst) {
			c.image.el = el
			return el
		}
	}
	return nil
}
