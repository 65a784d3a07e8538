//go:build !amd64 || purego

package attention

// softmaxDivided sets h.Logits and h.Weights from h.Scores (logitsRow's
// divisors byDK and byT), row by row.
func softmaxDivided(h *Head, opt Options, byDK, byT divisor) {
	n, m := h.Scores.Dims()
	for i := range n {
		logits, limit := logitsRow(h, opt, i, m, byDK, byT)
		softmaxVisible(h.Weights.RawRowView(i)[:m], logits, limit)
	}
}
