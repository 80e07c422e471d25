#!/usr/bin/env python3
"""loss-shape.py: how an engine loses its games, from a match's PGNs.

    scripts/loss-shape.py [-engine NAME] [-win 1.5] games.pgn [more.pgn ...]

Reads the "{score/depth time}" comment that "vireo match -pgnout" (and
cutechess or fastchess) writes after every engine move; scores are the
mover's, in pawns. For each game the engine NAME (default "new") lost, it
finds the turning point: the opponent's first move from which its own
score stays at +win or more to the end of the game. A turning point is

  sudden   when the opponent's score was below +0.5 at most two of its
           moves earlier: a tactic, or a move of ours that lost at once;
  unseen   (of the sudden ones) when our own score at our move just
           before it was -0.5 or better: our search did not see what it
           was walking into;
  gradual  otherwise: the position slid away over several moves, which
           points at the evaluation (or at a horizon longer than both
           searches) rather than at one oversight.

It prints the count of each, with the median move number and the
number of captures played before each turning point (a rough phase),
and the recognition lag: how many moves after the opponent's score
stayed at +1 or more ours stayed at -1 or less. A lag of several moves
in gradual losses is a misjudgement the opponent did not share.
Run it with -engine set to the opponent's name to see the games we won
the same way.
"""
import argparse
import os
import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
# A move in SAN, then its comment.
MOVE = re.compile(r"([NBRQKO][^\s{}]*|[a-h][^\s{}]*)\s*\{([^}]*)\}")
SCORE = re.compile(r"^\s*([-+]?\d+\.\d+|[-+]?M-?\d+)/\d+")


def games(path):
    """Yields (tags, moves), moves a list of (san, score in pawns or None)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for block in re.split(r"\n\s*\n(?=\[)", text):
        tags, body = {}, []
        for line in block.splitlines():
            m = TAG.match(line)
            if m:
                tags[m.group(1)] = m.group(2)
            else:
                body.append(line)
        if not tags:
            continue
        moves = []
        for san, comment in MOVE.findall(" ".join(body)):
            s = SCORE.match(comment)
            score = None
            if s:
                v = s.group(1)
                if "M" in v:
                    score = -100.0 if v.startswith("-") or "M-" in v else 100.0
                else:
                    score = float(v)
            moves.append((san, score))
        yield tags, moves


def first_mover(tags):
    fen = tags.get("FEN", "")
    fields = fen.split()
    return "b" if len(fields) > 1 and fields[1] == "b" else "w"


def phase(captures):
    if captures < 6:
        return "opening/middlegame (<6 captures)"
    if captures < 14:
        return "middlegame (6-13 captures)"
    return "endgame (14+ captures)"


def main(argv):
    ap = argparse.ArgumentParser(prog="loss-shape.py", description="how an engine loses its games, from match PGNs")
    ap.add_argument("-engine", default="new", help="the engine whose lost games are read (default new)")
    ap.add_argument("-win", type=float, default=1.5, help="the winner's score, in pawns, that must hold to the end (default 1.5)")
    ap.add_argument("paths", nargs="+", metavar="games.pgn")
    args = ap.parse_args(argv)
    name, win, paths = args.engine, args.win, args.paths
    for p in paths:
        if not os.path.isfile(p):
            ap.error(f"{p}: no such file")

    counts = {"sudden": 0, "unseen": 0, "gradual": 0, "none": 0}
    turn_moves = {"sudden": [], "gradual": []}
    turn_phase = {}
    lost = played = 0
    rises, lags = [], []
    for path in paths:
        for tags, moves in games(path):
            if name not in (tags.get("White"), tags.get("Black")):
                continue
            played += 1
            our = "w" if tags.get("White") == name else "b"
            mover = first_mover(tags)
            # ours[k] is True when ply k was played by us.
            ours = []
            side = mover
            for _ in moves:
                ours.append(side == our)
                side = "b" if side == "w" else "w"
            captures, caps_before = 0, []
            for san, _ in moves:
                caps_before.append(captures)
                captures += "x" in san
            result = tags.get("Result", "*")
            we_lost = result == ("0-1" if our == "w" else "1-0")
            if not we_lost:
                continue
            lost += 1
            opp = [k for k in range(len(moves)) if not ours[k] and moves[k][1] is not None]
            turn = None
            for j, k in enumerate(opp):
                if all(moves[q][1] >= win for q in opp[j:]):
                    turn = j
                    break
            if turn is None:
                counts["none"] += 1
                continue
            k = opp[turn]
            # The rise: opponent moves since its score was last below +0.5.
            last_low = max((j for j in range(turn) if moves[opp[j]][1] < 0.5), default=-1)
            rise = turn - last_low
            ph = phase(caps_before[k])
            rises.append(rise)
            # Recognition lag: from the opponent's first move that stays
            # at +1 or more to our first move that stays at -1 or less.
            mine = [q for q in range(len(moves)) if ours[q] and moves[q][1] is not None]
            opp_at = next((opp[j] for j in range(len(opp)) if all(moves[q][1] >= 1.0 for q in opp[j:])), None)
            our_at = next((mine[j] for j in range(len(mine)) if all(moves[q][1] <= -1.0 for q in mine[j:])), None)
            if opp_at is not None and our_at is not None:
                lags.append((our_at - opp_at) / 2)
            if rise <= 2:
                kind = "sudden"
                prev_ours = [q for q in range(k) if ours[q] and moves[q][1] is not None]
                if prev_ours and moves[prev_ours[-1]][1] >= -0.5:
                    counts["unseen"] += 1
            else:
                kind = "gradual"
            counts[kind] += 1
            move_no = k // 2 + 1
            turn_moves[kind].append(move_no)
            turn_phase.setdefault((kind, ph), 0)
            turn_phase[(kind, ph)] += 1

    print(f"games with {name}: {played}, lost: {lost}")
    print(f"turning points (opponent's score stays >= +{win}):")
    for kind in ("sudden", "gradual"):
        ms = turn_moves[kind]
        med = statistics.median(ms) if ms else 0
        print(f"  {kind:8} {counts[kind]:4}  median move number {med}")
        for (kd, ph), n in sorted(turn_phase.items()):
            if kd == kind:
                print(f"      {ph:36} {n:4}")
    if rises:
        print(f"  the rise from below +0.5 took a median of {statistics.median(rises)} opponent moves")
    if lags:
        late = sum(1 for v in lags if v >= 3)
        print(f"  we saw the loss (score stays <= -1) a median of {statistics.median(lags):+.1f} moves after the opponent saw"
              f" its win (stays >= +1); 3 or more moves later in {late} of {len(lags)}")
    print(f"  of the sudden ones, unseen (our score just before >= -0.5): {counts['unseen']}")
    print(f"  lost without such a point (late swings, adjudication): {counts['none']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
