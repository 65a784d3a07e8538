//go:build amd64 && !purego

#include "textflag.h"

// func divAVX(dst *float64, src *float64, n4 int, d float64)
//
// Sets dst[j] = src[j] / d for j < n4 (a positive multiple of 4), four at a
// time with VDIVPD: the same correctly rounded IEEE division as DIVSD.
// dst and src may be the same.
TEXT ·divAVX(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n4+16(FP), CX
	SHRQ         $2, CX
	VBROADCASTSD d+24(FP), Y0

loop:
	VMOVUPD (SI), Y1
	VDIVPD  Y0, Y1, Y2 // Y2 = Y1 / Y0
	VMOVUPD Y2, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     loop

	VZEROUPPER
	RET
