package attention_test

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// randomDense returns an r×c matrix of Xavier values scaled by scale.
func randomDense(r, c int, seed int64, stream string, scale float64) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	attention.Xavier(m, seed, stream)
	m.Scale(scale, m)
	return m
}

// randomInput returns a matrix-mode Input of n tokens, d_model d, h heads of
// d_k = d/h, with Wo when wo.
func randomInput(n, d, h int, seed int64, wo bool, opt attention.Options) *attention.Input {
	in := &attention.Input{
		Tokens:  make([]string, n),
		X:       randomDense(n, d, seed, "x", 3),
		Wq:      randomDense(d, d, seed, "wq", 1),
		Wk:      randomDense(d, d, seed, "wk", 1),
		Wv:      randomDense(d, d, seed, "wv", 1),
		Heads:   h,
		Options: opt,
	}
	for i := range in.Tokens {
		in.Tokens[i] = fmt.Sprint("t", i)
	}
	if wo {
		in.Wo = randomDense(d, d, seed, "wo", 1)
	}
	return in
}

// equalBits reports the first element where a and b differ in their bits.
func equalBits(t *testing.T, name string, a, b *mat.Dense) {
	t.Helper()
	ar, ac := a.Dims()
	br, bc := b.Dims()
	if ar != br || ac != bc {
		t.Fatalf("%s: %d×%d vs %d×%d", name, ar, ac, br, bc)
	}
	for i := 0; i < ar; i++ {
		for j := 0; j < ac; j++ {
			if x, y := a.At(i, j), b.At(i, j); math.Float64bits(x) != math.Float64bits(y) {
				t.Fatalf("%s[%d][%d]: %v (%#x) vs %v (%#x)", name, i, j, x, math.Float64bits(x), y, math.Float64bits(y))
			}
		}
	}
}

// allFinite reports whether every element of m is finite.
func allFinite(m *mat.Dense) bool {
	r, c := m.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := m.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
	}
	return true
}
