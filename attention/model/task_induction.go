package model

import "math/rand/v2"

// inductionTask: a stretch of distinct tokens, then the same stretch again;
// in the repeat each token's successor is predicted.
func inductionTask() *Task {
	const v, minLen, maxLen = 16, 4, 8
	return &Task{
		Name: "induction",
		Summary: Explanation{
			En:     "in a stretch of tokens written twice, each repeated token's successor (causal, two layers)",
			ZhHans: "一段词元写两遍，在第二遍里预测每个词元的下一个（因果，两层）",
		},
		Explain: Explanation{
			En:     "The sequence is a stretch of random letters written twice; in the repeat, the model predicts each letter's successor, which it saw the first time. No position rule does it, since the stretch's length varies: two layers work together. In layer 1 a previous-token head copies into every position the token before it. In layer 2 an induction head's query (the current letter) finds the key that remembers that letter as its predecessor — the position just after the letter's first occurrence — and copies the token there: the row of position i puts its weight on position i−m+1, for a stretch of length m.",
			ZhHans: "序列是把一段随机字母写两遍；在第二遍里，模型要预测每个字母的下一个字母，它在第一遍中见过。由于这段的长度不定，任何按位置的规则都做不到：两层要配合。第 1 层里的“前一词元”注意力头把每个位置前面的词元复制到该位置。第 2 层里的“归纳”注意力头用当前字母作查询，找到记着这个字母是自己前一个词元的那个键——也就是这个字母第一次出现之后的位置——并复制那里的词元：对长度为 m 的一段，位置 i 的那一行把权重放在位置 i−m+1 上。",
		},
		Vocab: letters(v),
		Arch:  Arch{MaxLen: 2 * maxLen, DModel: 16, Heads: 1, Layers: 2, Causal: true},
		LR:    0.01, WeightDecay: 0.3, Clip: 1, Batch: 32, Steps: 600, Target: 0.95, PatternTarget: 0.9,
		Sample: "d a k f b d a k f b",
		generate: func(r *rand.Rand, ex *Example) {
			m := minLen + r.IntN(maxLen-minLen+1)
			var pb [v]int
			s := perm(r, pb[:0], v)[:m]
			ex.reset(2*m, false)
			toks := ex.Tokens
			copy(toks, s)
			copy(toks[m:], s)
			for i := m; i+1 < 2*m; i++ {
				ex.Targets[i], ex.Refs[i] = toks[i+1], i-m+1
			}
		},
		pattern: inductionShows,
	}
}

// inductionShows counts a sequence as showing the pattern when the mean of
// layer 1's heads attends from every predicted position most to ex.Refs
// (the induction head), and some head of layer 0 from each of those keys j
// most to j−1 (the previous-token head, where the induction head needs it).
func inductionShows(ex *Example, p *Pass) (int, int) {
	n := len(ex.Tokens)
	prev := make([]int, n)
	for i := range prev {
		prev[i] = -1
	}
	for _, j := range ex.Refs {
		if j >= 1 {
			prev[j] = j - 1
		}
	}
	found := false
	for _, h := range p.Res[0].Heads {
		if argmaxAt(h.Weights.RawMatrix().Data, n, n, prev) {
			found = true
		}
	}
	return one(found && argmaxAt(p.Res[1].WeightsMean.RawMatrix().Data, n, n, ex.Refs)), 1
}
