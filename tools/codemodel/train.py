#!/usr/bin/env python3
"""Train the static code-search model: a vocabulary of code sub-tokens, one vector each; a text's
vector is the mean of its tokens' vectors (as model2vec / RepoLens's StaticEmbedder compute it),
trained contrastively on (question, code) pairs with in-batch negatives (symmetric InfoNCE).

  /usr/bin/python3 train.py --pairs pairs.jsonl --out MODEL_DIR [--dim 256] [--epochs 3]
        [--batch 512] [--temp 0.05] [--vocab-words 24000] [--seed 1] [--minutes 30]

The vocabulary, the initial vectors (random, scaled by the token's inverse document frequency
over the training code) and the training all come from the pairs file only. 2% of the pairs
(whole queries) are held out to report a validation retrieval score after each epoch (MRR of the
true code among 1,000 held-out candidates); that score, never a benchmark, chooses the epoch.
Writes MODEL_DIR in model2vec format (export.py) and MODEL_DIR/train-log.json.
"""
import argparse
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codetok  # noqa: E402
import export  # noqa: E402


def load_pairs(path, max_doc_share=None):
    pairs = [json.loads(line) for line in open(path)]
    return pairs


def to_tensors(seqs):
    """seqs: numpy int64 arrays -> EmbeddingBag input and offsets."""
    flat = np.concatenate(seqs)
    offsets = np.zeros(len(seqs), dtype=np.int64)
    if len(seqs) > 1:
        np.cumsum([len(s) for s in seqs[:-1]], out=offsets[1:])
    return torch.from_numpy(flat), torch.from_numpy(offsets)


class Model(torch.nn.Module):
    def __init__(self, init):
        super().__init__()
        self.emb = torch.nn.EmbeddingBag.from_pretrained(torch.from_numpy(init), freeze=False, mode="mean")

    def forward(self, flat, offsets):
        return F.normalize(self.emb(flat, offsets), dim=-1)


def batch_of(idx, qs, ds):
    q = [qs[i] for i in idx]
    d = [ds[i] for i in idx]
    return to_tensors(q), to_tensors(d)


def evaluate(model, qs, ds, groups, n=1000):
    model.eval()
    with torch.no_grad():
        idx = list(range(min(n, len(qs))))
        (qf, qo), (df, do) = batch_of(idx, qs, ds)
        qv = model(qf, qo)
        dv = model(df, do)
        sims = qv @ dv.T
        mrr = 0.0
        r10 = 0
        for i in range(len(idx)):
            s = sims[i].clone()
            # other pairs of the same query are right answers too: do not count them against it
            same = [j for j in range(len(idx)) if groups[j] == groups[i] and j != i]
            if same:
                s[same] = -2
            rank = int((s > s[i]).sum()) + 1
            mrr += 1.0 / rank
            r10 += rank <= 10
    model.train()
    return mrr / len(idx), r10 / len(idx)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--dim", type=int, default=256)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--temp", type=float, default=0.05)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--vocab-words", type=int, default=24000)
    ap.add_argument("--vocab-pieces", type=int, default=8000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--max-doc-tokens", type=int, default=512)
    ap.add_argument("--dtype", default="I8", choices=["I8", "F16", "F32"])
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    t_start = time.time()
    log = {"args": vars(args)}

    pairs = load_pairs(args.pairs)
    print("pairs: %d (commit %d, doc %d)" % (len(pairs), sum(p["src"] == "commit" for p in pairs),
                                              sum(p["src"] == "doc" for p in pairs)), flush=True)
    # vocabulary from both sides of the training pairs
    docs_unique = {}
    for p in pairs:
        docs_unique.setdefault(p["d"], p["repo"])
    texts = [(d, r) for d, r in docs_unique.items()] + [(p["q"], p["repo"]) for p in pairs]
    vocab = codetok.build_vocab(texts, max_words=args.vocab_words, max_pieces=args.vocab_pieces)
    wp = codetok.WordPiece(vocab)
    print("vocabulary: %d tokens, median length %d (%.0f s)" % (len(vocab), wp.median_token_length(),
                                                                time.time() - t_start), flush=True)

    # tokenize; group = one query text of one repository (its pairs are all right answers)
    group_of = {}
    qs, ds, groups = [], [], []
    dcache = {}
    for p in pairs:
        q = wp.encode(p["q"])
        d = dcache.get(p["d"])
        if d is None:
            d = wp.encode(p["d"], args.max_doc_tokens)
            dcache[p["d"]] = d
        if len(q) < 2 or len(d) < 4:
            continue
        q = np.asarray(q, dtype=np.int64)
        if not isinstance(d, np.ndarray):
            d = np.asarray(d, dtype=np.int64)
            dcache[p["d"]] = d
        g = group_of.setdefault((p["repo"], p["q"].lower()), len(group_of))
        qs.append(q)
        ds.append(d)
        groups.append(g)
    print("tokenized %d pairs, %d queries (%.0f s); mean tokens q %.1f d %.1f" % (
        len(qs), len(group_of), time.time() - t_start, np.mean([len(q) for q in qs]),
        np.mean([len(d) for d in ds])), flush=True)

    # hold out 2% of the query groups
    rng = random.Random(args.seed)
    held = set(g for g in range(len(group_of)) if rng.random() < 0.02)
    tr = [i for i in range(len(qs)) if groups[i] not in held]
    va = [i for i in range(len(qs)) if groups[i] in held]
    rng.shuffle(va)
    vq, vd, vg = [qs[i] for i in va], [ds[i] for i in va], [groups[i] for i in va]

    # init: random directions scaled by idf over the training code
    df = np.zeros(len(vocab))
    for d in dcache.values():
        df[np.unique(np.asarray(d, dtype=np.int64))] += 1
    n_docs = len(dcache)
    idf = np.log((n_docs + 1) / (df + 1)) + 1.0
    init = np.random.randn(len(vocab), args.dim).astype(np.float32) / math.sqrt(args.dim)
    init *= (idf / idf.max())[:, None].astype(np.float32)
    init[:len(codetok.SPECIALS)] = 0

    model = Model(init)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    base = evaluate(model, vq, vd, vg)
    print("validation before training (idf-scaled random vectors): MRR %.3f R@10 %.3f" % base, flush=True)
    log["val"] = [{"epoch": 0, "mrr": base[0], "r10": base[1]}]
    best = (base[0], 0, model.emb.weight.detach().clone())
    steps_per_epoch = len(tr) // args.batch
    deadline = t_start + args.minutes * 60
    stop = False
    for epoch in range(1, args.epochs + 1):
        rng.shuffle(tr)
        t0 = time.time()
        tot = 0.0
        for s in range(steps_per_epoch):
            idx = tr[s * args.batch:(s + 1) * args.batch]
            (qf, qo), (dfl, do) = batch_of(idx, qs, ds)
            qv = model(qf, qo)
            dv = model(dfl, do)
            logits = qv @ dv.T / args.temp
            g = torch.tensor([groups[i] for i in idx])
            same = (g[:, None] == g[None, :]) & ~torch.eye(len(idx), dtype=torch.bool)
            logits = logits.masked_fill(same, -1e4)
            target = torch.arange(len(idx))
            loss = (F.cross_entropy(logits, target) + F.cross_entropy(logits.T, target)) / 2
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss)
            if s % 50 == 0:
                print("  epoch %d step %d/%d loss %.3f (%.1f s/step)" % (
                    epoch, s, steps_per_epoch, tot / (s + 1), (time.time() - t0) / (s + 1)), flush=True)
            if time.time() > deadline:
                stop = True
                break
        v = evaluate(model, vq, vd, vg)
        log["val"].append({"epoch": epoch, "mrr": v[0], "r10": v[1], "loss": tot / max(1, s + 1),
                           "seconds": time.time() - t0})
        print("epoch %d: loss %.3f validation MRR %.3f R@10 %.3f (%.0f s)" % (
            epoch, tot / max(1, s + 1), v[0], v[1], time.time() - t0), flush=True)
        if v[0] > best[0]:
            best = (v[0], epoch, model.emb.weight.detach().clone())
        if stop:
            print("time budget reached", flush=True)
            break
    print("best epoch %d (validation MRR %.3f)" % (best[1], best[0]), flush=True)
    log["best_epoch"] = best[1]
    log["seconds"] = time.time() - t_start
    log["pairs"] = len(qs)
    log["vocab"] = len(vocab)
    table = best[2].numpy()
    export.write_model(args.out, vocab, table, args.dtype)
    with open(os.path.join(args.out, "train-log.json"), "w") as fh:
        json.dump(log, fh, indent=1)
    print("wrote %s in %.0f s" % (args.out, time.time() - t_start), flush=True)


if __name__ == "__main__":
    main()
