#!/usr/bin/env bash
# speed.sh: Vireo's bench nps against Ethereal's, measured in one run on
# one machine. Runs alternate (Vireo, Ethereal, Vireo, ...) so that any
# drift in the machine's load falls on both; each engine's figure is the
# median of its runs, and the ratio is Vireo's median over Ethereal's. It
# also prints the median of each run's own ratio (Vireo's bench over the
# Ethereal bench right after it), which a drifting machine disturbs less.
#
#   scripts/speed.sh [runs]           (default 5; make speed RUNS=N)
#   VIREO=./vireo ETHEREAL=/usr/games/ethereal-chess scripts/speed.sh
#
# Both benches search their own positions to their own fixed depth with
# one thread and a 16 MB table, which is what each engine's "bench"
# command does by default.
set -euo pipefail

runs=${1:-5}
vireo=${VIREO:-./vireo}
ethereal=${ETHEREAL:-/usr/games/ethereal-chess}

case $runs in
'' | *[!0-9]* | 0) echo "speed.sh: runs must be a positive integer, got '$runs'" >&2; exit 2 ;;
esac
[ -x "$vireo" ] || { echo "speed.sh: no Vireo binary at $vireo (run make build)" >&2; exit 2; }
have_eth=1
[ -x "$ethereal" ] || { have_eth=0; echo "speed.sh: no Ethereal at $ethereal: Vireo only (apt-get install ethereal-chess)" >&2; }

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%d\n", (a[NR/2]+a[NR/2+1])/2}'; }

vn=() en=()
for ((i = 1; i <= runs; i++)); do
	line=$("$vireo" bench | grep '^Bench:')
	v=$(awk '{print $4}' <<<"$line")
	vn+=("$v")
	msg="run $i/$runs: vireo $v nps ($(awk '{print $2}' <<<"$line") nodes)"
	if ((have_eth)); then
		e=$("$ethereal" bench 2>&1 | awk '/^NPS/ {print $3}')
		[ -n "$e" ] || { echo "speed.sh: Ethereal's bench printed no NPS line" >&2; exit 1; }
		en+=("$e")
		msg+=", ethereal $e nps"
	fi
	echo "$msg"
done

vm=$(printf '%s\n' "${vn[@]}" | median)
echo "vireo    median nps: $vm"
if ((have_eth)); then
	em=$(printf '%s\n' "${en[@]}" | median)
	echo "ethereal median nps: $em"
	awk -v v="$vm" -v e="$em" 'BEGIN {printf "ratio vireo/ethereal: %.3f\n", v/e}'
	# Each run's two benches ran back to back, so their ratio cancels
	# the drift in the machine's speed that the medians above keep.
	for ((i = 0; i < runs; i++)); do
		awk -v v="${vn[i]}" -v e="${en[i]}" 'BEGIN {printf "%.4f\n", v/e}'
	done | sort -n | awk '{a[NR]=$1} END {printf "median of the %d runs'"'"' ratios: %.3f (lowest %.3f, highest %.3f)\n", NR, (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2), a[1], a[NR]}'
fi
