package main

import (
	"math"
	"slices"

	"github.com/attnviz/attnviz/bench/train"
)

// Median returns the median of xs: the middle value, or the mean of the two
// middle values for an even count (train.Median). It is NaN for an empty
// xs. xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	return train.Median(xs)
}

// Percentile returns the p-th percentile of xs by the nearest-rank method:
// the smallest value such that at least p percent of xs are less than or
// equal to it. p is clamped to (0, 100]; Percentile(xs, 100) is the maximum.
// It is NaN for an empty xs. xs is not changed.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	rank = max(1, min(rank, len(s)))
	return s[rank-1]
}

// Max returns the largest of xs, or NaN for an empty xs.
func Max(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	return slices.Max(xs)
}
