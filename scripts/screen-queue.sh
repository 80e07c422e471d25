#!/bin/bash
# screen-queue.sh DIR: runs the fixed-node screens listed in DIR/queue.txt,
# one at a time (never two matches at once on a 2-core machine), skipping
# names that already have DIR/res-NAME.txt. The file is re-read after each
# test, so lines can be added or reordered while it runs.
#
# queue.txt lines:  NAME|NEWBIN[:BASEBIN]|new options|base options|rounds|each[|sprt[|extra]]
#   seeq|vireo-tune|option.SEEQuietDepth=8||100|nodes=10000
#   tuned|vireo-new:vireo-base|||300|tc=4+0.04
#   simpl|vireo-new:vireo-base|||3000|nodes=25000|elo0=-5 elo1=0
#   eth|vireo:ethereal|||200|tc=10+0.1|none|-resign movecount=3 score=1000
# The optional seventh field sets that test's SPRT bounds; "none" plays
# all its rounds, for a measurement of fixed length. The eighth is added
# to the match's arguments (adjudication, for instance).
# Binaries are paths relative to DIR, built with -tags tune so that search
# parameters are UCI options. Each test is an SPRT (SPRT="elo0=0 elo1=10"
# unless the environment or its line says otherwise; not with "none")
# that may end early; its summary
# goes to res-NAME.txt, the games to screen-NAME.pgn, the runner's output
# to screen-NAME.txt (appended). Only a match that finished (exit status
# 0, "Finished match") gets its res-NAME.txt. SIGINT or SIGTERM to the
# queue stops the running match cleanly and ends the queue; a match that
# fails or is stopped another way ends the queue with "stopped" or
# "failed" in queue.log, and no result. A test cut short resumes from its
# state file when the queue is started again: -resume starts afresh where
# none is.
set -u
# With autogroup scheduling (Linux's default for desktop and many server
# kernels) nice works only inside a session: another session's niced job
# still gets an equal share of the CPU. Raise this session's group instead
# (root only; harmless where it fails).
echo -10 > /proc/$$/autogroup 2>/dev/null || true
dir=${1:?usage: screen-queue.sh DIR}
book=${BOOK:-$(cd "$(dirname "$0")/../.." && pwd)/shared/data/openings/noob_3moves.epd}
cd "$dir" || exit 1
while true; do
  line=$(grep -v '^#' queue.txt | while IFS='|' read -r name bin nopts bopts rounds each sprt extra; do
    [ -n "$name" ] && [ ! -f "res-$name.txt" ] && { echo "$name|$bin|$nopts|$bopts|$rounds|$each|$sprt|$extra"; break; }; done)
  [ -z "$line" ] && { echo "queue empty $(date +%T)" >> queue.log; exit 0; }
  IFS='|' read -r name bin nopts bopts rounds each sprt extra <<< "$line"
  nb=${bin%%:*}; bb=${bin#*:}
  sprtargs="-sprt ${sprt:-${SPRT:-elo0=0 elo1=10}} alpha=0.05 beta=0.05"
  [ "$sprt" = none ] && sprtargs=""
  echo "start $name $(date +%T)" >> queue.log
  # shellcheck disable=SC2086 # options are words
  nice -n -10 "./$nb" match -engine cmd="./$nb" name=new $nopts -engine cmd="./$bb" name=base $bopts \
    -each "${each:-nodes=10000}" option.Hash=16 option.Threads=1 -rounds "${rounds:-100}" -games 2 -concurrency 2 \
    -openings file="$book" format=epd order=random \
    $sprtargs $extra -pgnout "screen-$name.pgn" -resume -ratinginterval 100 >> "screen-$name.txt" 2>&1 &
  child=$!
  # Stopping the queue stops its match as Ctrl-C would (the games in
  # play end, the state is written) and waits for it: never a match left
  # running without its queue, never a result for a test cut short.
  trap 'kill -TERM "$child" 2>/dev/null; wait "$child"; echo "stopped $name $(date +%T)" >> queue.log; exit 130' INT TERM
  wait "$child"
  rc=$?
  trap - INT TERM
  if [ "$rc" -ne 0 ] || [ "$(tail -n 1 "screen-$name.txt")" != "Finished match" ]; then
    # A refused option, a missing book, a killed runner: no result, and
    # the queue stops rather than skip the test or start the next one.
    echo "failed $name (exit status $rc; see screen-$name.txt) $(date +%T)" >> queue.log
    exit 1
  fi
  # The runner's last summary to the end of its output: result, SPRT verdict, failures.
  awk '/^Results of/ { on = 1; out = "" } on { out = out $0 "\n" } END { printf "%s", out }' "screen-$name.txt" > "res-$name.txt.tmp" &&
    mv "res-$name.txt.tmp" "res-$name.txt"
  echo "done $name $(date +%T)" >> queue.log
done
