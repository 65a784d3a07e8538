package text

import (
	"hash/fnv"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// ln10000 is ln 10000 = 4 ln 10, rounded to float64 by the compiler.
const ln10000 = 9.21034037197618273607196581873745729

// Embed sets dst to the len(tokens) × dModel matrix whose row i is the
// embedding of tokens[i]: dModel standard normal entries drawn, by
// detmath.Normal, from a PCG stream seeded with (seed, FNV-1a-64 of the
// token's bytes). The same token string always has the same vector, for a
// given seed and dModel, wherever it appears and on every platform; the first
// entries of a token's vector do not depend on dModel.
//
// dst is reused when it has the right shape and enough capacity, reset
// otherwise, as gonum's Dense methods do. Embed with no tokens leaves dst
// empty (a 0 × 0 mat.Dense cannot exist). Embed panics if dModel < 1.
func Embed(dst *mat.Dense, tokens []string, dModel int, seed int64) {
	if dModel < 1 {
		panic("text: dModel must be positive")
	}
	dst.Reset()
	if len(tokens) == 0 {
		return
	}
	dst.ReuseAs(len(tokens), dModel)
	seen := make(map[string]int, len(tokens))
	for i, tok := range tokens {
		row := dst.RawRowView(i)
		if j, ok := seen[tok]; ok {
			copy(row, dst.RawRowView(j))
			continue
		}
		seen[tok] = i
		r := rand.New(rand.NewPCG(uint64(seed), tokenHash(tok)))
		for k := range row {
			row[k] = detmath.Normal(r)
		}
	}
}

// tokenHash returns the 64-bit FNV-1a hash of tok's bytes.
func tokenHash(tok string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(tok))
	return h.Sum64()
}

// AddPositional adds to dst the sinusoidal positional encoding of Vaswani et
// al. (2017): for the row pos and the column pair (2i, 2i+1) of a d-column
// matrix,
//
//	PE[pos, 2i]   = sin(pos / 10000^(2i/d))
//	PE[pos, 2i+1] = cos(pos / 10000^(2i/d))
//
// When d is odd, the last column gets only its sine. The frequencies are
// computed as detmath.Exp(−(2i/d)·ln 10000) and the sines and cosines by
// detmath.Sin and detmath.Cos, so the result is bit-identical on every GOARCH.
// AddPositional does nothing to an empty dst.
func AddPositional(dst *mat.Dense) {
	if dst.IsEmpty() {
		return
	}
	rows, cols := dst.Dims()
	invFreq := make([]float64, (cols+1)/2)
	for i := range invFreq {
		invFreq[i] = detmath.Exp(-float64(float64(2*i)/float64(cols)) * ln10000)
	}
	for pos := range rows {
		row := dst.RawRowView(pos)
		for i, f := range invFreq {
			angle := float64(float64(pos) * f)
			row[2*i] += detmath.Sin(angle)
			if 2*i+1 < cols {
				row[2*i+1] += detmath.Cos(angle)
			}
		}
	}
}
