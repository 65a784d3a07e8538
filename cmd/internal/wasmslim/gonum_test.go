package wasmslim

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestGonumSizes: mat's header and element sizes are the numbers that
// the patch of mat/io.go writes, as the encoding of a 1×1 Dense shows.
func TestGonumSizes(t *testing.T) {
	b, err := mat.NewDense(1, 1, []float64{1}).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 40+8 {
		t.Errorf("a 1×1 Dense encodes to %d bytes, want 40 + 8", len(b))
	}
}
