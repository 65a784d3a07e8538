// Command wasm is the WebAssembly entry point of the attention visualizer: it
// registers the routes and hands control to go-app. It holds nothing else, so
// that no server code (net/http listeners, static-site generation) ends up in
// app.wasm; cmd/build compiles it with GOOS=js GOARCH=wasm.
package main

import (
	"github.com/attnviz/attnviz/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	page.Routes()
	app.RunWhenOnBrowser()
}
