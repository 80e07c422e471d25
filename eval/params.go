package eval

import "fmt"

// Group is one of the parameter groups (Slow Chess's MaterialV,
// KnightV, ... PassedV).
type Group uint8

// The groups, in Slow Chess's order.
const (
	MaterialV Group = iota
	KnightV
	BishopV
	RookV
	QueenV
	TacticalV
	KingV
	EndGameV
	ScaleV
	CoordV
	PawnV
	PassedV
	NumGroups
)

var groupNames = [NumGroups]string{
	"MaterialV", "KnightV", "BishopV", "RookV", "QueenV", "TacticalV",
	"KingV", "EndGameV", "ScaleV", "CoordV", "PawnV", "PassedV",
}

func (g Group) String() string {
	if g < NumGroups {
		return groupNames[g]
	}
	return fmt.Sprintf("Group(%d)", uint8(g))
}

// Kind says how a parameter's values enter the evaluation.
type Kind uint8

const (
	// Pair: a tapered (mg, eg) value, linear in the evaluation. Stored in
	// Params.Pairs.
	Pair Kind = iota
	// EgOnly: an endgame-only value (Slow Chess's EndGameV scalars), linear;
	// stored in Params.Pairs with MG fixed at 0.
	EgOnly
	// Scalar: a plain number used by a non-linear part: king-safety attack
	// units (KingV) or scale percentages (ScaleV). Stored in
	// Params.Scalars.
	Scalar
)

// Term is one named entry of the parameter table: a single value or an
// array of Len values starting at Index in Params.Pairs (Pair, EgOnly) or
// Params.Scalars (Scalar).
type Term struct {
	Group Group
	Name  string
	Kind  Kind
	Index int
	Len   int
	Array bool   // written as [...] even when Len is 1
	Doc   string // what the term rewards and how arrays are indexed

	defPairs   []Score
	defScalars []int
}

// Indices into Params.Pairs. Each constant is the previous one plus the
// previous term's length; init checks them against the table.
const (
	// MaterialV
	iPieceValue      = 0
	iBishopPair      = iPieceValue + 5
	iMorePieceBonus  = iBishopPair + 1
	iTwoMinorsVsRook = iMorePieceBonus + 1
	iRookVKnightEnd  = iTwoMinorsVsRook + 1
	iRookV2KnightEnd = iRookVKnightEnd + 1
	iRookVBishopEnd  = iRookV2KnightEnd + 1
	iTempo           = iRookVBishopEnd + 1
	// KnightV
	iKnightPST         = iTempo + 1
	iKnightMob         = iKnightPST + 64
	iKnightOutpost     = iKnightMob + 9
	iKnightOutpostMove = iKnightOutpost + 2
	iKnightAwol        = iKnightOutpostMove + 2
	// BishopV
	iBishopPST              = iKnightAwol + 1
	iBishopMob              = iBishopPST + 64
	iBishopColorPawns       = iBishopMob + 14
	iBishopColorBlockedPawn = iBishopColorPawns + 1
	iBishopOutpost          = iBishopColorBlockedPawn + 1
	iBishopFianchetto       = iBishopOutpost + 1
	iBishopCenterControl    = iBishopFianchetto + 1
	iBishopMajorAligned     = iBishopCenterControl + 2
	iBishopTrapped          = iBishopMajorAligned + 1
	iBishopNoPawnTargets    = iBishopTrapped + 2
	// RookV
	iRookPST                  = iBishopNoPawnTargets + 1
	iRookMob                  = iRookPST + 64
	iRookFileOpen             = iRookMob + 15
	iRookFileHalfOpen         = iRookFileOpen + 1
	iRookFileHalfOpenDefended = iRookFileHalfOpen + 1
	iRookFileBlockedPawn      = iRookFileHalfOpenDefended + 1
	iRookOn7th                = iRookFileBlockedPawn + 1
	iRooksTwo7K8              = iRookOn7th + 1
	iRookTrappedByKing        = iRooksTwo7K8 + 1
	iRookTrappedByKingPartial = iRookTrappedByKing + 1
	iRookQueenGun             = iRookTrappedByKingPartial + 1
	// QueenV
	iQueenPST           = iRookQueenGun + 1
	iQueenMob           = iQueenPST + 64
	iQueenOppRookOnFile = iQueenMob + 28
	iQueenClosedFile    = iQueenOppRookOnFile + 1
	// TacticalV
	iPieceHangingToPawn        = iQueenClosedFile + 1
	iRookHangingToMinor        = iPieceHangingToPawn + 1
	iQueenHangingToLesser      = iRookHangingToMinor + 1
	iMinorOnMinor              = iQueenHangingToLesser + 1
	iRookOnMinor               = iMinorOnMinor + 1
	iUndefendedPieceHanging    = iRookOnMinor + 1
	iUndefendedPawnHanging     = iUndefendedPieceHanging + 1
	iWeaklyDefendedPawn        = iUndefendedPawnHanging + 1
	iWeaklyDefendedPiece       = iWeaklyDefendedPawn + 1
	iPieceThreatenedByPawnPush = iWeaklyDefendedPiece + 1
	iKingOnPawn                = iPieceThreatenedByPawnPush + 1
	iQueenThreatByKnightMove   = iKingOnPawn + 1
	iQueenThreatBySliderMove   = iQueenThreatByKnightMove + 1
	iPinnedPieceThreatened     = iQueenThreatBySliderMove + 1
	// KingV (linear part)
	iKingPST            = iPinnedPieceThreatened + 1
	iKsPawnShield       = iKingPST + 64
	iKsPawnStorm        = iKsPawnShield + 4
	iKsPawnStormBlocked = iKsPawnStorm + 4
	iKsOpenFile         = iKsPawnStormBlocked + 1
	iKsCastleRights     = iKsOpenFile + 2
	iKsWeakBackRank     = iKsCastleRights + 1
	// EndGameV (endgame only)
	iPawnDistMult          = iKsWeakBackRank + 1
	iKingStuckOnEdge       = iPawnDistMult + 1
	iOutsidePassedKPK      = iKingStuckOnEdge + 1
	iOutsidePassedOnePiece = iOutsidePassedKPK + 1
	iOutsidePassedOneKnigh = iOutsidePassedOnePiece + 1
	iKingOutsidePawns      = iOutsidePassedOneKnigh + 1
	iKingMobility          = iKingOutsidePawns + 6
	iPawnRaceWin           = iKingMobility + 9
	// CoordV
	iMinorBehindPawn          = iPawnRaceWin + 1
	iPawnBlockedByPiece       = iMinorBehindPawn + 1
	iPawnBlockedByPieceCenter = iPawnBlockedByPiece + 1
	iOurSideSafeMove          = iPawnBlockedByPieceCenter + 1
	// PawnV
	iPawnPST           = iOurSideSafeMove + 1
	iPawnSupported     = iPawnPST + 64
	iPawnBackward      = iPawnSupported + 2
	iPawnIsolated      = iPawnBackward + 4
	iPawnWeakOpenFile  = iPawnIsolated + 4
	iPawnDoubled       = iPawnWeakOpenFile + 1
	iPawnConnectedRank = iPawnDoubled + 1
	iPawnConnectedFile = iPawnConnectedRank + 6
	// PassedV
	iPPPassedRank      = iPawnConnectedFile + 4
	iPPPassedFile      = iPPPassedRank + 6
	iPPKingDist        = iPPPassedFile + 4
	iPPOKingDist       = iPPKingDist + 8
	iPPCoveredAdvance  = iPPOKingDist + 8
	iPPFreePush        = iPPCoveredAdvance + 4
	iPPFreeAdvancePath = iPPFreePush + 4
	iPPConnected       = iPPFreeAdvancePath + 4
	iPPHanging         = iPPConnected + 4
	iPPCandidate       = iPPHanging + 2

	// NumPairs is the number of (mg, eg) values in Params.Pairs.
	NumPairs = iPPCandidate + 6
)

// Indices into Params.Scalars.
const (
	// KingV: king-safety attack units
	kKsBaseCoverByPiece = 0
	kKsSqCoverByPiece   = kKsBaseCoverByPiece + 4
	kKsWeakSqCover      = kKsSqCoverByPiece + 4
	kKsExtDoubleCover   = kKsWeakSqCover + 1
	kKsSafeCheck        = kKsExtDoubleCover + 1
	kKsUnsafeCheck      = kKsSafeCheck + 4
	kKsDefZoneCovered   = kKsUnsafeCheck + 1
	kKsCountStmBonus    = kKsDefZoneCovered + 1
	kKsNoQueen          = kKsCountStmBonus + 1
	kKsMobilityWeight   = kKsNoQueen + 1
	kKsAttackSub        = kKsMobilityWeight + 1
	// ScaleV: endgame scale percentages
	kScalePawnless      = kKsAttackSub + 1
	kOcbBase            = kScalePawnless + 1
	kOcbPawns           = kOcbBase + 1
	kOcbKnight          = kOcbPawns + 1
	kOcbRook            = kOcbKnight + 1
	kOcbQueen           = kOcbRook + 1
	kScaleBase          = kOcbQueen + 1
	kScalePawnCount     = kScaleBase + 1
	kScalePawnSpread    = kScalePawnCount + 1
	kScalePawnBothSides = kScalePawnSpread + 1
	kScalePassed        = kScalePawnBothSides + 1
	kScaleEdgeOnly      = kScalePassed + 1
	kScaleOnePiece      = kScaleEdgeOnly + 1
	kScaleQueens        = kScaleOnePiece + 1

	// NumScalars is the number of values in Params.Scalars.
	NumScalars = kScaleQueens + 1
)

// Params is one complete set of evaluation parameters. Read it through
// the table (Terms) by name, or by index for a tuner. A *Params given to
// an Evaluator must not change while the evaluator uses it.
type Params struct {
	Pairs   [NumPairs]Score
	Scalars [NumScalars]int
}

func p1(g Group, name string, idx int, doc string, v Score) Term {
	return Term{Group: g, Name: name, Kind: Pair, Index: idx, Len: 1, Doc: doc, defPairs: []Score{v}}
}

func pn(g Group, name string, idx int, doc string, v ...Score) Term {
	return Term{Group: g, Name: name, Kind: Pair, Index: idx, Len: len(v), Array: true, Doc: doc, defPairs: v}
}

func e1(g Group, name string, idx int, doc string, v int) Term {
	return Term{Group: g, Name: name, Kind: EgOnly, Index: idx, Len: 1, Doc: doc, defPairs: []Score{{0, v}}}
}

func en(g Group, name string, idx int, doc string, v ...int) Term {
	t := Term{Group: g, Name: name, Kind: EgOnly, Index: idx, Len: len(v), Array: true, Doc: doc}
	for _, x := range v {
		t.defPairs = append(t.defPairs, Score{0, x})
	}
	return t
}

func k1(g Group, name string, idx int, doc string, v int) Term {
	return Term{Group: g, Name: name, Kind: Scalar, Index: idx, Len: 1, Doc: doc, defScalars: []int{v}}
}

func kn(g Group, name string, idx int, doc string, v ...int) Term {
	return Term{Group: g, Name: name, Kind: Scalar, Index: idx, Len: len(v), Array: true, Doc: doc, defScalars: v}
}

// terms is the parameter table, in group order. Names follow Slow Chess's
// tuning notes where Vireo has the term; Vireo's additions (PSTs, PIECE_VALUE, TEMPO,
// per-count mobility tables, the king-safety gate and scale terms) are
// named in the same style. Values are centipawns with a pawn near 100 in
// the endgame; king-safety scalars are attack units (see kingDanger) and
// ScaleV scalars are percentages.
var terms = []Term{
	pn(MaterialV, "PIECE_VALUE", iPieceValue, "material by piece: pawn, knight, bishop, rook, queen", S(72, 103), S(332, 324), S(353, 345), S(477, 559), S(1001, 1022)),
	p1(MaterialV, "BISHOP_PAIR", iBishopPair, "bishops on both square colours", S(28, 50)),
	p1(MaterialV, "MORE_PIECE_BONUS", iMorePieceBonus, "more pieces than the opponent for about the same piece material (3 minors v queen, minor+rook v queen...)", S(10, 16)),
	p1(MaterialV, "TWO_MINORS_VS_ROOK", iTwoMinorsVsRook, "two minors more and one rook fewer than the opponent", S(11, 9)),
	p1(MaterialV, "ROOK_V_KNIGHT_END", iRookVKnightEnd, "lone rook against lone knight (pawns aside), for the rook", S(0, 20)),
	p1(MaterialV, "ROOK_V_2_KNIGHT_END", iRookV2KnightEnd, "lone rook against two knights, for the rook", S(0, 11)),
	p1(MaterialV, "ROOK_V_BISHOP_END", iRookVBishopEnd, "lone rook against lone bishop, for the rook", S(-1, 11)),
	p1(MaterialV, "TEMPO", iTempo, "side to move", S(12, 5)),

	pn(KnightV, "KNIGHT_PST", iKnightPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(-34, -18), S(-23, -12), S(-18, -6), S(-9, 1), S(-10, 0), S(-17, -6), S(-21, -12), S(-34, -18),
		S(-16, -12), S(-8, -6), S(-2, 0), S(3, 5), S(3, 5), S(-1, 0), S(-8, -6), S(-15, -12),
		S(-6, -6), S(1, 0), S(1, 6), S(15, 12), S(17, 12), S(9, 5), S(0, 1), S(-9, -6),
		S(1, 0), S(8, 6), S(18, 13), S(22, 18), S(24, 18), S(18, 12), S(8, 7), S(1, 0),
		S(8, 0), S(16, 6), S(24, 12), S(32, 17), S(31, 18), S(24, 12), S(16, 6), S(9, 0),
		S(0, -6), S(8, 0), S(17, 6), S(24, 12), S(24, 12), S(16, 6), S(9, 0), S(0, -6),
		S(-16, -12), S(-8, -6), S(0, 0), S(8, 6), S(8, 6), S(0, 0), S(-8, -6), S(-16, -12),
		S(-24, -18), S(-16, -12), S(-8, -6), S(0, 0), S(0, 0), S(-8, -6), S(-16, -12), S(-24, -18),
	),
	pn(KnightV, "KNIGHT_MOB", iKnightMob, "mobility by count of safe moves 0..8",
		S(-35, -45), S(-20, -30), S(-9, -20), S(-5, -13), S(-2, -6), S(4, 3), S(7, 7), S(12, 11),
		S(18, 14),
	),
	pn(KnightV, "KNIGHT_OUTPOST", iKnightOutpost, "on an outpost (pawn-supported, no enemy pawn can attack), by {ranks 5-7, rank 4}", S(28, 14), S(15, 8)),
	pn(KnightV, "KNIGHT_OUTPOST_MOVE", iKnightOutpostMove, "can move to a free outpost, by {ranks 5-7, rank 4}", S(12, 7), S(7, 5)),
	p1(KnightV, "KNIGHT_AWOL", iKnightAwol, "more than 3 king moves from its own king", S(-6, -6)),

	pn(BishopV, "BISHOP_PST", iBishopPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(-12, -12), S(-14, -8), S(-5, -4), S(-6, 0), S(-6, 0), S(-11, -3), S(-14, -8), S(-12, -12),
		S(-6, -8), S(3, -4), S(2, 0), S(6, 3), S(8, 4), S(3, 0), S(5, -4), S(-5, -8),
		S(-1, -4), S(3, 0), S(11, 3), S(11, 9), S(9, 9), S(10, 4), S(3, 1), S(-2, -3),
		S(2, 0), S(6, 4), S(7, 8), S(20, 12), S(19, 11), S(10, 8), S(6, 5), S(2, 0),
		S(2, 0), S(7, 4), S(10, 8), S(20, 12), S(19, 12), S(10, 8), S(7, 5), S(2, 0),
		S(-2, -4), S(3, 0), S(11, 3), S(10, 8), S(11, 9), S(12, 4), S(2, 0), S(-3, -4),
		S(-6, -8), S(4, -4), S(2, 0), S(6, 4), S(6, 4), S(2, 0), S(4, -4), S(-6, -8),
		S(-4, -12), S(-6, -8), S(-2, -4), S(2, 0), S(2, 0), S(-2, -4), S(-6, -8), S(-4, -12),
	),
	pn(BishopV, "BISHOP_MOB", iBishopMob, "mobility by count of safe moves 0..13",
		S(-32, -45), S(-24, -30), S(-13, -23), S(-6, -14), S(-1, -8), S(2, -2), S(6, 4), S(7, 10),
		S(10, 14), S(15, 19), S(21, 22), S(26, 27), S(31, 32), S(34, 37),
	),
	p1(BishopV, "BISHOP_COLOR_PAWNS", iBishopColorPawns, "per own pawn on the bishop's square colour", S(-3, -4)),
	p1(BishopV, "BISHOP_COLOR_BLOCKED_PAWN", iBishopColorBlockedPawn, "per own blocked pawn on the bishop's square colour", S(-5, -9)),
	p1(BishopV, "BISHOP_OUTPOST", iBishopOutpost, "on an outpost", S(19, 11)),
	p1(BishopV, "BISHOP_FIANCHETTO", iBishopFianchetto, "on g2/b2 with its own king castled on that wing", S(14, 9)),
	pn(BishopV, "BISHOP_CENTER_CONTROL", iBishopCenterControl, "attacks {1, 2} of d4 e4 d5 e5", S(1, 6), S(10, 7)),
	p1(BishopV, "BISHOP_MAJOR_ALIGNED", iBishopMajorAligned, "on a diagonal with an enemy rook, queen or king, no pawn between", S(11, 10)),
	pn(BishopV, "BISHOP_TRAPPED", iBishopTrapped, "trapped by an enemy pawn, by {a7/h7 by b6/g6, a6/h6 by b5/g5}", S(-80, -80), S(-30, -30)),
	p1(BishopV, "BISHOP_NO_PAWN_TARGETS", iBishopNoPawnTargets, "every enemy pawn is on the other square colour", S(3, -8)),

	pn(RookV, "ROOK_PST", iRookPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(-4, -2), S(2, 0), S(2, 1), S(6, -1), S(7, -1), S(3, 0), S(-4, 0), S(5, -2),
		S(-2, -1), S(0, 0), S(1, 0), S(5, -1), S(5, -1), S(-1, -1), S(0, -1), S(-8, -1),
		S(-2, -1), S(0, 0), S(0, -1), S(5, 0), S(5, -1), S(0, 0), S(0, 0), S(-4, -1),
		S(0, 1), S(0, 1), S(0, 0), S(6, 0), S(6, 0), S(-1, 0), S(0, 0), S(1, 0),
		S(0, 1), S(0, 1), S(0, 1), S(6, 1), S(6, 0), S(0, 0), S(0, 0), S(1, 1),
		S(0, 1), S(0, 1), S(0, 1), S(6, 1), S(6, 0), S(0, 0), S(0, 0), S(1, 1),
		S(18, 12), S(18, 12), S(18, 11), S(24, 11), S(23, 11), S(18, 11), S(18, 12), S(18, 11),
		S(0, 0), S(0, 0), S(0, 0), S(6, 0), S(6, 0), S(0, 0), S(0, 1), S(0, 0),
	),
	pn(RookV, "ROOK_MOB", iRookMob, "mobility by count of safe moves 0..14",
		S(-26, -45), S(-18, -32), S(-8, -22), S(-8, -15), S(-5, -7), S(-2, -1), S(-1, 5), S(3, 11),
		S(5, 16), S(10, 22), S(12, 28), S(16, 33), S(18, 36), S(21, 42), S(24, 46),
	),
	p1(RookV, "ROOK_FILE_OPEN", iRookFileOpen, "on a file without pawns", S(25, 3)),
	p1(RookV, "ROOK_FILE_HALF_OPEN", iRookFileHalfOpen, "on a file with enemy pawns only", S(12, 12)),
	p1(RookV, "ROOK_FILE_HALF_OPEN_DEFENDED_PAWN", iRookFileHalfOpenDefended, "half-open file whose enemy pawn is pawn-defended (in addition)", S(-7, -2)),
	p1(RookV, "ROOK_FILE_BLOCKED_PAWN", iRookFileBlockedPawn, "own pawn on the file is blocked by a pawn", S(-10, -8)),
	p1(RookV, "ROOK_ON_7TH", iRookOn7th, "on the 7th rank with the enemy king on the 8th or enemy pawns on the 7th", S(8, 19)),
	p1(RookV, "ROOKS_TWO_7_K8", iRooksTwo7K8, "two rooks on the 7th, enemy king on the 8th", S(20, 40)),
	p1(RookV, "ROOK_TRAPPED_BY_KING", iRookTrappedByKing, "little mobility, shut in by its own uncastled king (no castling rights left)", S(-39, -9)),
	p1(RookV, "ROOK_TRAPPED_BY_KING_PARTIAL", iRookTrappedByKingPartial, "as ROOK_TRAPPED_BY_KING while castling rights remain", S(-2, -3)),
	p1(RookV, "ROOK_QUEEN_GUN", iRookQueenGun, "own queen behind the rook on a file without own pawns", S(10, 5)),

	pn(QueenV, "QUEEN_PST", iQueenPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(-6, -15), S(-3, -10), S(-3, -5), S(0, 0), S(0, 0), S(-2, -5), S(-5, -10), S(-6, -15),
		S(-4, -10), S(-1, -5), S(1, 0), S(3, 5), S(5, 5), S(1, 0), S(-3, -5), S(-4, -10),
		S(-2, -5), S(1, 0), S(3, 5), S(3, 10), S(5, 10), S(4, 5), S(0, 0), S(-3, -5),
		S(0, 0), S(2, 5), S(2, 10), S(4, 15), S(6, 15), S(3, 10), S(3, 5), S(-1, 0),
		S(1, 0), S(2, 5), S(4, 10), S(6, 15), S(6, 15), S(4, 10), S(2, 5), S(0, 0),
		S(-2, -5), S(0, 0), S(2, 5), S(4, 10), S(5, 10), S(2, 5), S(0, 0), S(-2, -5),
		S(-4, -10), S(-2, -5), S(0, 0), S(2, 5), S(2, 5), S(0, 0), S(-2, -5), S(-4, -10),
		S(-6, -15), S(-4, -10), S(-2, -5), S(0, 0), S(0, 0), S(-2, -5), S(-4, -10), S(-6, -15),
	),
	pn(QueenV, "QUEEN_MOB", iQueenMob, "mobility by count of safe moves 0..27",
		S(-25, -45), S(-17, -32), S(-16, -26), S(-14, -21), S(-11, -16), S(-11, -12), S(-4, -8), S(-5, -4),
		S(-3, 0), S(0, 3), S(2, 6), S(5, 10), S(5, 13), S(6, 16), S(8, 20), S(8, 22),
		S(10, 25), S(11, 28), S(13, 31), S(14, 33), S(16, 36), S(17, 39), S(18, 42), S(20, 44),
		S(21, 47), S(22, 50), S(24, 52), S(25, 55),
	),
	p1(QueenV, "QUEEN_OPP_ROOK_ON_FILE", iQueenOppRookOnFile, "an enemy rook on the queen's file", S(-10, -7)),
	p1(QueenV, "QUEEN_CLOSED_FILE", iQueenClosedFile, "own pawn ahead on the queen's file", S(-2, -5)),

	p1(TacticalV, "PIECE_HANGING_TO_PAWN", iPieceHangingToPawn, "per enemy piece attacked by our pawns", S(48, 39)),
	p1(TacticalV, "ROOK_HANGING_TO_MINOR", iRookHangingToMinor, "per enemy rook attacked by our minors", S(38, 29)),
	p1(TacticalV, "QUEEN_HANGING_TO_LESSER_PIECE", iQueenHangingToLesser, "per enemy queen attacked by our minors or rooks", S(39, 40)),
	p1(TacticalV, "MINOR_ON_MINOR", iMinorOnMinor, "per enemy minor attacked by our minors and not pawn-defended", S(16, 15)),
	p1(TacticalV, "ROOK_ON_MINOR", iRookOnMinor, "per enemy minor attacked by our rooks and not pawn-defended", S(15, 18)),
	p1(TacticalV, "UNDEFENDED_PIECE_HANGING", iUndefendedPieceHanging, "per enemy piece we attack that nothing defends", S(18, 18)),
	p1(TacticalV, "UNDEFENDED_PAWN_HANGING", iUndefendedPawnHanging, "per enemy pawn we attack that nothing defends", S(11, 24)),
	p1(TacticalV, "WEAKLY_DEFENDED_PAWN", iWeaklyDefendedPawn, "per enemy pawn attacked twice, defended once, not by a pawn", S(7, 12)),
	p1(TacticalV, "WEAKLY_DEFENDED_PIECE", iWeaklyDefendedPiece, "per enemy piece attacked twice, defended once, not by a pawn", S(11, 13)),
	p1(TacticalV, "PIECE_CAN_BE_THREATENED_BY_PAWN", iPieceThreatenedByPawnPush, "per enemy piece a safe pawn push would attack", S(13, 11)),
	p1(TacticalV, "KING_ON_PAWN", iKingOnPawn, "our king attacks an undefended enemy pawn", S(5, 16)),
	p1(TacticalV, "QUEEN_THREATENED_BY_KNIGHT_MOVE", iQueenThreatByKnightMove, "a knight can move safely to attack the enemy queen", S(10, 4)),
	p1(TacticalV, "QUEEN_THREATENED_BY_BISHOP_ROOK_MOVE", iQueenThreatBySliderMove, "a bishop or rook can move safely to attack the enemy queen", S(13, 6)),
	p1(TacticalV, "PINNED_PIECE_THREATENED", iPinnedPieceThreatened, "per enemy pinned piece we attack, undefended or attacked by a pawn", S(30, 40)),

	pn(KingV, "KING_PST", iKingPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(25, -29), S(35, -20), S(16, -9), S(-12, 0), S(-14, -2), S(-5, -10), S(38, -20), S(27, -28),
		S(10, -20), S(19, -9), S(-1, 0), S(-25, 10), S(-33, 10), S(-19, 1), S(18, -11), S(10, -19),
		S(-5, -10), S(5, 0), S(-15, 10), S(-40, 20), S(-44, 20), S(-35, 11), S(5, -1), S(-5, -11),
		S(-20, 0), S(-10, 9), S(-30, 19), S(-55, 30), S(-60, 30), S(-50, 19), S(-10, 9), S(-20, -1),
		S(-30, 0), S(-20, 10), S(-40, 20), S(-65, 30), S(-70, 29), S(-60, 20), S(-20, 10), S(-30, 0),
		S(-35, -10), S(-25, 0), S(-45, 10), S(-70, 20), S(-75, 20), S(-65, 10), S(-25, 0), S(-35, -10),
		S(-35, -20), S(-25, -10), S(-45, 0), S(-70, 10), S(-75, 10), S(-65, 0), S(-25, -10), S(-35, -20),
		S(-35, -30), S(-25, -20), S(-45, -10), S(-70, 0), S(-75, 0), S(-65, -10), S(-25, -20), S(-35, -30),
	),
	pn(KingV, "KS_PAWN_SHIELD", iKsPawnShield, "per file around the king: nearest own pawn in front on {2nd, 3rd, 4th rank, none or further}", S(15, -3), S(4, -1), S(-1, -1), S(-11, 6)),
	pn(KingV, "KS_PAWN_STORM", iKsPawnStorm, "per file around the king: nearest enemy pawn on our {3rd, 4th, 5th, 6th} rank", S(-26, 6), S(-14, 1), S(-3, 0), S(5, -3)),
	p1(KingV, "KS_PAWN_STORM_BLOCKED", iKsPawnStormBlocked, "per file around the king: the nearest enemy pawn is blocked by our pawn", S(-1, -4)),
	pn(KingV, "KS_OPEN_FILE", iKsOpenFile, "king on a file {without own pawns, without any pawns}", S(-4, 6), S(-23, -4)),
	p1(KingV, "KS_CASTLE_VAL_MID", iKsCastleRights, "castling rights remain", S(21, -2)),
	p1(KingV, "KS_WEAK_BACK_RANK", iKsWeakBackRank, "king on the back rank, no safe square off it, enemy rooks or queens on the board", S(-3, -1)),
	kn(KingV, "KS_BASE_COVER_BY_PIECE", kKsBaseCoverByPiece, "units per enemy piece attacking the king zone, by knight, bishop, rook, queen", 54, 35, 30, 6),
	kn(KingV, "KS_SQ_COVER_BY_PIECE", kKsSqCoverByPiece, "units per king-zone square attacked, by attacker knight, bishop, rook, queen", 39, 44, 39, 46),
	k1(KingV, "KS_WEAK_SQ_COVER", kKsWeakSqCover, "units per attacked king-zone square defended at most by our king or queen", 78),
	k1(KingV, "KS_EXT_DOUBLE_COVER", kKsExtDoubleCover, "units per square of the extended zone attacked twice", 15),
	kn(KingV, "KS_SAFE_CHECK", kKsSafeCheck, "units for a safe check by knight, bishop, rook, queen", 350, 279, 420, 349),
	k1(KingV, "KS_UNSAFE_CHECK", kKsUnsafeCheck, "units per piece type with only unsafe checks", 71),
	k1(KingV, "KS_DEF_KING_ZONE_COVERED", kKsDefZoneCovered, "units per king-zone square our minors defend", -22),
	k1(KingV, "KS_COUNT_STM_BONUS", kKsCountStmBonus, "units when the attacker is to move", 35),
	k1(KingV, "KS_NO_QUEEN", kKsNoQueen, "units when the attacker has no queen", -420),
	k1(KingV, "KS_MOBILITY_WEIGHT", kKsMobilityWeight, "units per square of attacker mobility minus defender mobility", -2),
	k1(KingV, "KS_ATTACK_SUB", kKsAttackSub, "units subtracted from every attack", 107),

	e1(EndGameV, "PAWN_DIST_MULT", iPawnDistMult, "per king move from the king to the nearest pawn", -16),
	e1(EndGameV, "KING_STUCK_ON_EDGE", iKingStuckOnEdge, "king on the edge with no safe move off it", -4),
	e1(EndGameV, "OUTSIDE_PASSED_PAWN_KPK", iOutsidePassedKPK, "outside passed pawn in a pawn ending", 42),
	e1(EndGameV, "OUTSIDE_PASSED_PAWN_ONE_PIECE", iOutsidePassedOnePiece, "outside passed pawn against a lone bishop, rook or queen", 9),
	e1(EndGameV, "OUTSIDE_PASSED_PAWN_ONE_KNIGHT", iOutsidePassedOneKnigh, "outside passed pawn against a lone knight", 39),
	en(EndGameV, "KING_OUTSIDE_PAWNS_ENDGAME", iKingOutsidePawns, "king outside the files of all pawns, by file distance 1..6", -11, -21, -33, -46, -61, -71),
	en(EndGameV, "KING_MOBILITY", iKingMobility, "king moves to safe squares, by count 0..8",
		-28, 1, 9, 9, 7, 3, 5, 6,
		-4,
	),
	e1(EndGameV, "PAWN_RACE_WIN", iPawnRaceWin, "pawn ending: an unstoppable passed pawn queens first (square rule)", 400),

	k1(ScaleV, "SCALE_PAWNLESS", kScalePawnless, "stronger side has no pawns and at most a minor's worth more pieces (minors 3, rook 5, queen 9)", -2),
	k1(ScaleV, "OCB_BASE", kOcbBase, "opposite-coloured bishops with equal piece material", 24),
	k1(ScaleV, "OCB_PAWNS", kOcbPawns, "OCB: per pawn the stronger side has more", 8),
	k1(ScaleV, "OCB_KNIGHT", kOcbKnight, "OCB: knights on the board", 26),
	k1(ScaleV, "OCB_ROOK", kOcbRook, "OCB: rooks on the board", 31),
	k1(ScaleV, "OCB_QUEEN", kOcbQueen, "OCB: queens on the board", 30),
	k1(ScaleV, "SCALE_BASE", kScaleBase, "stronger side has pawns and at most a pawn's worth more pieces (minors 3, rook 5, queen 9)", 36),
	k1(ScaleV, "SCALE_PAWN_COUNT", kScalePawnCount, "per pawn of the stronger side", 9),
	k1(ScaleV, "SCALE_PAWN_SPREAD", kScalePawnSpread, "per file between the stronger side's outermost pawns", 9),
	k1(ScaleV, "SCALE_PAWN_BOTH_SIDES", kScalePawnBothSides, "stronger side has pawns on both wings", 12),
	k1(ScaleV, "SCALE_PASSED", kScalePassed, "per passed pawn of the stronger side", 9),
	k1(ScaleV, "SCALE_EDGE_ONLY", kScaleEdgeOnly, "all the stronger side's pawns on the a- or h-file", -19),
	k1(ScaleV, "SCALE_ONE_PIECE", kScaleOnePiece, "each side has one piece, of the same type", -9),
	k1(ScaleV, "SCALE_QUEENS", kScaleQueens, "queens are the only pieces", 5),

	p1(CoordV, "MINOR_BEHIND_PAWN", iMinorBehindPawn, "minor directly behind an own pawn", S(5, 2)),
	p1(CoordV, "PAWN_BLOCKED_BY_PIECE", iPawnBlockedByPiece, "own pawn off the centre files blocked by an own piece", S(-4, 0)),
	p1(CoordV, "PAWN_BLOCKED_BY_PIECE_CENTER", iPawnBlockedByPieceCenter, "own d- or e-pawn blocked by an own piece", S(-8, -2)),
	p1(CoordV, "OUR_SIDE_SAFE_MOVE", iOurSideSafeMove, "per square on ranks 2-4 behind own pawns not attacked by enemy pawns (space)", S(-5, -9)),

	pn(PawnV, "PAWN_PST", iPawnPST, "placement by square a1..h8 from White's side (Black mirrored)",
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
		S(1, 3), S(6, 1), S(-4, 0), S(-4, 1), S(-4, 2), S(5, 2), S(14, 2), S(1, -2),
		S(8, 1), S(2, 4), S(11, 2), S(2, 2), S(10, 7), S(5, 5), S(10, -1), S(7, 3),
		S(3, 9), S(2, 7), S(16, 7), S(26, 8), S(24, 8), S(15, 10), S(-4, 7), S(0, 9),
		S(10, 21), S(11, 19), S(19, 20), S(35, 20), S(29, 19), S(19, 19), S(8, 20), S(10, 18),
		S(18, 41), S(18, 39), S(22, 40), S(32, 39), S(31, 39), S(23, 40), S(17, 40), S(17, 40),
		S(30, 69), S(30, 69), S(30, 69), S(35, 69), S(35, 70), S(30, 70), S(30, 70), S(30, 69),
		S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
	),
	pn(PawnV, "PAWN_SUPPORTED", iPawnSupported, "defended by {one, two} pawns", S(6, 2), S(13, 12)),
	pn(PawnV, "PAWN_BACKWARD", iPawnBackward, "backward, by file a/h, b/g, c/f, d/e", S(-3, -8), S(-6, -8), S(-4, -8), S(-8, -11)),
	pn(PawnV, "PAWN_ISOLATED", iPawnIsolated, "isolated, by file a/h, b/g, c/f, d/e", S(-4, -10), S(-4, -14), S(-2, -8), S(-7, -11)),
	p1(PawnV, "PAWN_WEAK_OPEN_FILE", iPawnWeakOpenFile, "isolated or backward and not opposed (in addition)", S(-9, -7)),
	p1(PawnV, "PAWN_DOUBLED", iPawnDoubled, "an own pawn ahead on the same file", S(-8, -19)),
	pn(PawnV, "PAWN_CONNECTED_RANK", iPawnConnectedRank, "supported or beside an own pawn, by rank 2..7", S(4, 0), S(4, 4), S(2, 4), S(9, 10), S(25, 28), S(60, 50)),
	pn(PawnV, "PAWN_CONNECTED_FILE", iPawnConnectedFile, "connected, by file a/h, b/g, c/f, d/e", S(1, -6), S(1, 2), S(-1, 7), S(-1, 8)),

	pn(PassedV, "PP_PASSED_RANK", iPPPassedRank, "passed pawn by rank 2..7", S(0, 10), S(2, 14), S(3, 25), S(21, 43), S(46, 73), S(95, 134)),
	pn(PassedV, "PP_PASSED_FILE", iPPPassedFile, "passed pawn by file a/h, b/g, c/f, d/e", S(2, 5), S(0, 5), S(-3, 0), S(-4, -2)),
	pn(PassedV, "PP_KING_DIST", iPPKingDist, "passed pawn on rank 4+: own king's distance 0..7 to its stop square", S(15, 61), S(16, 50), S(10, 31), S(4, 14), S(-2, 5), S(0, 0), S(-2, -6), S(-3, -5)),
	pn(PassedV, "PP_O_KING_DIST", iPPOKingDist, "passed pawn on rank 4+: enemy king's distance 0..7 to its stop square", S(-25, -48), S(-16, -38), S(-1, -25), S(1, -1), S(2, 18), S(6, 29), S(10, 32), S(16, 31)),
	pn(PassedV, "PP_COVERED_ADVANCE", iPPCoveredAdvance, "we attack the stop square, by promotion distance 1..4", S(11, 31), S(11, 21), S(6, 14), S(4, 8)),
	pn(PassedV, "PP_FREE_PUSH", iPPFreePush, "stop square empty and not attacked, by promotion distance 1..4", S(40, 59), S(11, 32), S(3, 15), S(1, 5)),
	pn(PassedV, "PP_FREE_ADVANCE_PATH", iPPFreeAdvancePath, "whole path empty of and unattacked by enemy pieces, by promotion distance 1..4", S(40, 99), S(15, 60), S(0, 26), S(0, 12)),
	pn(PassedV, "PP_CONNECTED", iPPConnected, "another own passed pawn on an adjacent file within a rank, by promotion distance 1..4", S(20, 30), S(5, 14), S(2, 6), S(2, 4)),
	pn(PassedV, "PP_HANGING", iPPHanging, "attacked and undefended, by rank {7th, 6th}", S(-21, -48), S(-26, -12)),
	pn(PassedV, "PP_CANDIDATE", iPPCandidate, "candidate passed pawn (unopposed, helpers >= sentries), by rank 2..7", S(0, 4), S(0, 6), S(3, 12), S(9, 20), S(15, 30), S(0, 0)),
}

var (
	termByName   = map[string]int{}
	groupOfPair  [NumPairs]Group
	groupOfScale [NumScalars]Group
	kindOfPair   [NumPairs]Kind
	defaults     Params
)

// Terms returns the parameter table (a copy) in group order.
func Terms() []Term { return append([]Term(nil), terms...) }

// PairGroup returns the group of Params.Pairs[i]; ScalarGroup likewise.
func PairGroup(i int) Group   { return groupOfPair[i] }
func ScalarGroup(i int) Group { return groupOfScale[i] }

// PairKind reports whether Params.Pairs[i] is a Pair or an EgOnly value.
func PairKind(i int) Kind { return kindOfPair[i] }

// Defaults returns a copy of the compiled-in parameters.
func Defaults() *Params {
	p := defaults
	return &p
}

func init() {
	// Check the index constants against the table: each kind's terms must
	// tile their array in table order.
	next := [2]int{}
	for i, t := range terms {
		arr := 0
		if t.Kind == Scalar {
			arr = 1
		}
		if t.Index != next[arr] {
			panic(fmt.Sprintf("eval: term %s at index %d, want %d", t.Name, t.Index, next[arr]))
		}
		if i > 0 && t.Group < terms[i-1].Group {
			panic("eval: term table out of group order at " + t.Name)
		}
		if _, dup := termByName[t.Name]; dup {
			panic("eval: duplicate term " + t.Name)
		}
		termByName[t.Name] = i
		next[arr] += t.Len
		for j := t.Index; j < t.Index+t.Len; j++ {
			if arr == 1 {
				groupOfScale[j] = t.Group
				continue
			}
			groupOfPair[j] = t.Group
			kindOfPair[j] = t.Kind
		}
		switch {
		case t.defScalars != nil:
			if len(t.defScalars) != t.Len {
				panic("eval: bad defaults for " + t.Name)
			}
			copy(defaults.Scalars[t.Index:], t.defScalars)
		case t.defPairs != nil:
			if len(t.defPairs) != t.Len {
				panic("eval: bad defaults for " + t.Name)
			}
			copy(defaults.Pairs[t.Index:], t.defPairs)
		default:
			panic("eval: no defaults for " + t.Name)
		}
	}
	if next[0] != NumPairs || next[1] != NumScalars {
		panic(fmt.Sprintf("eval: table covers %d pairs and %d scalars, want %d and %d", next[0], next[1], NumPairs, NumScalars))
	}
	defaultPacked = *newPacked(&defaults)
}
