package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// PresentControls are the settings that presentation mode keeps in its one
// bar (app/page/present.go), beside the sentence: the causal mask (#causal)
// and the head (#heads).
type PresentControls struct {
	app.Compo

	State    state.State
	Heads    int // heads of the result shown
	Selected int // the head shown: 0…Heads−1 or state.HeadMean
	Set      Setter
}

// Render returns the controls.
func (c *PresentControls) Render() app.UI {
	lang := c.State.Lang
	return app.Div().Class("present-controls").Body(
		checkbox(c.Set, "causal", i18n.T(lang, "causal.label"), i18n.T(lang, "causal.title"), c.State.Causal,
			func(s *state.State, on bool) { s.Causal = on }),
		&HeadPicker{Heads: c.Heads, Selected: c.Selected, Lang: lang, Set: c.Set},
	)
}
