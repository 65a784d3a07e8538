//go:build !wasm

// attnviz: LocalDir and its file server moved here from resource.go, so that
// the WebAssembly build does not import net/http (see third_party/go-app/README.md).

package app

import (
	"net/http"
	"strings"
)

// LocalDir returns a ResourceResolver for local resources. It resolves paths
// starting with /web/ to their full file path based on the specified local directory.
// This resolver is suitable for handling resources stored in the local filesystem.
func LocalDir(directory string) ResourceResolver {
	directory = strings.TrimRight(directory, "/")
	return localResourceResolver{
		handler:   http.FileServer(http.Dir(directory)),
		directory: directory,
	}
}

// ServeHTTP serves the directory's files.
func (r localResourceResolver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.handler.(http.Handler).ServeHTTP(w, req)
}
