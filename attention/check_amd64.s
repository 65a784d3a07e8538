//go:build amd64 && !purego

#include "textflag.h"

// func hasZeroAVX(a *float64, as int, r int, k4 int) bool
//
// Reports whether one of columns 0 … k4-1 (k4 a positive multiple of 4) of
// rows 0 … r-1 (r ≥ 1) of a, row stride as elements, equals zero (either
// sign; NaN does not): VCMPPD with EQ_OQ, four at a time.
TEXT ·hasZeroAVX(SB), NOSPLIT, $0-33
	MOVQ a+0(FP), DI
	MOVQ as+8(FP), R8
	SHLQ $3, R8
	MOVQ r+16(FP), R9
	MOVQ k4+24(FP), R10
	SHRQ $2, R10
	VXORPD Y0, Y0, Y0

row:
	MOVQ DI, SI
	MOVQ R10, CX

col:
	VMOVUPD (SI), Y1
	VCMPPD $0, Y1, Y0, Y2 // lanes equal to zero: all ones
	VPTEST Y2, Y2
	JNZ    found
	ADDQ   $32, SI
	DECQ   CX
	JNZ    col
	ADDQ   R8, DI
	DECQ   R9
	JNZ    row
	VZEROUPPER
	MOVB   $0, ret+32(FP)
	RET

found:
	VZEROUPPER
	MOVB $1, ret+32(FP)
	RET

// func finiteAVX(b *float64, bs int, r int, c4 int) bool
//
// Reports whether columns 0 … c4-1 (c4 a positive multiple of 4) of rows
// 0 … r-1 (r ≥ 1) of b, row stride bs elements, are all finite: v − v is +0
// for a finite v and NaN for ±Inf and NaN, so the OR of the bits of every
// v − v is zero exactly when all are finite.
TEXT ·finiteAVX(SB), NOSPLIT, $0-33
	MOVQ b+0(FP), DI
	MOVQ bs+8(FP), R8
	SHLQ $3, R8
	MOVQ r+16(FP), R9
	MOVQ c4+24(FP), R10
	SHRQ $2, R10
	VXORPD Y0, Y0, Y0

frow:
	MOVQ DI, SI
	MOVQ R10, CX

fcol:
	VMOVUPD (SI), Y1
	VSUBPD  Y1, Y1, Y2
	VORPD   Y2, Y0, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNZ     fcol
	ADDQ    R8, DI
	DECQ    R9
	JNZ     frow
	VPTEST  Y0, Y0
	SETEQ   ret+32(FP)
	VZEROUPPER
	RET
