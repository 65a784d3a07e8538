//go:build amd64 && !purego

#include "textflag.h"

// func mulAVX512x4x16(c *float64, cs int, a *float64, as int, b *float64, bs int, k int, n16 int)
//
// mulAVX4x8 (kernel_amd64.s) with 512-bit registers: for each strip of 16
// columns of b (n16 strips) it keeps a 4 × 16 block of c in eight registers
// of eight float64 each (Z0 Z1 row 0, Z2 Z3 row 1, Z4 Z5 row 2, Z6 Z7
// row 3). They start at +0; for l = 0, 1, …, k-1 in order, each gains
// a[r][l]·b[l][j], VMULPD rounding the product before VADDPD adds it: the
// same roundings in the same order as the Go loop and mulAVX4x8, eight
// lanes at once. No FMA.
//
// Registers as in mulAVX4x8: DI c, AX a, DX b (strip start), SI a at
// column l, BX b at row l, CX l countdown, R8 = as·8, R9 = 3·as·8,
// R10 = bs·8, R11 = cs·8, R12 = k, R13 strips left, R14 = 3·cs·8.
TEXT ·mulAVX512x4x16(SB), NOSPLIT, $0-64
	MOVQ c+0(FP), DI
	MOVQ cs+8(FP), R11
	SHLQ $3, R11
	LEAQ (R11)(R11*2), R14
	MOVQ a+16(FP), AX
	MOVQ as+24(FP), R8
	SHLQ $3, R8
	LEAQ (R8)(R8*2), R9
	MOVQ b+32(FP), DX
	MOVQ bs+40(FP), R10
	SHLQ $3, R10
	MOVQ k+48(FP), R12
	MOVQ n16+56(FP), R13

strip:
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	VPXORQ Z7, Z7, Z7
	MOVQ AX, SI
	MOVQ DX, BX
	MOVQ R12, CX

loop:
	VMOVUPD (BX), Z8     // b[l][0:8]
	VMOVUPD 64(BX), Z9   // b[l][8:16]

	VBROADCASTSD (SI), Z10 // a[0][l] in every lane
	VMULPD Z8, Z10, Z11
	VADDPD Z11, Z0, Z0     // Z0 = Z0 + a[0][l]·b[l][0:8]
	VMULPD Z9, Z10, Z12
	VADDPD Z12, Z1, Z1

	VBROADCASTSD (SI)(R8*1), Z13 // a[1][l]
	VMULPD Z8, Z13, Z14
	VADDPD Z14, Z2, Z2
	VMULPD Z9, Z13, Z15
	VADDPD Z15, Z3, Z3

	VBROADCASTSD (SI)(R8*2), Z16 // a[2][l]
	VMULPD Z8, Z16, Z17
	VADDPD Z17, Z4, Z4
	VMULPD Z9, Z16, Z18
	VADDPD Z18, Z5, Z5

	VBROADCASTSD (SI)(R9*1), Z19 // a[3][l]
	VMULPD Z8, Z19, Z20
	VADDPD Z20, Z6, Z6
	VMULPD Z9, Z19, Z21
	VADDPD Z21, Z7, Z7

	ADDQ $8, SI  // next column of a
	ADDQ R10, BX // next row of b
	DECQ CX
	JNZ  loop

	VMOVUPD Z0, (DI)
	VMOVUPD Z1, 64(DI)
	VMOVUPD Z2, (DI)(R11*1)
	VMOVUPD Z3, 64(DI)(R11*1)
	VMOVUPD Z4, (DI)(R11*2)
	VMOVUPD Z5, 64(DI)(R11*2)
	VMOVUPD Z6, (DI)(R14*1)
	VMOVUPD Z7, 64(DI)(R14*1)

	ADDQ $128, DI // next strip of c
	ADDQ $128, DX // and of b
	DECQ R13
	JNZ  strip

	VZEROUPPER
	RET
