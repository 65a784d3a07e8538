package views

import (
	"cmp"
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// MyTourView is the editor of a teacher's own tour (view "mytour"): the
// steps with their notes (#teach-steps), moved, removed or shown; the tour
// played (#teach-play), saved as a file (#teach-save), loaded from one
// (#teach-file), and its link to share (#teach-link, or #teach-toolong).
type MyTourView struct {
	app.Compo

	Props Props
	Known Known

	answer string     // the message of the last file loaded; "" for none
	bad    bool       // answer is an error
	reader []app.Func // callbacks of a FileReader

	cleared []state.TeachStep // the steps "Remove every step" removed, for its undo
	focusTo string            // the selector of the button to focus once the page's new state shows it (focusNext)
}

// focusNext gives the focus to the button sel selects once it can take it:
// the button clicked is gone or disabled, and sel's button comes with the
// tour's new steps, which the page hands down after this event's render.
func (v *MyTourView) focusNext(ctx app.Context, sel string) {
	v.focusTo = sel
	ctx.Defer(func(app.Context) { v.tryFocus() })
}

// OnUpdate tries focusNext's focus again once the page has handed down its
// new state and go-app has updated the view.
func (v *MyTourView) OnUpdate(ctx app.Context) {
	if v.focusTo != "" {
		ctx.Defer(func(app.Context) { v.tryFocus() })
	}
}

// tryFocus focuses focusTo's button, and forgets it once it has the focus.
func (v *MyTourView) tryFocus() {
	if v.focusTo != "" && dom.FocusTaken(v.focusTo) {
		v.focusTo = ""
	}
}

// OnDismount releases the file reader's callbacks.
func (v *MyTourView) OnDismount() {
	for _, f := range v.reader {
		f.Release()
	}
	v.reader = nil
}

// Render returns the editor.
func (v *MyTourView) Render() app.UI {
	lang := v.Props.State.Lang
	p := planOf(v.Props.State, v.Known)
	var list app.UI = app.P().ID("teach-empty").Class("caption").Text(i18n.T(lang, "teach.empty"))
	if len(p.Tour.Steps) > 0 {
		items := make([]app.UI, len(p.Tour.Steps))
		for i := range p.Tour.Steps {
			items[i] = v.renderStep(lang, p, i)
		}
		list = app.Ol().ID("teach-steps").Class("teach-steps").Body(items...)
	}
	return app.Section().Class("view", "view-mytour").Body(
		app.Div().Class("panel", "teach-panel").Body(
			app.H2().Text(i18n.T(lang, "teach.title")),
			app.P().Class("lead").Text(i18n.T(lang, "teach.intro")),
			list,
			v.renderActions(lang, p),
			v.renderUndo(lang, p),
			v.renderAnswer(),
			v.renderShare(lang, p),
		),
	)
}

// renderStep is step i's line: its view and sentence, its note, and its
// buttons; a step that cannot be shown says why.
func (v *MyTourView) renderStep(lang string, p teachPlan, i int) app.UI {
	n, count := i+1, len(p.Tour.Steps)
	what := ""
	if p.Skip[i] == nil {
		pg := p.Pages[i]
		what = i18n.Tf(lang, "teach.stepOf", i18n.T(lang, "view."+pg.View))
		if sub := stepSubject(lang, pg); sub != "" {
			what += " · " + sub
		}
		if pg.Predict {
			what += " · " + i18n.T(lang, "predict.switch")
		}
	} else {
		what = i18n.Tf(lang, "teach.skip", n, state.ErrorIn(p.Skip[i], lang))
	}
	return app.Li().Class("teach-step", ClassIf(p.Skip[i] != nil, "skipped")).DataSet("step", n).Body(
		app.P().Class("teach-what").Text(what),
		noteBox(n, p.Tour.Steps[i].Note, lang).
			Placeholder(i18n.T(lang, "teach.notePlace")).
			Text(p.Tour.Steps[i].Note).
			OnChange(func(ctx app.Context, e app.Event) {
				note := ctx.JSSrc().Get("value").String()
				v.edit(ctx, e, func(t *state.TeachTour) {
					if i < len(t.Steps) {
						t.Steps[i].Note = truncateUTF8(note, state.MaxTeachNote)
					}
				})
			}),
		Slot(noteFull(p.Tour.Steps[i].Note), func() app.UI {
			return app.P().ID(noteID(n) + "-full").Class("caption").
				Text(i18n.Tf(lang, "teach.noteFull", state.MaxTeachNote, state.MaxTeachNote/3, len(p.Tour.Steps[i].Note)))
		}),
		app.Div().Class("teach-buttons").Body(
			disabled(app.Button().Type("button").Class("teach-show"), p.Skip[i] != nil).
				Text(i18n.T(lang, "teach.show")).Aria("label", i18n.Tf(lang, "teach.show.label", n)).OnClick(v.play(n)),
			v.iconButton("teach-up", "↑", i18n.Tf(lang, "teach.up", n), n == 1, v.move(i, i-1)),
			v.iconButton("teach-down", "↓", i18n.Tf(lang, "teach.down", n), n == count, v.move(i, i+1)),
			v.iconButton("teach-remove", "✕", i18n.Tf(lang, "teach.remove", n), false, v.move(i, -1)),
		),
	)
}

// stepSubject is what a step's line names after its view: the task of a
// page that shows a trained model (the Learn view, a view of its trained
// layer), nothing for the matrices view, whose input is its own, and
// otherwise the sentence, shortened.
func stepSubject(lang string, pg state.State) string {
	switch {
	case pg.View == state.LearnViewID || pg.TrainedOn():
		return i18n.T(lang, "task."+cmp.Or(pg.Task, state.DefaultTask()))
	case pg.View == state.MatricesViewID:
		return ""
	}
	return Shorten(pg.Text, 40)
}

// iconButton is a small button of a step, labelled for screen readers.
func (v *MyTourView) iconButton(class, text, label string, off bool, h app.EventHandler) app.UI {
	return disabled(app.Button().Type("button").Class(class), off).
		Aria("label", label).Title(label).Text(text).OnClick(h)
}

// edit changes the tour by change.
func (v *MyTourView) edit(ctx app.Context, e app.Event, change func(t *state.TeachTour)) {
	v.set(ctx, e, func(s *state.State) { editTeach(s, change) })
}

// set changes the state by change, then makes each step's note box show
// its step's note: go-app cannot empty a box (dom.SetInputValue), so once a
// step is removed or a tour loaded, a box kept the note typed into it for
// another step.
func (v *MyTourView) set(ctx app.Context, e app.Event, change func(s *state.State)) {
	var teach string
	v.cleared = nil // an edit after "Remove every step" ends its undo
	v.Props.Set(ctx, e, func(s *state.State) { change(s); teach = s.Teach })
	ctx.Defer(func(app.Context) {
		t, _ := state.DecodeTeach(teach)
		for i, st := range t.Steps {
			dom.SetInputValue(noteID(i+1), st.Note)
		}
	})
}

// noteID is the id of step n's note box.
func noteID(n int) string { return "teach-note-" + strconv.Itoa(n) }

// move moves step i to place to, or removes it for to < 0.
func (v *MyTourView) move(i, to int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		v.edit(ctx, e, func(t *state.TeachTour) {
			if i >= len(t.Steps) || to >= len(t.Steps) {
				return
			}
			if to < 0 {
				t.Steps = append(t.Steps[:i], t.Steps[i+1:]...)
				return
			}
			t.Steps[i], t.Steps[to] = t.Steps[to], t.Steps[i]
		})
	}
}

// play returns the handler that shows step n, or for 0 the first that can
// be shown (found when called: go-app keeps a button's first handler while
// a new one is the same function, whatever it captured).
func (v *MyTourView) play(n int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		v.Props.Set(ctx, e, func(s *state.State) {
			k := n // not n itself: go-app keeps the first click's closure for the next
			if k == 0 {
				k = planOf(*s, v.Known).next(1, 1)
			}
			teachPlayed = GoToTeachStep(s, k, v.Known) // for the bar (TeachBar.showIfPlayed)
		})
	}
}

// renderActions is play, save, load and clear.
func (v *MyTourView) renderActions(lang string, p teachPlan) app.UI {
	first := p.next(1, 1)
	file := p.Tour.JSON()
	return app.Div().Class("teach-actions").Body(
		disabled(app.Button().ID("teach-play").Type("button").Class("predict-button"), first == 0).
			Text(i18n.T(lang, "teach.play")).OnClick(v.play(0)),
		app.A().ID("teach-save").Class("mx-button").
			Href("data:application/json;charset=utf-8,"+url.PathEscape(string(file))).
			Attr("download", "attnviz-tour.json").
			Text(i18n.T(lang, "teach.save")),
		app.Label().Class("mx-button", "mx-file").Body(
			app.Text(i18n.T(lang, "teach.load")),
			app.Input().ID("teach-file").Type("file").Accept(".json,application/json").OnChange(v.onFile),
		),
		disabled(app.Button().ID("teach-clear").Type("button").Class("mx-button"), len(p.Tour.Steps) == 0).
			Text(i18n.T(lang, "teach.clear")).
			OnClick(func(ctx app.Context, e app.Event) {
				var steps []state.TeachStep // the tour's at the click, not at the render
				v.edit(ctx, e, func(t *state.TeachTour) { steps, t.Steps = t.Steps, nil })
				v.cleared, v.answer = steps, ""
				v.focusNext(ctx, "#teach-undo") // the button clicked is disabled now
			}),
	)
}

// renderUndo says how many steps "Remove every step" removed, with a button
// that puts them back, while the tour is still empty.
func (v *MyTourView) renderUndo(lang string, p teachPlan) app.UI {
	if len(v.cleared) == 0 || len(p.Tour.Steps) > 0 {
		return nil
	}
	said := i18n.Tf(lang, "teach.cleared", len(v.cleared))
	if len(v.cleared) == 1 {
		said = i18n.T(lang, "teach.cleared1")
	}
	return app.P().ID("teach-cleared").Class("caption").Role("status").Body(
		app.Text(said+" "),
		app.Button().ID("teach-undo").Type("button").Class("small-button").Text(i18n.T(lang, "teach.undo")).
			OnClick(func(ctx app.Context, e app.Event) {
				steps := v.cleared
				v.edit(ctx, e, func(t *state.TeachTour) { t.Steps = steps })
				v.focusNext(ctx, "#teach-clear") // the button clicked is gone
			}),
	)
}

// renderAnswer is the message of the last file loaded.
func (v *MyTourView) renderAnswer() app.UI {
	id, class := "teach-loaded", "caption"
	if v.bad {
		id, class = "teach-file-error", "notice"
	}
	return Slot(v.answer != "", func() app.UI {
		return app.P().ID(id).Class(class).Role("status").Text(v.answer)
	})
}

// renderShare is the link to the tour's first step, or why there is none.
func (v *MyTourView) renderShare(lang string, p teachPlan) app.UI {
	s := v.Props.State
	if len(p.Tour.Steps) == 0 {
		return app.Div()
	}
	if !state.TeachFits(s) {
		return app.P().ID("teach-toolong").Class("notice").
			Text(i18n.Tf(lang, "teach.tooLong", (len(s.Teach)+1023)>>10, state.MaxTeachLink>>10))
	}
	link := s
	link.TeachStep = 0
	if first := p.next(1, 1); first > 0 {
		GoToTeachStep(&link, first, v.Known)
	}
	return app.Div().Class("field", "teach-share").Body(
		app.Label().For("teach-link").Class("field-name").Text(i18n.T(lang, "teach.link")),
		app.Input().ID("teach-link").Type("text").ReadOnly(true).Value(pageURL()+"#"+link.Encode()).
			OnFocus(func(ctx app.Context, e app.Event) { ctx.JSSrc().Call("select") }),
	)
}

// pageURL is the page's address without its fragment.
func pageURL() string {
	u := ""
	dom.Try(func() {
		loc := app.Window().Get("location")
		u = loc.Get("origin").String() + loc.Get("pathname").String()
	})
	return u
}

// onFile reads a chosen tour file and makes it the tour.
func (v *MyTourView) onFile(ctx app.Context, e app.Event) {
	lang := v.Props.State.Lang
	readFile(ctx, &v.reader, state.MaxTeachFile,
		func(size int) {
			v.answer, v.bad = i18n.Tf(lang, "teach.tooBig", size>>10, state.MaxTeachFile>>10), true
		},
		func(ctx app.Context, text string) { v.load(ctx, e, text) },
		func(key string) { v.answer, v.bad = i18n.T(lang, cmp.Or(key, "teach.fileError")), true })
}

// load makes a tour file's text the tour, or says why it cannot be.
func (v *MyTourView) load(ctx app.Context, e app.Event, text string) {
	lang := v.Props.State.Lang
	t, err := state.ParseTeach([]byte(text))
	if err != nil {
		v.answer, v.bad = i18n.Tf(lang, "teach.badFile", state.ErrorIn(err, lang)), true
		return
	}
	v.answer, v.bad = loadedMessage(v.Props.State, t, v.Known), false
	v.set(ctx, e, func(s *state.State) { s.Teach, s.TeachStep = state.EncodeTeach(t), 0 })
}

// Shorten returns s cut to n runes, with … if cut.
func Shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// noteBox is step n's box of its note, described by the caption that says
// how long a note may be once this one is near it.
func noteBox(n int, note, lang string) app.HTMLTextarea {
	box := app.Textarea().ID(noteID(n)).Class("teach-note").Rows(2).
		Aria("label", i18n.Tf(lang, "teach.noteLabel", n))
	if noteFull(note) {
		box = box.Aria("describedby", noteID(n)+"-full")
	}
	return box
}

// noteFull reports whether note is within a tenth of the longest a note
// may be (longer ones are cut: the page says so under its box).
func noteFull(note string) bool { return len(note) >= state.MaxTeachNote*9/10 }

// truncateUTF8 cuts s to at most n bytes, at a rune's boundary.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
