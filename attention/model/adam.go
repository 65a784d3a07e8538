package model

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// adam is AdamW (Loshchilov and Hutter): Adam's update with decoupled
// weight decay, after clipping the gradients to a global norm.
type adam struct {
	lr, beta1, beta2, eps float64
	weightDecay           float64 // 0: plain Adam
	clip                  float64 // the largest global norm of the gradients; 0: no clipping
	m, v                  []*mat.Dense
	b1t, b2t              float64 // β₁ᵗ, β₂ᵗ: running products, not math.Pow, for the same bits everywhere
}

func newAdam(params []Param, lr, weightDecay, clip float64) *adam {
	o := &adam{lr: lr, beta1: 0.9, beta2: 0.98, eps: 1e-9, weightDecay: weightDecay, clip: clip, b1t: 1, b2t: 1}
	for _, p := range params {
		r, c := p.M.Dims()
		o.m = append(o.m, mat.NewDense(r, c, nil))
		o.v = append(o.v, mat.NewDense(r, c, nil))
	}
	return o
}

// globalNorm returns √(Σ g²) over every element of grads, summed in order.
func globalNorm(grads []Param) float64 {
	s := 0.0
	for _, g := range grads {
		for _, x := range g.M.RawMatrix().Data {
			s = s + float64(x*x)
		}
	}
	return math.Sqrt(s)
}

// step updates params from grads (the same shapes, in the same order):
//
//	g ← g · min(1, clip / ‖g‖)         (‖g‖ over every parameter at once)
//	m ← β₁m + (1−β₁)g,  v ← β₂v + (1−β₂)g²
//	p ← p − lr·( m/(1−β₁ᵗ) / (√(v/(1−β₂ᵗ)) + ε) + weightDecay·p )
//
// It returns the gradients' norm before clipping.
func (o *adam) step(params, grads []Param) float64 {
	norm := globalNorm(grads)
	scale := 1.0
	if o.clip > 0 && norm > o.clip {
		scale = o.clip / norm
	}
	o.b1t *= o.beta1
	o.b2t *= o.beta2
	c1, c2 := 1-o.b1t, 1-o.b2t
	// The settings in locals and the slices cut to one length: the loop
	// loads no field and checks no bound per element (in wasm each is a
	// few instructions of a loop that does little else); the same
	// operations in the same order, so the same bits.
	b1, b2, nb1, nb2 := o.beta1, o.beta2, 1-o.beta1, 1-o.beta2
	lr, eps, wd := o.lr, o.eps, o.weightDecay
	for k, p := range params {
		pd := p.M.RawMatrix().Data
		gd := grads[k].M.RawMatrix().Data[:len(pd)]
		md, vd := o.m[k].RawMatrix().Data[:len(pd)], o.v[k].RawMatrix().Data[:len(pd)]
		for i, w := range pd {
			g := float64(gd[i] * scale)
			m := float64(b1*md[i]) + float64(nb1*g)
			v := float64(b2*vd[i]) + float64(float64(nb2*g)*g)
			md[i], vd[i] = m, v
			update := float64(m/c1) / float64(math.Sqrt(v/c2)+eps)
			pd[i] = w - float64(lr*float64(update+float64(wd*w)))
		}
	}
	return norm
}
