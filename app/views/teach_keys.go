package views

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/attnviz/attnviz/app/dom"
	"github.com/attnviz/attnviz/app/state"
)

// ← and → through a teacher's tour, as through the guided tour: while a
// step plays, the TeachBar listens on the document for them, unless they
// are typed into a text box, a select or a slider, walk a heatmap's cells,
// or come with a modifier.

// OnMount listens for ← and →.
func (b *TeachBar) OnMount(ctx app.Context) {
	b.ctx = ctx
	b.shown = b.Props.State.TeachStep
	b.Props.Alone.Part(b, ctx, func(p Props) { b.Props = p }, false) // the keys read the Props
	b.onKey = dom.Func(func(_ app.Value, args []app.Value) any {
		if len(args) == 0 {
			return nil
		}
		ev := args[0]
		delta := teachKeyDelta(ev, b.Props.State)
		if delta == 0 {
			return nil
		}
		ev.Call("preventDefault")
		e := app.Event{Value: ev}
		b.ctx.Dispatch(func(ctx app.Context) { b.step(delta)(ctx, e) })
		return nil
	})
	dom.Try(func() { app.Window().Get("document").Call("addEventListener", "keydown", b.onKey) })
}

// OnUpdate, as a tour starts playing (a step where there was none), brings
// the bar into view with the focus on its first enabled button: Play and
// Show are down My tour's list, which the step's view replaces, and their
// focus was lost with them. A link opened with a step (OnMount) takes none.
func (b *TeachBar) OnUpdate(ctx app.Context) {
	n := b.Props.State.TeachStep
	if b.shown == 0 && n > 0 {
		ctx.Defer(func(app.Context) { showTeachBar() })
	}
	b.shown = n
}

// showTeachBar scrolls the playing bar's top into view if it is not, and
// focuses its Next, else its End.
func showTeachBar() {
	dom.Try(func() {
		doc := app.Window().Get("document")
		bar := doc.Call("getElementById", "teach-bar")
		if !bar.Truthy() {
			return
		}
		if top := bar.Call("getBoundingClientRect").Get("top").Float(); top < 0 || top > app.Window().Get("innerHeight").Float() {
			bar.Call("scrollIntoView", map[string]any{"block": "start"})
		}
		btn := doc.Call("querySelector", "#teach-next:not(:disabled), #teach-end")
		if btn.Truthy() {
			btn.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// OnDismount stops listening.
func (b *TeachBar) OnDismount() {
	b.Props.Alone.Release(b)
	if b.onKey != nil {
		dom.Try(func() { app.Window().Get("document").Call("removeEventListener", "keydown", b.onKey) })
		b.onKey.Release()
		b.onKey = nil
	}
}

// teachKeyDelta returns the steps the key event ev moves a teacher's tour
// of s by: −1 for ←, 1 for →, 0 for none.
func teachKeyDelta(ev app.Value, s state.State) int {
	delta := map[string]int{"ArrowLeft": -1, "ArrowRight": 1}[ev.Get("key").String()]
	if delta == 0 || s.TeachStep == 0 || s.View == state.TourViewID || ev.Get("defaultPrevented").Bool() ||
		ev.Get("ctrlKey").Bool() || ev.Get("metaKey").Bool() || ev.Get("altKey").Bool() || ev.Get("shiftKey").Bool() {
		return 0
	}
	target := ev.Get("target")
	if Editable(target, true) || inHeatmapKeys(target) {
		return 0
	}
	return delta
}

// inHeatmapKeys reports whether el is a heatmap walked by the keys
// (HeatmapKeys), whose arrows move its cursor.
func inHeatmapKeys(el app.Value) bool {
	return el.Truthy() && el.Get("closest").Type() == app.TypeFunction && el.Call("closest", ".heatmap-keys").Truthy()
}
