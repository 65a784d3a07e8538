package page

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
)

// Presentation mode (state.State.Present, present=1 in links): the browser's
// full screen where it allows it, the view's chart filling the screen with
// large type (chart.Heatmap.Large), the settings collapsed into one bar of
// the sentence, the causal mask and the head, in a high-contrast theme
// (web/app.css, .present). The button #present and the key P switch it;
// Esc, or leaving full screen, ends it.

// presenter listens for presentation mode's keys and for the browser
// leaving full screen.
type presenter struct {
	onKey        app.Func // the document's keydown listener
	onFullscreen app.Func // its fullscreenchange listener
	ignore       app.Func // catches a refused full screen's promise
	full         bool     // the page asked for full screen and has not left it
}

// startPresenter listens on the document.
func (p *Page) startPresenter() {
	if app.IsServer {
		return
	}
	pr := &p.presenter
	pr.onKey = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		on, ok := presentKey(ev, p.state)
		if !ok {
			return nil
		}
		ev.Call("preventDefault")
		e := app.Event{Value: ev}
		p.ctx.Dispatch(func(ctx app.Context) { p.setPresent(ctx, e, on) })
		return nil
	})
	pr.onFullscreen = dom.Func(func(app.Value, []app.Value) any {
		if !pr.full || fullscreenElement().Truthy() {
			return nil
		}
		pr.full = false // the browser left full screen (Esc): so does the page
		p.ctx.Dispatch(func(ctx app.Context) {
			if p.state.Present {
				p.setPresent(ctx, app.Event{}, false)
			}
		})
		return nil
	})
	pr.ignore = dom.Func(func(app.Value, []app.Value) any { return nil })
	dom.Try(func() {
		doc := app.Window().Get("document")
		doc.Call("addEventListener", "keydown", pr.onKey)
		doc.Call("addEventListener", "fullscreenchange", pr.onFullscreen)
	})
}

// stopPresenter stops listening and releases the listeners.
func (p *Page) stopPresenter() {
	pr := &p.presenter
	if pr.onKey == nil {
		return
	}
	dom.Try(func() {
		doc := app.Window().Get("document")
		doc.Call("removeEventListener", "keydown", pr.onKey)
		doc.Call("removeEventListener", "fullscreenchange", pr.onFullscreen)
	})
	pr.onKey.Release()
	pr.onFullscreen.Release()
	pr.ignore.Release()
	*pr = presenter{}
}

// presentKey returns what the key event ev asks of presentation mode in s
// (presentKeyOf).
func presentKey(ev app.Value, s state.State) (on, ok bool) {
	modified := ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() || ev.Get("repeat").Bool()
	return presentKeyOf(ev.Get("key").String(), modified, views.Editable(ev.Get("target"), false), s)
}

// presentKeyOf returns what key asks of presentation mode in s: P switches
// it (but with a modifier, or typed into a text box), Esc leaves it (unless
// the pipeline's open step takes Esc to close). ok is false for any other
// key.
func presentKeyOf(key string, modified, inText bool, s state.State) (on, ok bool) {
	switch {
	case modified:
		return false, false
	case key == "p" || key == "P":
		return !s.Present && !inText, !inText
	case key == "Escape":
		return false, s.Present && !(s.View == "pipeline" && s.Step != "")
	}
	return false, false
}

// setPresent switches presentation mode on or off, and full screen with it
// where the browser allows: from a click or a key, not from a link.
func (p *Page) setPresent(ctx app.Context, e app.Event, on bool) {
	p.set(ctx, e, func(s *state.State) { s.Present = on })
	pr := &p.presenter
	dom.Try(func() {
		doc := app.Window().Get("document")
		switch {
		case on && !fullscreenElement().Truthy() && doc.Get("fullscreenEnabled").Truthy():
			pr.full = true
			doc.Get("documentElement").Call("requestFullscreen").Call("catch", pr.ignore)
		case !on && fullscreenElement().Truthy():
			pr.full = false
			doc.Call("exitFullscreen").Call("catch", pr.ignore)
		}
	})
}

// fullscreenElement is the document's element in full screen, or null.
func fullscreenElement() app.Value {
	return app.Window().Get("document").Get("fullscreenElement")
}

// presentButton is #present: it switches presentation mode.
func (p *Page) presentButton(lang string) app.UI {
	on := p.state.Present
	label := map[bool]string{false: "present.on", true: "present.off"}[on]
	title := map[bool]string{false: "present.title", true: "present.exit"}[on]
	return app.Button().ID("present").Type("button").Class("present-button").Attr("inert", notYet()).
		Aria("pressed", on).
		Attr("aria-keyshortcuts", "P").
		Title(i18n.T(lang, title)).
		Text(i18n.T(lang, label)).
		OnClick(func(ctx app.Context, e app.Event) { p.setPresent(ctx, e, !p.state.Present) })
}

// renderPresent is the page in presentation mode: one bar, then the view;
// the keyboard shortcuts work as outside it.
func (p *Page) renderPresent(lang string, v *view) app.UI {
	return app.Div().Class("page", "present", inputClass(p.state)).Body(
		// A banner landmark, so that everything on the page is in one; the
		// page's title, for screen readers only.
		app.Header().Class("present-bar").Aria("label", i18n.T(lang, "present.bar")).Body(
			app.H1().Class("visually-hidden").Text(i18n.T(lang, "app.title")),
			app.Div().Class("present-sentence").Body(
				app.Label().For("sentence").Class("visually-hidden").Text(i18n.T(lang, "sentence.label")),
				p.sentence(lang),
			),
			&views.PresentTrained{Props: p.props()},
			&views.PresentControls{State: p.state, Heads: p.res.Heads, Selected: p.res.Head, Set: p.set},
			p.viewSelect(lang),
			p.presentButton(lang),
			app.If(p.state.View == state.TourViewID, func() app.UI { return &views.TourBar{Props: p.props()} }),
			app.If(p.state.TeachStep > 0, func() app.UI { return &views.TeachBar{Props: p.props(), Known: knownOf} }),
		),
		views.Slot(p.notice != "", func() app.UI { return p.renderNotice(lang) }),
		p.rejected(lang),
		app.Main().Class("stage", "present-stage").Body(v.New(p.props())),
		&views.Shortcuts{Props: p.props(), Views: viewIDs()}, // the keys; its button is hidden (web/app.css)
	)
}

// viewSelect chooses the view in presentation mode, where the tabs are
// not shown.
func (p *Page) viewSelect(lang string) app.UI {
	options := make([]app.UI, len(registry))
	for i, v := range registry {
		options[i] = views.Choice(v.ID, i18n.T(lang, "view."+v.ID), v.ID == p.state.View)
	}
	return app.Label().Class("present-view").Body(
		app.Span().Class("visually-hidden").Text(i18n.T(lang, "present.view")),
		app.Select().ID("present-view").Attr("value", p.state.View).
			OnChange(func(ctx app.Context, e app.Event) {
				id := ctx.JSSrc().Get("value").String()
				if viewByID(id) != nil {
					p.set(ctx, e, func(s *state.State) { views.SwitchView(s, id) })
				}
			}).
			Body(options...),
	)
}
