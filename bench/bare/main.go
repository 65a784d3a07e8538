// Command bare is the floor that the benchmark holds the visualizer's page
// to: a go-app v10 page with one component and one line of text, served the
// same way. Its component sets the performance mark attnviz:first-render in
// OnMount, so its "first render" is the framework's own: the page, app.js,
// wasm_exec.js and the wasm loaded, the Go runtime started, one component
// mounted.
//
// Opened as /?input, the component also renders an <input id="sentence">
// and records the measure attnviz:update on each input event as the
// visualizer does: the framework's own cost of a keystroke, which the
// benchmark types into after the app (see hello.go).
//
// Built for GOOS=js GOARCH=wasm it is the page's wasm (only the route and
// app.RunWhenOnBrowser; the generator is not compiled in). Run natively,
//
//	go run ./bench/bare -out DIR
//
// writes the static site into DIR with go-app's GenerateStaticWebsite, and
// the icons; the caller builds DIR/web/app.wasm. `go run ./cmd/bench` does
// both.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

func main() {
	// As the visualizer's Routes does, for the bench's breakdown of a first
	// load (cmd/bench/breakdown.go); natively Window is go-app's stub.
	app.Window().Get("performance").Call("mark", "attnviz:main")
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	generate()
}
