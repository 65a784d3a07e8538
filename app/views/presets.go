package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// PresetIDs are the preset sentences a lesson uses, in the order of their
// buttons: "preset.<id>" is a button's name and "preset.<id>.text" its
// sentence in each language (app/i18n/presets.go).
var PresetIDs = []string{"cat", "it", "chinese", "repeat", "long"}

// ChineseSentence is the sentence of the preset "chinese", in every
// language: each Han character is a token of its own.
const ChineseSentence = "我爱北京，北京的秋天最美。"

// PresetText returns the sentence of preset id in lang.
func PresetText(lang, id string) string {
	if id == "chinese" {
		return ChineseSentence
	}
	return i18n.T(lang, "preset."+id+".text")
}

// Presets is the row of buttons (#presets) that puts a lesson's sentence
// into #sentence with one click: data-preset="<id>" of PresetIDs, pressed
// while the sentence is that preset's.
type Presets struct {
	app.Compo

	State state.State
	Set   Setter
	Inert string // the group's inert attribute: "inert" until the page is live, else ""
	Alone *Alone // renders the buttons alone on a keystroke
}

// OnMount registers the buttons with the page's Alone: a keystroke may
// press or release one.
func (c *Presets) OnMount(ctx app.Context) {
	c.Alone.Part(c, ctx, func(p Props) { c.State = p.State }, true)
}

// OnDismount forgets them.
func (c *Presets) OnDismount() { c.Alone.Release(c) }

// Render returns the buttons.
func (c *Presets) Render() app.UI {
	lang := c.State.Lang
	buttons := make([]app.UI, len(PresetIDs))
	for i, id := range PresetIDs {
		text := PresetText(lang, id)
		on := c.State.Text == text
		buttons[i] = app.Button().
			Type("button").
			Class("preset", ClassIf(on, "on")).
			DataSet("preset", id).
			Aria("pressed", on).
			Text(i18n.T(lang, "preset."+id)).
			OnClick(func(ctx app.Context, e app.Event) {
				// In the language of the click: go-app keeps a button's
				// first handler, made for the language it was first shown in.
				c.Set(ctx, e, func(s *state.State) { s.Text = PresetText(s.Lang, id) })
			})
	}
	return app.Div().ID("presets").Class("presets").Role("group").Attr("inert", c.Inert).
		Aria("label", i18n.T(lang, "presets.label")).
		Body(buttons...)
}
