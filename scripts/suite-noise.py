#!/usr/bin/env python3
"""suite-noise.py: a test-suite score with its noise, for comparing evaluations.

    scripts/suite-noise.py VIREO SUITE.epd --nodes 100000 [--params F] [--runs 6] [--jobs 2]

A fixed-node suite run is deterministic, but any change to the evaluation,
however small, sends the search down other lines, and the number of solved
positions moves with it: on WAC at 100,000 nodes, reverting any one group of
a retuned evaluation to its old values moved the count anywhere from -1 to
+17. So one run per evaluation cannot tell a real difference of a few
positions from that churn.

This script scores the evaluation (the file given, or VIREO's compiled-in
values) and RUNS copies of it in which each integer has one chance in five
of moving by 1 up or down (seeded, so the copies are the same every time),
and prints every count, their mean and its standard error. Two evaluations
are compared by running the script for each with the same VIREO (the same
search): a difference of means within about two standard errors of the
difference is churn, not a change in what the evaluation understands.

VIREO must be a build whose `epd` command takes --params. To score an older
build's evaluation in today's search, write its values with the older
binary first: OLD eval --write-params old.txt.
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def perturb(text, seed):
    """Returns the parameter file text with about a fifth of its integers moved by 1."""
    rng = random.Random(seed)
    out = []
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith("#") or "=" not in line:
            out.append(line)
            continue
        name, value = line.split("=", 1)
        value = re.sub(r"-?\d+", lambda m: str(int(m.group()) + (rng.choice((-1, 1)) if rng.random() < 0.2 else 0)), value)
        out.append(name + "=" + value)
    return "".join(out)


def score(vireo, suite, nodes, params):
    """Runs the suite once; returns (solved, STS points or None)."""
    res = subprocess.run([vireo, "epd", suite, "--nodes", str(nodes), "-q", "--params", params],
                         capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit(f"suite-noise: {vireo} epd failed (exit {res.returncode}): {res.stderr.strip()}")
    solved = re.search(r"^Solved (\d+) of (\d+)", res.stdout, re.M)
    if not solved:
        sys.exit(f"suite-noise: no 'Solved N of M' line in the output of {vireo} epd")
    points = re.search(r"^Points (\d+) of (\d+)", res.stdout, re.M)
    return int(solved.group(1)), int(points.group(1)) if points else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("vireo")
    ap.add_argument("suite")
    ap.add_argument("--nodes", type=int, required=True, help="nodes per position")
    ap.add_argument("--params", help="evaluation parameter file (default: VIREO's compiled-in values)")
    ap.add_argument("--runs", type=int, default=6, help="perturbed copies besides the file itself")
    ap.add_argument("--jobs", type=int, default=1, help="suite runs at once (one per core at most)")
    a = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        base = a.params
        if not base:
            base = os.path.join(tmp, "compiled-in.txt")
            res = subprocess.run([a.vireo, "eval", "--write-params", base], capture_output=True, text=True)
            if res.returncode != 0:
                sys.exit(f"suite-noise: {a.vireo} eval --write-params failed: {res.stderr.strip()}")
        with open(base) as f:
            text = f.read()
        files = [base]
        for seed in range(1, a.runs + 1):
            p = os.path.join(tmp, f"p{seed}.txt")
            with open(p, "w") as f:
                f.write(perturb(text, seed))
            files.append(p)
        with ThreadPoolExecutor(max_workers=max(a.jobs, 1)) as pool:
            results = list(pool.map(lambda p: score(a.vireo, a.suite, a.nodes, p), files))

    for label, idx in (("solved", 0), ("points", 1)):
        vals = [r[idx] for r in results]
        if vals[0] is None:
            continue
        mean = statistics.mean(vals)
        se = statistics.stdev(vals) / len(vals) ** 0.5 if len(vals) > 1 else float("nan")
        print(f"{label}: {' '.join(map(str, vals))} (the file itself first)")
        print(f"{label}: mean {mean:.1f} ± {se:.1f} (standard error over {len(vals)} runs)")


if __name__ == "__main__":
    main()
