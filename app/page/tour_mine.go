package page

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// A tour step is a state of the page: opening the tour replaces the
// student's sentence and settings with the step's. The page keeps what the
// student had (Page.mine) and says so (notice.tourMine), with a button,
// #notice-mine, that puts it back.

// work is what a student makes in the page that a tour step replaces: the
// sentences, the matrices' spec, the training run and its probes.
type work struct {
	text, text2, matrices, task, probe, probe2 string
	steps                                      int
}

// workOf returns s's work.
func workOf(s state.State) work {
	return work{s.Text, s.Text2, s.Matrices, s.Task, s.Probe, s.Probe2, s.Steps}
}

// replacesMine reports whether the change from old to now opened the tour
// over work of the student's own: work that is not the page's default and
// not one of the tour's steps' (left for another view and come back to).
func replacesMine(old, now state.State) bool {
	return now.View == state.TourViewID && old.View != state.TourViewID &&
		workOf(old) != workOf(state.DefaultState(old.Lang)) && workOf(old) != workOf(now) && !tourWork(old)
}

// tourWork reports whether s's work is that of a step of s's tour.
func tourWork(s state.State) bool {
	for n := 1; n <= views.TourStepCount(s.Tour); n++ {
		if t := s; views.GoToTourStep(&t, n) && workOf(t) == workOf(s) {
			return true
		}
	}
	return false
}

// keepMine, after a change from old (a click, or Back and Forward), keeps
// old as the student's when the change opened the tour over it.
func (p *Page) keepMine(old state.State) {
	if replacesMine(old, p.state) {
		p.mine, p.notice = &old, "notice.tourMine"
	}
}

// forgetMine, after Back or Forward, drops the kept state and its notice
// once the page shows the student's work again, or when a link typed over
// the address brings its own notice.
func (p *Page) forgetMine(typed bool) {
	if p.mine == nil || !typed && (p.state.View == state.TourViewID || workOf(p.state) != workOf(*p.mine)) {
		return
	}
	p.mine = nil
	if p.notice == "notice.tourMine" {
		p.notice = ""
	}
}

// mineRestored returns cur with the student's work and settings of mine
// back, and the view they were in; the language, presentation mode, theme
// and teacher's tour stay as they are now.
func mineRestored(cur, mine state.State) state.State {
	s := mine
	s.Lang, s.Present, s.HighContrast, s.Teach, s.TeachStep = cur.Lang, cur.Present, cur.HighContrast, cur.Teach, cur.TeachStep
	state.SentencesInLang(&s, mine.Lang)
	return s
}

// mineText is notice.tourMine's text in lang, quoting the student's
// sentence.
func (p *Page) mineText(lang string) string {
	if p.mine == nil {
		return ""
	}
	return i18n.Tf(lang, "notice.tourMine", views.Shorten(p.mine.Text, 40))
}

// renderMineButton is notice.tourMine's button: back to the student's.
// Pressed from the keyboard, it gives the focus to the page, as the notice's
// other buttons do. The page's context runs the change: the button's defers
// would not run once it is gone (the update's measure among them).
func (p *Page) renderMineButton(lang string) app.UI {
	return app.Button().ID("notice-mine").Class("small-button").Type("button").Text(i18n.T(lang, "notice.tourMineBack")).
		OnClick(func(_ app.Context, e app.Event) {
			if p.mine == nil {
				return
			}
			mine := *p.mine
			p.mine, p.notice = nil, ""
			p.set(p.ctx, e, func(s *state.State) { *s = mineRestored(*s, mine) })
			if e.Get("detail").Int() == 0 {
				p.ctx.Defer(func(app.Context) { focusPage() })
			}
		})
}
