package views

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"
)

// A tourStep is one step of the guided tour: a page state (the view, its
// settings, the cell worked out or the pipeline step marked) and its text,
// the messages "tour.<ID>.title" and "tour.<ID>.body" (app/i18n/tour.go).
type tourStep struct {
	ID    string
	View  string             // the view shown
	Pipe  []string           // the pipeline's boxes marked (their step ids), if View is "pipeline"
	Apply func(*state.State) // the step's settings, over the tour's base (tourBase)
}

// Tours are the guided tours by name; "" is the first, and the only one.
var Tours = map[string][]tourStep{"": tourSteps}

// tourSteps are the steps of the tour of self-attention.
var tourSteps = []tourStep{
	{ID: "lookup", View: "attention", Apply: func(s *state.State) { s.Heads, s.Head = 1, 0 }},
	{ID: "qkv", View: "pipeline", Pipe: []string{"q", "k", "v"}, Apply: func(s *state.State) { s.Heads, s.Head = 1, 0 }},
	{ID: "scores", View: "pipeline", Pipe: []string{"scores"}, Apply: func(s *state.State) { s.Heads, s.Head = 1, 0 }},
	{ID: "scaling", View: "scaling", Apply: func(s *state.State) { s.Heads, s.Head = 1, 0 }},
	{ID: "softmax", View: "pipeline", Pipe: []string{"weights"}, Apply: func(s *state.State) { s.Heads, s.Head = 1, 0 }},
	{ID: "output", View: "attention", Apply: func(s *state.State) {
		s.Heads, s.Head, s.Cell = 1, 0, state.CellRef{I: 2, J: 1, On: true}
	}},
	{ID: "causal", View: "attention", Apply: func(s *state.State) {
		s.Heads, s.Head, s.Causal, s.Cell = 1, 0, true, state.CellRef{I: 1, J: 3, On: true}
	}},
	{ID: "padding", View: "padding", Apply: func(s *state.State) { s.Text2 = i18n.T(s.Lang, "padding.example") }},
	{ID: "heads", View: "pipeline", Pipe: []string{"concat", "wo"}, Apply: func(s *state.State) { s.Heads, s.Head = 4, 0 }},
	{ID: "compare", View: "compare", Apply: func(s *state.State) {
		s.Text, s.Text2 = i18n.T(s.Lang, "sentence.example"), i18n.T(s.Lang, "sentence2.example")
	}},
	{ID: "cross", View: "compare", Apply: func(s *state.State) {
		s.Text, s.Text2, s.Cross, s.Heads, s.Head = i18n.T(s.Lang, "cross.exampleQ"), i18n.T(s.Lang, "cross.exampleKV"), true, 1, 0
	}},
	{ID: "learn", View: state.LearnViewID, Apply: learnStep},
}

// tourTask is the task the tour's last step trains: reverse, whose
// pattern, the anti-diagonal, a class recognises at once.
const tourTask = "reverse"

// tourPace is the steps a second of the tour's learning step: its 150
// steps take 5 s, which a class can watch; at full speed they took under
// a second.
const tourPace = 30

// learnStep sets up the Learn view on tourTask from seed 1 at tourPace,
// asking for its step budget: the page trains it from step 0, running, at every arrival
// at the step (app/page/tour_learn.go), and the step's link reopens the
// same weights.
func learnStep(s *state.State) {
	s.Task, s.Seed, s.Until, s.Layer, s.Probe, s.Probe2, s.Pace = tourTask, 1, 0, 0, "", "", tourPace
	if t, err := model.Lookup(tourTask); err == nil {
		s.Steps, s.LR = t.Steps, t.LR
	}
}

// TourStepView returns the id of the view the tour step of s shows, "" if
// s is not at a step of a tour.
func TourStepView(s state.State) string {
	n, ok := s.TourStep()
	steps := Tours[s.Tour]
	if s.View != state.TourViewID || !ok || n < 1 || n > len(steps) {
		return ""
	}
	return steps[n-1].View
}

// ShownView returns the id of the view s shows: at a step of the tour, the
// step's view; else s.View.
func ShownView(s state.State) string {
	if step := TourStepView(s); step != "" {
		return step
	}
	return s.View
}

// TourStepCount returns the number of steps of tour name, 0 if there is no
// such tour.
func TourStepCount(name string) int { return len(Tours[name]) }

// GoToTourStep makes s step n (1-based) of its tour: the tour's view, with
// the step's settings over the tour's base, in s's language. What is the
// visitor's own stays: presentation mode, the high-contrast theme and a
// teacher's tour (with the step of it being played). It reports false,
// changing nothing, for a step the tour does not have.
func GoToTourStep(s *state.State, n int) bool {
	steps, ok := Tours[s.Tour]
	if !ok || n < 1 || n > len(steps) {
		return false
	}
	base := state.DefaultState(s.Lang)
	base.Text = i18n.T(s.Lang, "tour.sentence")
	base.View, base.Step, base.Tour, base.Present = state.TourViewID, strconv.Itoa(n), s.Tour, s.Present
	base.HighContrast, base.Teach, base.TeachStep = s.HighContrast, s.Teach, s.TeachStep
	steps[n-1].Apply(&base)
	*s = base
	return true
}

// TourView is the guided tour (view "tour"): the step's text, ← and →
// (buttons #tour-prev, #tour-next, the keys, and a button per step in
// #tour-steps), and under it the step's view, made by ViewOf from the
// step's state. A step, or a tour, that does not exist shows a message and
// a way to the start.
type TourView struct {
	app.Compo

	Props  Props
	ViewOf func(id string, p Props) app.UI // the page's view of id; nil for none

	onKey app.Func // the document's keydown listener: ← and →
	ctx   app.Context
}

// OnMount listens for ← and →.
func (v *TourView) OnMount(ctx app.Context) {
	v.ctx = ctx
	v.onKey = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		delta := map[string]int{"ArrowLeft": -1, "ArrowRight": 1}[ev.Get("key").String()]
		if delta == 0 || ev.Get("defaultPrevented").Bool() || ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() ||
			Editable(ev.Get("target"), true) || inHeatmapKeys(ev.Get("target")) {
			return nil
		}
		ev.Call("preventDefault")
		e := app.Event{Value: ev}
		v.ctx.Dispatch(func(ctx app.Context) { v.step(ctx, e, delta) })
		return nil
	})
	dom.Try(func() { app.Window().Get("document").Call("addEventListener", "keydown", v.onKey) })
}

// OnDismount stops listening.
func (v *TourView) OnDismount() {
	if v.onKey != nil {
		dom.Try(func() { app.Window().Get("document").Call("removeEventListener", "keydown", v.onKey) })
		v.onKey.Release()
		v.onKey = nil
	}
}

// step moves delta steps on, if there is such a step.
func (v *TourView) step(ctx app.Context, e app.Event, delta int) {
	n, ok := v.Props.State.TourStep()
	if !ok || !v.valid() {
		return
	}
	count := TourStepCount(v.Props.State.Tour)
	if to := n + delta; to >= 1 && to <= count {
		v.Props.Set(ctx, e, func(s *state.State) { GoToTourStep(s, to) })
		if to == 1 || to == count {
			keepFocus(ctx, to == count)
		}
	}
}

// keepFocus moves the keyboard focus from → at the last step (last), or
// from ← at the first, which the step disables, to the other button: a
// disabled button drops the focus to the page's body.
func keepFocus(ctx app.Context, last bool) {
	from, to := "tour-next", "#tour-prev"
	if !last {
		from, to = "tour-prev", "#tour-next"
	}
	had := false
	dom.Try(func() {
		el := app.Window().Get("document").Get("activeElement")
		had = el.Truthy() && el.Get("id").String() == from
	})
	if had {
		ctx.Defer(func(app.Context) { dom.Focus(to) })
	}
}

// valid reports whether the state names a tour and a step of it.
func (v *TourView) valid() bool {
	n, ok := v.Props.State.TourStep()
	return ok && n >= 1 && n <= TourStepCount(v.Props.State.Tour)
}

// Editable reports whether el takes what a key types: a text box, a
// select or an editable element, and where arrows counts, a slider or a
// radio button too. Keys of the page's own (P, ←, →) leave such an element
// its key.
func Editable(el app.Value, arrows bool) bool {
	if !el.Truthy() || el.Get("tagName").Type() != app.TypeString {
		return false
	}
	switch el.Get("tagName").String() {
	case "TEXTAREA", "SELECT":
		return true
	case "INPUT":
		switch el.Get("type").String() {
		case "checkbox", "button", "submit", "reset":
			return false
		case "range", "radio":
			return arrows
		}
		return true
	}
	return el.Get("isContentEditable").Bool()
}

// Render returns the step's text and controls, and its view.
func (v *TourView) Render() app.UI {
	lang := v.Props.State.Lang
	if !v.valid() {
		return v.renderBad(lang)
	}
	n, _ := v.Props.State.TourStep()
	count := TourStepCount(v.Props.State.Tour)
	st := Tours[v.Props.State.Tour][n-1]
	inner := v.Props
	inner.State.View, inner.State.Step, inner.Set = st.View, "", v.innerSet
	var view app.UI
	if v.ViewOf != nil {
		view = v.ViewOf(st.View, inner)
	}
	var panel app.UI
	if !v.Props.State.Present { // else in presentation mode's bar (TourBar)
		panel = v.renderPanel(lang, n, count, st)
	}
	return app.Section().Class("view", "view-tour").DataSet("tour-step", st.ID).DataSet("pipe", strings.Join(st.Pipe, " ")).Body(
		panel,
		app.Div().Class("tour-stage").Body(view),
	)
}

// renderPanel is step n's text, and ← and →.
func (v *TourView) renderPanel(lang string, n, count int, st tourStep) app.UI {
	return app.Div().Class("panel", "tour-panel").Role("region").Aria("labelledby", "tour-title").Body(
		app.P().ID("tour-progress").Class("tour-progress").Text(i18n.Tf(lang, "tour.progress", n, count)),
		app.H2().ID("tour-title").Text(i18n.T(lang, "tour."+st.ID+".title")),
		app.P().ID("tour-body").Class("tour-body").Text(i18n.T(lang, "tour."+st.ID+".body")),
		v.renderNav(lang, n, count),
		app.P().Class("caption", "tour-keys").Text(i18n.T(lang, "tour.keys")),
	)
}

// renderNav is ← and →, and a button per step.
func (v *TourView) renderNav(lang string, n, count int) app.UI {
	dots := make([]app.UI, count)
	for i := range count {
		dots[i] = app.Button().Type("button").Class("tour-dot", ClassIf(i+1 == n, "on")).
			DataSet("step", i+1).
			Aria("current", map[bool]string{true: "step", false: "false"}[i+1 == n]).
			Aria("label", i18n.Tf(lang, "tour.progress", i+1, count)).
			Text(strconv.Itoa(i + 1)).
			OnClick(func(ctx app.Context, e app.Event) {
				v.Props.Set(ctx, e, func(s *state.State) { GoToTourStep(s, i+1) })
			})
	}
	return app.Nav().Class("tour-nav").Aria("label", i18n.T(lang, "tour.steps")).Body(
		disabled(app.Button().ID("tour-prev").Type("button").Class("predict-button"), n <= 1).
			Text(i18n.T(lang, "tour.prev")).
			OnClick(func(ctx app.Context, e app.Event) { v.step(ctx, e, -1) }),
		app.Div().ID("tour-steps").Class("tour-dots").Body(dots...),
		disabled(app.Button().ID("tour-next").Type("button").Class("predict-button"), n >= count).
			Text(i18n.T(lang, "tour.next")).
			OnClick(func(ctx app.Context, e app.Event) { v.step(ctx, e, 1) }),
	)
}

// renderBad says that the tour or its step does not exist, with the way to
// the tour's start.
func (v *TourView) renderBad(lang string) app.UI {
	s := v.Props.State
	msg := i18n.Tf(lang, "tour.badStep", s.Step, TourStepCount(s.Tour))
	if _, ok := Tours[s.Tour]; !ok {
		msg = i18n.Tf(lang, "tour.badTour", s.Tour)
	}
	return app.Section().Class("view", "view-tour").Body(
		app.Div().Class("panel", "tour-panel").Body(
			app.H2().Text(i18n.T(lang, "tour.name")),
			app.P().ID("tour-error").Class("notice").Role("status").Text(msg),
			app.Button().ID("tour-start").Type("button").Class("predict-button").
				Text(i18n.T(lang, "tour.start")).
				OnClick(func(ctx app.Context, e app.Event) {
					v.Props.Set(ctx, e, func(s *state.State) {
						if _, ok := Tours[s.Tour]; !ok {
							s.Tour = ""
						}
						GoToTourStep(s, 1)
					})
				}),
		),
	)
}

// innerSet is the Setter of the step's view: it changes the settings as
// that view sees them (its own id, no pipeline step), and keeps the tour's
// view and step.
func (v *TourView) innerSet(ctx app.Context, e app.Event, change func(*state.State)) {
	v.Props.Set(ctx, e, func(s *state.State) {
		view, step := s.View, s.Step
		n, _ := s.TourStep()
		inner := *s
		if steps := Tours[s.Tour]; n >= 1 && n <= len(steps) {
			inner.View, inner.Step = steps[n-1].View, ""
		}
		change(&inner)
		inner.View, inner.Step = view, step
		*s = inner
	})
}
