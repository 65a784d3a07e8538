package chart

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestPool(t *testing.T) {
	m := mat.NewDense(5, 5, nil)
	for i := range 5 {
		for j := range 5 {
			m.Set(i, j, float64(10*i+j))
		}
	}
	if Pool(m, 5) != m || Pool(m, 8) != m {
		t.Error("Pool of a small matrix is not the matrix")
	}
	p := Pool(m, 2) // blocks [0,2) and [2,5)
	want := [][]float64{
		{(0 + 1 + 10 + 11) / 4.0, (2 + 3 + 4 + 12 + 13 + 14) / 6.0},
		{(20 + 21 + 30 + 31 + 40 + 41) / 6.0, (22 + 23 + 24 + 32 + 33 + 34 + 42 + 43 + 44) / 9.0},
	}
	for i := range 2 {
		for j := range 2 {
			if got := p.At(i, j); math.Abs(got-want[i][j]) > 1e-12 {
				t.Errorf("Pool[%d][%d] = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
}

func TestRef(t *testing.T) {
	var r Ref[Chart]
	c1, c2 := &Chart{}, &Chart{}
	r.set(c1)
	if r.Get() != c1 {
		t.Fatal("set did not record the chart")
	}
	r.clear(c2) // not the one recorded
	if r.Get() != c1 {
		t.Error("clearing another chart forgot the mounted one")
	}
	r.clear(c1)
	if r.Get() != nil {
		t.Error("clear kept a dismounted chart")
	}
	var nilRef *Ref[Chart] // a Chart with no Ref
	nilRef.set(c1)
	nilRef.clear(c1)
	if nilRef.Get() != nil {
		t.Error("a nil Ref points at a chart")
	}
}

func TestSymmetricEnd(t *testing.T) {
	if SymmetricEnd(0) != 0.1 || SymmetricEnd(0.31) != 0.4 || SymmetricEnd(1) != 1 {
		t.Error("SymmetricEnd")
	}
}
