//go:build amd64 && !purego

#include "textflag.h"

// func mulAVX4x8(c *float64, cs int, a *float64, as int, b *float64, bs int, k int, n8 int)
//
// For each strip of eight columns of b (n8 strips), it keeps a 4 × 8 block
// of c in eight 256-bit registers, four float64 each:
//
//	Y0 Y1   row 0 of the block, columns 0-3 and 4-7
//	Y2 Y3   row 1
//	Y4 Y5   row 2
//	Y6 Y7   row 3
//
// They start at +0. For l = 0, 1, …, k-1 in order it loads columns 0-7 of
// row l of b (Y8, Y9) and, for each row r, copies a[r][l] into the four
// lanes of Y10 and adds a[r][l]·b[l][j] to every lane: VMULPD rounds the
// product to float64, then VADDPD adds it, just as the Go loop
// s = s + float64(x*b) does for one column. There is no FMA instruction
// here. At the end of the strip the block is stored into c.
//
// Registers: DI c, AX a, DX b (strip start), SI a at column l, BX b at row l,
// CX l countdown, R8 = as·8, R9 = 3·as·8, R10 = bs·8, R11 = cs·8,
// R12 = k, R13 strips left, R14 = 3·cs·8.
TEXT ·mulAVX4x8(SB), NOSPLIT, $0-64
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
	MOVQ n8+56(FP), R13

strip:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ AX, SI
	MOVQ DX, BX
	MOVQ R12, CX

loop:
	VMOVUPD (BX), Y8     // b[l][0:4]
	VMOVUPD 32(BX), Y9   // b[l][4:8]

	VBROADCASTSD (SI), Y10 // a[0][l] in every lane
	VMULPD Y8, Y10, Y11
	VADDPD Y11, Y0, Y0   // Y0 = Y0 + a[0][l]·b[l][0:4]
	VMULPD Y9, Y10, Y12
	VADDPD Y12, Y1, Y1

	VBROADCASTSD (SI)(R8*1), Y10 // a[1][l]
	VMULPD Y8, Y10, Y11
	VADDPD Y11, Y2, Y2
	VMULPD Y9, Y10, Y12
	VADDPD Y12, Y3, Y3

	VBROADCASTSD (SI)(R8*2), Y10 // a[2][l]
	VMULPD Y8, Y10, Y11
	VADDPD Y11, Y4, Y4
	VMULPD Y9, Y10, Y12
	VADDPD Y12, Y5, Y5

	VBROADCASTSD (SI)(R9*1), Y10 // a[3][l]
	VMULPD Y8, Y10, Y11
	VADDPD Y11, Y6, Y6
	VMULPD Y9, Y10, Y12
	VADDPD Y12, Y7, Y7

	ADDQ $8, SI  // next column of a
	ADDQ R10, BX // next row of b
	DECQ CX
	JNZ  loop

	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, (DI)(R11*1)
	VMOVUPD Y3, 32(DI)(R11*1)
	VMOVUPD Y4, (DI)(R11*2)
	VMOVUPD Y5, 32(DI)(R11*2)
	VMOVUPD Y6, (DI)(R14*1)
	VMOVUPD Y7, 32(DI)(R14*1)

	ADDQ $64, DI // next strip of c
	ADDQ $64, DX // and of b
	DECQ R13
	JNZ  strip

	VZEROUPPER // no penalty for the SSE code that runs next
	RET
