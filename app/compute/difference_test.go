package compute

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestDifference(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{1, 0, 0.25, 0.75})
	b := mat.NewDense(2, 2, []float64{0, 1, 0.5, 0.5})
	d, m := Difference(a, b)
	if d.At(0, 1) != -1 || d.At(1, 1) != 0.25 || m != 1 {
		t.Errorf("Difference = %v, %v", mat.Formatted(d), m)
	}
}
