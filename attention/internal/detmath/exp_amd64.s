//go:build amd64 && !purego

#include "textflag.h"

// The constants of Exp, bit for bit as the Go compiler rounds them.
DATA expConst<>+0(SB)/8, $0x3ff71547652b82fe // log2e
DATA expConst<>+8(SB)/8, $0x3fe0000000000000 // half
DATA expConst<>+16(SB)/8, $0x3fe62e42fee00000 // ln2Hi
DATA expConst<>+24(SB)/8, $0x3dea39ef35793c76 // ln2Lo
DATA expConst<>+32(SB)/8, $0x43300000000003ff // magic
DATA expConst<>+40(SB)/8, $0x3da93974a8c07c9d // 1/14!
DATA expConst<>+48(SB)/8, $0x3de6124613a86d09 // 1/13!
DATA expConst<>+56(SB)/8, $0x3e21eed8eff8d898 // 1/12!
DATA expConst<>+64(SB)/8, $0x3e5ae64567f544e4 // 1/11!
DATA expConst<>+72(SB)/8, $0x3e927e4fb7789f5c // 1/10!
DATA expConst<>+80(SB)/8, $0x3ec71de3a556c734 // 1/9!
DATA expConst<>+88(SB)/8, $0x3efa01a01a01a01a // 1/8!
DATA expConst<>+96(SB)/8, $0x3f2a01a01a01a01a // 1/7!
DATA expConst<>+104(SB)/8, $0x3f56c16c16c16c17 // 1/6!
DATA expConst<>+112(SB)/8, $0x3f81111111111111 // 1/5!
DATA expConst<>+120(SB)/8, $0x3fa5555555555555 // 1/4!
DATA expConst<>+128(SB)/8, $0x3fc5555555555555 // 1/3!
DATA expConst<>+136(SB)/8, $0x3fe0000000000000 // 1/2!
DATA expConst<>+144(SB)/8, $0x3ff0000000000000 // 1/1!
DATA expConst<>+152(SB)/8, $0x3ff0000000000000 // 1/0!
GLOBL expConst<>(SB), RODATA|NOPTR, $160

// STEP is one step of Horner's rule for both groups of four: p = p·r, then
// p = p + c, each rounded to float64, as Exp does.
#define STEP(off) \
	VBROADCASTSD expConst<>+off(SB), Y14 \
	VMULPD Y2, Y3, Y3 \
	VMULPD Y6, Y7, Y7 \
	VADDPD Y14, Y3, Y3 \
	VADDPD Y14, Y7, Y7

// func expAVX2(dst, src *float64, n int, shift float64)
//
// dst[i] = Exp(src[i] − shift) for i < n, n a positive multiple of 8, by
// the steps of Exp's ordinary case for x < 0 (see expVector), eight at a
// time: two groups of four lanes (Y0-Y3 and Y4-Y7), whose chains of
// dependent operations interleave.
//
//	x  = src − shift                     Y0, Y4
//	k  = ⌈x·log₂e − ½⌉                   Y1, Y5  (VROUNDPD mode 2: towards +∞)
//	r  = (x − k·ln2Hi) − k·ln2Lo          Y2, Y6
//	p  = Horner's rule, 1/14! … 1/0!     Y3, Y7
//	2ᵏ = the bits of k + 2⁵²+1023, shifted left by 52
//	e  = p·2ᵏ
TEXT ·expAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD shift+24(FP), Y15

loop:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y4
	VSUBPD Y15, Y0, Y0 // x
	VSUBPD Y15, Y4, Y4

	VBROADCASTSD expConst<>+0(SB), Y14 // log₂e
	VMULPD Y14, Y0, Y1
	VMULPD Y14, Y4, Y5
	VBROADCASTSD expConst<>+8(SB), Y14 // ½
	VSUBPD Y14, Y1, Y1
	VSUBPD Y14, Y5, Y5
	VROUNDPD $10, Y1, Y1 // k = ⌈·⌉ (2: towards +∞; 8: no inexact exception)
	VROUNDPD $10, Y5, Y5

	VBROADCASTSD expConst<>+16(SB), Y14 // ln2Hi
	VMULPD Y14, Y1, Y2
	VMULPD Y14, Y5, Y6
	VSUBPD Y2, Y0, Y0 // hi = x − k·ln2Hi
	VSUBPD Y6, Y4, Y4
	VBROADCASTSD expConst<>+24(SB), Y14 // ln2Lo
	VMULPD Y14, Y1, Y2
	VMULPD Y14, Y5, Y6
	VSUBPD Y2, Y0, Y2 // r = hi − k·ln2Lo
	VSUBPD Y6, Y4, Y6

	VBROADCASTSD expConst<>+40(SB), Y3 // p = 1/14!
	VMOVAPD Y3, Y7
	STEP(48)
	STEP(56)
	STEP(64)
	STEP(72)
	STEP(80)
	STEP(88)
	STEP(96)
	STEP(104)
	STEP(112)
	STEP(120)
	STEP(128)
	STEP(136)
	STEP(144)
	STEP(152)

	VBROADCASTSD expConst<>+32(SB), Y14 // 2⁵² + 1023
	VADDPD Y14, Y1, Y1 // low bits: k + 1023, exactly
	VADDPD Y14, Y5, Y5
	VPSLLQ $52, Y1, Y1 // 2ᵏ
	VPSLLQ $52, Y5, Y5
	VMULPD Y1, Y3, Y3
	VMULPD Y5, Y7, Y7
	VMOVUPD Y3, (DI)
	VMOVUPD Y7, 32(DI)

	ADDQ $64, SI
	ADDQ $64, DI
	SUBQ $8, CX
	JNZ  loop

	VZEROUPPER
	RET

// STEP512 is STEP for both groups of eight: p = p·r, then
// p = p + c, each rounded to float64, as Exp does.
#define STEP512(off) \
	VBROADCASTSD expConst<>+off(SB), Z14 \
	VMULPD Z2, Z3, Z3 \
	VMULPD Z6, Z7, Z7 \
	VADDPD Z14, Z3, Z3 \
	VADDPD Z14, Z7, Z7

// func expAVX512(dst, src *float64, n int, shift float64)
//
// expAVX2 with 512-bit registers: n a positive multiple of 16, two groups
// of eight lanes (Z0-Z3 and Z4-Z7), the same operations in the same order;
// VRNDSCALEPD $10 rounds towards +∞ to an integer as VROUNDPD $10 does.
TEXT ·expAVX512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	VBROADCASTSD shift+24(FP), Z15

loop:
	VMOVUPD (SI), Z0
	VMOVUPD 64(SI), Z4
	VSUBPD Z15, Z0, Z0 // x
	VSUBPD Z15, Z4, Z4

	VBROADCASTSD expConst<>+0(SB), Z14 // log₂e
	VMULPD Z14, Z0, Z1
	VMULPD Z14, Z4, Z5
	VBROADCASTSD expConst<>+8(SB), Z14 // ½
	VSUBPD Z14, Z1, Z1
	VSUBPD Z14, Z5, Z5
	VRNDSCALEPD $10, Z1, Z1 // k = ⌈·⌉ (2: towards +∞; 8: no inexact exception)
	VRNDSCALEPD $10, Z5, Z5

	VBROADCASTSD expConst<>+16(SB), Z14 // ln2Hi
	VMULPD Z14, Z1, Z2
	VMULPD Z14, Z5, Z6
	VSUBPD Z2, Z0, Z0 // hi = x − k·ln2Hi
	VSUBPD Z6, Z4, Z4
	VBROADCASTSD expConst<>+24(SB), Z14 // ln2Lo
	VMULPD Z14, Z1, Z2
	VMULPD Z14, Z5, Z6
	VSUBPD Z2, Z0, Z2 // r = hi − k·ln2Lo
	VSUBPD Z6, Z4, Z6

	VBROADCASTSD expConst<>+40(SB), Z3 // p = 1/14!
	VMOVAPD Z3, Z7
	STEP512(48)
	STEP512(56)
	STEP512(64)
	STEP512(72)
	STEP512(80)
	STEP512(88)
	STEP512(96)
	STEP512(104)
	STEP512(112)
	STEP512(120)
	STEP512(128)
	STEP512(136)
	STEP512(144)
	STEP512(152)

	VBROADCASTSD expConst<>+32(SB), Z14 // 2⁵² + 1023
	VADDPD Z14, Z1, Z1 // low bits: k + 1023, exactly
	VADDPD Z14, Z5, Z5
	VPSLLQ $52, Z1, Z1 // 2ᵏ
	VPSLLQ $52, Z5, Z5
	VMULPD Z1, Z3, Z3
	VMULPD Z5, Z7, Z7
	VMOVUPD Z3, (DI)
	VMOVUPD Z7, 64(DI)

	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $16, CX
	JNZ  loop

	VZEROUPPER
	RET
