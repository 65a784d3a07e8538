package model

import (
	"math/rand/v2"
	"slices"
	"strconv"
)

// sortTask: a set of distinct numbers, ">", then the numbers sorted,
// predicted one after the other.
func sortTask() *Task {
	const k, v = 6, 16 // k distinct numbers below v
	vocab := make([]string, v+1)
	for i := range v {
		vocab[i] = strconv.Itoa(i)
	}
	sep := v
	vocab[sep] = ">"
	return &Task{
		Name: "sort",
		Summary: Explanation{
			En:     "after \">\", the numbers before it in increasing order, the i-th smallest at the i-th place",
			ZhHans: "在“>”之后按从小到大写出它前面的数，第 i 个位置写第 i 小的数",
		},
		Explain: Explanation{
			En:     "After \">\" the model writes the numbers in increasing order, one per position: at the i-th place the i-th smallest. Each query (\">\" or the number just written) looks for the smallest number larger than itself among the numbers before \">\", so the row of the i-th place puts its weight on the key holding the number of rank i, wherever it stands.",
			ZhHans: "在“>”之后，模型按从小到大的顺序逐个写出这些数：第 i 个位置写第 i 小的数。每个查询（“>”或刚写出的数）在“>”之前的数中寻找比自己大的最小的那个，因此第 i 个位置的那一行把权重放在排第 i 位的数所在的键上，不论它在哪里。",
		},
		Vocab: vocab,
		Arch:  Arch{MaxLen: 2 * k, DModel: 32, Heads: 1, DV: 2, Layers: 1, Causal: true},
		LR:    0.01, WeightDecay: 0.1, Clip: 1, Batch: 32, Steps: 2300, Target: 0.99, PatternTarget: 0.95,
		Sample: "11 2 9 0 14 5 > 0 2 5 9 11",
		generate: func(r *rand.Rand, ex *Example) {
			var pb, sb [v]int
			nums := perm(r, pb[:0], v)[:k]
			sorted := append(sb[:0], nums...)
			slices.Sort(sorted)
			ex.reset(2*k, false)
			copy(ex.Tokens, nums)
			ex.Tokens[k] = sep
			copy(ex.Tokens[k+1:], sorted[:k-1])
			for rank := range k {
				ex.Targets[k+rank] = sorted[rank]
				ex.Refs[k+rank] = slices.Index(nums, sorted[rank])
			}
		},
		pattern: rowsShow(0, k),
	}
}
