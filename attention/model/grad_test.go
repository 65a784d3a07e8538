package model

import (
	"fmt"
	"math"
	"testing"
)

// lossOf returns the summed cross-entropy of m on tokens against targets.
func lossOf(m *Model, tokens, targets []int) float64 {
	var p refPass
	m.Forward(&p.Pass, tokens)
	loss, _ := p.crossEntropy(targets, 1)
	return loss
}

// TestGradientsMatchFiniteDifferences checks every element of every
// parameter's gradient, on whole models of one and two layers, causal or
// not, against central differences of the loss.
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	for _, a := range []Arch{
		{Vocab: 5, MaxLen: 6, DModel: 8, Heads: 2, Layers: 2, Causal: true},
		{Vocab: 4, MaxLen: 5, DModel: 6, Heads: 3, Layers: 1},
		{Vocab: 6, MaxLen: 7, DModel: 4, Heads: 1, Layers: 2},
		{Vocab: 5, MaxLen: 6, DModel: 6, Heads: 2, DV: 1, Layers: 2, Causal: true},
	} {
		t.Run(fmt.Sprintf("%+v", a), func(t *testing.T) {
			m := New(a, 3)
			// Larger weights than at initialisation, so that the softmaxes
			// are far from uniform and every term of the gradient matters.
			for _, p := range m.Params() {
				p.M.Scale(2, p.M)
			}
			tokens := []int{1, 0, 3, 1, 2}
			targets := []int{-1, 2, 0, -1, 3}
			var p refPass
			m.Forward(&p.Pass, tokens)
			p.crossEntropy(targets, 1)
			g := newZero(a)
			m.backprop(&p, g)
			checkAgainstDifferences(t, m, g, tokens, targets)
		})
	}
}

// checkAgainstDifferences compares g with central differences of the loss
// for every element of every parameter.
func checkAgainstDifferences(t *testing.T, m, g *Model, tokens, targets []int) {
	t.Helper()
	const h = 1e-6
	gp := g.Params()
	checked, nonzero := 0, 0
	for k, p := range m.Params() {
		r, c := p.M.Dims()
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				old := p.M.At(i, j)
				p.M.Set(i, j, old+h)
				up := lossOf(m, tokens, targets)
				p.M.Set(i, j, old-h)
				down := lossOf(m, tokens, targets)
				p.M.Set(i, j, old)
				want := (up - down) / (2 * h)
				got := gp[k].M.At(i, j)
				if math.Abs(got-want) > 1e-6+1e-5*math.Abs(want) {
					t.Errorf("%s[%d][%d]: gradient %.9g, finite difference %.9g", p.Name, i, j, got, want)
				}
				checked++
				if math.Abs(want) > 1e-4 {
					nonzero++
				}
			}
		}
	}
	// Unused rows (embeddings of absent tokens, positions past the
	// sequence) have zero gradients; most must not.
	if nonzero < checked/2 {
		t.Errorf("only %d of %d gradients are nonzero", nonzero, checked)
	}
}
