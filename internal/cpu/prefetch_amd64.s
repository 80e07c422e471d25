#include "textflag.h"

// func Prefetch(addr unsafe.Pointer)
TEXT ·Prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ addr+0(FP), AX
	PREFETCHT0 (AX)
	RET

// func Prefetch2(a, b unsafe.Pointer)
TEXT ·Prefetch2(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	PREFETCHT0 (AX)
	PREFETCHT0 (BX)
	RET

// func Prefetch6(a, b, c, d, e, f unsafe.Pointer)
TEXT ·Prefetch6(SB), NOSPLIT|NOFRAME, $0-48
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	MOVQ c+16(FP), CX
	MOVQ d+24(FP), DX
	MOVQ e+32(FP), SI
	MOVQ f+40(FP), DI
	PREFETCHT0 (AX)
	PREFETCHT0 (BX)
	PREFETCHT0 (CX)
	PREFETCHT0 (DX)
	PREFETCHT0 (SI)
	PREFETCHT0 (DI)
	RET
