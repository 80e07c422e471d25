#!/bin/bash
# sprt-keep.sh: carries an unfinished test of scripts/screen-queue.sh from
# one machine to the next through the repository.
#
#   sprt-keep.sh save DIR NAME      DIR/screen-NAME.pgn and its state file,
#                                   and NAME's line of DIR/queue.txt, into
#                                   docs/history/sprt/NAME/
#   sprt-keep.sh restore NAME DIR   the reverse: DIR gets the PGN, the
#                                   state file and the queue line back
#
# A 10+0.1 SPRT on two cores runs for ten hours or more, longer than a
# machine may be kept. The match runner already resumes from its state
# file after the last completed pair and refuses a resume whose settings
# differ, so all that must outlive the machine is that file, the games it
# describes and the queue line that starts it again. The binaries are not
# kept: docs/history/sprt/NAME/README.md says from which commit and with
# which command they are built, under the same names in DIR.
#
# save copies the state file before the PGN, so that the copy of the PGN
# holds at least the games the state describes even while the match runs
# (the runner writes the PGN, fsyncs it, then the state); on resume the
# runner cuts the games of unfinished pairs. restore never overwrites a
# PGN or a state file that is already in DIR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# SPRT_KEEP_DIR replaces docs/history/sprt (the test of this script).
keep=${SPRT_KEEP_DIR:-$root/docs/history/sprt}

usage() { echo "usage: sprt-keep.sh save DIR NAME | restore NAME DIR" >&2; exit 2; }
[ $# -eq 3 ] || usage

case $1 in
save)
	dir=$2 name=$3
	pgn=$dir/screen-$name.pgn
	state=$pgn.state.json
	[ -f "$state" ] || { echo "sprt-keep: no state file $state" >&2; exit 1; }
	[ -f "$pgn" ] || { echo "sprt-keep: no PGN $pgn" >&2; exit 1; }
	line=$(grep -v '^#' "$dir/queue.txt" | awk -F'|' -v n="$name" '$1 == n' | head -n 1)
	[ -n "$line" ] || { echo "sprt-keep: $dir/queue.txt has no line for $name" >&2; exit 1; }
	out=$keep/$name
	mkdir -p "$out"
	tmp=$(mktemp -d "$out/.save.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	cp "$state" "$tmp/state.json"
	gzip -n -9 < "$pgn" > "$tmp/games.pgn.gz"
	printf '%s\n' "$line" > "$tmp/queue.txt"
	# The PGN first: a save cut short between the two moves then leaves a
	# PGN longer than its state says, which a resume cuts back, never a
	# state that counts games its PGN lacks.
	for f in games.pgn.gz state.json queue.txt; do mv "$tmp/$f" "$out/$f"; done
	pairs=$(grep -o '"penta"' "$out/state.json" | wc -l)
	echo "sprt-keep: $name saved to $out: $pairs completed pairs"
	;;
restore)
	name=$2 dir=$3
	src=$keep/$name
	for f in state.json games.pgn.gz queue.txt; do
		[ -f "$src/$f" ] || { echo "sprt-keep: no $src/$f" >&2; exit 1; }
	done
	mkdir -p "$dir"
	pgn=$dir/screen-$name.pgn
	for f in "$pgn" "$pgn.state.json"; do
		[ -e "$f" ] && { echo "sprt-keep: $f exists; move it away first" >&2; exit 1; }
	done
	[ -e "$dir/res-$name.txt" ] && { echo "sprt-keep: $dir/res-$name.txt exists, so the queue would skip $name; move it away first" >&2; exit 1; }
	# The queue runs the first line of a name: another line for NAME
	# would run with other settings, which the state refuses.
	if [ -f "$dir/queue.txt" ] && grep -v '^#' "$dir/queue.txt" | awk -F'|' -v n="$name" '$1 == n' | grep -qvxF "$(cat "$src/queue.txt")"; then
		echo "sprt-keep: $dir/queue.txt has another line for $name; remove it first" >&2
		exit 1
	fi
	gzip -dc "$src/games.pgn.gz" > "$pgn.tmp"
	mv "$pgn.tmp" "$pgn"
	cp "$src/state.json" "$pgn.state.json"
	if ! { [ -f "$dir/queue.txt" ] && grep -qxF "$(cat "$src/queue.txt")" "$dir/queue.txt"; }; then
		# A last line without its newline would join the two lines.
		if [ -s "$dir/queue.txt" ] && [ -n "$(tail -c 1 "$dir/queue.txt")" ]; then
			echo >> "$dir/queue.txt"
		fi
		cat "$src/queue.txt" >> "$dir/queue.txt"
	fi
	echo "sprt-keep: $name restored into $dir; build the binaries that $src/README.md names, then run scripts/screen-queue.sh $dir"
	;;
*) usage ;;
esac
