package views

import (
	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Shortcuts are the page's keyboard shortcuts, and their overlay
// (#shortcuts, a dialog that ? and the button #shortcuts-open open):
// ←/→ or 1–8 choose the head, m the mean, c switches the causal mask,
// v/V the next/previous view, e opens the export menu, Esc closes what is
// open. None fires while the focus is in a text box or a select, or with
// Ctrl, Alt or Meta held. It also keeps Tab inside a dialog marked with
// FocusTrap.
type Shortcuts struct {
	app.Compo

	Props Props
	Views []string // the ids of the views, in the tabs' order

	ctx   app.Context
	onKey app.Func // the window's keydown listener
	open  bool     // the overlay is shown
	focus dialogFocus
	tabs  viewTabKeys // the keys on the view tabs (view_tabs.go)
}

// OnMount listens for the keys.
func (s *Shortcuts) OnMount(ctx app.Context) {
	s.ctx = ctx
	s.Props.Alone.Part(s, ctx, func(p Props) { s.Props = p }, false) // the keys read the Props
	s.onKey = app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 {
			s.keydown(args[0])
		}
		return nil
	})
	dom.Try(func() { app.Window().Call("addEventListener", "keydown", s.onKey) })
	s.tabs.listen(func() []string { return s.Views })
}

// OnDismount stops listening.
func (s *Shortcuts) OnDismount() {
	s.Props.Alone.Release(s)
	s.tabs.stop()
	if s.onKey != nil {
		dom.Try(func() { app.Window().Call("removeEventListener", "keydown", s.onKey) })
		s.onKey.Release()
		s.onKey = nil
	}
}

// keydown handles a keydown event of the window.
func (s *Shortcuts) keydown(ev app.Value) {
	key := ev.Get("key").String()
	switch {
	case key == "Tab":
		trapTab(ev)
		return
	case ev.Get("defaultPrevented").Bool() || ev.Get("ctrlKey").Bool() || ev.Get("altKey").Bool() || ev.Get("metaKey").Bool():
		return
	case key == "Escape":
		s.ctx.Dispatch(func(ctx app.Context) { s.escape(ctx, app.Event{Value: ev}) })
		return
	case typing(ev.Get("target")):
		return
	}
	change := s.change(key)
	if change == nil && key != "?" && key != "e" {
		return
	}
	ev.Call("preventDefault")
	s.ctx.Dispatch(func(ctx app.Context) {
		switch {
		case key == "?":
			s.show(ctx, !s.open)
		case key == "e" && !s.open:
			openExportMenu()
		case !s.open:
			s.Props.Set(ctx, app.Event{Value: ev}, change)
		}
	})
}

// change returns the change of the settings that key makes, or nil.
func (s *Shortcuts) change(key string) func(*state.State) {
	heads, head := s.Props.Heads, s.Props.Head
	switch key {
	case "ArrowRight", "ArrowLeft":
		if heads == 0 {
			return nil
		}
		next := nextHead(head, heads, key == "ArrowRight")
		return func(st *state.State) { st.Head = next }
	case "1", "2", "3", "4", "5", "6", "7", "8":
		if h := int(key[0] - '1'); h < heads {
			return func(st *state.State) { st.Head = h }
		}
	case "m":
		return func(st *state.State) { st.Head = state.HeadMean }
	case "c":
		return func(st *state.State) { st.Causal = !st.Causal }
	case "v", "V":
		if view := nextView(s.Views, s.Props.State.View, key == "v"); view != "" {
			return func(st *state.State) { SwitchView(st, view) }
		}
	}
	return nil
}

// nextHead returns the head after head (or before it, if !forward) in the
// order 0, 1, …, heads−1, mean, round.
func nextHead(head, heads int, forward bool) int {
	k := head // the mean is at heads
	if head == state.HeadMean {
		k = heads
	}
	if forward {
		k = (k + 1) % (heads + 1)
	} else {
		k = (k + heads) % (heads + 1)
	}
	if k == heads {
		return state.HeadMean
	}
	return k
}

// nextView returns the view after view in views (or before it, if
// !forward), round; "" if views is empty.
func nextView(views []string, view string, forward bool) string {
	n := len(views)
	if n == 0 {
		return ""
	}
	k := 0
	for i, v := range views {
		if v == view {
			k = i
		}
	}
	if forward {
		return views[(k+1)%n]
	}
	return views[(k+n-1)%n]
}

// escape closes the overlay, else the export menu, else the worked weight.
func (s *Shortcuts) escape(ctx app.Context, e app.Event) {
	switch {
	case s.open:
		s.show(ctx, false)
	case closeExportMenu():
		ctx.PreventUpdate()
	case s.Props.State.Cell.On && s.Props.State.Step == "":
		s.Props.Set(ctx, e, func(st *state.State) { st.Cell = state.CellRef{} })
	default:
		ctx.PreventUpdate()
	}
}

// show opens or closes the overlay, moving the focus in and back.
func (s *Shortcuts) show(ctx app.Context, open bool) {
	s.open = open
	s.focus.follow(ctx, open, "#shortcuts-close", "#shortcuts-open", true)
}

// typing reports whether el, an event's target, takes typed keys: a text
// box, a text area, a select, or editable content.
func typing(el app.Value) bool {
	if el == nil || !el.Truthy() || el.Get("tagName").IsUndefined() {
		return false
	}
	switch el.Get("tagName").String() {
	case "TEXTAREA", "SELECT":
		return true
	case "INPUT":
		switch el.Get("type").String() {
		case "checkbox", "radio", "button", "submit", "reset":
			return false
		}
		return true
	}
	return el.Get("isContentEditable").Bool()
}

// openExportMenu opens the export menu (export.go) and focuses its first
// control.
func openExportMenu() {
	dom.Try(func() {
		if d := app.Window().GetElementByID("export"); d.Truthy() {
			d.Set("open", true)
		}
	})
	dom.Focus(`#export .export-body select:not(:disabled), #export .export-body button:not(:disabled)`)
}

// closeExportMenu closes the export menu if it is open, focusing its
// summary, and reports whether it was open.
func closeExportMenu() bool {
	was := false
	dom.Try(func() {
		if d := app.Window().GetElementByID("export"); d.Truthy() && d.Get("open").Bool() {
			d.Set("open", false)
			was = true
		}
	})
	if was {
		dom.Focus("#export summary")
	}
	return was
}

// Render returns the button that opens the overlay, and the overlay.
func (s *Shortcuts) Render() app.UI {
	lang := s.Props.State.Lang
	inert := ""
	if app.IsServer {
		inert = "inert" // works once the wasm runs
	}
	return app.Div().Class("shortcuts-root").Body(
		app.Button().ID("shortcuts-open").Type("button").Class("shortcuts-open").Attr("inert", inert).
			Aria("label", i18n.T(lang, "shortcuts.open")).Title(i18n.T(lang, "shortcuts.open")).
			Aria("haspopup", "dialog").Text("?").
			OnClick(func(ctx app.Context, e app.Event) { s.show(ctx, true) }),
		app.If(s.open, func() app.UI { return s.overlay(lang) }),
	)
}

// overlay is the dialog that lists the shortcuts.
func (s *Shortcuts) overlay(lang string) app.UI {
	row := func(desc string, keys ...string) app.UI {
		ks := make([]app.UI, 0, 2*len(keys))
		for i, k := range keys {
			if i > 0 {
				ks = append(ks, app.Text(" "+i18n.T(lang, "shortcut.or")+" "))
			}
			ks = append(ks, app.Kbd().Text(k))
		}
		return app.Tr().Body(app.Th().Scope("row").Body(ks...), app.Td().Text(i18n.T(lang, desc)))
	}
	return app.Div().Class("shortcuts-backdrop").Body(
		app.Div().ID("shortcuts").Class("shortcuts").Role("dialog").Aria("modal", "true").
			Aria("labelledby", "shortcuts-title").Attr(FocusTrap, "true").Body(
			app.Div().Class("step-head").Body(
				app.H2().ID("shortcuts-title").Text(i18n.T(lang, "shortcuts.title")),
				app.Button().ID("shortcuts-close").Type("button").Class("dismiss").
					Aria("label", i18n.T(lang, "shortcuts.close")).Title(i18n.T(lang, "shortcuts.close")).Text("×").
					OnClick(func(ctx app.Context, e app.Event) { s.show(ctx, false) }),
			),
			app.Table().Class("shortcut-list").Body(app.TBody().Body(
				row("shortcut.heads", "←", "→"),
				row("shortcut.headN", "1–8"),
				row("shortcut.mean", "m"),
				row("shortcut.causal", "c"),
				row("shortcut.views", "v", "V"),
				row("shortcut.export", "e"),
				row("shortcut.cells", "↑ ↓ ← →", "Home", "End", "Enter"),
				row("shortcut.tabs", "← →", "Home", "End", "Enter"),
				row("shortcut.escape", "Esc"),
				row("shortcut.help", "?"),
			)),
			app.P().Class("caption").Text(i18n.T(lang, "shortcuts.note")),
		),
	)
}
