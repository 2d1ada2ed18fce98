#!/usr/bin/env python3
"""Add one embedding configuration's vectors to the SWE-bench snapshots that
scripts/eval-swebench-snapshots built (WORK/snap/<instance>): check out each instance's base
commit in WORK/repos/<repo> and run `index` on the snapshot with XDG_CONFIG_HOME=CFG (the
keyword index is unchanged, only that configuration's vectors are computed; vectors of several
models live side by side in one index). Then `eval-swebench-snapshots search` with the same
XDG_CONFIG_HOME scores it.

  swe_addvec.py --cli CLI --work /tmp/codemodel-swe --cfg /tmp/codemodel-cfg/NAME
"""
import argparse
import glob
import sqlite3
import json
import os
import subprocess
import sys
import time

import importlib.util

SHARED = "/work/shared/eval/swebench"
_spec = importlib.util.spec_from_file_location("run_swebench", os.path.join(SHARED, "run_swebench.py"))
rs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cfg", required=True)
    a = ap.parse_args()
    env = dict(os.environ, XDG_CONFIG_HOME=a.cfg)
    items = [json.loads(l) for l in open(os.path.join(SHARED, "swebench_lite_dev.jsonl"))]
    items.sort(key=lambda r: (r["repo"], r["created_at"] if "created_at" in r else r["instance_id"]))
    last = {}
    prev_db = {}
    model_id = {}
    for r in items:
        name = r["repo"].replace("/", "__")
        tree = os.path.join(a.work, "repos", name)
        snap = os.path.join(a.work, "snap", r["instance_id"])
        if not os.path.isdir(snap):
            print("no snapshot", r["instance_id"], file=sys.stderr)
            continue
        if last.get(name) != r["base_commit"]:
            rs.checkout(tree, r["base_commit"])   # as the snapshot builder checks it out
            last[name] = r["base_commit"]
        db = glob.glob(os.path.join(snap, "*", "index.sqlite"))
        if db and name in prev_db and model_id.get(name):
            # vectors are keyed by chunk content and model: the previous snapshot of the same
            # repository already holds this model's vectors of the unchanged chunks (only this
            # model's: copying every model's would grow each snapshot by all of them; never the
            # LSA's, which is fitted per index)
            con = sqlite3.connect(db[0])
            con.execute("attach database ? as prev", (prev_db[name],))
            con.execute("insert or ignore into embeddings select * from prev.embeddings where model_id = ?",
                        (model_id[name],))
            con.commit()
            con.close()
        if db:
            prev_db[name] = db[0]
        t0 = time.monotonic()
        p = subprocess.run([a.cli, "--data-dir", snap, "index", tree], env=env, capture_output=True, text=True)
        tail = [l for l in (p.stdout + p.stderr).splitlines() if l.startswith(("indexed", "vectors:"))]
        if db:
            con = sqlite3.connect(db[0])
            row = con.execute("select value from meta where key = 'embed_model'").fetchone()
            con.close()
            if row and not str(row[0]).startswith("builtin-lsa"):
                model_id[name] = row[0]
        print("%-36s %.1f s  %s" % (r["instance_id"], time.monotonic() - t0, " | ".join(tail)[:200]), flush=True)


if __name__ == "__main__":
    main()
