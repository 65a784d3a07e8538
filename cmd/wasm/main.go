// Command wasm is the WebAssembly entry point of the attention visualizer: it
// registers the routes and hands control to go-app. It holds nothing else, so
// that no server code (net/http listeners, static-site generation) ends up in
// app.wasm; cmd/build compiles it with GOOS=js GOARCH=wasm.
//
// Without a document it returns at once: the site's wasm loader, a worker
// (cmd/build/wasm_loader.go), runs it so, once it has handed the compiled
// module to the page, to start the Go runtime and the package inits there,
// which has V8 compile their functions off the page's main thread (the
// compiled code is the module's, which the page shares).
package main

import (
	"syscall/js"

	"github.com/attnviz/attnviz/app/page"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	if !js.Global().Get("document").Truthy() {
		return // the wasm loader's worker: the runtime and the inits have run
	}
	page.Routes()
	app.RunWhenOnBrowser()
}
