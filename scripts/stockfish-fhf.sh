#!/bin/bash
# stockfish-fhf.sh SRC [DEPTH]: measures Stockfish's fail-high-first share
# the way `vireo bench --stats` counts it (beta cutoffs of the main search,
# root excluded, made by the first move searched; moves pruned before
# their search do not count), on Vireo's bench positions at depth 13 with
# a fresh hash table for each, so that the number sits beside Vireo's and
# Ethereal's (scripts/ethereal-fhf.sh, docs/search.md).
#
# SRC is Stockfish's src directory at the tag Debian ships
# (sf_15.1 for Debian 12's `stockfish` package), e.g.
#   git -C STOCKFISH_REPO archive sf_15.1 | tar -x -C /tmp/sf151
#   scripts/stockfish-fhf.sh /tmp/sf151/src
# Stockfish's network is not in its repository and this machine cannot
# download it, so the script takes it from the Debian binary
# (STOCKFISH=/usr/games/stockfish), which embeds it: from the net's header
# to the end of the binary, with Stockfish's check that nothing follows
# the net dropped. Before it measures anything it checks that the build
# evaluates a position exactly as the Debian binary does.
set -eu
src=${1:?usage: stockfish-fhf.sh STOCKFISH_SRC [DEPTH]}
depth=${2:-13}
debian=${STOCKFISH:-/usr/games/stockfish}
arch=${ARCH:-x86-64-bmi2}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src"/. "$work"
cd "$work"
net=$(sed -n 's/.*EvalFileDefaultName *"\(nn-[0-9a-f]*\.nnue\)".*/\1/p' evaluate.h)
[ -n "$net" ] || { echo "evaluate.h: the default net's name was not found" >&2; exit 1; }
python3 - "$debian" "$net" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read()
magic = struct.pack('<I', 0x7AF32F20)  # nnue_common.h's Version
at = data.find(magic)
while at >= 0:
    size = struct.unpack('<I', data[at + 8:at + 12])[0]
    desc = data[at + 12:at + 12 + size] if 0 < size < 4096 else b''
    if b'Network' in desc or b'Features=' in desc:
        break
    at = data.find(magic, at + 1)
if at < 0:
    sys.exit(sys.argv[1] + ': no embedded network found')
open(sys.argv[2], 'wb').write(data[at:])
PY
python3 - <<'PY'
import sys
def patch(path, old, new):
    s = open(path).read()
    if s.count(old) != 1:
        sys.exit(path + ': expected exactly one ' + repr(old[:60]))
    open(path, 'w').write(s.replace(old, new))
# The net runs to the end of the binary: let trailing bytes be.
patch('nnue/evaluate_nnue.cpp',
      'return stream && stream.peek() == std::ios::traits_type::eof();',
      'return bool(stream);')
patch('search.cpp', 'namespace Search {',
      'unsigned long long FHCount[16], FHFirst[16];\nnamespace Search {')
loop = '    while ((move = mp.next_move(moveCountPruning)) != MOVE_NONE)'
patch('search.cpp', loop, '    int searchedCount = 0;\n' + loop)
# moveCount counts pruned moves too; count the ones made and searched.
s = open('search.cpp').read()
made = '      pos.do_move(move, st, givesCheck);\n'
at = s.find(made, s.find('ss->moveCount = ++moveCount;'))
if at < 0 or at > s.find('Value qsearch(Position& pos, Stack* ss, Value alpha, Value beta, Depth depth) {'):
    sys.exit('search.cpp: the main search\'s do_move was not found')
open('search.cpp', 'w').write(s[:at] + '      searchedCount++;\n' + s[at:])
patch('search.cpp', '                  ss->cutoffCnt++;\n',
      '                  ss->cutoffCnt++;\n'
      '                  if (!rootNode) { int d = std::min(int(depth), 15); FHCount[d]++; FHFirst[d] += searchedCount == 1; }\n')
patch('uci.cpp', 'namespace Stockfish {',
      'namespace Stockfish {\nextern unsigned long long FHCount[16], FHFirst[16];')
patch('uci.cpp', '    dbg_print();\n',
      '    dbg_print();\n'
      '    { unsigned long long c = 0, f = 0; std::cerr << "fail-high first by depth:";\n'
      '      for (int d = 0; d < 16; d++) if (FHCount[d]) { c += FHCount[d]; f += FHFirst[d];\n'
      '        std::cerr << " " << d << "=" << 100.0 * FHFirst[d] / FHCount[d] << "% (" << FHCount[d] << ")"; }\n'
      '      std::cerr << "\\nfail-high first: " << 100.0 * f / c << "% of " << c << " cutoffs" << std::endl; }\n')
# A fresh table for each position, as Vireo's bench has.
patch('benchmark.cpp', '          list.emplace_back("position fen " + fen);',
      '          list.emplace_back("ucinewgame");\n          list.emplace_back("position fen " + fen);')
PY
grep -o '"[^"]*/[^"]* [wb] [^"]*"' "$here/search/bench.go" | tr -d '"' > bench.fens
[ "$(wc -l < bench.fens)" -eq 50 ] || { echo "search/bench.go: expected 50 bench positions" >&2; exit 1; }
make -j"$(nproc)" ARCH="$arch" all > build.log 2>&1 || { tail -20 build.log >&2; exit 1; }
probe='position fen r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10'
ours=$(printf '%s\neval\nquit\n' "$probe" | ./stockfish 2>/dev/null | grep 'evaluation')
theirs=$(printf '%s\neval\nquit\n' "$probe" | "$debian" 2>/dev/null | grep 'evaluation')
if [ -z "$ours" ] || [ "$ours" != "$theirs" ]; then
  echo "the build does not evaluate as $debian does:" >&2
  echo "$ours" >&2; echo "$theirs" >&2
  exit 1
fi
./stockfish bench 16 1 "$depth" bench.fens depth 2>&1 >/dev/null | grep -a -E '^(fail-high|Nodes searched)'
