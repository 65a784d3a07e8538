//go:build amd64 && !purego

package attention

import (
	"math"

	"github.com/attnviz/attnviz/attention/internal/detmath"
)

// softmaxDivided sets h.Logits and h.Weights from h.Scores (logitsRow's
// divisors byDK and byT) with the bits of softmaxVisible: four rows at a
// time, their exponentials first (detmath.ExpInto), then their four sums,
// each added in order from the first key as ExpSum adds it, but
// interleaved, so that one row's additions need not wait for the one
// before (a chain of dependent additions, 4 cycles each).
func softmaxDivided(h *Head, opt Options, byDK, byT divisor) {
	n, m := h.Scores.Dims()
	for i0 := 0; i0 < n; i0 += 4 {
		var rows [4][]float64 // the rows whose sums are to come
		k := 0
		for i := i0; i < min(i0+4, n); i++ {
			logits, limit := logitsRow(h, opt, i, m, byDK, byT)
			weights := h.Weights.RawRowView(i)[:m]
			maxv, nan := rowMax(logits[:limit])
			if nan || math.IsInf(maxv, 0) {
				Softmax(weights, logits) // the special cases
				continue
			}
			detmath.ExpInto(weights[:limit], logits[:limit], maxv)
			clear(weights[limit:])
			rows[k] = weights[:limit]
			k++
		}
		sums := sum4(rows)
		for q, w := range rows[:k] {
			divSlice(w, w, sums[q])
		}
	}
}

// sum4 returns the sums of the four rows, each added in order from its
// first element, starting from +0 (rows may be empty or of different
// lengths).
func sum4(rows [4][]float64) (s [4]float64) {
	r0, r1, r2, r3 := rows[0], rows[1], rows[2], rows[3]
	common := min(len(r0), len(r1), len(r2), len(r3))
	r0, r1, r2, r3 = r0[:common], r1[:common], r2[:common], r3[:common]
	var s0, s1, s2, s3 float64
	for j := range r0 {
		s0 += r0[j]
		s1 += r1[j]
		s2 += r2[j]
		s3 += r3[j]
	}
	s = [4]float64{s0, s1, s2, s3}
	for q, r := range rows {
		for _, v := range r[common:] {
			s[q] += v
		}
	}
	return s
}
