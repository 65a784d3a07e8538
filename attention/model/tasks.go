package model

import "math/rand/v2"

// init registers the tasks; Tasks lists them in this order.
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

// randomTokens sets every element of dst to an id drawn uniformly below v
// and returns dst.
func randomTokens(r *rand.Rand, dst []int, v int) []int {
	for i := range dst {
		dst[i] = r.IntN(v)
	}
	return dst
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

// meanShows counts a sequence as showing the pattern when the mean of the
// heads' weights of layer l shows ex.Refs (argmaxAt).
func meanShows(l int) func(ex *Example, p *Pass) (int, int) {
	return func(ex *Example, p *Pass) (int, int) {
		n := len(ex.Tokens)
		return one(argmaxAt(p.Res[l].WeightsMean.RawMatrix().Data, n, n, ex.Refs)), 1
	}
}

// rowsShow counts the rows i with ex.Refs[i] ≥ 0 and those whose largest
// weight in the mean of layer l's heads, among the first keys keys, is at
// ex.Refs[i].
func rowsShow(l, keys int) func(ex *Example, p *Pass) (int, int) {
	return func(ex *Example, p *Pass) (shown, checked int) {
		n := len(ex.Tokens)
		w := p.Res[l].WeightsMean.RawMatrix().Data
		one := make([]int, n)
		for i, ref := range ex.Refs {
			if ref < 0 {
				continue
			}
			for j := range one {
				one[j] = -1
			}
			one[i] = ref
			checked++
			if argmaxAt(w, n, keys, one) {
				shown++
			}
		}
		return shown, checked
	}
}

// one returns 1 for true and 0 for false.
func one(b bool) int {
	if b {
		return 1
	}
	return 0
}
