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
		app.Label().Class("check").Title(i18n.T(lang, "causal.title")).Body(
			checked(app.Input().ID("causal").Type("checkbox"), c.State.Causal).
				OnChange(func(ctx app.Context, e app.Event) {
					on := ctx.JSSrc().Get("checked").Bool()
					c.Set(ctx, e, func(s *state.State) { s.Causal = on })
				}),
			app.Span().Text(i18n.T(lang, "causal.label")),
		),
		&HeadPicker{Heads: c.Heads, Selected: c.Selected, Lang: lang, Set: c.Set},
	)
}
