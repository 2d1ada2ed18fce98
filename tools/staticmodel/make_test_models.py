#!/usr/bin/env python3
"""Writes the small static models of tests/data/staticmodel and the golden outputs the C++
loader is checked against (tests/embed/tst_staticembedder.cpp).

The goldens are what the Python reference libraries compute: model2vec (StaticModel.encode,
StaticModel.tokenize) on top of Hugging Face tokenizers. They cover
- the tiny models written here (our own vocabularies; every tokenizer and tensor variant the
  loader reads: WordPiece and Unigram, BERT / Whitespace / Metaspace pre-tokenizers, NFKC,
  Replace, Strip, added tokens raw and normalized, F32 / BF16 / I8 tables, weights, mapping,
  normalize off, a short max_length, the sentence-transformers layout), and
- model2vec's own format fixtures in ../shared/models/model2vec-format-fixtures (not copied
  here; the test reads them where the checkout has them).

Usage (a virtual environment with the reference libraries, outside the project):
    python3 -m venv /tmp/m2v && /tmp/m2v/bin/pip install model2vec==0.10.0 tokenizers==0.23.3
    /tmp/m2v/bin/python tools/staticmodel/make_test_models.py \
        --out tests/data/staticmodel --fixtures ../shared/models/model2vec-format-fixtures
"""

import argparse
import json
import os
import shutil
import struct
import sys
import tempfile

import numpy as np
from safetensors.numpy import save_file
from tokenizers import AddedToken, Tokenizer, normalizers, pre_tokenizers
from tokenizers.models import Unigram, WordPiece

import model2vec
import tokenizers
from model2vec import StaticModel

# --------------------------------------------------------------------------- texts

LONG_HELLO = " ".join(["hello"] * 1000)
TEXTS = [
    "hello world",
    LONG_HELLO,
    "",
    "   \n\t  ",
    "def read_file(path): return open(path).read()",
    "int binary_search(const int* a, int n, int key) { return -1; }",
    "async function fetchUser(id) { return fetch(`/api/users/${id}`); }",
    "binary search in a sorted array",
    "How does the router match a path to a handler?",
    "src/core/embed/static_embedder.cpp",
    "readFile getUserName HTTPServer parse_json_value __init__",
    "https://example.com/a_b-c?d=e&f=g#frag",
    "1234567890 3.14159 0x1F 1e-5",
    "!!!???...;;;",
    "Café naïve résumé ÀÉÎÕÜ",
    "İstanbul İİ",
    "Straße STRASSE",
    "ΣΑΣ σας ΟΔΥΣΣΕΥΣ",
    "日本語のテキスト 中文分词测试",
    "한국어 텍스트",
    "smile 🙂 thumbs 👍🏽 flag 🇩🇪",
    "zero\u200bwidth and\u00a0nbsp and\u2028line and\u3000ideographic",
    "ctrl\x00\x01chars\x7f and \ufffd replacement",
    "tab\tnew\nline\rreturn\x0bvt\x0cff",
    "e\u0301 vs \u00e9 and a\u0308",
    "ＡＢＣ１２３ ｆｕｌｌｗｉｄｔｈ",
    "مرحبا بالعالم שלום עולם नमस्ते दुनिया สวัสดีชาวโลก",
    "a" * 150,
    "abc☃def ☃☃☃ snow",
    "[CLS] hello [SEP] [MASK] [cls] [PAD]x[UNK]",
    "<mask> hello<mask>world SQL sql Sql",
    "##ing un##known ## #",
    "running jumped searches tokenizer embedding vectors",
    "☃ " * 100 + "hello " * 600,
    ("word " * 700) + "end",
    "x" * 5000,
    "the quick brown fox jumps over the lazy dog " * 30,
    "ǅ ǈ ﬁ ﬂ Ⅻ ① ½",
]

# --------------------------------------------------------------------------- tiny vocabularies

WORDS = """hello world read file path open return def search binary array sorted user get the of in
a an to is fetch api http async function int const key cafe naive resume stra ße istanbul σας
static model vector token embed run jump quick brown fox jumps over lazy dog router match handler
how does parse json value server name sql mask end word snow""".split()
SUFFIXES = ["##ing", "##ed", "##s", "##er", "##izer", "##ding", "##ning", "##es", "##ly", "##ß", "##σ",
            "##ς", "##ss", "##e", "##le"]
CHARS = [chr(c) for c in range(ord("a"), ord("z") + 1)] + [str(d) for d in range(10)] + \
    list("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") + ["日", "本", "語", "中", "文", "σ", "ς", "ß", "é", "ü", "ö",
                                                  "한", "국", "어", "🙂", "é"]


def wordpiece_vocab():
    vocab = {}
    for t in ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + CHARS + ["##" + c for c in CHARS] + WORDS + SUFFIXES:
        vocab.setdefault(t, len(vocab))
    return vocab


def unigram_vocab():
    rng = np.random.default_rng(7)
    pieces = [("<unk>", 0.0), ("<mask>", 0.0)]
    seen = {p for p, _ in pieces}

    def add(p, score):
        if p not in seen:
            seen.add(p)
            pieces.append((p, float(score)))

    for w in WORDS:
        add("\u2581" + w, -5.0 - rng.random() * 3)
        add(w, -7.0 - rng.random() * 3)
    for s in SUFFIXES:
        add(s[2:], -6.0 - rng.random() * 3)
    for c in CHARS:
        add(c, -9.0 - rng.random() * 2)
        add("\u2581" + c, -9.5 - rng.random() * 2)
    add("\u2581", -4.0)
    add("sql", -3.0)
    return pieces


def bf16_round(a):
    """Round float32 values to the nearest bfloat16 (kept as float32)."""
    bits = a.astype(np.float32).view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return bits.astype(np.uint32).view(np.float32)


def write_safetensors_bf16(path, name, table):
    """safetensors.numpy cannot write bfloat16 (numpy has no such type): write the file by hand."""
    raw = (table.astype(np.float32).view(np.uint32) >> 16).astype("<u2").tobytes()
    header = json.dumps({name: {"dtype": "BF16", "shape": list(table.shape), "data_offsets": [0, len(raw)]}},
                        separators=(",", ":")).encode()
    header += b" " * ((8 - len(header) % 8) % 8)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(header)) + header + raw)


def write_model(folder, tokenizer, tensors, config, st_layout=False):
    os.makedirs(folder, exist_ok=True)
    save_file(tensors, os.path.join(folder, "model.safetensors"))
    tokenizer.save(os.path.join(folder, "tokenizer.json"), pretty=False)
    name = "config_sentence_transformers.json" if st_layout else "config.json"
    with open(os.path.join(folder, name), "w") as fh:
        json.dump(config, fh, indent=1, sort_keys=True)
        fh.write("\n")


def make_models(out):
    rng = np.random.default_rng(2024)
    models = {}

    # 1. WordPiece, BERT normalizer and pre-tokenizer (as potion-base), F32 table, F64 weights.
    wp = wordpiece_vocab()
    tok = Tokenizer(WordPiece(wp, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None,
                                                lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.add_special_tokens([AddedToken(t, normalized=False, special=True)
                            for t in ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]])
    table = rng.standard_normal((len(wp), 8)).astype(np.float32)
    weights = rng.uniform(0.1, 2.0, len(wp)).astype(np.float64)
    write_model(os.path.join(out, "tiny-wordpiece"), tok, {"embeddings": table, "weights": weights},
                {"model_type": "model2vec", "normalize": True, "hidden_dim": 8})
    models["tiny-wordpiece"] = os.path.join(out, "tiny-wordpiece")

    # 2. The same with a BF16 table (values exact in bfloat16); its goldens come from the F32 copy.
    exact = bf16_round(table)
    folder = os.path.join(out, "tiny-wordpiece-bf16")
    write_model(folder, tok, {"embeddings": exact, "weights": weights},
                {"model_type": "model2vec", "normalize": True, "hidden_dim": 8})
    reference = tempfile.mkdtemp(prefix="bf16ref-")
    shutil.copytree(folder, reference, dirs_exist_ok=True)
    os.remove(os.path.join(folder, "model.safetensors"))
    # weights go in a second tensor of the hand-written file: write both by hand
    write_bf16_with_weights(os.path.join(folder, "model.safetensors"), exact, weights)
    models["tiny-wordpiece-bf16"] = reference

    # 3. WordPiece, I8 table, normalize off, max_length 16, a Whitespace pre-tokenizer and an
    # NFD + StripAccents + Lowercase normalizer, in the sentence-transformers layout.
    tok3 = Tokenizer(WordPiece(wp, unk_token="[UNK]", max_input_chars_per_word=12))
    tok3.normalizer = normalizers.Sequence([normalizers.NFD(), normalizers.StripAccents(), normalizers.Lowercase()])
    tok3.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Whitespace()])
    tok3.add_special_tokens([AddedToken("[MASK]", normalized=False, special=True)])
    table8 = rng.integers(-127, 128, (len(wp), 6)).astype(np.int8)
    write_model(os.path.join(out, "tiny-wordpiece-int8-st"), tok3, {"embedding.weight": table8},
                {"normalize": False, "max_length": 16}, st_layout=True)
    models["tiny-wordpiece-int8-st"] = os.path.join(out, "tiny-wordpiece-int8-st")

    # 4. Unigram with NFKC, Lowercase, Replace (regex), Strip; Metaspace split on words with
    # prepend "first"; raw and normalized added tokens; F32 clusters + I64 mapping + F64 weights.
    pieces = unigram_vocab()
    tok4 = Tokenizer(Unigram(pieces, unk_id=0, byte_fallback=False))
    tok4.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase(),
                                            normalizers.Replace(tokenizers.Regex(r"\s+"), " "),
                                            normalizers.Replace("-", " - "), normalizers.Strip()])
    tok4.pre_tokenizer = pre_tokenizers.Metaspace(replacement="\u2581", prepend_scheme="first", split=True)
    tok4.add_tokens([AddedToken("<mask>", normalized=False, special=True), AddedToken("SQL", normalized=True)])
    clusters = rng.standard_normal((12, 8)).astype(np.float32)
    vocab_size = tok4.get_vocab_size()
    mapping = rng.integers(0, 12, vocab_size).astype(np.int64)
    uweights = rng.uniform(0.1, 2.0, vocab_size).astype(np.float64)
    write_model(os.path.join(out, "tiny-unigram"), tok4,
                {"embeddings": clusters, "mapping": mapping, "weights": uweights},
                {"model_type": "model2vec", "normalize": True, "hidden_dim": 8, "vocabulary_quantization": 12})
    models["tiny-unigram"] = os.path.join(out, "tiny-unigram")
    return models


def write_bf16_with_weights(path, table, weights):
    raw_t = (table.astype(np.float32).view(np.uint32) >> 16).astype("<u2").tobytes()
    raw_w = weights.astype("<f8").tobytes()
    header = json.dumps({"embeddings": {"dtype": "BF16", "shape": list(table.shape), "data_offsets": [0, len(raw_t)]},
                         "weights": {"dtype": "F64", "shape": list(weights.shape),
                                     "data_offsets": [len(raw_t), len(raw_t) + len(raw_w)]}},
                        separators=(",", ":")).encode()
    header += b" " * ((8 - len(header) % 8) % 8)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(header)) + header + raw_t + raw_w)


def goldens(folder):
    model = StaticModel.from_pretrained(folder)
    cases = []
    vectors = model.encode(TEXTS)
    for text, vec in zip(TEXTS, vectors):
        cut = text if model.max_length is None else text[: model.max_length * model.median_token_length]
        ids = model.tokenize([cut])[0]
        cases.append({"text": text, "ids": [int(i) for i in ids],
                      "vector": [float(round(float(x), 8)) for x in np.asarray(vec, dtype=np.float32)]})
    return {"dtype": str(model.embedding.dtype), "normalize": bool(model.normalize),
            "max_length": model.max_length, "median_token_length": int(model.median_token_length), "cases": cases}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixtures", required=True)
    args = ap.parse_args()
    models = make_models(args.out)
    result = {"generator": "tools/staticmodel/make_test_models.py with model2vec %s, tokenizers %s"
                           % (model2vec.__version__, tokenizers.__version__), "models": {}}
    for name, folder in models.items():
        result["models"][name] = {"source": "tests", **goldens(folder)}
    for name in ["test-model-float32", "test-model-float16", "test-model-int8", "test-model-vocab-quantized"]:
        result["models"][name] = {"source": "fixtures", **goldens(os.path.join(args.fixtures, name))}
    with open(os.path.join(args.out, "goldens.json"), "w", encoding="utf-8") as fh:
        json.dump(result, fh, ensure_ascii=True, indent=0)
        fh.write("\n")
    total = sum(len(m["cases"]) for m in result["models"].values())
    print("%d models, %d cases -> %s" % (len(result["models"]), total, os.path.join(args.out, "goldens.json")))


if __name__ == "__main__":
    sys.exit(main())
