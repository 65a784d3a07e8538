package page

import (
	"slices"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/state"
)

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
