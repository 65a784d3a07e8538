//go:build amd64 && !purego

package cpu

import "golang.org/x/sys/cpu"

// detect reads the extensions from golang.org/x/sys/cpu, which counts AVX
// and AVX2 only when the operating system saves the 256-bit registers.
func detect() (avx, avx2 bool) {
	return cpu.X86.HasAVX, cpu.X86.HasAVX && cpu.X86.HasAVX2
}

// detect512 reads AVX-512 Foundation from golang.org/x/sys/cpu, which
// counts it only when the operating system saves the 512-bit registers.
func detect512() bool {
	return cpu.X86.HasAVX512 && cpu.X86.HasAVX512F
}
