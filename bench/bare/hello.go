package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// hello is the bare page's only component.
type hello struct{ app.Compo }

// OnMount marks the first render, as the visualizer marks its first heatmap.
func (h *hello) OnMount(ctx app.Context) {
	app.Window().Get("performance").Call("mark", "attnviz:first-render")
}

func (h *hello) Render() app.UI {
	return app.P().Text("A bare go-app page.")
}
