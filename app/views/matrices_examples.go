package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// mxLabelDigits are the decimals of the matrices view's cell labels: those
// the lessons print (state.MatricesExampleIDs), so that the page shows
// their numbers digit for digit.
const mxLabelDigits = 3

// renderExamples is the row of named examples, #mx-examples: a button
// data-example="<id>" each (state.MatricesExampleIDs), pressed while its
// matrices are the input.
func (v *MatricesView) renderExamples(lang string) app.UI {
	shown := state.ExampleOf(v.Props.State.Matrices)
	buttons := make([]app.UI, len(state.MatricesExampleIDs))
	for i, id := range state.MatricesExampleIDs {
		buttons[i] = app.Button().
			Type("button").
			Class("preset", ClassIf(id == shown, "on")).
			DataSet("example", id).
			Aria("pressed", id == shown).
			Title(i18n.T(lang, "mx.example."+id+".t")).
			Text(i18n.T(lang, "mx.example."+id)).
			OnClick(func(ctx app.Context, e app.Event) { v.openExample(ctx, e, id) })
	}
	return app.Div().ID("mx-examples").Class("presets", "mx-examples").Role("group").
		Aria("label", i18n.T(lang, "mx.examples")).
		Body(
			app.Span().Class("field-name").Text(i18n.T(lang, "mx.examples")),
			app.Div().Class("presets").Body(buttons...),
		)
}

// openExample makes the named example id the input, in the boxes too.
func (v *MatricesView) openExample(ctx app.Context, e app.Event, id string) {
	js, ok := state.ExampleMatrices(id)
	if !ok {
		return
	}
	v.draft, v.synced, v.shown, v.err = state.DraftOf(state.MatricesSpec(js)), js, true, nil
	v.Props.Set(ctx, e, func(s *state.State) { s.Matrices = js })
	v.showBlankable(ctx)
}
