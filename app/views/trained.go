package views

import (
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The Learn view's trained layer in the other views (state.State.Trained):
// the Learn view's buttons open it (openIn), and the bar over the view
// (TrainedBar) says whose weights these are, how far training has come,
// and leads back.

// TrainedBar is the bar over a view that shows the trained layer
// (#trained-bar); nothing otherwise.
type TrainedBar struct {
	app.Compo

	Props Props
}

// Render returns the bar.
func (b *TrainedBar) Render() app.UI {
	s := b.Props.State
	tr := b.Props.Training
	if notHere(s) {
		return b.trainedNotHere()
	}
	if !s.TrainedOn() || tr == nil || tr.Task == nil {
		return app.Div().Class("trained-bar-none")
	}
	lang := s.Lang
	text := i18n.Tf(lang, "trained.bar", s.Layer+1, TaskName(lang, tr.Task), tr.NowStep, s.ProbeText())
	if tr.NowStep == 0 {
		text = i18n.Tf(lang, "trained.bar0", s.Layer+1, TaskName(lang, tr.Task), s.ProbeText())
	}
	status := i18n.Tf(lang, "trained.done", tr.Step)
	switch tr.Step {
	case 0:
		status = i18n.T(lang, "trained.none")
	case 1:
		status = i18n.Tf(lang, "trained.done1", tr.Step)
	}
	if tr.Step < s.Steps || tr.Running {
		status = i18n.Tf(lang, "trained.training", tr.Step, max(s.Steps, tr.Until))
	}
	return app.Div().ID("trained-bar").Class("panel", "trained-bar").Role("region").
		Aria("label", i18n.T(lang, "trained.label")).Body(
		app.P().Class("trained-what").Text(text),
		app.P().ID("trained-status").Class("caption").Text(status+" "+i18n.T(lang, "trained.hint")),
		app.If(b.Props.Rejected.Key != "", func() app.UI {
			return app.P().ID("trained-error").Class("error").Role("alert").Text(ProblemText(lang, b.Props.Rejected))
		}),
		app.Div().Class("learn-buttons").Body(
			app.Button().ID("trained-learn").Type("button").Class("small-button").Text(i18n.T(lang, "trained.back")).
				OnClick(b.toLearn),
			app.Button().ID("trained-off").Type("button").Class("small-button").Text(i18n.T(lang, "trained.off")).
				OnClick(func(ctx app.Context, e app.Event) {
					b.Props.Set(ctx, e, func(s *state.State) { s.Trained, s.Cell = false, state.CellRef{} })
				}),
		),
	)
}

// openButtons are the Learn view's ways out: the chosen layer in each view
// of state.TrainedViews, and in the matrices view.
func (v *LearnView) openButtons(tr *compute.Training, lang string) app.UI {
	items := []app.UI{app.Span().ID("learn-open-label").Class("field-name").Text(i18n.T(lang, "learn.openIn"))}
	for _, id := range state.TrainedViews {
		items = append(items, app.Button().ID("open-"+id).Type("button").Class("learn-button").
			Disabled(tr.Now == nil).Text(i18n.T(lang, "view."+id)).OnClick(v.openIn(id)))
	}
	items = append(items, app.Button().ID("open-matrices").Type("button").Class("learn-button").
		Disabled(tr.Now == nil).Text(i18n.T(lang, "view.matrices")).OnClick(v.openMatrices))
	return app.Div().Class("learn-buttons", "learn-open").Role("group").Aria("labelledby", "learn-open-label").Body(items...)
}

// openIn returns the handler that shows view id on the trained layer. It
// reads the training when called (go-app keeps a button's first handler).
func (v *LearnView) openIn(id string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		tr := v.Props.Training
		if tr == nil || tr.Now == nil {
			return
		}
		v.Props.Set(ctx, e, func(s *state.State) {
			s.Trained, s.View, s.Step, s.Cell = true, id, "", state.CellRef{}
			if id == state.CompareViewID && !sameLength(tr, s.Probe2Text()) {
				s.Probe2 = "" // the task's second probe (State.Probe2Text)
			}
		})
	}
}

// sameLength reports whether text is a sequence of the task's words as
// long as the probe: the compare view's second sentence on the trained
// layer.
func sameLength(tr *compute.Training, text string) bool {
	ids, err := tr.Task.Tokenize(text)
	return err == nil && len(ids) == len(tr.Now.Words)
}
