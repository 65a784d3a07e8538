package model

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention"
)

// Arch is the shape of a model.
type Arch struct {
	Vocab  int // tokens in the vocabulary
	MaxLen int // positions with an embedding: the longest sequence
	DModel int // width of the embeddings and of every layer's input and output
	Heads  int // heads per layer; DModel must be a multiple
	// DV is each head's value width; 0 means DModel/Heads.
	DV     int
	Layers int  // attention layers, 1 or 2 for the tasks
	Causal bool // every layer masks the keys after the query
}

// Layer holds one attention layer's weights, in attention.Input's shapes:
// Wq and Wk are DModel × DModel (Heads blocks of d_k = DModel/Heads
// columns), Wv is DModel × Heads·d_v and Wo Heads·d_v × DModel.
type Layer struct {
	Wq, Wk, Wv, Wo *mat.Dense
}

// Model is a small transformer without MLPs or layer norms:
//
//	X₀     = Emb[token] + Pos[position]                  (n × DModel)
//	Xₗ₊₁   = Xₗ + MultiHead(Xₗ; Wqₗ, Wkₗ, Wvₗ, Woₗ)       (attention.Forward, scaled, causal if Arch.Causal)
//	logits = X_L · Unemb                                  (n × Vocab)
//
// and the loss is the mean softmax cross-entropy of the logits of the
// predicted positions against their targets.
type Model struct {
	Arch   Arch
	Emb    *mat.Dense // Vocab × DModel: token embeddings
	Pos    *mat.Dense // MaxLen × DModel: position embeddings
	Layers []Layer
	Unemb  *mat.Dense // DModel × Vocab: the unembedding
}

// Param is one named parameter matrix of a Model.
type Param struct {
	Name string // "emb", "pos", "layers.0.wq", …, "unemb"
	M    *mat.Dense
}

// dv returns each head's value width.
func (a Arch) dv() int {
	if a.DV > 0 {
		return a.DV
	}
	return a.DModel / a.Heads
}

// newZero returns a model of shape a with every parameter 0. It panics on an
// Arch no task has (a programmer's mistake).
func newZero(a Arch) *Model {
	if a.Vocab < 2 || a.MaxLen < 1 || a.Heads < 1 || a.DModel < a.Heads || a.DModel%a.Heads != 0 || a.Layers < 1 {
		panic(fmt.Sprintf("model: bad Arch %+v", a))
	}
	m := &Model{
		Arch:  a,
		Emb:   mat.NewDense(a.Vocab, a.DModel, nil),
		Pos:   mat.NewDense(a.MaxLen, a.DModel, nil),
		Unemb: mat.NewDense(a.DModel, a.Vocab, nil),
	}
	for range a.Layers {
		d, hv := a.DModel, a.Heads*a.dv()
		m.Layers = append(m.Layers, Layer{
			Wq: mat.NewDense(d, d, nil), Wk: mat.NewDense(d, d, nil),
			Wv: mat.NewDense(d, hv, nil), Wo: mat.NewDense(hv, d, nil),
		})
	}
	return m
}

// New returns a model of shape a with every parameter drawn by
// attention.Xavier from seed, each from its own stream (its Param name), so
// the same seed gives the same bits on every platform.
func New(a Arch, seed int64) *Model {
	m := newZero(a)
	for _, p := range m.Params() {
		attention.Xavier(p.M, seed, p.Name)
	}
	return m
}

// Params returns the model's parameters in a fixed order: emb, pos, each
// layer's wq, wk, wv, wo, then unemb.
func (m *Model) Params() []Param {
	ps := []Param{{"emb", m.Emb}, {"pos", m.Pos}}
	for i, l := range m.Layers {
		pre := fmt.Sprintf("layers.%d.", i)
		ps = append(ps, Param{pre + "wq", l.Wq}, Param{pre + "wk", l.Wk}, Param{pre + "wv", l.Wv}, Param{pre + "wo", l.Wo})
	}
	return append(ps, Param{"unemb", m.Unemb})
}

// ParamCount returns the number of scalar parameters.
func (m *Model) ParamCount() int {
	n := 0
	for _, p := range m.Params() {
		r, c := p.M.Dims()
		n += r * c
	}
	return n
}
