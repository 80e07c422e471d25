#!/bin/sh
# Gauntlet of Vireo against Debian's engines for training data (issue 8,
# docs/data.md): depth-limited games (no clock, so a busy machine changes
# nothing), written as PGN with every engine's score comments, then
# imported into labelled quiet positions with "vireo data pgn".
#
#   scripts/gauntlet.sh                 # defaults below
#   ROUNDS=50 VIREO_DEPTH=9 scripts/gauntlet.sh
#
# Needs: apt-get install -y ethereal-chess toga2 glaurung stockfish
# Each run writes a new PGN in $OUT; the import reads all of them, so
# repeated runs accumulate. Everything runs under nice -n 19.
set -eu
cd "$(dirname "$0")/.."

VIREO=${VIREO:-./vireo}
OUT=${OUT:-../gen/gauntlet}
ROUNDS=${ROUNDS:-4}              # game pairs per opponent
CONCURRENCY=${CONCURRENCY:-1}
VIREO_DEPTH=${VIREO_DEPTH:-6}
OPP_DEPTH=${OPP_DEPTH:-8}        # Toga, Glaurung: deeper than Vireo, or Vireo wins
ETHEREAL_DEPTH=${ETHEREAL_DEPTH:-11} # Ethereal's depth 8 is ~7k nodes: Vireo at 6 beat it 6.5/8
SF_DEPTH=${SF_DEPTH:-10}
SF_SKILL=${SF_SKILL:-10}         # Stockfish at reduced strength
BOOK=${BOOK:-../shared/data/openings/noob_3moves.epd}
SEED=${SEED:-$(date +%s)}

[ -x "$VIREO" ] || make build
mkdir -p "$OUT"
pgn="$OUT/gauntlet-$(date +%Y%m%d-%H%M%S).pgn"

opponents=""
add() { [ -x "$1" ] && opponents="$opponents -engine cmd=$1 $2" || echo "gauntlet: $1 missing, skipped" >&2; }
add /usr/games/ethereal-chess "name=Ethereal depth=$ETHEREAL_DEPTH option.Threads=1"
add /usr/games/toga2 "name=Toga depth=$OPP_DEPTH option.OwnBook=false"
add /usr/games/glaurung "name=Glaurung depth=$OPP_DEPTH option.Threads=1 option.OwnBook=false"
add /usr/games/stockfish "name=Stockfish-skill$SF_SKILL depth=$SF_DEPTH option.Threads=1 option.Skill\ Level=$SF_SKILL"
[ -n "$opponents" ] || { echo "gauntlet: no opponents installed" >&2; exit 1; }

# shellcheck disable=SC2086 # $opponents is a word list on purpose
eval nice -n 19 "$VIREO" match \
  -engine cmd="$VIREO" name=Vireo depth="$VIREO_DEPTH" \
  $opponents \
  -gauntlet -each option.Hash=16 \
  -rounds "$ROUNDS" -games 2 -concurrency "$CONCURRENCY" -seed "$SEED" \
  -openings file="$BOOK" format=epd order=random \
  -maxmoves 200 -pgnout "$pgn" -event "Vireo data gauntlet"

nice -n 19 "$VIREO" data pgn "$OUT"/gauntlet-*.pgn "$OUT/gauntlet.epd"
echo "gauntlet: games in $pgn, positions in $OUT/gauntlet.epd" >&2
