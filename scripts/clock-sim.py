#!/usr/bin/env python3
"""clock-sim.py: what Vireo's clock use would be under another time plan.

    scripts/clock-sim.py [--engine Vireo] [--overhead 0.01] games.pgn H:SOFT [H:SOFT ...]

Reads a match PGN written by "vireo match -pgnout" (clock-use.py's input)
and takes, for every timed move of the engine, the ratio of the time it
spent to the soft limit that search/limits.go gave it then (TMHorizon 40,
TMSoftPct 80: the plan the games were played with). It then plays the
same games again on paper under each plan H:SOFT (a horizon of H moves and
a soft limit of SOFT percent of the optimum): every move spends its ratio
times the new soft limit, cut at the new hard limit, and the clock is
carried forward with the increment. It prints the share of the clock used
(clock-use.py's measure), the median and lowest clock left at the end of a
game, and the least left after any move.

The premise is that a search spends a roughly constant multiple of its
soft limit for a given position (the soft limit is checked between
iterations, and the multiple is set by how the iterations fall and by the
node-share factor). It ignores that a position reached with more time is
searched differently, so it predicts the clock, not the play: a plan is
still decided by games. Played with the first plan, it reproduces the
measured figures.
"""
import argparse
import importlib.util
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("clock_use", os.path.join(HERE, "clock-use.py"))
clock_use = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(clock_use)

def limits(left, inc, overhead, horizon, soft_pct):
    """search/limits.go's soft and hard limits for a clock without movestogo."""
    avail = max(left - overhead, 0.001)
    total = left + inc * (horizon - 1) - overhead * (horizon + 2)
    optimum = min(max(total / horizon, 0.0), avail / 4)
    soft = max(optimum * soft_pct / 100, 0.001)
    hard = max(min(optimum * 5 / 2, avail * 2 / 5), 0.001)
    return soft, hard


def move_times(path, engine):
    """(base, inc, [seconds per timed move]) per game that engine played."""
    out = []
    for tags, body in clock_use.games(path):
        tc = clock_use.parse_tc(tags.get("TimeControl", "-"))
        if tc is None or engine not in (tags.get("White"), tags.get("Black")):
            continue
        fen = tags.get("FEN", "").split()
        times = clock_use.side_times(body, not (len(fen) > 1 and fen[1] == "b"))
        side = 0 if tags.get("White") == engine else 1
        if times[side]:
            out.append((tc[0], tc[1], times[side]))
    return out


def replay(games, overhead, plan, ratios=None):
    """Clock figures for the games under plan (horizon, soft percent).
    With ratios None, returns the ratios under plan instead."""
    horizon, soft_pct = plan
    found, used, total, ends, least = [], 0.0, 0.0, [], float("inf")
    for g, (base, inc, times) in enumerate(games):
        left, rs = base, []
        for i, t in enumerate(times):
            soft, hard = limits(left, inc, overhead, horizon, soft_pct)
            if ratios is None:
                rs.append(t / soft)
            else:
                t = min(ratios[g][i] * soft, hard)
            left -= t
            least = min(least, left)
            left += inc
        found.append(rs)
        used += base + inc * len(times) - left
        total += base + inc * len(times)
        ends.append(left)
    if ratios is None:
        return found
    return used / total, statistics.median(ends), min(ends), least


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="Vireo")
    ap.add_argument("--overhead", type=float, default=0.01, help="Move Overhead in seconds (Vireo's default 10 ms)")
    ap.add_argument("--played", default="40:80", help="the plan the games were played with")
    ap.add_argument("pgn")
    ap.add_argument("plans", nargs="+", help="H:SOFT, e.g. 30:100")
    a = ap.parse_args()

    def plan(s):
        try:
            h, p = (int(x) for x in s.split(":"))
        except ValueError:
            sys.exit(f"clock-sim: plan {s!r}: want HORIZON:SOFTPCT, such as 30:100")
        if h < 1 or p < 1:
            sys.exit(f"clock-sim: plan {s!r}: horizon and percentage must be positive")
        return h, p

    plans = [plan(s) for s in [a.played] + a.plans]
    games = move_times(a.pgn, a.engine)
    if not games:
        sys.exit(f"clock-sim: {a.pgn}: no timed games of {a.engine}")
    ratios = replay(games, a.overhead, plans[0])
    print(f"{len(games)} games, {sum(len(t) for _, _, t in games)} timed moves of {a.engine}")
    print("plan      clock used  left median  left min  least after a move")
    for h, p in plans:
        u, med, lo, least = replay(games, a.overhead, (h, p), ratios)
        print(f"{f'{h}:{p}':<9} {u * 100:9.1f}% {med:11.2f}s {lo:8.2f}s {least * 1000:12.0f} ms")


if __name__ == "__main__":
    main()
