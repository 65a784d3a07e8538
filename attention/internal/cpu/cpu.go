// Package cpu reports the x86 instruction-set extensions that the assembly
// kernels of package attention use. Everywhere else, and in builds with
// -tags purego, it reports none.
package cpu

// AVX reports whether the CPU has AVX and the operating system saves the
// 256-bit registers; AVX2 whether it has AVX2 as well. Tests may turn them
// off to compare the assembly kernels with the pure-Go ones.
var AVX, AVX2 = detect()

// AVX512 reports whether the CPU has AVX-512 Foundation and the operating
// system saves the 512-bit registers. Tests may turn it off.
var AVX512 = detect512()
