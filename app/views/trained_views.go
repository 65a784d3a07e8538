package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// NotTrainedViews are the views that keep the sentence under trained=1,
// each with the message "trained.notHere.<view>" that says why.
var NotTrainedViews = []string{"scaling", "padding"}

// notHere reports whether s asks for the trained layer in a view that
// shows the sentence instead.
func notHere(s state.State) bool {
	if !s.Trained {
		return false
	}
	for _, id := range NotTrainedViews {
		if s.View == id {
			return true
		}
	}
	return false
}

// trainedNotHere is the bar over such a view (#trained-note): why it shows
// the sentence, and the ways to the trained layer.
func (b *TrainedBar) trainedNotHere() app.UI {
	lang := b.Props.State.Lang
	return app.Div().ID("trained-note").Class("panel", "trained-bar").Role("region").
		Aria("label", i18n.T(lang, "trained.label")).Body(
		app.P().Class("trained-what").Text(i18n.T(lang, "trained.notHere."+b.Props.State.View)),
		app.P().Class("caption").Text(i18n.T(lang, "trained.notHere.open")),
		app.Div().Class("learn-buttons").Body(
			app.Button().ID("trained-attention").Type("button").Class("small-button").
				Text(i18n.T(lang, "trained.openAttention")).OnClick(b.toAttention),
			app.Button().ID("trained-learn").Type("button").Class("small-button").Text(i18n.T(lang, "trained.back")).
				OnClick(b.toLearn),
		),
	)
}

// toAttention shows the trained layer in the attention view.
func (b *TrainedBar) toAttention(ctx app.Context, e app.Event) {
	b.Props.Set(ctx, e, func(s *state.State) { s.View, s.Cell = state.DefaultViewID, state.CellRef{} })
}

// toLearn goes back to the Learn view.
func (b *TrainedBar) toLearn(ctx app.Context, e app.Event) {
	b.Props.Set(ctx, e, func(s *state.State) { s.View = state.LearnViewID })
}

// compareIntro is the compare view's first lead: what A and B are, the
// sentences or, on the trained layer, the probe and the second sequence.
func compareIntro(s state.State) string {
	if s.TrainedOn() {
		return i18n.Tf(s.Lang, "compare.a.introTrained", s.ProbeText())
	}
	return i18n.T(s.Lang, "compare.a.intro")
}

// compareCopy is the text of the compare view's #copy-sentence.
func compareCopy(s state.State) string {
	if s.TrainedOn() {
		return i18n.T(s.Lang, "compare.copyTrained")
	}
	return i18n.T(s.Lang, "compare.copy")
}

// copyA sets sentence B to sentence A: the probe on the trained layer.
// It reads the state when called (go-app keeps the first handler).
func copyA(s *state.State) {
	if s.TrainedOn() {
		s.Probe2 = s.ProbeText()
		return
	}
	s.Text2 = s.Text
}

// PresentTrained is presentation mode's line, in the bar instead of the
// sentence, that says whose weights a view of the trained layer shows
// (#trained-present); nothing otherwise.
type PresentTrained struct {
	app.Compo

	Props Props
}

// Render returns the line.
func (b *PresentTrained) Render() app.UI {
	s, tr := b.Props.State, b.Props.Training
	if !s.TrainedOn() || tr == nil || tr.Task == nil {
		return app.Div().Class("trained-bar-none")
	}
	lang := s.Lang
	return app.P().ID("trained-present").Class("present-trained").
		Text(i18n.Tf(lang, "trained.present", s.Layer+1, TaskName(lang, tr.Task), tr.NowStep, s.ProbeText()))
}
