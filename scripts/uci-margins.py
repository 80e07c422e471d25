#!/usr/bin/env python3
"""uci-margins.py LOG [NAME...]: how close each engine came to its flag.

Reads the traffic log that `vireo match -log LOG` writes (one line per
message, "[seconds] label > text" for what the runner sent and "<" for
what it read) and, for every clocked "go", compares the time to the
engine's "bestmove" with the clock it had. Prints per engine name (the
label before "#") the number of clocked moves, the lowest clock it was
given, the smallest margin left (clock minus time taken, in ms), the
largest share of the clock one move took, and the moves that came within 50 ms of the flag or overran
it, so that a time loss in a match can be read off its log and a change
to the time manager can show that it keeps its distance.
"""
import re
import sys
from collections import defaultdict

LINE = re.compile(r"^\[\s*([0-9.]+)\] (\S+) ([<>]) (.*)$")


def side_to_move(position):
    """True when White moves after a "position" command."""
    f = position.split()
    played = len(f) - f.index("moves") - 1 if "moves" in f else 0
    white = not (len(f) > 3 and f[1] == "fen" and f[3] == "b")
    return white == (played % 2 == 0)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: uci-margins.py LOG [NAME...]")
    want = set(sys.argv[2:])
    pending = {}  # label -> (start, clock ms, go text, log line)
    position = {}
    stats = defaultdict(lambda: {"moves": 0, "margin": None, "share": 0.0, "low": None, "close": []})
    bad = 0
    with open(sys.argv[1], errors="replace") as fh:
        for n, raw in enumerate(fh, 1):
            m = LINE.match(raw.rstrip("\n"))
            if not m:
                bad += 1
                continue
            at, label, way, text = float(m.group(1)), m.group(2), m.group(3), m.group(4)
            name = label.split("#")[0]
            if want and name not in want:
                continue
            if way == ">" and text.startswith("position "):
                position[label] = text
            elif way == ">" and text.startswith("go "):
                g = text.split()
                white = side_to_move(position.get(label, "position startpos"))
                key = "wtime" if white else "btime"
                if key in g and g.index(key) + 1 < len(g):
                    pending[label] = (at, int(g[g.index(key) + 1]), text, n)
                else:
                    pending.pop(label, None)
            elif way == "<" and text.startswith("bestmove") and label in pending:
                start, clock, gotext, gline = pending.pop(label)
                took = (at - start) * 1000
                s = stats[name]
                s["moves"] += 1
                margin = clock - took
                if s["margin"] is None or margin < s["margin"]:
                    s["margin"] = margin
                if s["low"] is None or clock < s["low"]:
                    s["low"] = clock
                if clock > 0:
                    s["share"] = max(s["share"], took / clock)
                if margin < 50:
                    s["close"].append((gline, clock, took))
    if bad:
        print(f"{bad} lines not in the log's format skipped", file=sys.stderr)
    if not stats:
        sys.exit("no clocked moves found")
    print("engine   moves  lowest clock (ms)  least margin (ms)  largest share of the clock")
    for name, s in sorted(stats.items()):
        print(f"{name:8} {s['moves']:6}  {s['low']:17}  {s['margin']:17.0f}  {100 * s['share']:25.1f}%")
        for gline, clock, took in s["close"]:
            print(f"    log line {gline}: clock {clock} ms, took {took:.0f} ms")


if __name__ == "__main__":
    main()
