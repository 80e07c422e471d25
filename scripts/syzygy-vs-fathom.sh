#!/bin/sh
# Compare the pure-Go Syzygy prober (package syzygy) with Debian's fathom
# on random 3- and 4-piece positions: WDL, DTZ and the win/draw/loss
# classification of every legal move must agree.
#
#   scripts/syzygy-vs-fathom.sh            # 1000 fresh random positions
#   scripts/syzygy-vs-fathom.sh 5000       # N positions
#   scripts/syzygy-vs-fathom.sh 500 42     # N positions from a fixed seed
#
# Needs: apt-get install -y fathom, and the tables in ../shared/data/syzygy.
# Prints "N agree, M disagree" (and the first disagreements); the exit
# status is non-zero when any position disagrees. fathom starts once per
# position (about 0.1 s each); everything runs under nice -n 10.
set -eu
cd "$(dirname "$0")/.."
N=${1:-1000}
SEED=${2:-time}
if [ ! -x /usr/games/fathom ]; then
	echo "fathom not installed: apt-get install -y fathom" >&2
	exit 2
fi
status=0
out=$(SYZYGY_FATHOM_N="$N" SYZYGY_FATHOM_SEED="$SEED" nice -n 10 \
	go test -count=1 -timeout 0 -run '^TestFathomLive$' -v ./syzygy/ 2>&1) || status=$?
echo "$out" | grep -E 'live_test.go|oracle_test.go|SKIP|panic' | head -20 || true
summary=$(echo "$out" | sed -n 's/^seed [0-9]*: //p')
if [ -z "$summary" ]; then
	echo "$out" | tail -20
	echo "no result (status $status)" >&2
	exit 2
fi
echo "$out" | grep -o '^seed [0-9]*' || true
echo "$summary"
exit $status
