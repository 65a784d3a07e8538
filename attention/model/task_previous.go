package model

import "math/rand/v2"

// previousTask: at each position, the token before it.
func previousTask() *Task {
	const n, v = 10, 10
	return &Task{
		Name: "previous",
		Summary: Explanation{
			En:     "at each position, the token before it (causal)",
			ZhHans: "在每个位置预测它前面的词元（因果）",
		},
		Explain: Explanation{
			En:     "To say which token came before, each token must look one step back. The trained head puts almost all of each row's weight on the diagonal just below the main one: the query at position i finds the key at i−1 by the position embeddings alone, whatever the tokens are.",
			ZhHans: "要说出前一个词元，每个词元都得往回看一步。训练后的注意力头把每一行几乎全部的权重放在主对角线正下方的那条对角线上：位置 i 的查询只凭位置嵌入就找到位置 i−1 的键，与词元是什么无关。",
		},
		Vocab: letters(v),
		Arch:  Arch{MaxLen: n, DModel: 16, Heads: 1, Layers: 1, Causal: true},
		LR:    0.01, Clip: 1, Batch: 32, Steps: 150, Target: 0.99, PatternTarget: 0.99,
		Sample: "c a f b e d a c h g",
		generate: func(r *rand.Rand, ex *Example) {
			ex.reset(n, false)
			toks := randomTokens(r, ex.Tokens, v)
			for i := 1; i < n; i++ {
				ex.Targets[i], ex.Refs[i] = toks[i-1], i-1
			}
		},
		pattern: meanShows(0),
	}
}
