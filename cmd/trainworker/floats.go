//go:build js && wasm

package main

import (
	"syscall/js"
	"unsafe"
)

// bytesOf returns xs's storage as bytes (WebAssembly is little-endian, as
// a Float64Array is on every browser's platform).
func bytesOf(xs []float64) []byte {
	if len(xs) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&xs[0])), 8*len(xs))
}

// floats returns xs as a new Float64Array, bit for bit.
func floats(xs []float64) js.Value {
	u := js.Global().Get("Uint8Array").New(8 * len(xs))
	js.CopyBytesToJS(u, bytesOf(xs))
	return js.Global().Get("Float64Array").New(u.Get("buffer"))
}
