package wasmslim

import "errors"

// This file is also copied, as package app, into the build's copy of
// go-app's pkg/app, where it stands in for crypto.go (patches): Context's
// Encrypt and Decrypt, which go-app calls only for states persisted with
// encryption, and which the app has none of. Without AES-GCM and
// crypto/rand, app.wasm links no crypto package.

// errNoCrypto is what Encrypt and Decrypt return in app.wasm.
var errNoCrypto = errors.New("app: encryption is left out of this build (attnviz's wasmslim)")

func encrypt(key string, v []byte) ([]byte, error) { return nil, errNoCrypto }

func decrypt(key string, v []byte) ([]byte, error) { return nil, errNoCrypto }
