//go:build js

package main

// generate does nothing in the browser: the static-site generator stays out
// of the wasm.
func generate() {}
