//go:build !amd64 || purego

package detmath

// expVector computes nothing here: ExpSum does every element in Go.
func expVector(dst, src []float64, shift float64) int { return 0 }
