package page

import (
	"slices"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderAlone has go-app render, of the page, only the view and the parts
// of views.Alone, in its next frame, if the change from old (with the
// results was) in the event of ctx was typed into the sentence and changed
// nothing else (sentenceOnly).
func (p *Page) renderAlone(ctx app.Context, old state.State, was compute.Results) {
	if p.ctx.Context != nil && sentenceOnly(old, p.state, was, p.res) && sentenceShows(p.state.Text) &&
		p.alone.Render(p.props(), p.ctx.PreventUpdate) {
		ctx.PreventUpdate() // the event's mark of the page
	}
}

// sentenceOnly reports whether a change from old, with the results was, to
// now, with res, changed only the sentence and what the view and the parts
// of views.Alone show: no other setting, no message, the same heads, not
// presenting, in a view of aloneViews. Such a change, a keystroke, need not
// render the page around them.
func sentenceOnly(old, now state.State, was, res compute.Results) bool {
	old.Text = now.Text
	return old == now && !now.Present && slices.Contains(aloneViews, now.View) &&
		was.Rejected.Key == "" && res.Rejected.Key == "" && was.Result != nil && res.Result != nil &&
		was.Heads == res.Heads && was.Head == res.Head && was.StepHead == res.StepHead
}

// aloneViews are the views that render alone on a keystroke: those that
// register with views.Alone.
var aloneViews = []string{state.DefaultViewID, "pipeline", "scaling", state.CompareViewID, "padding"}

// sentenceShows reports whether #sentence shows text already: the change
// was typed into it. Another change of the sentence (a preset, a link)
// needs the page's render, which sets the input's value.
func sentenceShows(text string) bool {
	shows := false
	dom.Try(func() {
		if el := app.Window().GetElementByID("sentence"); el.Truthy() {
			shows = el.Get("value").String() == text
		}
	})
	return shows
}
