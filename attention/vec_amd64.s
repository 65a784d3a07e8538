//go:build amd64 && !purego

#include "textflag.h"

// func addAVX(dst *float64, src *float64, n4 int)
//
// Sets dst[j] = dst[j] + src[j] for j < n4 (a positive multiple of 4),
// four at a time with VADDPD: the same IEEE addition as ADDSD.
TEXT ·addAVX(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n4+16(FP), CX
	SHRQ $2, CX

addloop:
	VMOVUPD (DI), Y0
	VADDPD  (SI), Y0, Y0 // Y0 = dst + src
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     addloop

	VZEROUPPER
	RET

// func scaleAVX(dst *float64, src *float64, n4 int, s float64)
//
// Sets dst[j] = src[j] · s for j < n4 (a positive multiple of 4), four at
// a time with VMULPD: the same IEEE multiplication as MULSD. dst and src
// may be the same.
TEXT ·scaleAVX(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n4+16(FP), CX
	SHRQ         $2, CX
	VBROADCASTSD s+24(FP), Y1

scaleloop:
	VMULPD  (SI), Y1, Y0 // Y0 = s · src
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     scaleloop

	VZEROUPPER
	RET

// func transposeAVX(dst *float64, ds int, src *float64, ss int, r4 int, c4 int)
//
// Sets the 4·c4 × 4·r4 block at dst (row stride ds) to the transpose of
// the 4·r4 × 4·c4 block at src (row stride ss), 4 × 4 at a time: four rows
// of src in Y0-Y3, interleaved by pairs (VUNPCKLPD, VUNPCKHPD) and by
// halves (VPERM2F128) into four rows of dst. Only moves, no arithmetic.
TEXT ·transposeAVX(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ ds+8(FP), R8
	SHLQ $3, R8
	MOVQ src+16(FP), SI
	MOVQ ss+24(FP), R9
	SHLQ $3, R9
	MOVQ r4+32(FP), R10
	LEAQ (R8)(R8*2), R12 // 3·ds
	LEAQ (R9)(R9*2), R13 // 3·ss

rowblock:
	MOVQ SI, AX          // src: this block of rows, column 0
	MOVQ DI, BX          // dst: row 0, this block of columns
	MOVQ c4+40(FP), CX

colblock:
	VMOVUPD (AX), Y0          // a b c d
	VMOVUPD (AX)(R9*1), Y1    // e f g h
	VMOVUPD (AX)(R9*2), Y2    // i j k l
	VMOVUPD (AX)(R13*1), Y3   // m n o p
	VUNPCKLPD Y1, Y0, Y4      // a e c g
	VUNPCKHPD Y1, Y0, Y5      // b f d h
	VUNPCKLPD Y3, Y2, Y6      // i m k o
	VUNPCKHPD Y3, Y2, Y7      // j n l p
	VPERM2F128 $0x20, Y6, Y4, Y0 // a e i m
	VPERM2F128 $0x20, Y7, Y5, Y1 // b f j n
	VPERM2F128 $0x31, Y6, Y4, Y2 // c g k o
	VPERM2F128 $0x31, Y7, Y5, Y3 // d h l p
	VMOVUPD Y0, (BX)
	VMOVUPD Y1, (BX)(R8*1)
	VMOVUPD Y2, (BX)(R8*2)
	VMOVUPD Y3, (BX)(R12*1)
	ADDQ $32, AX              // next 4 columns of src
	LEAQ (BX)(R8*4), BX       // next 4 rows of dst
	DECQ CX
	JNZ  colblock

	LEAQ (SI)(R9*4), SI       // next 4 rows of src
	ADDQ $32, DI              // next 4 columns of dst
	DECQ R10
	JNZ  rowblock

	VZEROUPPER
	RET
