package app

import (
	"cmp"
	"encoding/json"
	"errors"
	"time"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/text"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Routes registers the visualizer's page with go-app's router. The wasm
// entry point and the static-site generator both call it.
func Routes() {
	if app.IsClient && sanitizeLocation() {
		badLinkAtStart = true
	}
	app.Route("/", func() app.Composer { return &Page{} })
}

// linkInterval is the least time between two rewrites of the link: Safari
// throws after 100 history.replaceState calls in 30 seconds.
const linkInterval = 350 * time.Millisecond

// Page is the visualizer: the sentence and the settings, the engine and its
// result, and the view that draws it. It owns the State; the components
// below it get copies and change it through its Setter.
type Page struct {
	app.Compo

	state  State
	engine attention.Engine
	result *attention.Result // what the charts show; nil when the text is empty
	rev    int               // increases whenever result changes

	errKey string // i18n key of why the current input is rejected; "" when it is not
	errArg any    // its argument
	notice string // i18n key of a dismissible notice; "" for none

	ctx         app.Context  // the page's own context, from OnMount
	hooks       []app.Func   // the functions of window.attnviz
	live        Live         // the view's drawer of heatmaps in the event (live.go)
	worker      workerAnswer // answers the service worker (browser.go)
	early       earlyInput   // what was typed before the wasm ran (browser.go)
	link        string       // the link state last read from or written to the URL
	linkWritten time.Time
	linkPending bool // a rewrite of the link is scheduled
}

// OnInit opens the view the link asks for (in the browser; the server
// pre-renders the default view) and computes it, before the first render.
// What a visitor typed into the pre-rendered page meanwhile replaces the
// link's sentence.
func (p *Page) OnInit() {
	lang, link := LangEN, ""
	if app.IsClient {
		lang = cmp.Or(storedLang(), browserLang(), LangEN)
		link = linkState()
		if badLinkAtStart {
			badLinkAtStart = false
			p.notice = "notice.badLink"
		}
		p.early = readEarlyInput()
	}
	p.open(link, DefaultState(lang))
	p.link = link
	if p.early.typed {
		p.set(app.Context{}, app.Event{}, func(s *State) { s.Text = p.early.text })
	}
}

// open shows the view of link, or def with a notice if link is malformed or
// its input rejected: a link never opens on an error.
func (p *Page) open(link string, def State) {
	s, err := DecodeState(link, def)
	if err != nil {
		// A bad link is the user's input, not the program's fault: the notice
		// says so, and the console stays free of errors.
		p.notice = "notice.badLink"
	}
	p.state = s
	p.compute()
	if p.errKey != "" {
		p.notice = "notice.badLink"
		p.state = def
		p.compute()
	}
}

// OnMount installs window.attnviz and writes the link back when it needs
// mending.
func (p *Page) OnMount(ctx app.Context) {
	p.ctx = ctx
	setDocumentLang(p.state.Lang)
	p.installHooks()
	p.worker.start(func() bool { return p.result == nil }) // an empty sentence has no charts
	if p.link != "" || p.early.typed {
		p.writeLink()
	}
	p.early.restoreCaret()
}

// OnNav follows a link edited in the address bar (go-app calls OnNav on the
// browser's popstate, which a change of fragment fires).
func (p *Page) OnNav(ctx app.Context) {
	if app.IsServer {
		return
	}
	link := linkState()
	if link == p.link {
		return
	}
	p.open(link, DefaultState(p.state.Lang))
	p.link = link
	setDocumentLang(p.state.Lang)
	p.writeLink()
	ctx.Defer(func(app.Context) { // an empty sentence too (setInputValue)
		setInputValue("sentence", p.state.Text)
		setInputValue("sentence2", p.state.Text2)
	})
}

// OnDismount removes window.attnviz, stops answering the service worker and
// releases its functions.
func (p *Page) OnDismount() {
	tryJS(func() { app.Window().Delete("attnviz") })
	for _, f := range p.hooks {
		f.Release()
	}
	p.hooks = nil
	p.worker.stop()
}

// installHooks sets window.attnviz, the read-only accessors of the
// end-to-end tests: result() returns the result the charts show as a JSON
// string (null when the text is empty), state() the settings as an object.
func (p *Page) installHooks() {
	result := jsFunc(func(app.Value, []app.Value) any {
		if p.result == nil {
			return nil
		}
		b, err := p.result.MarshalJSON()
		if err != nil {
			app.Log("attnviz:", err)
			return nil
		}
		return string(b)
	})
	state := jsFunc(func(app.Value, []app.Value) any {
		b, err := json.Marshal(p.state)
		if err != nil {
			return nil
		}
		return app.Window().Get("JSON").Call("parse", string(b))
	})
	p.hooks = []app.Func{result, state}
	tryJS(func() {
		hooks := app.Window().Get("Object").New()
		hooks.Set("result", result)
		hooks.Set("state", state)
		app.Window().Set("attnviz", hooks)
	})
}

// set is the page's Setter.
func (p *Page) set(ctx app.Context, e app.Event, change func(*State)) {
	start := eventTime(e)
	old := p.state
	change(&p.state)
	p.state.Normalize()
	if !p.state.SameInput(old) {
		p.compute()
	}
	p.afterChange(old)
	p.scheduleLinkWrite()
	if start <= 0 {
		return
	}
	if p.errKey == "" && p.live.Draw(p.props()) {
		// The view has drawn its heatmaps in this event, ahead of go-app's
		// frame, which updates the rest of the page (live.go); it declines
		// what changes more, such as another view. A rejected input's
		// answer is its message, which the frame shows.
		measureSince(start)
		return
	}
	// Defers run in order once the frame has updated the DOM, and the
	// charts queue theirs (setOption) during that update: a defer queued
	// by this one runs after every chart has drawn.
	ctx.Defer(func(ctx app.Context) {
		ctx.Defer(func(app.Context) { measureSince(start) })
	})
}

// props returns what the page hands its view.
func (p *Page) props() Props {
	return Props{State: p.state, Result: p.result, Rev: p.rev, Set: p.set, Live: &p.live}
}

// afterChange applies to the browser what changed since old.
func (p *Page) afterChange(old State) {
	if p.state.Lang != old.Lang {
		storeLang(p.state.Lang)
		setDocumentLang(p.state.Lang)
	}
}

// compute runs the engine on the state's input. On success result becomes
// its Result; empty text clears result (the view then prompts for a
// sentence); any other rejection sets errKey and leaves result as it was, so
// the last valid charts stay.
func (p *Page) compute() {
	res, err := p.engine.Run(p.state.Spec())
	if err == nil {
		p.result, p.errKey, p.errArg = res, "", nil
		p.rev++
		return
	}
	// Only the text can be wrong: every other setting comes from a choice.
	// Tokenizing again, on this rare path, tells which way.
	tokens, terr := text.Tokenize(p.state.Text)
	switch {
	case errors.Is(terr, text.ErrTooManyTokens):
		p.errKey, p.errArg = "error.tooMany", text.MaxTokens
	case terr == nil && len(tokens) == 0:
		p.result, p.errKey, p.errArg = nil, "", nil
		p.rev++
	default:
		p.errKey, p.errArg = "error.rejected", err.Error()
	}
}

// scheduleLinkWrite rewrites the link now, or once linkInterval has passed
// since the last rewrite.
func (p *Page) scheduleLinkWrite() {
	if p.linkPending || p.ctx.Context == nil {
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
// rejected: a copied link always opens a view that works.
func (p *Page) writeLink() {
	if p.errKey != "" {
		return
	}
	link := p.state.Encode()
	if link == p.link {
		return
	}
	if replaceLinkState(link) {
		p.link = link
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
	p.set(ctx, e, func(s *State) { s.Text = v })
}

// Render returns the page.
func (p *Page) Render() app.UI {
	lang := p.state.Lang
	v := viewByID(p.state.View)
	if v == nil {
		v = &views[0]
	}
	// The head buttons are those of the charts, which keep the last valid
	// result while the input is rejected.
	heads, head := p.state.Heads, p.state.Head
	if p.result != nil {
		heads = len(p.result.Heads)
	}
	if head >= heads {
		head = HeadMean
	}
	ownInput := ""
	if v.Spec != nil {
		ownInput = "own-input" // the sentence and the settings do not apply: app.css hides them
	}
	return app.Div().Class("page", ownInput).Body(
		app.Header().Class("top").Body(
			app.Div().Class("titles").Body(
				app.H1().Text(T(lang, "app.title")),
				app.P().Class("tagline").Text(T(lang, "app.tagline")),
			),
			p.tabs(lang),
			p.langSwitch(lang),
		),
		app.If(p.notice != "", func() app.UI { return p.renderNotice(lang) }),
		app.Main().Body(
			app.Section().Class("input").Body(
				app.Label().For("sentence").Class("sentence-label").Text(T(lang, "sentence.label")),
				app.Input().
					ID("sentence").
					Type("text").
					Value(p.state.Text).
					Placeholder(T(lang, "sentence.placeholder")).
					MaxLength(1000).
					AutoComplete(false).
					Spellcheck(false).
					Attr("autocapitalize", "off").
					Aria("invalid", p.errKey != "").
					OnInput(p.onSentence).
					On("compositionend", p.onSentence),
				app.If(p.errKey != "", func() app.UI {
					return app.P().ID("error").Class("error").Role("alert").Text(Tf(lang, p.errKey, p.errArg))
				}),
				p.tokens(lang),
			),
			app.Div().Class("workspace").Attr("inert", notYet()).Body(
				app.Aside().Class("sidebar").Body(
					&Controls{State: p.state, Set: p.set},
					&ScalingControls{State: p.state, Set: p.set},
					app.Div().Class("field").Body(
						app.Span().Class("field-name").Text(T(lang, "head.label")),
						&HeadPicker{Heads: heads, Selected: head, Lang: lang, Set: p.set},
					),
				),
				app.Div().Class("stage").Body(
					v.New(p.props()),
				),
			),
		),
		app.Footer().Body(app.P().Text(T(lang, "app.random"))),
	)
}

// tokens lists the tokens the charts show.
func (p *Page) tokens(lang string) app.UI {
	if p.result == nil {
		return nil
	}
	items := make([]app.UI, len(p.result.Tokens))
	for i, t := range p.result.Tokens {
		items[i] = app.Li().Text(t)
	}
	stale := ""
	if p.errKey != "" {
		stale = "stale" // the charts' tokens, no longer the text's
	}
	return app.Div().Class("tokens", stale).Body(
		app.Span().Class("tokens-count").Text(tokenCount(lang, len(items))),
		app.Ol().Class("token-list").Aria("label", T(lang, "tokens.label")).Body(items...),
	)
}

// tokenCount says how many tokens there are.
func tokenCount(lang string, n int) string {
	if n == 1 {
		return T(lang, "tokens.one")
	}
	return Tf(lang, "tokens.count", n)
}

// langSwitch is the language select, #lang.
func (p *Page) langSwitch(lang string) app.UI {
	options := make([]app.UI, len(Langs))
	for i, l := range Langs {
		options[i] = choice(l, T(l, "lang.name"), l == lang).Lang(l)
	}
	return app.Label().Class("lang").Attr("inert", notYet()).Body(
		app.Span().Class("field-name").Text(T(lang, "lang.label")),
		app.Select().
			ID("lang").
			Attr("value", lang).
			OnChange(func(ctx app.Context, e app.Event) {
				if l, ok := ParseLang(ctx.JSSrc().Get("value").String()); ok {
					p.set(ctx, e, func(s *State) { s.Lang = l })
				}
			}).
			Body(options...),
	)
}

// tabs switches between the views.
func (p *Page) tabs(lang string) app.UI {
	tabs := make([]app.UI, len(views))
	for i, v := range views {
		on := v.ID == p.state.View
		tabs[i] = app.Button().
			Type("button").
			Role("tab").
			Class("tab", classIf(on, "on")).
			Aria("selected", on).
			DataSet("view", v.ID).
			Text(T(lang, "view."+v.ID)).
			OnClick(func(ctx app.Context, e app.Event) {
				p.set(ctx, e, func(s *State) { s.View = v.ID })
			})
	}
	return app.Nav().Class("tabs").Role("tablist").Aria("label", T(lang, "views.label")).Attr("inert", notYet()).Body(tabs...)
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

// renderNotice is the dismissible notice, #notice.
func (p *Page) renderNotice(lang string) app.UI {
	return app.Div().ID("notice").Class("notice").Role("status").Body(
		app.Span().Text(T(lang, p.notice)),
		app.Button().
			Type("button").
			Class("dismiss").
			Aria("label", T(lang, "notice.dismiss")).
			Title(T(lang, "notice.dismiss")).
			Text("×").
			OnClick(func(ctx app.Context, e app.Event) { p.notice = "" }),
	)
}
