package views

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// A teacher's own tour (state/teach.go): the bar over every view (TeachBar),
// which adds the view as a step or, while the tour plays, shows the step's
// note and the way on; its editor is mytour_view.go.

// MyTourViewID is the id of the tour's editor.
const MyTourViewID = "mytour"

// Known returns an error if a state names a view or a step that does not
// exist; the page, which knows its views, gives it.
type Known func(state.State) error

// teachPlan is a tour and, per step, the page it shows or why it is skipped.
type teachPlan struct {
	Tour  state.TeachTour
	Pages []state.State
	Skip  []error // nil for a step that can be shown
}

var planCache struct {
	sync.Mutex
	teach, lang string
	checked     bool // known was given
	plan        teachPlan
}

// planOf returns the tour of s and its steps' pages, in s's language.
func planOf(s state.State, known Known) teachPlan {
	planCache.Lock()
	defer planCache.Unlock()
	if planCache.teach == s.Teach && planCache.lang == s.Lang && planCache.checked == (known != nil) && planCache.plan.Tour.Kind != "" {
		return planCache.plan
	}
	tour, err := state.DecodeTeach(s.Teach)
	if err != nil { // the link codec checks it: not expected
		tour = state.TeachTour{Kind: state.TeachKind}
	}
	p := teachPlan{Tour: tour, Pages: make([]state.State, len(tour.Steps)), Skip: make([]error, len(tour.Steps))}
	for i, st := range tour.Steps {
		p.Pages[i], p.Skip[i] = state.StepState(st.Link, s.Lang)
		if p.Skip[i] == nil && known != nil {
			p.Skip[i] = known(p.Pages[i])
		}
	}
	planCache.teach, planCache.lang, planCache.checked, planCache.plan = s.Teach, s.Lang, known != nil, p
	return p
}

// playable reports whether step n (1-based) can be shown.
func (p teachPlan) playable(n int) bool {
	return n >= 1 && n <= len(p.Skip) && p.Skip[n-1] == nil
}

// next returns the first step from n on, by delta, that can be shown; 0
// for none.
func (p teachPlan) next(n, delta int) int {
	for ; n >= 1 && n <= len(p.Skip); n += delta {
		if p.playable(n) {
			return n
		}
	}
	return 0
}

// GoToTeachStep makes s step n of its tour, in s's language and
// presentation mode; it reports false, changing nothing, for a step that
// cannot be shown.
func GoToTeachStep(s *state.State, n int, known Known) bool {
	p := planOf(*s, known)
	if !p.playable(n) {
		return false
	}
	to := p.Pages[n-1]
	to.Teach, to.TeachStep, to.Lang, to.Present = s.Teach, n, s.Lang, s.Present
	*s = to
	return true
}

// editTeach changes the tour of s by edit.
func editTeach(s *state.State, edit func(t *state.TeachTour)) {
	t, err := state.DecodeTeach(s.Teach)
	if err != nil {
		t = state.TeachTour{}
	}
	edit(&t)
	s.Teach = state.EncodeTeach(t)
}

// TeachBar is the bar over every view: while a teacher's tour plays, its
// step, note and buttons (#teach-bar); otherwise the button that adds the
// view as a step (#teach-add).
type TeachBar struct {
	app.Compo

	Props Props
	Known Known

	onKey app.Func // the document's keydown listener: ← and → (teach_keys.go)
	ctx   app.Context
}

// Render returns the bar.
func (b *TeachBar) Render() app.UI {
	s := b.Props.State
	lang := s.Lang
	p := planOf(s, b.Known)
	if s.TeachStep > 0 {
		return b.renderPlaying(lang, p)
	}
	if s.View == MyTourViewID || s.View == state.TourViewID {
		return app.Div().Class("teach-add-row")
	}
	n := len(p.Tour.Steps)
	label := i18n.T(lang, "teach.add")
	if n > 0 {
		label = i18n.Tf(lang, "teach.addCount", n+1)
	}
	full := n >= state.MaxTeachSteps
	if full {
		label = i18n.Tf(lang, "teach.full", n)
	}
	return app.Div().Class("teach-add-row").Body(
		disabled(app.Button().ID("teach-add").Type("button").Class("teach-add"), full).
			Text(label).
			OnClick(func(ctx app.Context, e app.Event) {
				b.Props.Set(ctx, e, func(s *state.State) {
					// A step that predicts asks its question: no guess yet.
					step := *s
					step.NewGuess()
					link := state.StepLink(step)
					editTeach(s, func(t *state.TeachTour) {
						if len(t.Steps) < state.MaxTeachSteps {
							t.Steps = append(t.Steps, state.TeachStep{Link: link})
						}
					})
				})
			}),
	)
}

// renderPlaying is the bar of a step being shown.
func (b *TeachBar) renderPlaying(lang string, p teachPlan) app.UI {
	n, count := b.Props.State.TeachStep, len(p.Tour.Steps)
	var body []app.UI
	if p.playable(n) {
		body = append(body,
			app.P().ID("teach-progress").Class("teach-progress").Text(i18n.Tf(lang, "teach.progress", n, count)),
			app.P().ID("teach-note").Class("teach-note-shown").Text(p.Tour.Steps[n-1].Note))
	} else {
		body = append(body, app.P().ID("teach-error").Class("notice").Role("status").Text(i18n.Tf(lang, "teach.noStep", n)))
	}
	prev, next := p.next(n-1, -1), p.next(n+1, 1)
	body = append(body, app.Div().Class("teach-nav").Body(
		disabled(app.Button().ID("teach-prev").Type("button").Class("predict-button"), prev == 0).
			Attr("aria-keyshortcuts", "ArrowLeft").
			Text(i18n.T(lang, "teach.prev")).OnClick(b.step(-1)),
		disabled(app.Button().ID("teach-next").Type("button").Class("predict-button"), next == 0).
			Attr("aria-keyshortcuts", "ArrowRight").
			Text(i18n.T(lang, "teach.next")).OnClick(b.step(1)),
		app.Button().ID("teach-end").Type("button").Class("predict-button").
			Text(i18n.T(lang, "teach.end")).
			OnClick(func(ctx app.Context, e app.Event) {
				b.Props.Set(ctx, e, func(s *state.State) { s.TeachStep, s.View, s.Step = 0, MyTourViewID, "" })
			}),
	))
	body = append(body, app.P().Class("caption", "teach-keys").Text(i18n.T(lang, "teach.keys")))
	body = append(body, skipNotes(lang, p)...)
	return app.Div().ID("teach-bar").Class("panel", "teach-bar").DataSet("step", n).Role("region").
		Aria("label", i18n.T(lang, "teach.bar")).Body(body...)
}

// step returns the handler that shows the next step, by delta, that can
// be shown. It finds it when called: go-app keeps a button's first
// handler while a new one is the same function, whatever it captured.
func (b *TeachBar) step(delta int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		b.Props.Set(ctx, e, func(s *state.State) {
			GoToTeachStep(s, planOf(*s, b.Known).next(s.TeachStep+delta, delta), b.Known)
		})
	}
}

// skipNotes says which steps are skipped, and why.
func skipNotes(lang string, p teachPlan) []app.UI {
	var notes []app.UI
	for i, err := range p.Skip {
		if err != nil {
			notes = append(notes, app.P().Class("teach-skip", "caption").Text(i18n.Tf(lang, "teach.skip", i+1, state.ErrorIn(err, lang))))
		}
	}
	return notes
}
