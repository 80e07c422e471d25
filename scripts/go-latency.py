#!/usr/bin/env python3
"""go-latency.py: how long a UCI engine takes from "go" to its first output.

    python3 scripts/go-latency.py ENGINE [-n 1500] [-gap 3] [KEY=VALUE ...]

Sends N searches of "go depth 1" through pipes, alternating two positions,
with GAP milliseconds of idle time before and after each, and prints the
median, 90th and 99th percentile and largest time from writing "go" to
reading the first line back. KEY=VALUE pairs go into the engine's
environment (GOMAXPROCS=1, for instance). A depth-1 search takes
microseconds, so what this measures is the engine's own start-up of a
search and the operating system's scheduling of it; run it with the
cores kept busy (a spinning shell per core) to see a loaded machine, as
in a match.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("-n", type=int, default=1500, help="searches (default 1500)")
    ap.add_argument("-gap", type=float, default=3, help="idle ms around each search (default 3)")
    ap.add_argument("env", nargs="*", help="KEY=VALUE for the engine's environment")
    a = ap.parse_intermixed_args()
    env = dict(os.environ)
    for kv in a.env:
        if "=" not in kv:
            sys.exit(f"go-latency: {kv!r} is not KEY=VALUE")
        k, v = kv.split("=", 1)
        env[k] = v
    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)

    def send(s):
        p.stdin.write((s + "\n").encode())
        p.stdin.flush()

    def readline():
        line = p.stdout.readline()
        if not line:
            sys.exit("go-latency: the engine ended its output")
        return line.decode()

    def wait_for(prefix):
        while not readline().startswith(prefix):
            pass

    send("uci")
    wait_for("uciok")
    send("isready")
    wait_for("readyok")
    gap = a.gap / 1000
    lat = []
    for i in range(a.n):
        send("position startpos moves e2e4" if i % 2 else "position startpos")
        time.sleep(gap)
        t0 = time.perf_counter()
        send("go depth 1")
        line = readline()
        lat.append((time.perf_counter() - t0) * 1000)
        while not line.startswith("bestmove"):
            line = readline()
        time.sleep(gap)
    send("quit")
    p.wait()
    lat.sort()
    n = len(lat)
    print(f"{a.engine}: {n} searches, go to first output: median {statistics.median(lat):.3f} ms, "
          f"90th percentile {lat[int(0.9 * n)]:.3f}, 99th {lat[int(0.99 * n)]:.3f}, largest {lat[-1]:.3f}")


if __name__ == "__main__":
    main()
