package attention

import (
	"fmt"
	"math"

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

// Masked reports whether key j is masked for query i: j ≥ o.Valid, or
// o.Causal and j > i. A masked key's logit is −Inf and its weight 0.
func (o Options) Masked(i, j int) bool {
	return j >= o.visible(i, j+1)
}

// visible returns how many of the first m keys query i sees: keys j below
// it are visible, the others masked.
func (o Options) visible(i, m int) int {
	limit := min(m, o.Valid)
	if o.Causal {
		limit = min(limit, i+1)
	}
	return limit
}

// Scaled returns score, a dot product of a query and a key of d_k columns,
// as the softmax takes it when unmasked: score ÷ √d_k (when o.Scale) ÷
// o.Temperature. It panics on a Temperature no resolved Spec can hold.
func (o Options) Scaled(score float64, dk int) float64 {
	return scaled(score, math.Sqrt(float64(dk)), o.temperature(), o.Scale)
}

// scaled is Scaled with √d_k and the temperature worked out.
func scaled(s, sqrtDK, temp float64, scale bool) float64 {
	if scale {
		s /= sqrtDK
	}
	return s / temp
}

// Head holds one head's matrices: for n queries, m keys, d_k columns per
// query/key and d_v per value,
//
//	Q        n × d_k   the queries
//	K        m × d_k   the keys
//	V        m × d_v   the values
//	Scores   n × m     Q·Kᵀ, before scaling, temperature and masking
//	Logits   n × m     Scores ÷ √d_k ÷ T, −Inf where masked: the softmax's input
//	Weights  n × m     softmax of each row of the scaled, masked scores
//	Output   n × d_v   Weights·V
type Head struct {
	Q, K, V, Scores, Weights, Output *mat.Dense

	// Logits is exactly what the softmax of each row is taken of (see
	// ScaledDotProduct). It is not part of the result JSON.
	Logits *mat.Dense

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
	if _, sum := softmaxExp(dst, src); sum > 0 {
		for i := range dst {
			dst[i] /= sum
		}
	}
}

// softmaxExp is the first half of Softmax. In the ordinary case, some entry
// finite and none NaN or +Inf, it sets dst[i] = exp(src[i] − maxv), with
// maxv = max(src), and returns maxv and their sum (≥ 1: the largest entry
// gives exactly 1); Softmax then divides by it. In the special cases it sets
// dst to Softmax's result and returns sum = 0.
func softmaxExp(dst, src []float64) (maxv, sum float64) {
	maxv = math.Inf(-1)
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
	return maxv, detmath.ExpSum(dst, src, maxv)
}

// ScaledDotProduct computes one head of attention from queries q (n × d_k),
// keys k (m × d_k) and values v (m × d_v):
//
//	dst.Scores  = q·kᵀ
//	dst.Logits[i][j] = dst.Scores[i][j] / √d_k / T   (/√d_k only when opt.Scale; T = opt.Temperature)
//	dst.Logits[i][j] = −∞                          when key j is masked for query i (opt.Masked)
//	dst.Weights = Softmax of each row of dst.Logits
//	dst.Output  = dst.Weights·v
//
// Key j is masked for query i when j ≥ opt.Valid, or when opt.Causal and
// j > i. A query whose every key is masked gets a row of zero weights and a
// zero output row, never NaN.
//
// ScaledDotProduct sets dst.Q, dst.K and dst.V to q, k and v, and reuses
// dst.Scores, dst.Logits, dst.Weights and dst.Output when they have the right shape (an
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
	dst.Logits = reuse(dst.Logits, n, m)
	dst.Weights = reuse(dst.Weights, n, m)
	dst.Output = reuse(dst.Output, n, dv)
	attend(dst, opt)
}

// attend computes Scores, Weights and Output of h from h.Q, h.kT and h.V,
// into matrices of the right shapes.
//
// Row by row it computes what Options.Scaled, Options.Masked and Softmax
// define, bit for bit, with less work: a division by a power of two is a
// multiplication by its reciprocal (the same correctly rounded quotient),
// a division by a temperature of 1 is left out, and the softmax only
// exponentiates the visible keys (a masked key's exponential is 0, and
// adding 0 leaves the sum as it is).
func attend(h *Head, opt Options) {
	if opt.Valid < 0 {
		panic(fmt.Sprintf("attention: Options.Valid = %d < 0", opt.Valid))
	}
	temp := opt.temperature()
	mul(h.Scores, h.Q, h.kT)
	softmaxRows(h, opt, temp)
	mul(h.Output, h.Weights, h.V)
}

// softmaxRows sets h.Logits and h.Weights from h.Scores, row by row, as
// attend does; temp is opt.temperature().
func softmaxRows(h *Head, opt Options, temp float64) {
	n, m := h.Scores.Dims()
	_, dk := h.Q.Dims()
	byDK := newDivisor(1) // ÷√d_k, or nothing
	if opt.Scale {
		byDK = newDivisor(math.Sqrt(float64(dk)))
	}
	byT := newDivisor(temp)
	for i := 0; i < n; i++ {
		scores := h.Scores.RawRowView(i)
		logits := h.Logits.RawRowView(i)[:m]
		weights := h.Weights.RawRowView(i)[:m]
		limit := opt.visible(i, m) // keys j < limit are visible
		byDK.divide(logits[:limit], scores[:limit])
		byT.divide(logits[:limit], logits[:limit])
		for j := limit; j < m; j++ {
			logits[j] = math.Inf(-1)
		}
		softmaxVisible(weights, logits, limit)
	}
}

// softmaxVisible is Softmax(weights, logits) for a row whose entries from
// limit on are −Inf (masked).
func softmaxVisible(weights, logits []float64, limit int) {
	maxv := math.Inf(-1)
	for _, v := range logits[:limit] {
		if !(v <= maxv) {
			if v != v {
				Softmax(weights, logits) // NaN: the special case
				return
			}
			maxv = v
		}
	}
	if math.IsInf(maxv, 0) {
		Softmax(weights, logits) // no finite maximum: the special cases
		return
	}
	sum := detmath.ExpSum(weights[:limit], logits[:limit], maxv)
	clear(weights[limit:])
	divSlice(weights[:limit], weights[:limit], sum)
}

// A divisor divides by a positive number d. When d is a power of two it
// multiplies by inv = 1/d instead, which is exact and so rounds to the same
// quotient.
type divisor struct {
	d, inv float64 // inv is 0 unless d is a power of two
}

func newDivisor(d float64) divisor {
	if frac, exp := math.Frexp(d); frac == 0.5 && exp > -1000 && exp < 1000 {
		return divisor{d: d, inv: 1 / d}
	}
	return divisor{d: d}
}

// divide sets dst[j] = src[j] / d; dst and src may be the same slice.
func (v divisor) divide(dst, src []float64) {
	dst = dst[:len(src)]
	switch {
	case v.d == 1:
		if len(src) > 0 && &dst[0] != &src[0] {
			copy(dst, src)
		}
	case v.inv != 0:
		scaleSlice(dst, src, v.inv)
	default:
		divSlice(dst, src, v.d)
	}
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
	r4, c4 := transpose4(dr.Data, dr.Stride, ar.Data, ar.Stride, ar.Rows, ar.Cols) // AVX: a block, 4×4 at a time
	for i := 0; i < ar.Rows; i++ {
		j0 := 0
		if i < r4 {
			j0 = c4
		}
		for j, v := range ar.Data[i*ar.Stride+j0 : i*ar.Stride+ar.Cols] {
			dr.Data[(j0+j)*dr.Stride+i] = v
		}
	}
}
