package model

import (
	"math/rand/v2"
	"strings"
)

func init() {
	for _, t := range []*Task{previousTask(), reverseTask(), sortTask(), inductionTask(), corefTask()} {
		register(t)
	}
}

// letters returns the words "a", "b", … of n tokens.
func letters(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('a' + i))
	}
	return out
}

// randomTokens returns n ids drawn uniformly below v.
func randomTokens(r *rand.Rand, n, v int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = r.IntN(v)
	}
	return out
}

// argmaxAt reports whether, in every row i with refs[i] ≥ 0, the largest
// weight of w's row (n × n, row-major) among its first keys columns is at
// column refs[i].
func argmaxAt(w []float64, n, keys int, refs []int) bool {
	for i, ref := range refs {
		if ref < 0 {
			continue
		}
		row := w[i*n : i*n+keys]
		for j, x := range row {
			if j != ref && x >= row[ref] {
				return false
			}
		}
	}
	return true
}

// meanShows reports whether the mean of the heads' weights of layer l
// shows ex.Refs (argmaxAt) among the first keys keys (0: all).
func meanShows(l, keys int) func(ex *Example, p *Pass) bool {
	return func(ex *Example, p *Pass) bool {
		n := len(ex.Tokens)
		if keys == 0 {
			keys = n
		}
		return argmaxAt(p.Res[l].WeightsMean.RawMatrix().Data, n, keys, ex.Refs)
	}
}

func previousTask() *Task {
	const n, v = 10, 10
	return &Task{
		Name:    "previous",
		Summary: "at each position, the token before it (causal)",
		Explain: Explanation{
			En:     "To say which token came before, each token must look one step back. The trained head puts almost all of each row's weight on the diagonal just below the main one: the query at position i finds the key at i−1 by the position embeddings alone, whatever the tokens are.",
			ZhHans: "要说出前一个词元，每个词元都得往回看一步。训练后的注意力头把每一行几乎全部的权重放在主对角线正下方的那条对角线上：位置 i 的查询只凭位置嵌入就找到位置 i−1 的键，与词元是什么无关。",
		},
		Vocab: letters(v),
		Arch:  Arch{MaxLen: n, DModel: 16, Heads: 1, Layers: 1, Causal: true},
		LR:    0.01, Clip: 1, Batch: 32, Steps: 150, Target: 0.99, PatternTarget: 0.99,
		Sample: "c a f b e d a c h g",
		generate: func(r *rand.Rand) Example {
			toks := randomTokens(r, n, v)
			ex := Example{Tokens: toks, Targets: make([]int, n), Refs: make([]int, n)}
			for i := range toks {
				ex.Targets[i], ex.Refs[i] = -1, -1
				if i > 0 {
					ex.Targets[i], ex.Refs[i] = toks[i-1], i-1
				}
			}
			return ex
		},
		pattern: meanShows(0, 0),
	}
}

func reverseTask() *Task {
	const n, v = 8, 10
	return &Task{
		Name:    "reverse",
		Summary: "at position i, the token at n−1−i",
		Explain: Explanation{
			En:     "To write the sequence backwards, position i must read position n−1−i. The trained head's weights lie on the anti-diagonal, from the top right to the bottom left: each query finds its mirror position by the position embeddings alone.",
			ZhHans: "要把序列倒过来写，位置 i 必须读取位置 n−1−i。训练后的注意力头的权重落在反对角线上，从右上到左下：每个查询只凭位置嵌入就找到与它对称的位置。",
		},
		Vocab: letters(v),
		Arch:  Arch{MaxLen: n, DModel: 16, Heads: 1, Layers: 1},
		LR:    0.01, Clip: 1, Batch: 32, Steps: 150, Target: 0.99, PatternTarget: 0.99,
		Sample: strings.Join(letters(n), " "),
		generate: func(r *rand.Rand) Example {
			toks := randomTokens(r, n, v)
			ex := Example{Tokens: toks, Targets: make([]int, n), Refs: make([]int, n)}
			for i := range toks {
				ex.Targets[i], ex.Refs[i] = toks[n-1-i], n-1-i
			}
			return ex
		},
		pattern: meanShows(0, 0),
	}
}
