package app

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ScalingControls are the settings of the scores' scaling: the √d_k switch
// (#scale), the temperature slider (#temperature, log-scaled, its value in
// #temperature-value) and the query/key width per head (#dk). They apply to
// every view.
type ScalingControls struct {
	app.Compo

	State State
	Set   Setter
}

// Render returns the settings.
func (c *ScalingControls) Render() app.UI {
	lang := c.State.Lang
	auto := c.State.DModel / max(1, c.State.Heads)
	options := []app.UI{choice("0", Tf(lang, "dk.auto", auto), c.State.DK == 0)}
	for _, d := range DKChoices {
		options = append(options, choice(strconv.Itoa(d), strconv.Itoa(d), c.State.DK == d))
	}
	t := ClampTemperature(c.State.Temperature)
	return app.Div().
		Class("controls", "scaling-controls").
		Role("group").
		Aria("label", T(lang, "scaling.controls")).
		Body(
			app.Label().Class("check").Title(T(lang, "scale.title")).Body(
				checked(app.Input().ID("scale").Type("checkbox"), !c.State.NoScale).
					OnChange(func(ctx app.Context, e app.Event) {
						on := ctx.JSSrc().Get("checked").Bool()
						c.Set(ctx, e, func(s *State) { s.NoScale = !on })
					}),
				app.Span().Text(T(lang, "scale.label")),
			),
			app.Label().Class("field", "slider-field").Title(T(lang, "temperature.title")).Body(
				app.Span().Class("field-name").Body(
					app.Text(T(lang, "temperature.label")+" "),
					app.Output().ID("temperature-value").For("temperature").Text(showTemperature(t)),
				),
				app.Input().
					ID("temperature").
					Type("range").
					Min(-temperatureSteps).
					Max(temperatureSteps).
					Step(1).
					Attr("value", strconv.Itoa(sliderOfTemperature(t))).
					Aria("valuetext", showTemperature(t)).
					OnInput(func(ctx app.Context, e app.Event) {
						pos, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
						if err != nil {
							return
						}
						c.Set(ctx, e, func(s *State) { s.Temperature = temperatureOfSlider(pos) })
					}),
				app.Span().Class("slider-ends").Aria("hidden", "true").Body(
					app.Span().Text("0.1"), app.Span().Text("1"), app.Span().Text("10"),
				),
			),
			app.Label().Class("field").Title(T(lang, "dk.title")).Body(
				app.Span().Class("field-name").Text(T(lang, "dk.label")),
				app.Select().
					ID("dk").
					Attr("value", strconv.Itoa(c.State.DK)).
					OnChange(func(ctx app.Context, e app.Event) {
						d, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
						if err != nil {
							return
						}
						c.Set(ctx, e, func(s *State) { s.DK = NearestDK(d) })
					}).
					Body(options...),
			),
		)
}
