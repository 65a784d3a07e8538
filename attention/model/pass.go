package model

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// Pass is one sequence's forward pass through a Model, with what a
// backward pass needs (the tests' reference one: reference_test.go). A zero Pass is ready to use; Forward reuses its
// buffers for sequences of the same length.
type Pass struct {
	Tokens []int
	// X[l] is layer l's input (n × DModel), X[Layers] the last layer's
	// output: the residual stream.
	X   []*mat.Dense
	In  []attention.Input  // layer l as attention.Forward was given it
	Res []attention.Result // and what it computed
	// Logits is X[Layers]·Unemb (n × Vocab).
	Logits *mat.Dense
}

// Forward runs m on tokens (ids below Vocab, at most MaxLen of them) into p.
// It panics on an id out of range or a sequence too long: tokenize input
// from users first.
func (m *Model) Forward(p *Pass, tokens []int) {
	a := m.Arch
	n := len(tokens)
	if n == 0 || n > a.MaxLen {
		panic(fmt.Sprintf("model: Forward: %d tokens, want 1 to %d", n, a.MaxLen))
	}
	p.Tokens = tokens
	if len(p.X) != a.Layers+1 {
		p.X = make([]*mat.Dense, a.Layers+1)
		p.In = make([]attention.Input, a.Layers)
		p.Res = make([]attention.Result, a.Layers)
	}
	for l := range p.X {
		p.X[l] = sized(p.X[l], n, a.DModel)
	}
	x0 := p.X[0].RawMatrix()
	for i, t := range tokens {
		if t < 0 || t >= a.Vocab {
			panic(fmt.Sprintf("model: Forward: token id %d out of range [0, %d)", t, a.Vocab))
		}
		row := x0.Data[i*x0.Stride : i*x0.Stride+a.DModel]
		e, q := m.Emb.RawRowView(t), m.Pos.RawRowView(i)
		for j := range row {
			row[j] = e[j] + q[j]
		}
	}
	opt := attention.Options{Causal: a.Causal, Valid: n, Scale: true}
	for l, ly := range m.Layers {
		p.In[l] = attention.Input{X: p.X[l], Wq: ly.Wq, Wk: ly.Wk, Wv: ly.Wv, Wo: ly.Wo, Heads: a.Heads, Options: opt}
		attention.Forward(&p.Res[l], &p.In[l])
		p.X[l+1].Add(p.X[l], p.Res[l].Output)
	}
	p.Logits = sized(p.Logits, n, a.Vocab)
	mulAB(p.Logits, p.X[a.Layers], m.Unemb)
}

// Predict returns the arg max of each row of p.Logits (the lowest id on a tie).
func (p *Pass) Predict() []int {
	n, v := p.Logits.Dims()
	out := make([]int, n)
	for i := range out {
		out[i] = argmax(p.Logits.RawRowView(i)[:v])
	}
	return out
}

// rowCrossEntropy sets g to scale times the gradient of −log softmax(z)[t]
// with respect to z, and returns −log softmax(z)[t].
func rowCrossEntropy(g, z []float64, t int, scale float64) float64 {
	maxv := math.Inf(-1)
	for _, x := range z {
		maxv = max(maxv, x)
	}
	var sum float64
	if math.IsInf(maxv, 0) || maxv != maxv {
		attention.Softmax(g, z) // the special cases; the loss is not finite
		for _, x := range z {
			sum += detmath.Exp(float64(x - maxv))
		}
	} else {
		// Softmax's exponentials and sum, once for both: ExpSum adds
		// them in order, as a loop would.
		sum = detmath.ExpSum(g, z, maxv)
		for j := range g {
			g[j] /= sum
		}
	}
	g[t] -= 1
	for j := range g {
		g[j] *= scale
	}
	return float64(maxv+detmath.Log(sum)) - z[t] // log Σ eᶻ − z_t
}

// argmax returns the index of the largest element of row (the lowest on a tie).
func argmax(row []float64) int {
	k := 0
	for j, x := range row {
		if x > row[k] {
			k = j
		}
	}
	return k
}
