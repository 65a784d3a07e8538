package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// hello is the bare page's only component.
//
// Opened as /?input it also renders an <input id="sentence">, so that the
// benchmark can time the framework's own cost of a keystroke: each input
// event stores the value, the line shows it, and the measure
// attnviz:update is recorded as the visualizer records it (app/page.go,
// set). Without the query the page is the plain one line of text.
type hello struct {
	app.Compo
	input bool   // the page was opened with ?input
	text  string // the input's value
}

// OnInit reads the query. Natively, where GenerateStaticWebsite renders the
// page, the URL is empty: the generated page is the plain one.
func (h *hello) OnInit() {
	h.input = app.Window().URL().Query().Has("input")
}

// OnMount marks the first render, as the visualizer marks its first heatmap.
func (h *hello) OnMount(ctx app.Context) {
	app.Window().Get("performance").Call("mark", "attnviz:first-render")
}

func (h *hello) Render() app.UI {
	if !h.input {
		return app.P().Text("A bare go-app page.")
	}
	return app.Div().Body(
		app.Input().ID("sentence").Type("text").Value(h.text).OnInput(h.onInput),
		app.P().Text("A bare go-app page: "+h.text),
	)
}

// onInput stores the value; the handler's dispatch flags the component for
// an update. As in the visualizer, the measure runs from the event's
// timeStamp to a defer queued by a defer, that is after go-app's next frame
// has updated the DOM.
func (h *hello) onInput(ctx app.Context, e app.Event) {
	start := e.Get("timeStamp").Float()
	h.text = ctx.JSSrc().Get("value").String()
	ctx.Defer(func(ctx app.Context) {
		ctx.Defer(func(app.Context) {
			perf := app.Window().Get("performance")
			perf.Call("measure", "attnviz:update", map[string]any{"start": start, "end": perf.Call("now").Float()})
		})
	})
}
