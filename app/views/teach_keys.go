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
	b.showIfPlayed(ctx)
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

// teachPlayed is set by My tour's Play and Show (MyTourView.play) for the
// bar to take: their buttons are down My tour's list, which the step's
// view replaces, and their focus goes with them.
var teachPlayed bool

// OnUpdate shows the bar if a tour has just been played.
func (b *TeachBar) OnUpdate(ctx app.Context) { b.showIfPlayed(ctx) }

// showIfPlayed, once a step of a tour played from My tour is shown, brings
// the bar into view with the focus on its first enabled button; in
// presentation mode the bar is mounted then, elsewhere updated.
func (b *TeachBar) showIfPlayed(ctx app.Context) {
	if teachPlayed && b.Props.State.TeachStep > 0 {
		teachPlayed = false
		ctx.Defer(func(app.Context) { showTeachBar() })
	}
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
