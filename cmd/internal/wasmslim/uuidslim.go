package wasmslim

import "math/rand/v2"

// This file is also copied, as package app, into the build's copy of
// go-app's pkg/app, where slimUUID stands in for github.com/google/uuid's
// NewString (patches), which reads crypto/rand: the IDs tell apart tabs
// (the states' broadcasts) and devices, and are no secrets.

// slimUUID returns a random version 4 UUID, as uuid.NewString does, from
// math/rand/v2, which the runtime seeds from the browser's
// crypto.getRandomValues.
func slimUUID() string {
	const digits = "0123456789abcdef"
	var b [16]byte
	for i := range b {
		b[i] = byte(rand.Uint32())
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // variant 10, RFC 9562
	s := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			s = append(s, '-')
		}
		s = append(s, digits[c>>4], digits[c&15])
	}
	return string(s)
}
