package attention

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Gradients holds the gradients of a scalar loss L with respect to the inputs of
// Forward, each of its matrix's shape; Wo is nil when the Input has no Wo, XKV
// when it has no XKV (self-attention: X's gradient then includes the paths
// through the keys and values).
type Gradients struct {
	X, XKV, Wq, Wk, Wv, Wo *mat.Dense

	shape                  shape
	x, xkv, wq, wk, wv, wo *mat.Dense // the buffers behind the exported fields

	// For n queries and m keys (m = n in self-attention): self-attention
	// holds [∂L/∂Q | ∂L/∂K | ∂L/∂V] in dQKV (n rows), cross-attention
	// ∂L/∂Q in dQ and [∂L/∂K | ∂L/∂V] in dKV (m rows); dQ, dK and dV are
	// column views of them.
	dConcat *mat.Dense // n × h·d_v: ∂L/∂Concat
	dQKV    *mat.Dense // self: n × (2h·d_k + h·d_v)
	dKV     *mat.Dense // cross: m × (h·d_k + h·d_v)
	dQ      *mat.Dense // n × h·d_k
	dK, dV  *mat.Dense // m × h·d_k, m × h·d_v

	dWeights  *mat.Dense // n × m: one head's ∂L/∂Weights, then ∂L/∂Scores in place
	dScoresT  *mat.Dense // m × n: its transpose
	weightsT  *mat.Dense // m × n: one head's Weightsᵀ
	woT       *mat.Dense // d_out × h·d_v: Woᵀ
	concatT   *mat.Dense // h·d_v × n: Concatᵀ
	vT        *mat.Dense // h·d_v × m: Vᵀ of every head
	xT        *mat.Dense // d_model × n: Xᵀ
	xkvT      *mat.Dense // d_model × m: XKVᵀ (cross only)
	wT        *mat.Dense // self: [Wq | Wk | Wv]ᵀ, (2h·d_k + h·d_v) × d_model; cross: Wqᵀ
	wkvT      *mat.Dense // cross: [Wk | Wv]ᵀ, (h·d_k + h·d_v) × d_model
	wqT       *mat.Dense // row views of wT and wkvT
	wkT, wvT  *mat.Dense
	headViews []headGrad
}

// headGrad holds one head's views of the buffers of a Gradients.
type headGrad struct {
	dOutput    *mat.Dense // n × d_v of dConcat
	dQ, dK, dV *mat.Dense // n × d_k, m × d_k, m × d_v of dQ, dK, dV
	vT         *mat.Dense // d_v × m of vT
}

// Backward sets dst to the gradients of L = Σ r.Output ⊙ gradOutput with respect to
// in.X, in.XKV, in.Wq, in.Wk, in.Wv and in.Wo, where r is the Result of Forward(r, in) (not
// changed since). gradOutput is n × d_out. A zero Gradients is ready to use; it reuses
// its buffers when the shapes repeat, and then allocates nothing.
//
// Per head, with s = 1/(√d_k·T) (1/T without scaling) and dO the head's
// columns of ∂L/∂Concat:
//
//	∂L/∂Concat  = gradOutput·Woᵀ    (gradOutput without Wo)
//	∂L/∂Wo      = Concatᵀ·gradOutput
//	dV = Weightsᵀ·dO,  dW = dO·Vᵀ
//	dS[i][j] = Weights[i][j]·(dW[i][j] − Σₖ Weights[i][k]·dW[i][k])   (0 where masked)
//	dQ = s·dS·K,  dK = s·dSᵀ·Q
//	∂L/∂Wq = Xᵀ·dQ,  ∂L/∂Wk = Xᵀ·dK,  ∂L/∂Wv = Xᵀ·dV
//	∂L/∂X  = dQ·Wqᵀ + dK·Wkᵀ + dV·Wvᵀ
//
// In cross-attention (in.XKV not nil) the keys and values come from XKV:
//
//	∂L/∂Wk = XKVᵀ·dK,  ∂L/∂Wv = XKVᵀ·dV
//	∂L/∂X  = dQ·Wqᵀ,   ∂L/∂XKV = dK·Wkᵀ + dV·Wvᵀ
//
// A row whose every key is masked passes no gradient. The matrices of dst
// are overwritten by the next Backward into it. Backward panics if r was not
// computed from an Input of in's shapes or gradOutput is not n × d_out.
func Backward(dst *Gradients, r *Result, in *Input, gradOutput *mat.Dense) {
	sh := inputShape(in)
	if r.shape != sh || len(r.Heads) != sh.heads || r.Concat == nil {
		panic("attention: Backward: the Result is not Forward's of this Input")
	}
	if gr, gc := gradOutput.Dims(); gr != sh.n || gc != sh.dOut {
		panic(fmt.Sprintf("attention: Backward: gradOutput is %d×%d, want n × d_out = %d×%d", gr, gc, sh.n, sh.dOut))
	}
	if dst.shape != sh || dst.dQ == nil {
		dst.alloc(sh)
	}
	dst.X, dst.XKV, dst.Wq, dst.Wk, dst.Wv, dst.Wo = dst.x, dst.xkv, dst.wq, dst.wk, dst.wv, dst.wo

	if in.Wo != nil {
		transpose(dst.woT, in.Wo)
		mul(dst.dConcat, gradOutput, dst.woT)
		transpose(dst.concatT, r.Concat)
		mul(dst.wo, dst.concatT, gradOutput)
	} else {
		dst.dConcat.Copy(gradOutput)
	}
	for i := range r.Heads {
		dst.headBackward(&r.Heads[i], &dst.headViews[i], r.Options)
	}
	transpose(dst.xT, in.X)
	kvT := dst.xT
	if sh.cross {
		transpose(dst.xkvT, in.XKV)
		kvT = dst.xkvT
	}
	mul(dst.wq, dst.xT, dst.dQ)
	mul(dst.wk, kvT, dst.dK)
	mul(dst.wv, kvT, dst.dV)
	transpose(dst.wqT, in.Wq)
	transpose(dst.wkT, in.Wk)
	transpose(dst.wvT, in.Wv)
	if sh.cross {
		mul(dst.x, dst.dQ, dst.wT)
		mul(dst.xkv, dst.dKV, dst.wkvT)
	} else {
		mul(dst.x, dst.dQKV, dst.wT)
	}
}

// headBackward sets one head's dQ, dK and dV (views of g.dQKV) from its
// columns of g.dConcat.
func (g *Gradients) headBackward(h *Head, v *headGrad, opt Options) {
	transpose(g.weightsT, h.Weights)
	mul(v.dV, g.weightsT, v.dOutput)
	transpose(v.vT, h.V)
	mul(g.dWeights, v.dOutput, v.vT)

	n, m := g.dWeights.Dims()
	_, dk := h.Q.Dims()
	byDK := newDivisor(1)
	if opt.Scale {
		byDK = newDivisor(math.Sqrt(float64(dk)))
	}
	byT := newDivisor(opt.temperature())
	for i := 0; i < n; i++ {
		ds := g.dWeights.RawRowView(i)[:m]
		limit := opt.visible(i, m)
		softmaxBackward(ds, h.Weights.RawRowView(i)[:m], limit)
		byDK.divide(ds[:limit], ds[:limit])
		byT.divide(ds[:limit], ds[:limit])
	}
	mul(v.dQ, g.dWeights, h.K)
	transpose(g.dScoresT, g.dWeights)
	mul(v.dK, g.dScoresT, h.Q)
}

// softmaxBackward turns dw, the gradient of L with respect to a row of
// softmax weights w whose keys from limit on are masked, into the gradient
// with respect to the row's logits, in place:
//
//	dw[j] = w[j]·(dw[j] − Σₖ w[k]·dw[k])   for j < limit, 0 for j ≥ limit
//
// The sum runs over k in order, each product rounded before it is added.
func softmaxBackward(dw, w []float64, limit int) {
	w = w[:len(dw)]
	var dot float64
	for k, v := range w[:limit] {
		dot = dot + float64(v*dw[k])
	}
	for j, v := range w[:limit] {
		dw[j] = v * (dw[j] - dot)
	}
	clear(dw[limit:])
}

// alloc gives g new buffers and views for sh.
func (g *Gradients) alloc(sh shape) {
	g.shape = sh
	n, m, d := sh.n, sh.m, sh.dModel
	hk, hv := sh.heads*sh.dk, sh.heads*sh.dv
	g.x = mat.NewDense(n, d, nil)
	g.wq = mat.NewDense(d, hk, nil)
	g.wk = mat.NewDense(d, hk, nil)
	g.wv = mat.NewDense(d, hv, nil)
	g.wo, g.woT, g.concatT = nil, nil, nil
	if sh.wo {
		g.wo = mat.NewDense(hv, sh.dOut, nil)
		g.woT = mat.NewDense(sh.dOut, hv, nil)
		g.concatT = mat.NewDense(hv, n, nil)
	}
	g.dConcat = mat.NewDense(n, hv, nil)
	if sh.cross {
		g.allocCross(sh)
	} else {
		g.xkv, g.xkvT, g.dKV, g.wkvT = nil, nil, nil, nil
		g.dQKV = mat.NewDense(n, 2*hk+hv, nil)
		g.dQ = g.dQKV.Slice(0, n, 0, hk).(*mat.Dense)
		g.dK = g.dQKV.Slice(0, n, hk, 2*hk).(*mat.Dense)
		g.dV = g.dQKV.Slice(0, n, 2*hk, 2*hk+hv).(*mat.Dense)
		g.wT = mat.NewDense(2*hk+hv, d, nil)
		g.wqT = g.wT.Slice(0, hk, 0, d).(*mat.Dense)
		g.wkT = g.wT.Slice(hk, 2*hk, 0, d).(*mat.Dense)
		g.wvT = g.wT.Slice(2*hk, 2*hk+hv, 0, d).(*mat.Dense)
	}
	g.dWeights = mat.NewDense(n, m, nil)
	g.dScoresT = mat.NewDense(m, n, nil)
	g.weightsT = mat.NewDense(m, n, nil)
	g.vT = mat.NewDense(hv, m, nil)
	g.xT = mat.NewDense(d, n, nil)
	g.headViews = make([]headGrad, sh.heads)
	for i := range g.headViews {
		k0, v0 := i*sh.dk, i*sh.dv
		g.headViews[i] = headGrad{
			dOutput: g.dConcat.Slice(0, n, v0, v0+sh.dv).(*mat.Dense),
			dQ:      g.dQ.Slice(0, n, k0, k0+sh.dk).(*mat.Dense),
			dK:      g.dK.Slice(0, m, k0, k0+sh.dk).(*mat.Dense),
			dV:      g.dV.Slice(0, m, v0, v0+sh.dv).(*mat.Dense),
			vT:      g.vT.Slice(v0, v0+sh.dv, 0, m).(*mat.Dense),
		}
	}
}

// allocCross gives g the buffers that cross-attention has instead of
// self-attention's dQKV and wT.
func (g *Gradients) allocCross(sh shape) {
	n, m, d := sh.n, sh.m, sh.dModel
	hk, hv := sh.heads*sh.dk, sh.heads*sh.dv
	g.dQKV = nil
	g.xkv = mat.NewDense(m, d, nil)
	g.xkvT = mat.NewDense(d, m, nil)
	g.dQ = mat.NewDense(n, hk, nil)
	g.dKV = mat.NewDense(m, hk+hv, nil)
	g.dK = g.dKV.Slice(0, m, 0, hk).(*mat.Dense)
	g.dV = g.dKV.Slice(0, m, hk, hk+hv).(*mat.Dense)
	g.wT = mat.NewDense(hk, d, nil)
	g.wqT = g.wT
	g.wkvT = mat.NewDense(hk+hv, d, nil)
	g.wkT = g.wkvT.Slice(0, hk, 0, d).(*mat.Dense)
	g.wvT = g.wkvT.Slice(hk, hk+hv, 0, d).(*mat.Dense)
}
