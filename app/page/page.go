package page

import (
	"cmp"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/attnviz/attnviz/app/chart"
	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
	"github.com/attnviz/attnviz/attention/model"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes registers the visualizer's page with go-app's router. The wasm
// entry point and the static-site generator both call it; in the browser it
// first sets the mark attnviz:main.
func Routes() {
	dom.Mark(dom.MarkMain)
	if app.IsClient && sanitizeLocation() {
		badLinkAtStart = true
	}
	app.Route("/", func() app.Composer { return &Page{} })
}

// linkInterval is the least time between two rewrites of the link: Safari
// throws after 100 history.replaceState calls in 30 seconds.
const linkInterval = 350 * time.Millisecond

// Page is the visualizer: the state, the compute.Computer that makes its
// results, and the view that shows them (registry.go). It owns the
// state.State; the components below it get copies and change it through its
// views.Setter.
type Page struct {
	app.Compo

	state    state.State
	comp     compute.Computer // owns the engines
	res      compute.Results  // what the views show
	sweepGen int              // the sweep whose runs are scheduled (scheduleSweep)
	learn    learnLoop        // the Learn view's training (learn.go)

	notice       string              // i18n key of a dismissible notice; "" for none
	linkProblems []state.LinkProblem // the link's settings that notice.linkParts names
	linkReset    []string            // the keys notice.linkReset names (history.go)
	mine         *state.State        // the student's, before the tour replaced it (tour_mine.go); nil for none

	ctx         app.Context  // the page's own context, from OnMount
	hooks       []app.Func   // the functions of window.attnviz
	live        views.Live   // the view's drawer of heatmaps in the event (app/views/live.go)
	alone       views.Alone  // the parts a keystroke re-renders without the page (alone.go)
	worker      workerAnswer // answers the service worker (browser.go)
	rest        restClock    // when the page last changed (browser.go)
	early       earlyInput   // what was typed before the wasm ran (browser.go)
	link        string       // the link state last read from or written to the URL
	place       string       // placeOf the state in link (history.go)
	onPop       app.Func     // follows Back and Forward (history.go)
	linkWritten time.Time
	linkPending bool // a rewrite of the link is scheduled
	focusBack   bool // the notice's Back was pressed from the keyboard (refocus)

	presenter presenter     // presentation mode's keys and full screen (present.go)
	first     firstScreen   // the pre-rendered parts the first render holds (first_screen.go)
	score     compute.Score // predict-then-reveal's score over the session
}

// OnInit opens the view the link asks for (in the browser; the server
// pre-renders the default view) and computes it, before the first render.
// What a visitor typed into the pre-rendered page meanwhile replaces the
// link's sentence.
func (p *Page) OnInit() {
	lang, link, bad := i18n.LangEN, "", false
	if app.IsClient {
		lang = cmp.Or(storedLang(), browserLang(), i18n.LangEN)
		link = linkState()
		bad, badLinkAtStart = badLinkAtStart, false
		if bad && badLinkLang != "" {
			lang = badLinkLang // as a link that opens says (open)
		}
		p.early = readEarlyInput()
	}
	p.open(link, state.DefaultState(lang))
	if bad {
		p.notice = "notice.badLink" // the link the page was opened with, which open no longer sees
	}
	p.link, p.place = link, placeOf(p.state)
	if p.early.typed {
		p.set(app.Context{}, app.Event{}, func(s *state.State) { s.Text = p.early.text })
	} else if app.IsClient && link == "" && lang == i18n.LangEN && p.notice == "" {
		p.first.hold() // the page the server pre-rendered (first_screen.go)
	}
}

// open shows the view of link. A setting it cannot use keeps def's, and the
// notice names it (link_open.go); a malformed link, or input that computes
// in no way, gives def with a notice: a link never opens on an error.
func (p *Page) open(link string, def state.State) {
	if l := state.LinkLang(link); l != "" && l != def.Lang {
		def = state.DefaultState(l) // a link that cannot open keeps its language
	}
	s, probs, err := state.DecodeLink(link, def)
	if err == nil {
		s, probs = knownParts(s, def, probs)
		s = teachOnOpen(tourOnOpen(s, link), link)
	}
	p.linkProblems = probs // named in the notice (link_open.go)
	switch p.notice {
	case "notice.linkParts", "notice.badLink", "notice.badTeach", "notice.linkReset":
		p.notice = "" // an earlier link's, in the same page
	}
	if err != nil || len(probs) > 0 {
		// A bad link is the user's input, not the program's fault: the notice
		// says so, and the console stays free of errors.
		p.notice = "notice.linkParts"
		if err != nil {
			p.notice = "notice.badLink"
		}
	}
	p.state = s
	p.update()
	if p.res.Rejected.Key != "" && !p.badProbeToLearn() && !p.keepGoodInput(def) {
		p.notice, p.linkProblems = "notice.badLink", nil
		p.state = def
		p.update()
		return
	}
	p.dropCellOutside()
}

// known returns an error if s names a view or a pipeline step that does
// not exist: the link codec (app/state) reads ids, and the page knows which
// there are.
func known(s state.State) error {
	if viewByID(s.View) == nil {
		return errors.New("link state: view: no such view")
	}
	if s.Step != "" && s.View != state.TourViewID && !views.HasStep(s.Step) {
		return errors.New("link state: step: no such pipeline step")
	}
	if _, err := model.Lookup(s.Task); err != nil {
		return errors.New("link state: task: no such task")
	}
	return nil
}

// OnMount marks attnviz:mounted (go-app has mounted the first render),
// installs window.attnviz, writes the link back when it needs mending, and
// starts the sweep that the first render asked for.
func (p *Page) OnMount(ctx app.Context) {
	dom.Mark(dom.MarkMounted)
	p.ctx = ctx
	p.rest.changed() // the page rests from its start
	setDocumentLang(p.state.Lang)
	if p.first.holding() {
		p.first.release() // the frame after this dispatch mounts the held parts
		ctx.Defer(func(app.Context) { p.installHooks() })
	} else {
		p.installHooks()
	}
	p.worker.start(func() bool { return p.res.Result == nil }, // an empty sentence has no charts
		func() bool { return p.comp.WorkerTraining() || p.comp.TrainPending(p.state) }, &p.rest)
	if p.link != "" || p.early.typed {
		p.writeLink()
	}
	p.early.restoreCaret()
	p.scheduleSweep(0)
	p.startPresenter()
	p.listenPopState()
	p.update() // starts the Learn view's worker, if it is shown
	warmGC()
}

// OnNav follows a link edited in the address bar (go-app calls OnNav on the
// browser's popstate, which a change of fragment fires). A link means the
// same in every tab: what it leaves out takes the defaults, as when it is
// opened anew (a link pasted over this tab's is not mixed with it).
func (p *Page) OnNav(ctx app.Context) {
	if app.IsServer {
		return
	}
	link := linkState()
	if link == p.link {
		return
	}
	p.rest.changed()
	was, typed := p.state, p.typedLink()
	p.open(link, state.DefaultState(p.state.Lang))
	p.forgetMine(typed)
	if !typed {
		p.keepMine(was) // Forward into the tour, as a click into it
	}
	p.noteReset(link, was, typed)
	if typed {
		markEntry() // the page's own from now on, for Back and Forward
	}
	p.link, p.place = link, placeOf(p.state)
	setDocumentLang(p.state.Lang)
	p.writeLink()
	p.refocus(ctx)
	ctx.Defer(func(app.Context) { // an empty sentence too (dom.SetInputValue)
		dom.SetInputValue("sentence", p.state.Text)
		dom.SetInputValue("sentence2", p.state.Sentence2())
	})
}

// OnDismount removes window.attnviz, stops answering the service worker and
// releases its functions.
func (p *Page) OnDismount() {
	dom.Try(func() { app.Window().Delete("attnviz") })
	for _, f := range p.hooks {
		f.Release()
	}
	p.hooks = nil
	p.stopPopState()
	p.worker.stop()
	p.stopPresenter()
	p.stopWorker()
}

// installHooks sets window.attnviz, the read-only accessors of the
// end-to-end tests: result() returns the result the charts show as a JSON
// string (null when the text is empty; in the Learn view, the selected
// layer on the probe), state() the settings as an object, and the Learn
// view's training() and model() (learnHooks).
func (p *Page) installHooks() {
	result := dom.Func(func(app.Value, []app.Value) any {
		if p.res.Training != nil && p.state.View == state.LearnViewID {
			js, err := p.learnResult()
			if js == "" || err != nil {
				return nil
			}
			return js
		}
		if p.res.Result == nil {
			return nil
		}
		b, err := p.res.Result.MarshalJSON()
		if err != nil {
			app.Log("attnviz:", err)
			return nil
		}
		return string(b)
	})
	settings := dom.Func(func(app.Value, []app.Value) any {
		b, err := json.Marshal(p.state)
		if err != nil {
			return nil
		}
		return app.Window().Get("JSON").Call("parse", string(b))
	})
	teach := dom.Func(func(app.Value, []app.Value) any { return teachFile(p.state) })
	training, model := p.learnHooks()
	p.hooks = []app.Func{result, settings, teach, training, model}
	dom.Try(func() {
		hooks := app.Window().Get("Object").New()
		hooks.Set("result", result)
		hooks.Set("state", settings)
		hooks.Set("teach", teach)
		hooks.Set("training", training)
		hooks.Set("model", model)
		app.Window().Set("attnviz", hooks)
	})
}

// set is the page's views.Setter.
func (p *Page) set(ctx app.Context, e app.Event, change func(*state.State)) {
	start := dom.EventTime(e)
	p.rest.changed()
	old, was := p.state, p.res
	change(&p.state)
	p.state.NewGuessOnView(old)
	p.state.Normalize()
	if placeOf(p.state) != placeOf(old) {
		p.leavePlace(old)
	}
	p.update()
	p.afterChange(old)
	p.scheduleLinkWrite()
	if old.Probe != p.state.Probe && p.probeAlone(ctx, old, was, start) {
		return
	}
	if start <= 0 {
		return
	}
	if p.res.Rejected.Key == "" && p.live.Draw(p.props()) {
		// The view has drawn its heatmaps in this event, ahead of go-app's
		// frame, which updates the rest of the page (app/views/live.go); it declines
		// what changes more, such as another view. A rejected input's
		// answer is its message, which the frame shows.
		dom.MeasureSince(start)
		p.renderAlone(ctx, old, was)
		return
	}
	// Defers run in order once the frame has updated the DOM, and the
	// charts queue theirs (setOption) during that update, which may run in
	// the next tasks (app/chart/schedule.go): the measure waits for them.
	ctx.Defer(func(ctx app.Context) {
		ctx.Defer(func(app.Context) { chart.AfterDraws(func() { dom.MeasureSince(start) }) })
	})
}

// inputClass is the page's class that hides the sentence and the settings
// (app.css) where they do not apply: "own-input" in the matrices view, the
// Learn view and the tour's Learn step; "trained-input" on a trained layer,
// where the heads still do; "" elsewhere.
func inputClass(s state.State) string {
	switch {
	case s.OwnInput() || views.ShownView(s) == state.LearnViewID:
		return "own-input"
	case s.TrainedOn():
		return "trained-input"
	}
	return ""
}

// props returns what the page hands its view.
func (p *Page) props() views.Props {
	return views.Props{State: p.state, Results: p.res, Set: p.set, Live: &p.live, Alone: &p.alone, Score: p.score, Train: p.train, Redraw: &p.learn.redraw}
}

// afterChange applies to the browser what changed since old, and keeps the
// student's work that opening the tour replaced (tour_mine.go).
func (p *Page) afterChange(old state.State) {
	p.keepMine(old)
	if p.state.PredictShown && !old.PredictShown {
		p.score.Add(p.res.Predict)
	}
	if p.state.Lang != old.Lang {
		storeLang(p.state.Lang)
		setDocumentLang(p.state.Lang)
	}
	// go-app cannot empty a text box (dom.SetInputValue): a sentence that
	// something other than its box emptied, such as a teacher's step.
	if p.state.Text == "" && old.Text != "" {
		dom.SetInputValue("sentence", "")
	}
	if p.state.Sentence2() == "" && old.Sentence2() != "" {
		dom.SetInputValue("sentence2", "")
	}
}

// update brings the results up to date with the state: the computer runs
// what changed (a change of only how the result is looked at runs no
// engine), and the sweep, if the view needs one, is scheduled. At an
// arrival at the tour's learning step, training starts (tour_learn.go).
func (p *Page) update() {
	p.startWorker() // before the Computer's first training run
	arrived := p.arriveTourLearn()
	p.res = p.comp.Update(p.state, p.needs())
	if arrived && p.comp.SetTraining(p.state, true) {
		p.res = p.comp.Update(p.state, p.needs()) // shows it running
	}
	p.scheduleSweep(sweepDelay)
	p.scheduleTraining()
}

// needs returns what the view shown needs computed.
func (p *Page) needs() compute.Need { return needsOf(p.state) }

// needsOf returns what the view of s needs computed: in the tour, the
// step's view's needs; and the model, where s shows a trained layer.
func needsOf(s state.State) compute.Need {
	var n compute.Need
	if v := viewByID(views.ShownView(s)); v != nil {
		n = v.Needs
	}
	if s.TrainedOn() {
		n |= compute.NeedTraining
	}
	return n
}

// sweepDelay is how long the settings must stay as they are before the
// sweep of the new ones starts: typing waits for no sweep.
const sweepDelay = 150 * time.Millisecond

// scheduleSweep runs the pending sweep a run of one head per task
// (compute.Computer.SweepStep, inNewTask), the first after delay, unless it is
// scheduled already. The line charts show the last whole sweep until the
// new one is done. On the server (pre-rendering, tests), with no browser to
// keep responsive, it runs the sweep at once.
func (p *Page) scheduleSweep(delay time.Duration) {
	gen, ok := p.comp.SweepPending()
	switch {
	case !ok:
	case app.IsServer:
		for !p.comp.SweepStep() {
		}
		p.res = p.comp.Update(p.state, p.needs())
	case gen != p.sweepGen && p.ctx.Context != nil: // else OnMount schedules it
		p.sweepGen = gen
		p.ctx.After(delay, func(ctx app.Context) { p.sweepStep(ctx, gen) })
	}
}

// sweepStep runs one run of sweep gen and schedules the next, while gen is
// still the sweep to compute and its view is shown; the last one updates
// the page.
func (p *Page) sweepStep(ctx app.Context, gen int) {
	if g, ok := p.comp.SweepPending(); !ok || g != gen || p.needs()&compute.NeedSweep == 0 {
		if p.sweepGen == gen {
			p.sweepGen = 0 // the view comes back to it (update)
		}
		ctx.PreventUpdate()
		return
	}
	if !p.comp.SweepStep() {
		ctx.PreventUpdate()
		if !p.inNewTask(func(ctx app.Context) { p.sweepStep(ctx, gen) }, 0) {
			p.sweepGen = 0 // the next update schedules it again
		}
		return
	}
	p.res = p.comp.Update(p.state, p.needs()) // the view renders the new lines
}

// scheduleLinkWrite rewrites the link now, or once linkInterval has passed
// since the last rewrite; a new place (history.go) at once.
func (p *Page) scheduleLinkWrite() {
	if p.ctx.Context == nil {
		return
	}
	if placeOf(p.state) != p.place { // a new place is written at once
		p.writeLink()
		return
	}
	if p.linkPending {
		return
	}
	wait := linkInterval - time.Since(p.linkWritten)
	if wait <= 0 {
		p.writeLink()
		return
	}
	p.linkPending = true
	p.ctx.After(wait, func(ctx app.Context) {
		p.linkPending = false
		p.writeLink()
		ctx.PreventUpdate() // nothing on the page changed
	})
}

// writeLink puts the current state into the URL, unless the input is
// rejected: a copied link always opens a view that works. A new view or
// tour step adds a history entry; any other change replaces the entry.
func (p *Page) writeLink() {
	if p.res.Rejected.Key != "" {
		return
	}
	link := p.state.Encode()
	if link == p.link {
		return
	}
	place, write := placeOf(p.state), replaceLinkState
	if place != p.place {
		write = pushLinkState
		if p.notice == "notice.linkReset" {
			p.notice = "" // Back would no longer return to what the student had
		}
		p.linkReset = nil
	}
	if write(link) {
		p.link, p.place = link, place
		p.linkWritten = time.Now()
	}
}

// onSentence recomputes on every input event of #sentence. While an input
// method composes (pinyin becoming 汉字), it waits for compositionend.
func (p *Page) onSentence(ctx app.Context, e app.Event) {
	if e.Value != nil && e.Get("isComposing").Truthy() {
		return
	}
	v := ctx.JSSrc().Get("value").String()
	p.set(ctx, e, func(s *state.State) { s.Text = v })
}

// Render returns the page.
func (p *Page) Render() app.UI {
	lang := p.state.Lang
	v := viewByID(p.state.View)
	if v == nil {
		v = &registry[0]
	}
	if p.state.Present {
		return p.renderPresent(lang, v)
	}
	// The head buttons are those of the charts, which keep the last valid
	// result while the input is rejected.
	heads, head := p.res.Heads, p.res.Head
	return app.Div().Class("page", inputClass(p.state), views.ClassIf(p.state.HighContrast, "high-contrast")).Body(
		app.Header().Class("top").Body(
			app.Div().Class("titles").Body(
				app.H1().Text(i18n.T(lang, "app.title")),
				app.P().Class("tagline").Text(i18n.T(lang, "app.tagline")),
			),
			p.first.part(heldTabs, func() app.UI { return p.tabs(lang) }),
			p.first.part(heldPresent, func() app.UI { return p.presentButton(lang) }),
			p.first.part(heldLang, func() app.UI { return p.langSwitch(lang) }),
		),
		views.Slot(p.notice != "", func() app.UI { return p.renderNotice(lang) }),
		app.Main().Body(
			app.Section().Class("input").Body(
				app.Label().For("sentence").Class("sentence-label").Text(i18n.T(lang, "sentence.label")),
				p.sentence(lang),
				p.rejected(lang),
				p.first.part(heldTokens, func() app.UI { return views.TokensOf(p.props()) }),
				p.first.part(heldPresets, func() app.UI {
					return &views.Presets{State: p.state, Set: p.set, Inert: notYet(), Alone: &p.alone}
				}),
			),
			app.Div().Class("workspace").Attr("inert", notYet()).Body(
				p.first.part(heldSidebar, func() app.UI { return p.sidebar(lang, heads, head) }),
				app.Div().Class("stage").ID(views.TabPanelID).Role("tabpanel").Aria("labelledby", views.TabID(v.ID)).Body(
					p.first.part(heldTools, p.stageTools),
					&views.TeachBar{Props: p.props(), Known: knownOf},
					&views.TrainedBar{Props: p.props()},
					v.New(p.props()),
				),
			),
		),
		app.Footer().Body(app.P().Text(i18n.T(lang, "app.random"))),
	)
}

// sidebar is the settings' column: the controls and the head picker.
func (p *Page) sidebar(lang string, heads, head int) app.UI {
	return app.Aside().Class("sidebar").Body(
		&views.Controls{State: p.state, Set: p.set},
		&views.ScalingControls{State: p.state, Set: p.set},
		&views.ColourControls{State: p.state, Set: p.set},
		app.Div().Class("field").Body(
			app.Span().Class("field-name").Text(i18n.T(lang, "head.label")),
			&views.HeadPicker{Heads: heads, Selected: head, Lang: lang, Set: p.set},
		),
	)
}

// stageTools are the export menu and the keyboard shortcuts' button.
func (p *Page) stageTools() app.UI {
	return app.Div().Class("stage-tools").Body(
		&views.ExportMenu{Props: p.props()},
		&views.Shortcuts{Props: p.props(), Views: viewIDs()},
	)
}

// sentence is the sentence's input, #sentence.
func (p *Page) sentence(lang string) app.UI {
	return app.Input().
		ID("sentence").
		Type("text").
		Value(p.state.Text).
		Placeholder(i18n.T(lang, "sentence.placeholder")).
		MaxLength(1000).
		AutoComplete(false).
		Spellcheck(false).
		Attr("autocapitalize", "off").
		Aria("invalid", p.res.Rejected.Key != "" && !p.res.Rejected.OnKV()).
		OnInput(p.onSentence).
		On("compositionend", p.onSentence)
}

// rejected says why the input is rejected, #error, while it is.
func (p *Page) rejected(lang string) app.UI {
	return views.Slot(p.res.Rejected.Key != "", func() app.UI {
		return app.P().ID("error").Class("error").Role("alert").Text(views.ProblemText(lang, p.res.Rejected))
	})
}

// langSwitch is the language select, #lang.
func (p *Page) langSwitch(lang string) app.UI {
	options := make([]app.UI, len(i18n.Langs))
	for i, l := range i18n.Langs {
		options[i] = views.Choice(l, i18n.T(l, "lang.name"), l == lang).Lang(l)
	}
	return app.Label().Class("lang").Attr("inert", notYet()).Body(
		app.Span().Class("field-name").Text(i18n.T(lang, "lang.label")),
		app.Select().
			ID("lang").
			Attr("value", lang).
			OnChange(func(ctx app.Context, e app.Event) {
				if l, ok := i18n.ParseLang(ctx.JSSrc().Get("value").String()); ok {
					p.set(ctx, e, func(s *state.State) { from := s.Lang; s.Lang = l; state.SentencesInLang(s, from); tourInLang(s) })
				}
			}).
			Body(options...),
	)
}

// notYet is the inert attribute of the pre-rendered page's controls, "" (no
// attribute) in the live one. Until the wasm has loaded, a control would do
// nothing, or its change would be undone when go-app replaces the page; only
// the sentence works early (readEarlyInput). Inert, a control cannot be
// focused or changed, and the loading badge says why.
func notYet() string {
	if app.IsServer {
		return "inert"
	}
	return ""
}

// noticeText is the notice's text in lang, with what it names: the keys
// of notice.linkReset as code, in no language, also after a notice of the
// link's unusable settings (offersBack).
func (p *Page) noticeText(lang string) app.UI {
	if p.notice == "notice.tourMine" {
		return app.Span().Text(p.mineText(lang))
	}
	if p.notice != "notice.linkReset" {
		text := app.Text(i18n.T(lang, p.notice) + linkProblemsText(lang, p.notice, p.linkProblems))
		if !p.offersBack() {
			return app.Span().Body(text)
		}
		return app.Span().Body(append([]app.UI{text, app.Text(" ")}, p.resetText(lang)...)...)
	}
	return app.Span().Body(p.resetText(lang)...)
}

// offersBack reports whether the notice offers Back to what the page had
// before a link typed over the address (notice.linkReset's text and
// button): its own, or a notice of the link's unusable settings.
func (p *Page) offersBack() bool {
	return len(p.linkReset) > 0 && (p.notice == "notice.linkReset" || p.notice == "notice.linkParts")
}

// resetText is notice.linkReset's text in lang, with the keys it names.
func (p *Page) resetText(lang string) []app.UI {
	before, after, _ := strings.Cut(i18n.T(lang, "notice.linkReset"), "%s")
	body := []app.UI{app.Text(before)}
	for i, key := range p.linkReset {
		if i > 0 {
			body = append(body, app.Text(i18n.T(lang, "list.sep")))
		}
		body = append(body, app.Code().Attr("translate", "no").Text(key))
	}
	return append(body, app.Text(after))
}

// renderBackButton is notice.linkReset's button, #notice-back: Back, to
// the page as it was before the link.
func (p *Page) renderBackButton(lang string) app.UI {
	return app.Button().ID("notice-back").Class("small-button").Type("button").Text(i18n.T(lang, "notice.linkBack")).
		OnClick(func(ctx app.Context, e app.Event) {
			p.notice = ""
			p.focusBack = e.Get("detail").Int() == 0 // pressed from the keyboard
			dom.Try(func() { app.Window().Get("history").Call("back") })
		})
}

// refocus gives the keyboard focus, after Back from the notice pressed
// from the keyboard (focusBack), to the page (focusPage): the browser's
// move to the fragment left it on the body. A click or a tap moves none (a
// phone would open its keyboard).
func (p *Page) refocus(ctx app.Context) {
	if !p.focusBack {
		return
	}
	p.focusBack = false
	ctx.Defer(func(app.Context) { focusPage() })
}

// focusPage focuses the sentence, or where none is shown, the open view's
// tab, or in presentation mode the view's choice.
func focusPage() {
	_ = dom.FocusTaken("#sentence") || dom.FocusTaken(`.tabs [aria-selected="true"]`) || dom.FocusTaken("#present-view")
}

// dismissNotice closes the notice; pressed from the keyboard (a click of
// detail 0), it gives the focus to the page, which the button took with it.
// The page's context defers it: the button's would not run once it is gone.
func (p *Page) dismissNotice(_ app.Context, e app.Event) {
	p.notice = ""
	if e.Get("detail").Int() == 0 {
		p.ctx.Defer(func(app.Context) { focusPage() })
	}
}

// renderNotice is the dismissible notice, #notice.
func (p *Page) renderNotice(lang string) app.UI {
	return app.Div().ID("notice").Class("notice").Role("status").Body(
		p.noticeText(lang),
		app.If(p.offersBack(), func() app.UI { return p.renderBackButton(lang) }),
		app.If(p.notice == "notice.tourMine" && p.mine != nil, func() app.UI { return p.renderMineButton(lang) }),
		app.Button().
			Type("button").
			Class("dismiss").
			Aria("label", i18n.T(lang, "notice.dismiss")).
			Title(i18n.T(lang, "notice.dismiss")).
			Text("×").
			OnClick(p.dismissNotice),
	)
}
