package views

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// HeadPicker is the group of buttons (#heads) that selects the head shown
// large: one per head, data-head="0", "1", …, and the mean, data-head="mean".
type HeadPicker struct {
	app.Compo

	Heads    int // the number of heads of the result shown
	Selected int // 0…Heads−1 or state.HeadMean
	Lang     string
	Set      Setter
}

// Render returns the group of buttons.
func (c *HeadPicker) Render() app.UI {
	buttons := make([]app.UI, 0, c.Heads+1)
	for h := range c.Heads {
		buttons = append(buttons, c.button(h, i18n.Tf(c.Lang, "head.n", h+1)))
	}
	buttons = append(buttons, c.button(state.HeadMean, i18n.T(c.Lang, "head.mean")))
	return app.Div().
		ID("heads").
		Class("segmented").
		Role("group").
		Aria("label", i18n.T(c.Lang, "head.label")).
		Body(buttons...)
}

func (c *HeadPicker) button(head int, label string) app.UI {
	return app.Button().
		Type("button").
		DataSet("head", state.HeadKey(head)).
		Aria("pressed", head == c.Selected).
		Class(ClassIf(head == c.Selected, "on")).
		Text(label).
		OnClick(func(ctx app.Context, e app.Event) {
			// The head from the button clicked, not from head: go-app keeps
			// a button's first handler, and the button that was the mean
			// with 2 heads is head 3 with 4.
			h, ok := dataHead(ctx, "head")
			if !ok {
				return
			}
			c.Set(ctx, e, func(s *state.State) { s.Head = h })
		})
}

// ClassIf returns name when on holds, else no class: Class(ClassIf(…))
// sets a class by a condition.
func ClassIf(on bool, name string) string {
	if on {
		return name
	}
	return ""
}

// TokenCount says how many tokens there are.
func TokenCount(lang string, n int) string {
	if n == 1 {
		return i18n.T(lang, "tokens.one")
	}
	return i18n.Tf(lang, "tokens.count", n)
}

// dataHead returns the head (or state.HeadMean) that the data attribute
// data-<key> of the element of ctx names, as state.HeadKey writes it.
func dataHead(ctx app.Context, key string) (int, bool) {
	v := ctx.JSSrc().Get("dataset").Get(key)
	if v.Type() != app.TypeString {
		return 0, false
	}
	return parseHeadKey(v.String())
}

// parseHeadKey parses what state.HeadKey writes.
func parseHeadKey(k string) (int, bool) {
	if k == state.HeadKey(state.HeadMean) {
		return state.HeadMean, true
	}
	h, err := strconv.Atoi(k)
	return h, err == nil && h >= 0
}
