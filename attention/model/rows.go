package model

// rows.go: the heads' inner loops, a whole row of keys per call. Each
// element is summed in order from +0, each product rounded before it is
// added (the engine's sum, as axpy's), so the bits are the same as one
// dot product or axpy per key, as the loops were written before; they are
// unrolled by four, and the keys taken two at a time where a row of the
// result gains from both, because in WebAssembly every jump of a Go loop
// goes through the function's dispatch table: fewer, fuller iterations
// are what makes these loops faster there (docs/performance.md).

// scoreRow sets dst[j] = (Σₗ q[l]·kd[j·st+l]) / div for every j.
func scoreRow(dst, q, kd []float64, st int, div float64) {
	dk := len(q)
	for j := range dst {
		k := kd[j*st : j*st+dk]
		k = k[:len(q)]
		s := 0.0
		l := 0
		for ; l <= len(q)-4; l += 4 {
			s = s + float64(q[l]*k[l])
			s = s + float64(q[l+1]*k[l+1])
			s = s + float64(q[l+2]*k[l+2])
			s = s + float64(q[l+3]*k[l+3])
		}
		for ; l < len(q); l++ {
			s = s + float64(q[l]*k[l])
		}
		dst[j] = s / div
	}
}

// weightedRow sets out = Σⱼ w[j]·vd[j·st : j·st+len(out)], summed over j
// in order from +0: axpy for each j in turn.
func weightedRow(out, w, vd []float64, st int) {
	clear(out)
	dv := len(out)
	j := 0
	for ; j+2 <= len(w); j += 2 {
		p0, p1 := w[j], w[j+1]
		v0 := vd[j*st : j*st+dv]
		v1 := vd[(j+1)*st : (j+1)*st+dv]
		v0, v1 = v0[:len(out)], v1[:len(out)]
		l := 0
		for ; l <= len(out)-4; l += 4 {
			o, a, b := out[l:l+4:l+4], v0[l:l+4:l+4], v1[l:l+4:l+4]
			o[0] = o[0] + float64(p0*a[0]) + float64(p1*b[0])
			o[1] = o[1] + float64(p0*a[1]) + float64(p1*b[1])
			o[2] = o[2] + float64(p0*a[2]) + float64(p1*b[2])
			o[3] = o[3] + float64(p0*a[3]) + float64(p1*b[3])
		}
		for ; l < len(out); l++ {
			out[l] = out[l] + float64(p0*v0[l]) + float64(p1*v1[l])
		}
	}
	if j < len(w) {
		axpy4(out, w[j], vd[j*st:j*st+dv])
	}
}

// axpy4 is axpy, unrolled by four.
func axpy4(dst []float64, p float64, x []float64) {
	x = x[:len(dst)]
	l := 0
	for ; l <= len(dst)-4; l += 4 {
		dst[l] = dst[l] + float64(p*x[l])
		dst[l+1] = dst[l+1] + float64(p*x[l+1])
		dst[l+2] = dst[l+2] + float64(p*x[l+2])
		dst[l+3] = dst[l+3] + float64(p*x[l+3])
	}
	for ; l < len(dst); l++ {
		dst[l] = dst[l] + float64(p*x[l])
	}
}

// valueGrads adds, for every j, w[j]·dO to gd[j·st : j·st+len(dO)] (dV =
// Wᵀ·dO) and sets ds[j] = Σₗ dO[l]·vd[j·st+l] (dW = dO·Vᵀ).
func valueGrads(ds, w, dO, gd, vd []float64, st int) {
	dv := len(dO)
	w = w[:len(ds)]
	for j, p := range w {
		g := gd[j*st : j*st+dv]
		v := vd[j*st : j*st+dv]
		g, v = g[:len(dO)], v[:len(dO)]
		s := 0.0
		l := 0
		for ; l <= len(dO)-4; l += 4 {
			o0, o1, o2, o3 := dO[l], dO[l+1], dO[l+2], dO[l+3]
			g[l] = g[l] + float64(p*o0)
			g[l+1] = g[l+1] + float64(p*o1)
			g[l+2] = g[l+2] + float64(p*o2)
			g[l+3] = g[l+3] + float64(p*o3)
			s = s + float64(o0*v[l])
			s = s + float64(o1*v[l+1])
			s = s + float64(o2*v[l+2])
			s = s + float64(o3*v[l+3])
		}
		for ; l < len(dO); l++ {
			g[l] = g[l] + float64(p*dO[l])
			s = s + float64(dO[l]*v[l])
		}
		ds[j] = s
	}
}

// queryKeyGrads adds, for every j in order, (ds[j]/div)·kd[j·st : …] to dq
// (dQ = dS·K) and (ds[j]/div)·q to gd[j·st : j·st+len(q)] (dK = dSᵀ·Q).
func queryKeyGrads(dq, q, ds, kd, gd []float64, st int, div float64) {
	dk := len(q)
	dq = dq[:len(q)]
	for j, p := range ds {
		p /= div
		k := kd[j*st : j*st+dk]
		g := gd[j*st : j*st+dk]
		k, g = k[:len(q)], g[:len(q)]
		l := 0
		for ; l <= len(q)-4; l += 4 {
			q0, q1, q2, q3 := q[l], q[l+1], q[l+2], q[l+3]
			dq[l] = dq[l] + float64(p*k[l])
			dq[l+1] = dq[l+1] + float64(p*k[l+1])
			dq[l+2] = dq[l+2] + float64(p*k[l+2])
			dq[l+3] = dq[l+3] + float64(p*k[l+3])
			g[l] = g[l] + float64(p*q0)
			g[l+1] = g[l+1] + float64(p*q1)
			g[l+2] = g[l+2] + float64(p*q2)
			g[l+3] = g[l+3] + float64(p*q3)
		}
		for ; l < len(q); l++ {
			dq[l] = dq[l] + float64(p*k[l])
			g[l] = g[l] + float64(p*q[l])
		}
	}
}
