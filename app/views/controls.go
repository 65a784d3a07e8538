package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Controls are the settings of the attention besides the text: heads,
// d_model, seed, causal mask and positional encoding. Every choice they offer
// is valid: the heads offered divide d_model.
type Controls struct {
	app.Compo

	State state.State
	Set   Setter

	badSeed *string // what was typed into the seed box and refused; nil for none
}

// Render returns the settings.
func (c *Controls) Render() app.UI {
	lang := c.State.Lang
	heads := state.HeadChoices(c.State.DModel)
	return app.Div().
		Class("controls").
		Role("group").
		Aria("label", i18n.T(lang, "controls.label")).
		Body(
			c.selectField("nheads", i18n.T(lang, "heads.label"), "", heads, c.State.Heads,
				func(s *state.State, v int) { s.Heads = v }),
			c.selectField("dmodel", i18n.T(lang, "dmodel.label"), i18n.T(lang, "dmodel.title"), state.DModelChoices, c.State.DModel,
				func(s *state.State, v int) { s.DModel = v }),
			app.Label().
				Class("field").
				Title(i18n.T(lang, "seed.title")).
				Body(
					app.Span().Class("field-name").Text(i18n.T(lang, "seed.label")),
					app.Input().
						ID("seed").
						Type("number").
						Min(0).
						Max(state.MaxSeed).
						Step(1).
						Attr("inputmode", "numeric").
						Value(strconv.FormatInt(c.State.Seed, 10)).
						OnChange(c.onSeed),
				),
			Slot(c.badSeed != nil, func() app.UI {
				return app.P().ID("seed-error").Class("field-error").Role("alert").
					Text(i18n.Tf(lang, "learn.bad.learn-seed", *c.badSeed, strconv.Itoa(state.MaxSeed), strconv.FormatInt(c.State.Seed, 10)))
			}),
			checkbox(c.Set, "causal", i18n.T(lang, "causal.label"), i18n.T(lang, "causal.title"), c.State.Causal,
				func(s *state.State, on bool) { s.Causal = on }),
			checkbox(c.Set, "positional", i18n.T(lang, "positional.label"), i18n.T(lang, "positional.title"), c.State.Positional,
				func(s *state.State, on bool) { s.Positional = on }),
		)
}

// Choice returns an <option> of value showing text, selected if on. Use it
// for every option: go-app writes Selected(false) into the pre-rendered
// page as selected="false", which a browser reads as selected.
func Choice(value, text string, on bool) app.HTMLOption {
	o := app.Option().Value(value).Text(text)
	if on {
		o = o.Selected(true)
	}
	return o
}

// selectField returns a labelled <select> of choices.
func (c *Controls) selectField(id, label, title string, choices []int, current int, set func(*state.State, int)) app.UI {
	options := make([]app.UI, len(choices))
	for i, v := range choices {
		options[i] = Choice(strconv.Itoa(v), strconv.Itoa(v), v == current)
	}
	return app.Label().
		Class("field").
		Title(title).
		Body(
			app.Span().Class("field-name").Text(label),
			app.Select().
				ID(id).
				// The value property keeps the browser's selection in step
				// when the state changes other than by this select.
				Attr("value", strconv.Itoa(current)).
				OnChange(func(ctx app.Context, e app.Event) {
					v, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
					if err != nil {
						return
					}
					c.Set(ctx, e, func(s *state.State) { set(s, v) })
				}).
				Body(options...),
		)
}

// checkbox returns a labelled checkbox whose change sets a setting through
// set (Controls, ColourControls and PresentControls share it).
func checkbox(setter Setter, id, label, title string, on bool, set func(*state.State, bool)) app.UI {
	return app.Label().
		Class("check").
		Title(title).
		Body(
			checked(app.Input().ID(id).Type("checkbox"), on).
				OnChange(func(ctx app.Context, e app.Event) {
					v := ctx.JSSrc().Get("checked").Bool()
					setter(ctx, e, func(s *state.State) { set(s, v) })
				}),
			app.Span().Text(label),
		)
}

// onSeed applies a seed typed in the seed box; anything but an integer in
// range puts the current seed back and says why (#seed-error).
func (c *Controls) onSeed(ctx app.Context, e app.Event) {
	src := ctx.JSSrc()
	typed := src.Get("value").String()
	seed, err := strconv.ParseInt(typed, 10, 64)
	if err != nil || seed < 0 || seed > state.MaxSeed {
		src.Set("value", strconv.FormatInt(c.State.Seed, 10))
		c.badSeed = &typed
		if typed == "" {
			c.badSeed = nil // emptied: the seed is simply back
		}
		return
	}
	c.badSeed = nil
	c.Set(ctx, e, func(s *state.State) { s.Seed = seed })
}

// checked sets the checked state of a checkbox. go-app writes
// checked="false" for Checked(false), which a server-rendered page reads as
// checked; so on the server a box that is off gets no attribute, while in the
// browser, where go-app sets the property, it gets Checked(false) so that an
// update unchecks it.
func checked(in app.HTMLInput, on bool) app.HTMLInput {
	if on || app.IsClient {
		return in.Checked(on)
	}
	return in
}
