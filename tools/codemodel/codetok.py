"""The tokenizer of the code-search model, in Python, as RepoLens applies it (core/embed/hftokenizer.*
reimplements Hugging Face's): BertNormalizer (lowercase, accents kept, control characters
dropped), BertPreTokenizer (split on white space and on every punctuation character, `_`
included), WordPiece (greedy longest match, `##` continuations, a word that cannot be matched
whole is `[UNK]`, and `[UNK]` is dropped by the embedder). The vocabulary is built from the
training pairs only: frequent whole identifiers and words (lowercased) plus their camelCase /
snake_case / digit parts as word starts and `##` continuations, plus every ASCII letter and
digit in both forms so that any ASCII word can be matched.
"""
import re
import unicodedata
from collections import Counter

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
_SPLIT = re.compile(r"[^\W_]+|[^\w\s]|_", re.UNICODE)
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+", re.UNICODE)
MAX_CHARS_PER_WORD = 100


def _clean(text):
    # BertNormalizer clean_text: drop control characters, white space to a space
    out = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        if ch in "\t\n\r" or unicodedata.category(ch) == "Zs":
            out.append(" ")
        elif unicodedata.category(ch).startswith("C"):
            continue
        else:
            out.append(ch)
    return "".join(out)


def pre_tokenize(text):
    """Words as the BERT pre-tokenizer splits them, original case (ASCII fast path)."""
    if not text.isascii():
        text = _clean(text)
    return _SPLIT.findall(text)


def camel_parts(word):
    parts = _CAMEL.findall(word)
    return [p.lower() for p in parts if p]


def build_vocab(texts, max_words=24000, max_pieces=8000, min_count=5, min_repos=2):
    """texts: iterable of (text, repo). Returns the token list (ids = positions)."""
    words = Counter()
    word_repos = {}
    heads = Counter()
    conts = Counter()
    for text, repo in texts:
        for w in set(pre_tokenize(text)):
            if not w[0].isalnum():
                continue
            lw = w.lower()
            words[lw] += 1
            s = word_repos.setdefault(lw, set())
            if len(s) < min_repos:
                s.add(repo)
            parts = camel_parts(w)
            if len(parts) > 1:
                heads[parts[0]] += 1
                for p in parts[1:]:
                    conts[p] += 1
    vocab = list(SPECIALS)
    seen = set(vocab)

    def add(tok):
        if tok not in seen:
            seen.add(tok)
            vocab.append(tok)

    for ch in "abcdefghijklmnopqrstuvwxyz0123456789":
        add(ch)
        add("##" + ch)
    # ties broken by the token text: the same pairs give the same vocabulary in every run
    for w, n in sorted(words.items(), key=lambda kv: (-kv[1], kv[0])):
        if len(vocab) >= len(SPECIALS) + 72 + max_words:
            break
        if n < min_count or len(word_repos[w]) < min_repos or len(w) > 40:
            continue
        if w.isdigit() and len(w) > 2:
            continue
        add(w)
    n_pieces = 0
    for p, n in sorted((heads + conts).items(), key=lambda kv: (-kv[1], kv[0])):
        if n_pieces >= max_pieces or n < min_count:
            break
        if p.isdigit() and len(p) > 2:
            continue
        before = len(vocab)
        add(p)
        add("##" + p)
        n_pieces += len(vocab) - before
    return vocab


class WordPiece:
    def __init__(self, vocab):
        self.vocab = vocab
        self.ids = {t: i for i, t in enumerate(vocab)}
        self.unk = self.ids["[UNK]"]
        self.cache = {}
        self.max_len = max(len(t) for t in vocab)
        lengths = sorted(len(t) for t in vocab)
        mid = len(lengths) // 2
        self.median = lengths[mid] if len(lengths) % 2 else int((lengths[mid - 1] + lengths[mid]) / 2)

    def word_ids(self, word):
        lw = word.lower()
        got = self.cache.get(lw)
        if got is not None:
            return got
        if len(lw) > MAX_CHARS_PER_WORD:
            out = (self.unk,)
        else:
            out = []
            start = 0
            while start < len(lw):
                end = min(len(lw), start + self.max_len)
                cur = None
                while start < end:
                    piece = lw[start:end] if start == 0 else "##" + lw[start:end]
                    i = self.ids.get(piece)
                    if i is not None:
                        cur = i
                        break
                    end -= 1
                if cur is None:
                    out = [self.unk]
                    break
                out.append(cur)
                start = end
            out = tuple(out)
        if len(self.cache) < 2000000:
            self.cache[lw] = out
        return out

    def median_token_length(self):
        return self.median

    def encode(self, text, max_length=512):
        """Token ids as the embedder sees them: text cut to max_length x median token length
        characters, [UNK] dropped, at most max_length tokens."""
        text = text[: max_length * self.median_token_length()]
        ids = []
        for w in pre_tokenize(text):
            ids.extend(self.word_ids(w))
            if len(ids) >= max_length:
                break
        return [i for i in ids[:max_length] if i != self.unk]
