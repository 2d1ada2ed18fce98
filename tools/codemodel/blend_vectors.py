#!/usr/bin/env python3
"""Write blended vectors (core/embed/blendembedder.h) into indexes that hold both the built-in
LSA's vectors and a static model's: for every chunk content with both, the two unit vectors
concatenated, scaled by sqrt(1 - w) and sqrt(w), stored under the blend's model id, which becomes
the index's active model. The search then embeds a question with the same blend (the built-in
part from the index, the static part from embed.static).

  blend_vectors.py --static-id static1-256-... --weight 0.5 DB [DB...]
"""
import argparse
import math
import sqlite3
import struct
import sys


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v] if n > 0 else v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--static-id", required=True)
    ap.add_argument("--weight", type=float, default=0.5)
    ap.add_argument("dbs", nargs="+")
    a = ap.parse_args()
    w = a.weight
    sa, sb = math.sqrt(1 - w), math.sqrt(w)
    for db in a.dbs:
        con = sqlite3.connect(db)
        meta = dict(con.execute("select key, value from meta where key like 'embed%'"))
        builtin = meta.get("embed_builtin_model")
        if not builtin:
            print("no built-in model:", db, file=sys.stderr)
            continue
        blend = "blend1-%d-%s+%s" % (round(w * 100), builtin, a.static_id)
        rows = []
        stat = dict(con.execute("select content_hash, vector from embeddings where model_id = ?", (a.static_id,)))
        if not stat:
            print("no static vectors:", db, file=sys.stderr)
            continue
        dim = None
        for h, vb in con.execute("select content_hash, vector from embeddings where model_id = ?", (builtin,)):
            vs = stat.get(h)
            if vs is None:
                continue
            x = struct.unpack("<%df" % (len(vb) // 4), vb)
            y = struct.unpack("<%df" % (len(vs) // 4), vs)
            v = unit([sa * t for t in x] + [sb * t for t in y])
            dim = len(v)
            rows.append((h, blend, struct.pack("<%df" % len(v), *v)))
        con.execute("delete from embeddings where model_id like 'blend1-%'")
        con.execute("delete from embed_models where model_id like 'blend1-%'")
        con.executemany("insert into embeddings(content_hash, model_id, vector) values (?, ?, ?)", rows)
        con.execute("insert or replace into embed_models(model_id, dimension, data, created) values (?, ?, NULL, 0)",
                    (blend, dim))
        done = meta.get("embed_done", "")
        fp = done.split("|", 1)[0]
        con.execute("insert or replace into meta values ('embed_model', ?)", (blend,))
        con.execute("insert or replace into meta values ('embed_dimension', ?)", (str(dim),))
        con.execute("insert or replace into meta values ('embed_done', ?)", (fp + "|" + blend,))
        con.commit()
        print(db, blend, len(rows), "vectors")


if __name__ == "__main__":
    main()
