//go:build wasm

package app

import "strings"

// LocalDir returns a ResourceResolver for local resources (see the server build).
func LocalDir(directory string) ResourceResolver {
	return localResourceResolver{directory: strings.TrimRight(directory, "/")}
}
