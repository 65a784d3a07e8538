package app

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Media queries, applied by the Chart instead of ECharts.
//
// A heatmap's option carries ECharts media queries (Heatmap.media): the
// column labels turn where they no longer fit and the numbers show in the
// cells where they do, by the chart's width. ECharts re-evaluates them at
// every setOption, which doubles the cost of a keystroke's small merge
// (about 10 → 5 ms for a 16-token heatmap in Chromium, on the machine of
// docs/bench-*). So Chart takes the media out of each whole option and
// applies the entry that matches its width itself: with the option, and
// again only when a resize crosses into another entry.
//
// The semantics are ECharts': an entry whose query (minWidth, maxWidth, in
// CSS pixels, inclusive) holds for the chart's width applies; the entry
// without a query applies when none does.

// chartMedia is the media of the option a Chart has drawn.
type chartMedia struct {
	entries app.Value // the option's media array; nil if none
	applied int       // the index of the entry applied; -1 for none
}

// takeMedia removes the media from option, a whole option about to be
// drawn, and keeps them.
func (c *Chart) takeMedia(option app.Value) {
	c.media = chartMedia{applied: -1}
	if m := option.Get("media"); m.Type() == app.TypeObject && m.Length() > 0 {
		c.media.entries = m
		option.Delete("media")
	}
}

// applyMedia sets the option of the media entry that matches the chart's
// width, if it is not the one applied already (or always, if force).
func (c *Chart) applyMedia(force bool) {
	m := &c.media
	if m.entries == nil || c.chart == nil {
		return
	}
	i := matchMedia(m.entries, c.JSValue().Get("clientWidth").Float())
	if i < 0 || (i == m.applied && !force) {
		return
	}
	c.chart.Call("setOption", m.entries.Index(i).Get("option"))
	m.applied = i
}

// matchMedia returns the index of the entry of media that applies at width,
// or -1.
func matchMedia(media app.Value, width float64) int {
	fallback := -1
	for i := range media.Length() {
		q := media.Index(i).Get("query")
		if q.Type() != app.TypeObject {
			fallback = i
			continue
		}
		if lo := q.Get("minWidth"); lo.Type() == app.TypeNumber && width < lo.Float() {
			continue
		}
		if hi := q.Get("maxWidth"); hi.Type() == app.TypeNumber && width > hi.Float() {
			continue
		}
		return i
	}
	return fallback
}
