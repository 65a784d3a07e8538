package attention

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// Entropy returns the Shannon entropy of a row of attention weights, in nats
// (natural logarithm; divide by ln 2 for bits):
//
//	H(w) = −Σⱼ wⱼ·ln wⱼ
//
// Entries that are 0 (masked keys) contribute nothing, as the limit
// w·ln w → 0 says. A uniform row of n weights gives ln n, the most; a one-hot
// row gives 0. The row is taken as it is, not renormalised.
//
// Special cases are:
//
//	Entropy of an empty row or of a row of zeros is 0
//	Entropy of a row with a NaN or a negative entry is NaN
//
// It uses detmath.Log, so its result is the same on every GOARCH.
func Entropy(row []float64) float64 {
	h := 0.0
	for _, w := range row {
		switch {
		case w != w || w < 0:
			return math.NaN()
		case w == 0:
			continue
		}
		h -= w * detmath.Log(w)
	}
	if h == 0 {
		return 0 // not −0
	}
	return h
}

// MaxWeight returns the largest entry of row: how much the query attends to
// the key it attends to most. It returns 0 for an empty row, and NaN if an
// entry is NaN.
func MaxWeight(row []float64) float64 {
	m := 0.0
	for i, w := range row {
		if w != w {
			return math.NaN()
		}
		if i == 0 || w > m {
			m = w
		}
	}
	return m
}

// MeanRowStats returns the mean over the rows of w of MaxWeight and of
// Entropy (in nats). Rows whose weights are all 0 (every key masked) have no
// distribution and are left out; if every row is, both means are 0.
func MeanRowStats(w *mat.Dense) (meanMax, meanEntropy float64) {
	rows, _ := w.Dims()
	n := 0
	for i := range rows {
		row := w.RawRowView(i)
		if MaxWeight(row) == 0 {
			continue
		}
		meanMax += MaxWeight(row)
		meanEntropy += Entropy(row)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return meanMax / float64(n), meanEntropy / float64(n)
}

// UnitVariance fills dst (fan_in × fan_out) with normal initialisation of
// variance 1/fan_in (LeCun normal):
//
//	dst[i][j] = zᵢⱼ / √fan_in,  zᵢⱼ ~ N(0, 1)
//
// with the same zᵢⱼ as Xavier(dst, seed, stream). For x of unit variance,
// each entry of x·dst then has variance about 1 whatever fan_out is: the
// premise of the argument for dividing scores by √d_k (queries and keys with
// d_k components of variance 1, whose dot product has variance d_k). Xavier,
// whose variance 2/(fan_in + fan_out) shrinks as the heads widen, hides that
// growth.
//
// UnitVariance panics if dst is empty: give it its shape first.
func UnitVariance(dst *mat.Dense, seed int64, stream string) {
	if dst.IsEmpty() {
		panic("attention: UnitVariance: empty destination")
	}
	r, c := dst.Dims()
	sigma := 1 / math.Sqrt(float64(r))
	rng := rand.New(rand.NewPCG(uint64(seed), streamHash(stream)))
	raw := dst.RawMatrix()
	for i := 0; i < r; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+c]
		for j := range row {
			row[j] = sigma * detmath.Normal(rng)
		}
	}
}

// Rows returns the rows of m as slices, as a Spec holds matrices.
func Rows(m mat.Matrix) [][]float64 {
	r, c := m.Dims()
	out := make([][]float64, r)
	for i := range out {
		out[i] = make([]float64, c)
		for j := range out[i] {
			out[i][j] = m.At(i, j)
		}
	}
	return out
}
