#!/usr/bin/env python3
"""clock-use.py: how much of its clock each engine used, from match PGNs.

    scripts/clock-use.py games.pgn [more.pgn ...]

Reads the PGN that "vireo match -pgnout" writes (a TimeControl tag such as
10+0.1 and a "{score/depth 0.512s}" comment after every engine move) and
prints, per engine: games, moves, time used per game, the share of the
clock it used (time used over base + increment x moves played, summed
over games), the median and lowest time left at the end of a game, and
its losses on time. Book moves (no time in the comment) count for
neither. Games without a clock are skipped and counted.

A second table gives each engine's median time per move by phase (its
timed moves 1-10, 11-25, 26-40, 41 and later): where a time manager
spends or saves its clock.
"""
import re
import statistics
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')
# The move's time ends the comment, or comes before the game's ending that
# the runner adds to the last move ("{-0.35/12 0.226s, Draw by 3-fold
# repetition}").
TIME = re.compile(r"\{(?:[^\s{}]+ )?(\d+\.\d+)s[,}]")
MOVE_OR_TIME = re.compile(r"\{[^}]*\}|\d+\.(?:\.\.)?|[^\s{}]+")


# The phases of the second table: a label and the last timed move in it.
PHASES = (("1-10", 10), ("11-25", 25), ("26-40", 40), ("41+", 1 << 30))


def phase_of(move):
    """The index in PHASES of an engine's move-th timed move."""
    return next(i for i, (_, last) in enumerate(PHASES) if move <= last)


def games(path):
    tags, body = {}, []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = TAG.match(line)
            if m:
                if body:
                    yield tags, " ".join(body)
                    tags, body = {}, []
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                body.append(line.strip())
    if tags:
        yield tags, " ".join(body)


def parse_tc(tc):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?", tc)
    if not m:
        return None
    return float(m.group(1)), float(m.group(2) or 0)


def side_times(body, white_to_move):
    """Per side (0 white, 1 black): the times of its timed moves."""
    times = ([], [])
    side = 0 if white_to_move else 1
    last = None
    for tok in MOVE_OR_TIME.findall(body):
        if tok.startswith("{"):
            t = TIME.search(tok)
            if t and last is not None:
                times[last].append(float(t.group(1)))
            continue
        if re.fullmatch(r"\d+\.(?:\.\.)?", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        last = side
        side ^= 1
    return times


def main(paths):
    used = defaultdict(float)
    avail = defaultdict(float)
    left = defaultdict(list)
    moves = defaultdict(int)
    ngames = defaultdict(int)
    flags = defaultdict(int)
    phase = defaultdict(lambda: [[] for _ in PHASES])
    unclocked = 0
    for path in paths:
        for tags, body in games(path):
            tc = parse_tc(tags.get("TimeControl", "-"))
            if tc is None:
                unclocked += 1
                continue
            base, inc = tc
            fen = tags.get("FEN", "")
            white_first = not (len(fen.split()) > 1 and fen.split()[1] == "b")
            times = side_times(body, white_first)
            for side, name in ((0, tags.get("White", "?")), (1, tags.get("Black", "?"))):
                n = len(times[side])
                if n == 0:
                    continue
                u = sum(times[side])
                a = base + inc * n
                used[name] += u
                avail[name] += a
                left[name].append(a - u)
                moves[name] += n
                ngames[name] += 1
                for i, t in enumerate(times[side]):
                    phase[name][phase_of(i + 1)].append(t)
            if tags.get("Termination") == "time forfeit":
                loser = tags.get("White") if tags.get("Result") == "0-1" else tags.get("Black")
                flags[loser] += 1
    if not ngames:
        sys.exit("clock-use.py: no clocked games in " + ", ".join(paths))
    print(f"{'engine':<16} {'games':>5} {'moves':>6} {'used/game':>9} {'clock used':>10} {'left median':>11} {'left min':>8} {'time losses':>11}")
    for name in sorted(ngames):
        print(f"{name:<16} {ngames[name]:>5} {moves[name]:>6} {used[name] / ngames[name]:>8.2f}s {100 * used[name] / avail[name]:>9.1f}% "
              f"{statistics.median(left[name]):>10.2f}s {min(left[name]):>7.2f}s {flags[name]:>11}")
    print()
    print(f"{'median move time':<16} " + " ".join(f"{label:>9}" for label, _ in PHASES))
    for name in sorted(ngames):
        cells = [f"{statistics.median(ts):>8.3f}s" if ts else f"{'-':>9}" for ts in phase[name]]
        print(f"{name:<16} " + " ".join(cells))
    if unclocked:
        print(f"({unclocked} games without a clock skipped)")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    main(sys.argv[1:])
