package views

import (
	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"gonum.org/v1/gonum/mat"
)

// ColourControls are the settings of the colours: #stretch, which stretches
// each row of the large heatmap over the whole colour scale, and
// #high-contrast, the high-contrast theme.
type ColourControls struct {
	app.Compo

	State state.State
	Set   Setter
}

// Render returns the settings.
func (c *ColourControls) Render() app.UI {
	lang := c.State.Lang
	return app.Div().Class("controls", "colour-controls").Role("group").Aria("label", i18n.T(lang, "colour.label")).Body(
		checkbox(c.Set, "stretch", i18n.T(lang, "stretch.label"), i18n.T(lang, "stretch.title"), c.State.Stretch,
			func(s *state.State, on bool) { s.Stretch = on }),
		checkbox(c.Set, "high-contrast", i18n.T(lang, "contrast.label"), i18n.T(lang, "contrast.title"), c.State.HighContrast,
			func(s *state.State, on bool) { s.HighContrast = on }),
	)
}

// colourMode returns h as the settings s colour it, and its tooltip: with
// s.Stretch, each row stretched over the scale, the tooltip telling the
// true weights.
func colourMode(h chart.Heatmap, s state.State) (chart.Heatmap, func(row, col int, v float64) string) {
	if !s.Stretch {
		return h, h.TooltipHTML
	}
	h.Values = mat.DenseCopyOf(h.Values) // the result's own matrix is reused by the next run
	h = h.StretchRows(i18n.T(s.Lang, "stretch.low"), i18n.T(s.Lang, "stretch.high"))
	weights := h.Labels
	return h, func(row, col int, _ float64) string { return h.TooltipHTML(row, col, weights.At(row, col)) }
}
