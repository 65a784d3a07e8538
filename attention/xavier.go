package attention

import (
	"hash/fnv"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// Xavier fills dst (fan_in × fan_out, rows × columns) with Xavier (Glorot)
// normal initialisation:
//
//	dst[i][j] = σ·zᵢⱼ,  σ = √(2 / (fan_in + fan_out)),  zᵢⱼ ~ N(0, 1)
//
// which keeps the variance of x·dst close to that of x for x of unit variance
// (the mean of the fans balances the forward and the backward pass). The zᵢⱼ
// are drawn row by row by detmath.Normal from a PCG generator seeded with
// (seed, FNV-1a-64 of stream), so dst depends only on seed, stream and its
// shape, not on the platform: the values are bit for bit the same natively
// and in WebAssembly. Different streams ("wq", "wk", "wv", "wo") give
// independent matrices. A matrix that is a prefix of a larger one (fewer rows,
// same columns) gets the same leading rows up to σ.
//
// Xavier panics if dst is empty: give it its shape first.
func Xavier(dst *mat.Dense, seed int64, stream string) {
	if dst.IsEmpty() {
		panic("attention: Xavier: empty destination")
	}
	r, c := dst.Dims()
	sigma := math.Sqrt(2 / float64(r+c))
	rng := rand.New(rand.NewPCG(uint64(seed), streamHash(stream)))
	raw := dst.RawMatrix()
	for i := 0; i < r; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+c]
		for j := range row {
			row[j] = sigma * detmath.Normal(rng)
		}
	}
}

// streamHash is the 64-bit FNV-1a hash of s.
func streamHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
