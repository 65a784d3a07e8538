package wasmslim

import (
	"regexp"
	"testing"
)

// TestSlimUUID: version 4 UUIDs in uuid.NewString's form, not repeated.
func TestSlimUUID(t *testing.T) {
	form := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for range 1000 {
		id := slimUUID()
		if !form.MatchString(id) {
			t.Fatalf("%q is not a version 4 UUID", id)
		}
		if seen[id] {
			t.Fatalf("%q twice", id)
		}
		seen[id] = true
	}
}

// TestSlimCrypto: Encrypt and Decrypt fail, and say why.
func TestSlimCrypto(t *testing.T) {
	if _, err := encrypt("key", []byte("v")); err != errNoCrypto {
		t.Errorf("encrypt: %v", err)
	}
	if _, err := decrypt("key", []byte("v")); err != errNoCrypto {
		t.Errorf("decrypt: %v", err)
	}
}
