#include "textflag.h"

// func Prefetch(addr unsafe.Pointer)
TEXT ·Prefetch(SB), NOSPLIT|NOFRAME, $0-8
	MOVD addr+0(FP), R0
	PRFM (R0), PLDL1KEEP
	RET

// func Prefetch2(a, b unsafe.Pointer)
TEXT ·Prefetch2(SB), NOSPLIT|NOFRAME, $0-16
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	PRFM (R0), PLDL1KEEP
	PRFM (R1), PLDL1KEEP
	RET

// func Prefetch6(a, b, c, d, e, f unsafe.Pointer)
TEXT ·Prefetch6(SB), NOSPLIT|NOFRAME, $0-48
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	MOVD c+16(FP), R2
	MOVD d+24(FP), R3
	MOVD e+32(FP), R4
	MOVD f+40(FP), R5
	PRFM (R0), PLDL1KEEP
	PRFM (R1), PLDL1KEEP
	PRFM (R2), PLDL1KEEP
	PRFM (R3), PLDL1KEEP
	PRFM (R4), PLDL1KEEP
	PRFM (R5), PLDL1KEEP
	RET
