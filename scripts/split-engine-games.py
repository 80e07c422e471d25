#!/usr/bin/env python3
"""Split ../shared/data/labeled/engine-games.epd by the kind of game.

The file interleaves two kinds of games (SOURCES.md): Ethereal 12 against
itself, and Ethereal (depth 11) against Toga II (depth 6). Lines carry no
game id or source, but a game's lines are consecutive, and the two kinds
differ in a way a line shows: in self-play the score one mover reports
is close to minus the score the other mover reported a ply before
(one engine, one scale); against Toga the two engines' scores disagree by
100 centipawns or more at the median. The split is by game.

With --game-ids each line gets an EPD operation naming its game
(`game self.N;` or `game toga.N;`, N counted from 1 in each output), so
that `vireo tune --validation` holds out whole games rather than runs
of consecutive lines, some of which cut a game in two.

usage: split-engine-games.py [--game-ids] IN SELFPLAY_OUT VERSUS_OUT
"""
import os
import re
import statistics
import sys


def games(path):
    """Yields the games of the file as lists of (line, side, ce). A game
    ends where the result changes or the piece count goes up."""
    cur, prev = [], 0
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = re.search(r' ce (-?\d+);.*c9 "([^"]+)"', line)
            if not m:
                sys.exit(f"{path}:{n}: no ce and c9 opcodes: {line[:80]!r}")
            fields = line.split()
            pieces = sum(c.isalpha() for c in fields[0])
            ce, res = int(m.group(1)), m.group(2)
            if cur and (pieces > prev or res != cur[-1][3]):
                yield cur
                cur = []
            cur.append((line, fields[1], ce, res))
            prev = pieces
    if cur:
        yield cur


def main():
    args = sys.argv[1:]
    ids = "--game-ids" in args
    args = [a for a in args if a != "--game-ids"]
    if len(args) != 3:
        sys.exit(__doc__)
    sys.argv[1:] = args
    count = {True: [0, 0, 0], False: [0, 0, 0]}  # games, positions, draws
    with open(sys.argv[2] + ".tmp", "w") as selfplay, open(sys.argv[3] + ".tmp", "w") as versus:
        for g in games(sys.argv[1]):
            gaps = [abs(a[2] + b[2]) for a, b in zip(g, g[1:]) if a[1] != b[1]]
            mixed = bool(gaps) and statistics.median(gaps) >= 100
            out = versus if mixed else selfplay
            c = count[mixed]
            tag = ""
            if ids:
                tag = f' game {"toga" if mixed else "self"}.{c[0] + 1};'
            out.writelines(x[0] + tag + "\n" for x in g)
            c[0] += 1
            c[1] += len(g)
            c[2] += g[0][3] == "1/2-1/2"
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])
    os.replace(sys.argv[3] + ".tmp", sys.argv[3])
    for mixed, name in ((False, "self-play"), (True, "versus Toga")):
        g, p, d = count[mixed]
        print(f"{name}: {g} games, {p} positions, {d / max(g, 1):.1%} drawn")


main()
