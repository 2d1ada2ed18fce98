#!/usr/bin/env python3
"""Translation checks (label "translations").

current  LUPDATE SRC: running lupdate on the sources would not change the set of messages
         (context + source text + disambiguation) in translations/repolens_en.ts. Line
         numbers are not compared. Fix: scripts/update-translations.
complete SRC: every message of repolens_en.ts is translated in repolens_de.ts and
         repolens_fr.ts (nothing unfinished, every plural form filled) and keeps its
         placeholders (%1, %n, ...).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def messages(path):
    """{(context, source, comment): message element}"""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name")
        for m in ctx.iter("message"):
            out[(name, m.findtext("source"), m.findtext("comment") or "")] = m
    return out


def show(key):
    ctx, src, comment = key
    s = src.replace("\n", "\\n")
    return f"{ctx}: \"{s[:110]}\"" + (f" ({comment})" if comment else "")


def current(lupdate, src):
    ts = os.path.join(src, "translations", "repolens_en.ts")
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "repolens_en.ts")
        shutil.copy(ts, copy)
        subprocess.run([lupdate, "-silent", "-no-obsolete", "-locations", "none",
                        "-source-language", "en", "-target-language", "en",
                        os.path.join(src, "ui"), os.path.join(src, "app", "gui"), "-ts", copy],
                       check=True)
        have, want = set(messages(ts)), set(messages(copy))
    if have == want:
        print(f"repolens_en.ts is current: {len(have)} messages")
        return 0
    for k in sorted(want - have):
        print("not in repolens_en.ts:", show(k))
    for k in sorted(have - want):
        print("no longer in the sources:", show(k))
    print("Run scripts/update-translations and translate the new messages.")
    return 1


PLACEHOLDER = re.compile(r"%(?:L?\d+|n)")


def complete(src):
    en = messages(os.path.join(src, "translations", "repolens_en.ts"))
    bad = 0
    for lang in ("de", "fr"):
        tr = messages(os.path.join(src, "translations", f"repolens_{lang}.ts"))
        for key in sorted(en):
            m = tr.get(key)
            if m is None:
                print(f"[{lang}] missing:", show(key)); bad += 1; continue
            t = m.find("translation")
            forms = [f.text or "" for f in t.findall("numerusform")] or [t.text or ""]
            if t.get("type") in ("unfinished", "vanished", "obsolete") or not all(f.strip() for f in forms):
                print(f"[{lang}] not translated:", show(key)); bad += 1; continue
            want = sorted(set(PLACEHOLDER.findall(key[1])))
            for f in forms:
                got = sorted(set(PLACEHOLDER.findall(f)))
                # A singular plural form may spell out the number ("eine Datei").
                if got != want and not (m.get("numerus") == "yes" and sorted(set(want) - {"%n"}) == got):
                    print(f"[{lang}] placeholders {got} != {want}:", show(key)); bad += 1
        print(f"repolens_{lang}.ts: {len(en)} messages checked")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "current":
        sys.exit(current(sys.argv[2], sys.argv[3]))
    if len(sys.argv) == 3 and sys.argv[1] == "complete":
        sys.exit(complete(sys.argv[2]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
