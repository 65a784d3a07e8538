package model

import (
	"math/rand/v2"
	"strings"
)

// reverseTask: at position i, the token at n−1−i.
func reverseTask() *Task {
	const n, v = 8, 10
	return &Task{
		Name: "reverse",
		Summary: Explanation{
			En:     "at position i, the token at n−1−i",
			ZhHans: "在位置 i 预测位置 n−1−i 的词元",
		},
		Explain: Explanation{
			En:     "To write the sequence backwards, position i must read position n−1−i. The trained head's weights lie on the anti-diagonal, from the top right to the bottom left: each query finds its mirror position by the position embeddings alone.",
			ZhHans: "要把序列倒过来写，位置 i 必须读取位置 n−1−i。训练后的注意力头的权重落在反对角线上，从右上到左下：每个查询只凭位置嵌入就找到与它对称的位置。",
		},
		Vocab: letters(v),
		Arch:  Arch{MaxLen: n, DModel: 16, Heads: 1, Layers: 1},
		LR:    0.01, Clip: 1, Batch: 32, Steps: 150, Target: 0.99, PatternTarget: 0.99,
		Sample: strings.Join(letters(n), " "),
		generate: func(r *rand.Rand, ex *Example) {
			ex.reset(n, false)
			toks := randomTokens(r, ex.Tokens, v)
			for i := range toks {
				ex.Targets[i], ex.Refs[i] = toks[n-1-i], n-1-i
			}
		},
		pattern: meanShows(0),
	}
}
