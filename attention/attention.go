package attention

import (
	"fmt"
	"math"
	"runtime"

	"gonum.org/v1/gonum/blas/gonum"
	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// Options are the settings of one scaled dot-product attention.
//
// The zero Options masks every key (Valid = 0): set Valid to the number of
// keys, or more, for no padding.
type Options struct {
	// Causal masks key j for query i when j > i.
	Causal bool
	// Valid is the number of unpadded keys: keys j ≥ Valid are masked for
	// every query (PyTorch's key_padding_mask). Valid ≥ the number of keys
	// masks none; Valid = 0 masks all, and every weight is then 0.
	Valid int
	// Scale divides the scores by √d_k.
	Scale bool
	// Temperature divides the scores as well; 0 means 1.
	Temperature float64
}

// temperature returns o.Temperature, 1 for 0, and panics on a value no
// resolved Spec can hold.
func (o Options) temperature() float64 {
	t := o.Temperature
	switch {
	case t == 0:
		return 1
	case t < 0 || math.IsNaN(t) || math.IsInf(t, 0):
		panic(fmt.Sprintf("attention: Temperature %v is not a positive finite number", t))
	}
	return t
}

// Head holds one head's matrices: for n queries, m keys, d_k columns per
// query/key and d_v per value,
//
//	Q        n × d_k   the queries
//	K        m × d_k   the keys
//	V        m × d_v   the values
//	Scores   n × m     Q·Kᵀ, before scaling, temperature and masking
//	Weights  n × m     softmax of each row of the scaled, masked scores
//	Output   n × d_v   Weights·V
type Head struct {
	Q, K, V, Scores, Weights, Output *mat.Dense

	kT *mat.Dense // Kᵀ, materialised so that every product is of untransposed operands
}

// Softmax sets dst to the softmax of src:
//
//	dst[i] = exp(src[i] − max(src)) / Σⱼ exp(src[j] − max(src))
//
// Subtracting the maximum first makes it stable: no exponential overflows and
// the largest entry contributes exactly 1 to the sum, so any finite src, even
// with entries of magnitude 1e300, gives finite weights that sum to 1 (to
// rounding). An entry of −Inf is a masked entry and gets exactly 0.
//
// Special cases are:
//
//	Softmax of an empty slice does nothing
//	Softmax with every entry −Inf sets every dst[i] to 0 (a fully masked row)
//	Softmax with k entries +Inf sets those to 1/k and the others to 0
//	Softmax with any NaN entry sets every dst[i] to NaN
//
// dst and src may be the same slice. Softmax panics if their lengths differ.
// It uses detmath.Exp, so its result is the same on every GOARCH.
func Softmax(dst, src []float64) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("attention: Softmax: len(dst) = %d, len(src) = %d", len(dst), len(src)))
	}
	maxv := math.Inf(-1)
	for _, v := range src {
		if v != v {
			for i := range dst {
				dst[i] = math.NaN()
			}
			return
		}
		if v > maxv {
			maxv = v
		}
	}
	switch {
	case math.IsInf(maxv, -1): // every key masked, or no keys
		clear(dst)
		return
	case math.IsInf(maxv, 1):
		k := 0
		for _, v := range src {
			if math.IsInf(v, 1) {
				k++
			}
		}
		share := 1 / float64(k)
		for i, v := range src {
			if math.IsInf(v, 1) {
				dst[i] = share
			} else {
				dst[i] = 0
			}
		}
		return
	}
	var sum float64
	for i, v := range src {
		e := detmath.Exp(v - maxv)
		dst[i] = e
		sum += e
	}
	for i := range dst {
		dst[i] /= sum
	}
}

// ScaledDotProduct computes one head of attention from queries q (n × d_k),
// keys k (m × d_k) and values v (m × d_v):
//
//	dst.Scores  = q·kᵀ
//	s[i][j]     = dst.Scores[i][j] / √d_k / T   (/√d_k only when opt.Scale; T = opt.Temperature)
//	s[i][j]     = −∞                          when key j is masked for query i
//	dst.Weights = Softmax of each row of s
//	dst.Output  = dst.Weights·v
//
// Key j is masked for query i when j ≥ opt.Valid, or when opt.Causal and
// j > i. A query whose every key is masked gets a row of zero weights and a
// zero output row, never NaN.
//
// ScaledDotProduct sets dst.Q, dst.K and dst.V to q, k and v, and reuses
// dst.Scores, dst.Weights and dst.Output when they have the right shape (an
// empty matrix is given it; a nil one or one of another shape is replaced).
// They must not share memory with q, k or v.
//
// ScaledDotProduct panics if the shapes of q, k and v do not agree, if
// opt.Valid < 0 or if opt.Temperature is negative or not finite.
func ScaledDotProduct(dst *Head, q, k, v *mat.Dense, opt Options) {
	n, dk := q.Dims()
	m, kc := k.Dims()
	vr, dv := v.Dims()
	if kc != dk || vr != m {
		panic(fmt.Sprintf("attention: ScaledDotProduct: q is %d×%d, k %d×%d, v %d×%d: want n×d_k, m×d_k, m×d_v", n, dk, m, kc, vr, dv))
	}
	dst.Q, dst.K, dst.V = q, k, v
	dst.kT = reuse(dst.kT, dk, m)
	transpose(dst.kT, k)
	dst.Scores = reuse(dst.Scores, n, m)
	dst.Weights = reuse(dst.Weights, n, m)
	dst.Output = reuse(dst.Output, n, dv)
	attend(dst, opt)
}

// attend computes Scores, Weights and Output of h from h.Q, h.kT and h.V,
// into matrices of the right shapes.
func attend(h *Head, opt Options) {
	if opt.Valid < 0 {
		panic(fmt.Sprintf("attention: Options.Valid = %d < 0", opt.Valid))
	}
	temp := opt.temperature()
	mul(h.Scores, h.Q, h.kT)
	n, m := h.Scores.Dims()
	_, dk := h.Q.Dims()
	sqrtDK := math.Sqrt(float64(dk))
	for i := 0; i < n; i++ {
		scores := h.Scores.RawRowView(i)
		weights := h.Weights.RawRowView(i)
		limit := min(m, opt.Valid) // keys j < limit are visible
		if opt.Causal {
			limit = min(limit, i+1)
		}
		for j, s := range scores[:limit] {
			if opt.Scale {
				s /= sqrtDK
			}
			weights[j] = s / temp
		}
		for j := limit; j < m; j++ {
			weights[j] = math.Inf(-1)
		}
		Softmax(weights, weights)
	}
	mul(h.Output, h.Weights, h.V)
}

// reuse returns d when it is n×c, d made n×c when it is empty, and a new n×c
// matrix otherwise.
func reuse(d *mat.Dense, r, c int) *mat.Dense {
	if d != nil {
		if d.IsEmpty() {
			d.ReuseAs(r, c)
			return d
		}
		if dr, dc := d.Dims(); dr == r && dc == c {
			return d
		}
	}
	return mat.NewDense(r, c, nil)
}

// transpose sets dst (c×r) to the transpose of a (r×c), element by element.
func transpose(dst, a *mat.Dense) {
	ar := a.RawMatrix()
	dr := dst.RawMatrix()
	if ar.Rows != dr.Cols || ar.Cols != dr.Rows {
		panic(mat.ErrShape)
	}
	for i := 0; i < ar.Rows; i++ {
		for j, v := range ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols] {
			dr.Data[j*dr.Stride+i] = v
		}
	}
}

// serialRows is the number of rows up to which mul computes serially. Above
// it, mul uses mat.Mul, which splits large products among goroutines (and
// allocates to do so). Both sum every element in the same order, so the
// result is bit for bit the same either way.
const serialRows = 128

// parallel reports whether mul may hand large products to mat.Mul: not on
// wasm, where there is a single thread to share.
var parallel = runtime.GOARCH != "wasm"

// mul sets dst = a·b for untransposed a (r×k) and b (k×c) into dst (r×c).
//
// It is gonum's Dgemm for untransposed operands (what mat.Mul calls for two
// *mat.Dense): for each row i and each l in increasing order, row i of dst
// gains a[i][l]·(row l of b), skipping a[i][l] = 0. Every element is thus
// summed in a fixed order with no fused multiply-add, on amd64 (SSE2) as on
// wasm. The Trans paths of Dgemm use dot products whose order differs
// between the assembly and the pure-Go kernels; mul never takes them.
func mul(dst, a, b *mat.Dense) {
	ar, b0 := a.RawMatrix(), b.RawMatrix()
	cr := dst.RawMatrix()
	if ar.Cols != b0.Rows || cr.Rows != ar.Rows || cr.Cols != b0.Cols {
		panic(mat.ErrShape)
	}
	if parallel && ar.Rows > serialRows {
		dst.Mul(a, b)
		return
	}
	var impl gonum.Implementation
	n := cr.Cols
	for i := 0; i < cr.Rows; i++ {
		crow := cr.Data[i*cr.Stride : i*cr.Stride+n]
		clear(crow)
		for l, av := range ar.Data[i*ar.Stride : i*ar.Stride+ar.Cols] {
			if av != 0 {
				impl.Daxpy(n, av, b0.Data[l*b0.Stride:l*b0.Stride+n], 1, crow, 1)
			}
		}
	}
}
