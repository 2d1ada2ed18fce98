#!/usr/bin/env python3
"""Refuse any training repository that a retrieval benchmark uses (case-insensitive owner/name)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, "..", "..", "..", "shared", "eval", "benchmark-repositories.txt")


def load(path):
    out = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line.split()[0])
    return out


def main():
    bench = {r.lower() for r in load(sys.argv[2] if len(sys.argv) > 2 else BENCH)}
    repos = load(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "repos.txt"))
    bad = [r for r in repos if r.lower() in bench]
    if bad:
        print("benchmark repositories in the training list: " + ", ".join(bad), file=sys.stderr)
        return 1
    print("%d training repositories, none of them a benchmark repository" % len(repos))
    return 0


if __name__ == "__main__":
    sys.exit(main())
