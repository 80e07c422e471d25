#!/usr/bin/env python3
"""pgn-depth.py: how deep the engines searched in a match, from its PGNs.

    scripts/pgn-depth.py games.pgn [more.pgn ...]

Reads the "{score/depth time}" comment that "vireo match -pgnout" writes
after every engine move and prints, per file, the number of moves, the
median and mean depth, and the depths below which a tenth and nine
tenths of the moves lie. A screen at fixed nodes and a confirmation at a
time control compare by these: a heuristic gated on depth, or one whose
worth changes with the size of the tree, can win at one depth and not
at another.
"""
import re
import statistics
import sys

DEPTH = re.compile(r"\{[-+]?(?:\d+\.\d+|M-?\d+)/(\d+)\b")


def depths(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return [int(d) for d in DEPTH.findall(f.read())]


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    print(f"{'file':40} {'moves':>8} {'median':>7} {'mean':>6} {'10%':>4} {'90%':>4}")
    for p in paths:
        d = depths(p)
        if not d:
            print(f"{p:40} {0:8}  (no depth comments)")
            continue
        d.sort()
        tenth, ninth = d[len(d) // 10], d[len(d) * 9 // 10]
        print(f"{p:40} {len(d):8} {statistics.median_low(d):7} {sum(d) / len(d):6.1f} {tenth:4} {ninth:4}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
