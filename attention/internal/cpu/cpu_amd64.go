//go:build amd64 && !purego

package cpu

import "golang.org/x/sys/cpu"

// detect reads the extensions from golang.org/x/sys/cpu, which counts AVX
// and AVX2 only when the operating system saves the 256-bit registers.
func detect() (avx, avx2 bool) {
	return cpu.X86.HasAVX, cpu.X86.HasAVX && cpu.X86.HasAVX2
}
