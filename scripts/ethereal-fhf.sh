#!/bin/bash
# ethereal-fhf.sh SRC [DEPTH]: measures Ethereal's fail-high-first share
# the way `vireo bench --stats` counts it (beta cutoffs of the main search,
# root excluded, made by the first move searched), on Vireo's bench
# positions, so that the two numbers can be compared (docs/search.md).
#
# SRC is Ethereal's src directory at the tag to measure (V12.00 for the
# Debian build Vireo plays against), e.g.
#   git -C ETHEREAL_REPO archive V12.00 | tar -x -C /tmp/eth12
#   scripts/ethereal-fhf.sh /tmp/eth12/src
# The script edits a copy of SRC: two counters at the main search's beta
# cutoff, three at its reduced search, a report at the end of its bench,
# the cutting quiet's place among the quiets its picker's history stage
# hands out (the rank `bench --stats` prints), and Vireo's 50 bench
# positions in place of its own. It prints the per-depth shares and the total, and
# the share of reduced (LMR) searches that beat alpha and were searched again,
# and how often the singular test was tried, extended and cut (multi-cut),
# and the share of quiet cutoffs at depth 8 or less made by a quiet past
# Ethereal's late-move count. ETHEREAL_LMP=0 measures Ethereal with its
# late-move pruning off, which is what that share is for: the cutoffs
# late-move pruning gives up, as `bench --stats` counts them for Vireo.
set -eu
src=${1:?usage: ethereal-fhf.sh ETHEREAL_SRC [DEPTH]}
depth=${2:-13}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src"/. "$work"
cd "$work"
python3 - "$here/search/bench.go" <<'PY'
import os, re, sys
s = open('search.c').read()
cut = 'if (alpha >= beta) break;'
if s.count(cut) != 1:
    sys.exit('search.c: the main search cutoff line was not found once')
s = s.replace(cut, 'if (alpha >= beta) { if (!RootNode) { FHCount[MIN(depth,15)]++; '
              'FHFirst[MIN(depth,15)] += played == 1; '
              'if (movePicker.fromQuiet) { QuietCuts++; QuietRank += movePicker.quietOut; } '
              'if (isQuiet && !inCheck && depth <= LateMovePruningDepth) { ShallowQuiet++; '
              'PastLMP += quietsSeen > LateMovePruningCounts[improving][depth]; } } break; }')
if os.environ.get('ETHEREAL_LMP') == '0':
    lmp = '&& quietsSeen >= LateMovePruningCounts[improving][depth])'
    if s.count(lmp) != 1:
        sys.exit('search.c: the late-move pruning test was not found once')
    s = s.replace(lmp, lmp[:-1] + ' && 0)')
lmr = 'if (R != 1) value = -search(thread, &lpv, -alpha-1, -alpha, newDepth-R, height+1);'
if s.count(lmr) != 1:
    sys.exit('search.c: the reduced search line was not found once')
s = s.replace(lmr, 'if (R != 1) { value = -search(thread, &lpv, -alpha-1, -alpha, newDepth-R, height+1); '
              'LMRCount++; LMRPlies += R - 1; LMRRe += value > alpha; }')
ret = '    return value <= rBeta;\n}'
if s.count(ret) != 1:
    sys.exit('search.c: the singular test\'s return was not found once')
s = s.replace(ret, '    SETried++; SEExt += value <= rBeta; SEMulti += *multiCut;\n' + ret)
s = s.replace('#include "search.h"', '#include "search.h"\nunsigned long long FHCount[16], FHFirst[16], LMRCount, LMRRe, LMRPlies, SETried, SEExt, SEMulti, QuietCuts, QuietRank, ShallowQuiet, PastLMP;', 1)
open('search.c', 'w').write(s)
# The picker counts the moves its history-ordered quiet stage hands out
# (killers and the counter move skipped, as Vireo's picker does) and
# marks the move it returned last as one of them, so that the cutoff can
# read the cutting quiet's place among them.
h = open('movepicker.h').read()
field = '    Thread *thread;\n'
if h.count(field) != 1:
    sys.exit('movepicker.h: the MovePicker struct was not found once')
h = h.replace(field, field + '    int quietOut, fromQuiet;\n')
open('movepicker.h', 'w').write(h)
m = open('movepicker.c').read()
sig = 'uint16_t selectNextMove(MovePicker *mp, Board *board, int skipQuiets) {'
if m.count(sig) != 1:
    sys.exit('movepicker.c: selectNextMove was not found once')
m = m.replace(sig, 'static uint16_t pickNext(MovePicker *mp, Board *board, int skipQuiets);\n'
              + sig + '\n    if (mp->stage == STAGE_TABLE) mp->quietOut = 0;\n'
              '    mp->fromQuiet = 0;\n    return pickNext(mp, board, skipQuiets);\n}\n\n'
              'static uint16_t pickNext(MovePicker *mp, Board *board, int skipQuiets) {')
quiet = '''                    return selectNextMove(mp, board, skipQuiets);

                return bestMove;
            }

            // Out of quiet moves'''
if m.count(quiet) != 1:
    sys.exit('movepicker.c: the quiet stage\'s return was not found once')
m = m.replace(quiet, quiet.replace('                return bestMove;', '                mp->quietOut++; mp->fromQuiet = 1;\n                return bestMove;'))
open('movepicker.c', 'w').write(m)
b = open('board.c').read()
tail = '    free(threads);\n}'
i = b.index('void runBenchmark')
j = b.index(tail, i)
b = b[:j] + r'''    { extern unsigned long long FHCount[16], FHFirst[16]; unsigned long long c = 0, f = 0;
      for (int d = 0; d < 16; d++) { c += FHCount[d]; f += FHFirst[d];
        if (FHCount[d]) printf("depth %2d: cutoffs %llu first %.1f%%\n", d, FHCount[d], 100.0 * FHFirst[d] / FHCount[d]); }
      printf("fail-high first: %.1f%% of %llu cutoffs\n", 100.0 * f / c, c);
      extern unsigned long long QuietCuts, QuietRank;
      printf("quiet cutoffs: %llu (%.1f%% of cutoffs), mean rank %.2f among the history-ordered quiets\n",
             QuietCuts, 100.0 * QuietCuts / c, (double)QuietRank / (QuietCuts ? QuietCuts : 1));
      extern unsigned long long ShallowQuiet, PastLMP;
      printf("quiet cutoffs past the late-move count: %.1f%% of %llu at depth 8 or less\n",
             100.0 * PastLMP / (ShallowQuiet ? ShallowQuiet : 1), ShallowQuiet);
      extern unsigned long long LMRCount, LMRRe, LMRPlies;
      printf("lmr re-search rate: %.1f%% of %llu reduced searches (mean reduction %.2f plies)\n",
             100.0 * LMRRe / LMRCount, LMRCount, (double)LMRPlies / LMRCount);
      extern unsigned long long SETried, SEExt, SEMulti;
      printf("singular: %llu tried, %.1f%% extended, %.1f%% multi-cut\n",
             SETried, 100.0 * SEExt / (SETried ? SETried : 1), 100.0 * SEMulti / (SETried ? SETried : 1)); }
''' + b[j:]
open('board.c', 'w').write(b)
fens = re.findall(r'^\s*"([^"]+/[^"]+)",', open(sys.argv[1]).read(), re.M)
if len(fens) < 10:
    sys.exit('search/bench.go: the bench positions were not found')
open('bench.csv', 'w').write(''.join('"%s",\n' % f for f in fens))
PY
make -s > build.log 2>&1 || { cat build.log; exit 1; }
./Ethereal bench "$depth" | sed -n '/^Time/,$p'
