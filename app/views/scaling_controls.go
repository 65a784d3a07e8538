package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ScalingControls are the settings of the scores' scaling: the √d_k switch
// (#scale), the temperature slider (#temperature, log-scaled, its value in
// #temperature-value) and the query/key width per head (#dk). They apply to
// every view.
type ScalingControls struct {
	app.Compo

	State state.State
	Set   Setter
}

// Render returns the settings.
func (c *ScalingControls) Render() app.UI {
	lang := c.State.Lang
	auto := c.State.DModel / max(1, c.State.Heads)
	options := []app.UI{Choice("0", i18n.Tf(lang, "dk.auto", auto), c.State.DK == 0)}
	for _, d := range state.DKChoices {
		options = append(options, Choice(strconv.Itoa(d), strconv.Itoa(d), c.State.DK == d))
	}
	t := state.ClampTemperature(c.State.Temperature)
	return app.Div().
		Class("controls", "scaling-controls").
		Role("group").
		Aria("label", i18n.T(lang, "scaling.controls")).
		Body(
			app.Label().Class("check").Title(i18n.T(lang, "scale.title")).Body(
				checked(app.Input().ID("scale").Type("checkbox"), !c.State.NoScale).
					OnChange(func(ctx app.Context, e app.Event) {
						on := ctx.JSSrc().Get("checked").Bool()
						c.Set(ctx, e, func(s *state.State) { s.NoScale = !on })
					}),
				app.Span().Text(i18n.T(lang, "scale.label")),
			),
			app.Label().Class("field", "slider-field").Title(i18n.T(lang, "temperature.title")).Body(
				// The output is a labelable element that comes first: the
				// label would name it, not the slider, which names itself.
				app.Span().Class("field-name").Body(
					app.Span().ID("temperature-name").Text(i18n.T(lang, "temperature.label")+" "),
					app.Output().ID("temperature-value").For("temperature").Text(state.ShowTemperature(t)),
				),
				app.Input().
					ID("temperature").
					Aria("labelledby", "temperature-name").
					Type("range").
					Min(-state.TemperatureSteps).
					Max(state.TemperatureSteps).
					Step(1).
					Attr("value", strconv.Itoa(state.SliderOfTemperature(t))).
					Aria("valuetext", state.ShowTemperature(t)).
					OnInput(func(ctx app.Context, e app.Event) {
						pos, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
						if err != nil {
							return
						}
						c.Set(ctx, e, func(s *state.State) { s.Temperature = state.TemperatureOfSlider(pos) })
					}),
				app.Span().Class("slider-ends").Aria("hidden", "true").Body(
					app.Span().Text("0.1"), app.Span().Text("1"), app.Span().Text("10"),
				),
			),
			app.Label().Class("field").Title(i18n.T(lang, "dk.title")).Body(
				app.Span().Class("field-name").Text(i18n.T(lang, "dk.label")),
				app.Select().
					ID("dk").
					Attr("value", strconv.Itoa(c.State.DK)).
					OnChange(func(ctx app.Context, e app.Event) {
						d, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
						if err != nil {
							return
						}
						c.Set(ctx, e, func(s *state.State) { s.DK = state.NearestDK(d) })
					}).
					Body(options...),
			),
		)
}
