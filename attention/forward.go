package attention

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Input is a validated, resolved Spec: what Forward computes on.
//
// For n tokens, d_model columns of X and h heads:
//
//	X       n × d_model       the queries' side
//	XKV     m × d_model       the keys' and values' side; nil: X (m = n)
//	Wq, Wk  d_model × h·d_k   head i uses columns i·d_k … (i+1)·d_k − 1
//	Wv      d_model × h·d_v   split the same way
//	Wo      h·d_v × d_out     nil: the output is the concatenation of the heads
//
// GradOutput, when not nil, is n × d_out: Run and Engine.Run then also
// compute the Result's Grad by Backward. Forward ignores it.
//
// With XKV, Forward computes cross-attention: queries from X, keys and values
// from XKV (a decoder attending to its encoder); TokensKV then labels XKV's
// rows, and Options.Valid counts keys of XKV.
type Input struct {
	Tokens     []string
	X          *mat.Dense
	TokensKV   []string   // labels of XKV's rows; nil without XKV
	XKV        *mat.Dense // nil: self-attention
	Wq, Wk, Wv *mat.Dense
	Wo         *mat.Dense // nil: no output projection
	Heads      int
	Options    Options
	FromText   bool // the spec gave text: the result JSON then includes "x" (and "x_kv")
	GradOutput *mat.Dense
}

// Result is multi-head attention of an Input, with every intermediate: for n
// queries and m keys (m = n in self-attention), every head's Scores and
// Weights, and WeightsMean, are n × m.
//
// Matrices of a Result share memory: the heads' Q, K and V are column blocks
// of X·Wq, XKV·Wk and XKV·Wv (X·Wk and X·Wv without XKV), their Output column
// blocks of Concat, and Output is Concat itself when there is no Wo. Forward
// into the same Result overwrites them.
type Result struct {
	Tokens   []string
	X        *mat.Dense // the input, as Forward was given it
	TokensKV []string   // the key/value side's labels; nil in self-attention
	XKV      *mat.Dense // the key/value side's input; nil in self-attention
	FromText bool

	Heads       []Head
	WeightsMean *mat.Dense // n × m: the mean of the heads' weights
	Concat      *mat.Dense // n × h·d_v: the heads' outputs side by side, before Wo
	Output      *mat.Dense // n × d_out: Concat·Wo, or Concat when Wo is nil

	// Grad holds the gradients of L = Σ Output ⊙ Input.GradOutput when Run
	// or Engine.Run computed them; nil otherwise (Forward sets it nil).
	Grad *Gradients

	// Options are the mask, scaling and temperature the heads were
	// computed with (not part of the result JSON).
	Options Options

	shape                shape
	qAll, kAll, vAll, kT *mat.Dense // X·Wq, XKV·Wk, XKV·Wv, (XKV·Wk)ᵀ
	out                  *mat.Dense // Concat·Wo
	views                []Head     // the heads' matrices, reset on every Forward
}

// shape is everything the buffers of a Result depend on: n queries, m keys
// (m = n without XKV).
type shape struct {
	n, m, dModel, heads, dk, dv, dOut int
	wo, cross                         bool
}

// Forward computes multi-head attention of in into dst:
//
//	Q = X·Wq,  K = XKV·Wk,  V = XKV·Wv   (XKV = X when in.XKV is nil: self-attention)
//	head i:  Qᵢ, Kᵢ, Vᵢ = columns i·d_k … (i+1)·d_k − 1 of Q, K (d_v of V)
//	         Weightsᵢ, Outputᵢ = ScaledDotProduct(Qᵢ, Kᵢ, Vᵢ, in.Options)
//	WeightsMean = (Weights₀ + … + Weights₍h₋₁₎) / h
//	Concat      = [Output₀ | Output₁ | … | Output₍h₋₁₎]
//	Output      = Concat·Wo   (Concat when Wo is nil)
//
// This is torch.nn.MultiheadAttention with bias=False, need_weights=True and
// average_attn_weights=True, given Wq, Wk, Wv as the transposes of its
// in_proj_weight blocks and Wo as the transpose of out_proj.weight, called
// with query = X and key = value = XKV (except that a row with every key
// masked is 0 here, NaN there).
//
// Forward reuses dst's buffers when in has the same shapes as the previous
// Forward into dst: it then allocates nothing. A zero Result is
// ready to use. Forward panics if in's shapes do not agree (Resolve checks
// them for input from users).
func Forward(dst *Result, in *Input) {
	sh := inputShape(in)
	if dst.shape != sh || len(dst.views) != sh.heads || len(dst.Heads) != sh.heads || dst.WeightsMean == nil {
		dst.alloc(sh)
	}
	dst.Tokens, dst.X, dst.FromText = in.Tokens, in.X, in.FromText
	dst.TokensKV, dst.XKV = in.TokensKV, in.XKV
	dst.Options, dst.Grad = in.Options, nil
	if forwardTeam(dst, in) { // amd64: the heads on every core
		return
	}

	kv := in.X
	if in.XKV != nil {
		kv = in.XKV
	}
	mul(dst.qAll, in.X, in.Wq)
	mul(dst.kAll, kv, in.Wk)
	mul(dst.vAll, kv, in.Wv)
	transpose(dst.kT, dst.kAll)

	for i := range dst.Heads {
		h := &dst.Heads[i]
		*h = dst.views[i]
		attend(h, in.Options)
	}
	dst.meanRows(0, sh.n)
	if in.Wo != nil {
		mul(dst.out, dst.Concat, in.Wo)
		dst.Output = dst.out
	} else {
		dst.Output = dst.Concat
	}
}

// meanRows sets rows i0 … i1−1 of r.WeightsMean to the mean of the heads'
// weights: head 0's row, plus each other head's in order, divided by the
// number of heads.
func (r *Result) meanRows(i0, i1 int) {
	sh := r.shape
	mean := r.WeightsMean.RawMatrix()
	byH := newDivisor(float64(sh.heads))
	for row := i0; row < i1; row++ {
		mrow := mean.Data[row*mean.Stride : row*mean.Stride+sh.m]
		for i := range r.Heads {
			w := r.Heads[i].Weights.RawMatrix()
			wrow := w.Data[row*w.Stride : row*w.Stride+sh.m]
			if i == 0 {
				copy(mrow, wrow)
				continue
			}
			addSlice(mrow, wrow)
		}
		if sh.heads > 1 {
			byH.divide(mrow, mrow)
		}
	}
}

// inputShape checks that in's matrices agree and returns their shape.
func inputShape(in *Input) shape {
	if in.X == nil || in.Wq == nil || in.Wk == nil || in.Wv == nil {
		panic("attention: Forward: Input without X, Wq, Wk or Wv")
	}
	if in.Heads < 1 {
		panic(fmt.Sprintf("attention: Forward: Input.Heads = %d < 1", in.Heads))
	}
	n, d := in.X.Dims()
	qr, qc := in.Wq.Dims()
	kr, kc := in.Wk.Dims()
	vr, vc := in.Wv.Dims()
	if qr != d || kr != d || vr != d || qc != kc || qc%in.Heads != 0 || vc%in.Heads != 0 {
		panic(fmt.Sprintf("attention: Forward: X %d×%d, Wq %d×%d, Wk %d×%d, Wv %d×%d do not agree for %d heads", n, d, qr, qc, kr, kc, vr, vc, in.Heads))
	}
	sh := shape{n: n, m: n, dModel: d, heads: in.Heads, dk: qc / in.Heads, dv: vc / in.Heads, dOut: vc}
	if in.XKV != nil {
		m, dkv := in.XKV.Dims()
		if dkv != d {
			panic(fmt.Sprintf("attention: Forward: XKV is %d×%d, want %d columns like X", m, dkv, d))
		}
		sh.m, sh.cross = m, true
		if in.TokensKV != nil && len(in.TokensKV) != m {
			panic(fmt.Sprintf("attention: Forward: %d key/value tokens for %d rows of XKV", len(in.TokensKV), m))
		}
	}
	if in.Wo != nil {
		or, oc := in.Wo.Dims()
		if or != vc {
			panic(fmt.Sprintf("attention: Forward: Wo is %d×%d, want %d rows (heads·d_v)", or, oc, vc))
		}
		sh.dOut, sh.wo = oc, true
	}
	if in.Tokens != nil && len(in.Tokens) != n {
		panic(fmt.Sprintf("attention: Forward: %d tokens for %d rows of X", len(in.Tokens), n))
	}
	return sh
}

// alloc gives r new buffers and views for sh.
func (r *Result) alloc(sh shape) {
	r.shape = sh
	hk, hv := sh.heads*sh.dk, sh.heads*sh.dv
	r.qAll = mat.NewDense(sh.n, hk, nil)
	r.kAll = mat.NewDense(sh.m, hk, nil)
	r.vAll = mat.NewDense(sh.m, hv, nil)
	r.kT = mat.NewDense(hk, sh.m, nil)
	r.Concat = mat.NewDense(sh.n, hv, nil)
	r.WeightsMean = mat.NewDense(sh.n, sh.m, nil)
	r.out = nil
	if sh.wo {
		r.out = mat.NewDense(sh.n, sh.dOut, nil)
	}
	r.views = make([]Head, sh.heads)
	for i := range r.views {
		k0, v0 := i*sh.dk, i*sh.dv
		r.views[i] = Head{
			Q:       r.qAll.Slice(0, sh.n, k0, k0+sh.dk).(*mat.Dense),
			K:       r.kAll.Slice(0, sh.m, k0, k0+sh.dk).(*mat.Dense),
			V:       r.vAll.Slice(0, sh.m, v0, v0+sh.dv).(*mat.Dense),
			Scores:  mat.NewDense(sh.n, sh.m, nil),
			Logits:  mat.NewDense(sh.n, sh.m, nil),
			Weights: mat.NewDense(sh.n, sh.m, nil),
			Output:  r.Concat.Slice(0, sh.n, v0, v0+sh.dv).(*mat.Dense),
			kT:      r.kT.Slice(k0, k0+sh.dk, 0, sh.m).(*mat.Dense),
		}
	}
	r.Heads = make([]Head, sh.heads)
}
