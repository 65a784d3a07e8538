package chart

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Media queries, applied by the Chart instead of ECharts.
//
// A heatmap's option carries ECharts media queries (Heatmap.media): the
// column labels turn where they no longer fit and the numbers show in the
// cells where they do, by the chart's width. ECharts re-evaluates them at
// every setOption, which doubles the cost of a keystroke's small merge
// (docs/performance.md). So Chart takes the media out of each whole option, merges
// the entry that matches its width into it (one setOption draws both), and
// sets another entry only when a resize crosses into it.
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
// drawn, keeps them, and merges into option the entry that matches the
// chart's width.
func (c *Chart) takeMedia(option app.Value) {
	c.media = chartMedia{applied: -1}
	m := option.Get("media")
	if m.Type() != app.TypeObject || m.Length() == 0 {
		return
	}
	option.Delete("media")
	c.media.entries = m
	if i := matchMedia(m, c.JSValue().Get("clientWidth").Float()); i >= 0 {
		mergeOption(option, m.Index(i).Get("option"))
		c.media.applied = i
	}
}

// mergeOption merges src into dst as ECharts merges an option: objects key
// by key, arrays (of components) index by index, anything else replaced.
func mergeOption(dst, src app.Value) {
	isArray := app.Window().Get("Array").Get("isArray")
	keys := app.Window().Get("Object").Call("keys", src)
	for k := range keys.Length() {
		key := keys.Index(k).String()
		s, d := src.Get(key), dst.Get(key)
		switch {
		case isArray.Invoke(s).Bool() && isArray.Invoke(d).Bool():
			for i := range s.Length() {
				if i < d.Length() && d.Index(i).Type() == app.TypeObject && s.Index(i).Type() == app.TypeObject {
					mergeOption(d.Index(i), s.Index(i))
				} else {
					d.SetIndex(i, s.Index(i))
				}
			}
		case s.Type() == app.TypeObject && d.Type() == app.TypeObject && !isArray.Invoke(s).Bool() && !isArray.Invoke(d).Bool():
			mergeOption(d, s)
		default:
			dst.Set(key, s)
		}
	}
}

// applyMedia sets the option of the media entry that matches the chart's
// width, if it is not the one applied already: on a resize, which draws it
// (lazyUpdate).
func (c *Chart) applyMedia() {
	m := &c.media
	if m.entries == nil || c.chart == nil {
		return
	}
	i := matchMedia(m.entries, c.JSValue().Get("clientWidth").Float())
	if i < 0 || i == m.applied {
		return
	}
	c.chart.Call("setOption", m.entries.Index(i).Get("option"), map[string]any{"lazyUpdate": true})
	m.applied = i
}

// matchMedia returns the index of the entry of media that applies at width,
// or -1.
func matchMedia(media app.Value, width float64) int {
	fallback := -1
	for i := range media.Length() {
		q := media.Index(i).Get("query")
		if q.Type() != app.TypeObject {
			if fallback < 0 {
				fallback = i
			}
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
