//go:build !amd64 || purego

package cpu

func detect() (avx, avx2 bool) { return false, false }

func detect512() bool { return false }
