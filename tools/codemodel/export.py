"""Write a model folder in model2vec format: config.json, tokenizer.json (WordPiece with the BERT
normalizer and pre-tokenizer), model.safetensors with "embeddings" ([vocab, dim] in I8, F16 or
F32) and, for I8, "weights" (F32, one per token): the I8 rows are each token's vector divided by
its largest absolute value and scaled to ±127, the weight puts that scale back (model2vec
multiplies each row by its weight before averaging), so the quantisation is per row.
Standard library + numpy.
"""
import json
import os
import struct

import numpy as np


def tokenizer_json(vocab):
    added = [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for i, t in enumerate(vocab) if t.startswith("[") and t.endswith("]")]
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added,
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": None, "decoder": None,
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": {t: i for i, t in enumerate(vocab)}},
    }


def write_safetensors(path, tensors):
    header = {}
    blobs = []
    off = 0
    for name, (dtype, arr) in tensors.items():
        raw = arr.tobytes()
        header[name] = {"dtype": dtype, "shape": list(arr.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(h)) + h)
        for b in blobs:
            fh.write(b)


def write_model(folder, vocab, table, dtype="I8"):
    os.makedirs(folder, exist_ok=True)
    table = np.asarray(table, dtype=np.float32)
    if dtype == "I8":
        scale = np.abs(table).max(axis=1)
        scale[scale == 0] = 1.0
        q = np.clip(np.round(table / scale[:, None] * 127.0), -127, 127).astype(np.int8)
        weights = (scale / 127.0).astype("<f4")
        write_safetensors(os.path.join(folder, "model.safetensors"),
                          {"embeddings": ("I8", q), "weights": ("F32", weights)})
    elif dtype == "F16":
        write_safetensors(os.path.join(folder, "model.safetensors"), {"embeddings": ("F16", table.astype("<f2"))})
    else:
        write_safetensors(os.path.join(folder, "model.safetensors"), {"embeddings": ("F32", table.astype("<f4"))})
    with open(os.path.join(folder, "tokenizer.json"), "w") as fh:
        json.dump(tokenizer_json(vocab), fh, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(folder, "config.json"), "w") as fh:
        json.dump({"model_type": "model2vec", "normalize": True, "hidden_dim": int(table.shape[1]),
                   "max_length": 512}, fh, indent=1, sort_keys=True)
