#!/usr/bin/env python3
"""Extract (question, code) training pairs from repositories that RepoLens itself indexed.

For every repository of provenance.tsv (written by snapshot.sh): the chunks of its index
(/tmp/codemodel-data/idx/<owner>+<name>-<hash>/index.sqlite, our own tree-sitter chunker) and
its history in /work/.mirror/<owner>+<name>/repo give
- commit pairs: the subject of a non-merge, non-bot, non-release commit of moderate size ->
  each chunk of the snapshot that still holds the lines the commit added (line texts matched
  verbatim against the snapshot's file; the chunks with the most matched lines, at most 3);
- doc pairs: the first sentence of a definition's doc comment -> the chunk's embedding text
  with that doc comment removed.
The code side is the text RepoLens embeds for a chunk (core/embed/embedder.cpp embeddingText:
path, scope, kind and name, signature, doc, text). Output: JSON lines {q, d, src, repo}.

Usage: extract.py --out pairs.jsonl [--data /tmp/codemodel-data] [--src /tmp/codemodel-src]
                  [--max-commits 4000]
Standard library only.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys

BOT = re.compile(r"(bot\b|\[bot\]|dependabot|renovate|github-actions|greenkeeper|snyk)", re.I)
SKIP_SUBJECT = re.compile(
    r"^(merge|revert|bump|release|prepare release|version|update (dependenc|changelog|version|copyright)"
    r"|changelog|\[?maven-release|update readme|typo|fix typo|format|reformat|lint|wip\b|cleanup$)"
    r"|\b(v?\d+\.\d+\.\d+)\b.*\b(release|version)\b|^\[?ci\]?\b|^docs?[:(]", re.I)
KIND_NAMES = {}  # chunk kinds print as stored


def clean_subject(s):
    s = s.strip()
    s = re.sub(r"\s*\((#|gh-|GH-)\d+\)\s*$", "", s)          # (#1234)
    s = re.sub(r"\s*#\d+\s*$", "", s)
    s = re.sub(r"^\[[^\]]{1,30}\]\s*", "", s)                   # [PATCH], [core]
    s = re.sub(r"^[A-Z][A-Z0-9]+-\d+\s*[:\-]?\s*", "", s)        # KAFKA-1234:
    s = re.sub(r"^(\w+)(\([^)]{0,40}\))?!?:\s+", "", s)          # fix(parser): / feat:
    s = re.sub(r"^[\w./-]{1,40}:\s+", "", s)                     # subsystem: (git, tmux)
    return s.strip()


def first_sentence(doc):
    t = doc
    t = re.sub(r"^\s*(/\*\*?|\"\"\"|'''|///?|//!|#+|--+|\{-\|?|\(\*\*?|;+|%+|=begin)", "", t)
    lines = []
    for line in t.splitlines():
        line = re.sub(r"^\s*(\*+|///?|//!|#+|--+\|?|;+)\s?", "", line).strip()
        if line.startswith("@") or line.startswith(":param") or line.lower().startswith(("args:", "returns:", "parameters")):
            break
        if not line:
            if lines:
                break
            continue
        lines.append(line)
    t = " ".join(lines)
    t = re.sub(r"(\*/|\"\"\"|'''|-\}|\*\))\s*$", "", t).strip()
    t = re.sub(r"<[^>]{1,40}>", "", t)                       # html tags in javadoc
    t = re.sub(r"\{@\w+\s+([^}]*)\}", r"\1", t)              # {@link Foo}
    m = re.search(r"(?<=[a-z0-9)`'\"])[.!?](\s|$)", t)
    if m:
        t = t[:m.start()]
    return t.strip()


def embedding_text(c, drop_doc=False):
    path, kind, name, qname, sig, doc, text = c
    header = "path: " + path + "\n"
    dot = qname.rfind(".")
    if dot > 0:
        header += "in: " + qname[:dot] + "\n"
    if name:
        header += kind + ": " + qname + "\n"
    if sig and sig not in text:
        header += sig + "\n"
    if doc and drop_doc:
        text = text.replace(doc, "")
    elif doc and doc not in text:
        header += doc + "\n"
    return header + text


def load_chunks(db):
    con = sqlite3.connect("file:" + db + "?mode=ro", uri=True)
    rows = con.execute(
        "select id, path, kind, name, qualified_name, signature, doc, text, start_line, end_line "
        "from chunks").fetchall()
    con.close()
    chunks, by_path = {}, {}
    for r in rows:
        chunks[r[0]] = (r[1], r[2], r[3], r[4], r[5], r[6], r[7])
        by_path.setdefault(r[1], []).append((r[8], r[9], r[0]))
    return chunks, by_path


def is_test_path(p):
    return bool(re.search(r"(^|/)(tests?|spec|__tests__|testing|testdata|fixtures?)(/|$)|_test\.|test_|Tests?\.|\.spec\.|\.test\.", p))


def doc_pairs(chunks, repo):
    out = []
    for cid, c in chunks.items():
        path, kind, name, qname, sig, doc, text = c
        if not doc or not name or kind in ("file", "module", "section", "block"):
            continue
        q = first_sentence(doc)
        words = re.findall(r"[A-Za-z]{2,}", q)
        if len(words) < 3 or len(q) > 300 or re.search(r"copyright|licen[cs]e|todo|fixme|deprecated", q, re.I):
            continue
        d = embedding_text(c, drop_doc=True)
        if len(d) - len(path) < 40:
            continue
        out.append({"q": q, "d": d, "src": "doc", "repo": repo, "cid": cid})
    return out


def line_index(srcdir, path, spans):
    """stripped line text -> innermost chunk ids of the snapshot file."""
    try:
        with open(os.path.join(srcdir, path), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
    except OSError:
        return {}
    spans = sorted(spans, key=lambda s: (s[1] - s[0]))   # innermost first
    owner = [None] * (len(lines) + 2)
    for s, e, cid in spans:
        for ln in range(max(1, s), min(e, len(lines)) + 1):
            if owner[ln] is None:
                owner[ln] = cid
    idx = {}
    for i, line in enumerate(lines, 1):
        t = line.strip()
        if len(t) < 12 or owner[i] is None:
            continue
        idx.setdefault(t, set()).add(owner[i])
    return idx


def read_blocks(stream):
    """Commits of `git log -p` one at a time (each starts with a NUL byte)."""
    buf = []
    for raw in stream:
        line = raw.decode("utf-8", errors="replace")
        if line.startswith("\x00"):
            if buf:
                yield "".join(buf)
            buf = [line[1:]]
        elif buf and len(buf) < 20000:
            buf.append(line)
    if buf:
        yield "".join(buf)


NOT_CODE = re.compile(r"(\.(md|rst|txt|adoc|json|lock|ya?ml|toml|xml|html|csv|svg)$|(^|/)(CHANGES|CHANGELOG|NEWS|HISTORY|AUTHORS)[^/]*$)", re.I)


def commit_pairs(gitdir, srcdir, chunks, by_path, repo, max_commits):
    fmt = "%x00%H%x01%ae%x01%s"
    p = subprocess.Popen(["git", "--git-dir", gitdir, "log", "--no-merges", "-n", str(max_commits), "-p", "-U0",
                          "--no-renames", "--diff-filter=AM", "--format=" + fmt, "HEAD"],
                         stdout=subprocess.PIPE)
    cache = {}
    out = []
    for block in read_blocks(p.stdout):
        head, _, diff = block.partition("\n")
        parts = head.split("\x01")
        if len(parts) < 3:
            continue
        _h, email, subject = parts
        if BOT.search(email) or SKIP_SUBJECT.search(subject):
            continue
        q = clean_subject(subject)
        if len(re.findall(r"[A-Za-z]{2,}", q)) < 3:
            continue
        added = {}
        cur = None
        nlines = 0
        for line in diff.split("\n"):
            if nlines > 400:
                break
            if line.startswith("+++ "):
                cur = line[6:] if line.startswith("+++ b/") else None
                continue
            if line.startswith("+") and cur is not None:
                added.setdefault(cur, []).append(line[1:].strip())
                nlines += 1
        if not added or len(added) > 8 or nlines > 400:
            continue
        votes = {}
        for path, lines in added.items():
            if path not in by_path or NOT_CODE.search(path):
                continue
            if path not in cache:
                cache[path] = line_index(srcdir, path, by_path[path])
            idx = cache[path]
            for t in lines:
                for cid in idx.get(t, ()):
                    votes[cid] = votes.get(cid, 0) + 1
        if not votes:
            continue
        ranked = sorted(votes.items(), key=lambda kv: -kv[1])
        ranked = [(cid, v) for cid, v in ranked if v >= 2 or len(ranked) == 1]
        non_test = [(cid, v) for cid, v in ranked if not is_test_path(chunks[cid][0])]
        if non_test:
            ranked = non_test
        for cid, _v in ranked[:3]:
            out.append({"q": q, "d": embedding_text(chunks[cid]), "src": "commit", "repo": repo, "cid": cid})
    p.stdout.close()
    p.wait()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/tmp/codemodel-data")
    ap.add_argument("--src", default="/tmp/codemodel-src")
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-commits", type=int, default=4000)
    ap.add_argument("--max-doc", type=int, default=6000, help="doc pairs per repository at most")
    ap.add_argument("--only", default=None, help="comma-separated owner/name list")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    seen = set()
    total = {"doc": 0, "commit": 0}
    with open(args.out, "w") as fh:
        for line in open(os.path.join(args.data, "provenance.tsv")):
            repo = line.split("\t")[0]
            if only and repo not in only:
                continue
            name = repo.replace("/", "+")
            dbs = glob.glob(os.path.join(args.data, "idx", name + "-*", "index.sqlite"))
            if not dbs:
                print("no index for", repo, file=sys.stderr)
                continue
            chunks, by_path = load_chunks(dbs[0])
            pairs = commit_pairs(os.path.join(args.mirrors, name, "repo"), os.path.join(args.src, name),
                                 chunks, by_path, repo, args.max_commits)
            dp = doc_pairs(chunks, repo)
            # spread the doc pairs over the repository, deterministic
            dp.sort(key=lambda p: hashlib.sha1(p["d"].encode()).hexdigest())
            pairs += dp[:args.max_doc]
            n = {"doc": 0, "commit": 0}
            for p in pairs:
                key = hashlib.sha1((p["q"].lower() + "\x00" + p["d"]).encode()).digest()
                if key in seen:
                    continue
                seen.add(key)
                del p["cid"]
                fh.write(json.dumps(p) + "\n")
                n[p["src"]] += 1
            total["doc"] += n["doc"]
            total["commit"] += n["commit"]
            print("%-36s chunks %6d  commit pairs %6d  doc pairs %6d" % (repo, len(chunks), n["commit"], n["doc"]),
                  flush=True)
    print("total: commit %d, doc %d" % (total["commit"], total["doc"]))


if __name__ == "__main__":
    main()
