#!/usr/bin/env python3
"""Per-repository tables (markdown) of evalall.sh runs: tables.py NAME... (from /tmp/codemodel-runs)."""
import json
import re
import sys

RUNS = "/tmp/codemodel-runs"
names = sys.argv[1:]


def commit(n, r):
    for line in open("%s/%s-all.txt" % (RUNS, n)).read().splitlines() + \
            (open("%s/%s-commit.txt" % (RUNS, n)).read().splitlines() if False else []):
        m = re.search(r"commit %s: RESULT nDCG@10=([\d.]+) R@10=([\d.]+) MRR=([\d.]+)" % r, line)
        if m:
            return tuple(float(x) for x in m.groups())
    return None


print("**Commit subject -> changed files** (nDCG@10 / R@10 / MRR)\n")
print("| repo | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
vals = {n: [commit(n, r) for r in ("requests", "fmt")] for n in names}
for i, r in enumerate(("psf/requests", "fmtlib/fmt")):
    print("| %s | " % r + " | ".join("%.3f / %.3f / %.3f" % vals[n][i] for n in names) + " |")
print("| macro | " + " | ".join("%.4f / %.4f / %.4f" % tuple(sum(v[i][k] for i in range(2)) / 2 for k in range(3))
                                 for n, v in vals.items()) + " |")

print("\n**semble** (chunk-level NDCG@10)\n")
print("| repo | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
sem = {}
for n in names:
    rows = {}
    for line in open("%s/%s-semble.txt" % (RUNS, n)):
        f = line.split()
        if len(f) > 6 and re.match(r"^[a-z]", line) and f[0] not in ("repo",) and re.match(r"^[\d.]+$", f[5]):
            rows[f[0]] = float(f[5])
        m = re.search(r"NDCG@10 chunk-level \(semble protocol\) = ([\d.]+)", line)
        if m:
            rows["**mean**"] = float(m.group(1))
        m = re.match(r"^\s+(architecture|semantic|symbol)\s+n_q=\s*\d+\s+chunk=([\d.]+)", line)
        if m:
            rows["kind: " + m.group(1)] = float(m.group(2))
    sem[n] = rows
keys = [k for k in sem[names[0]] if not k.startswith(("**", "kind"))] + ["**mean**", "kind: architecture",
                                                                         "kind: semantic", "kind: symbol"]
for k in keys:
    print("| %s | " % k + " | ".join("%.3f" % sem[n].get(k, float("nan")) for n in names) + " |")

print("\n**SWE-bench Lite dev** (file-level Acc@1 / Acc@5 / MRR per repository; all: Acc@1/3/5/10, MRR)\n")
print("| repo | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
swe = {n: json.load(open("%s/%s-swe.json" % (RUNS, n)))["summary"] for n in names}
for r in swe[names[0]]["per_repo"]:
    print("| %s (%d) | " % (r, swe[names[0]]["per_repo"][r].get("n", 0)) + " | ".join(
        "%.2f / %.2f / %.3f" % (swe[n]["per_repo"][r]["acc@1"], swe[n]["per_repo"][r]["acc@5"], swe[n]["per_repo"][r]["mrr"])
        for n in names) + " |")
print("| **all** | " + " | ".join("%.3f / %.3f / %.3f / %.3f, %.3f" % tuple(swe[n]["all"][k] for k in (
    "acc@1", "acc@3", "acc@5", "acc@10", "mrr")) for n in names) + " |")
