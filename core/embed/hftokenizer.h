#pragma once

#include "core/base/result.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace RepoLens {

// The part of a Hugging Face `tokenizer.json` that static embedding models (model2vec) use,
// reimplemented to give the same token ids as the `tokenizers` library:
// - models: WordPiece (greedy longest match, `##` continuations, [UNK] for a word that cannot be
//   matched or is too long) and Unigram (Viterbi over the pieces' log-probabilities, unknown
//   characters fused into one unk, optional byte fallback);
// - normalizers: Sequence, BertNormalizer, Lowercase, NFC/NFD/NFKC/NFKD, StripAccents, Strip,
//   Replace (string or regex), Prepend;
// - pre-tokenizers: Sequence, BertPreTokenizer, WhitespaceSplit, Whitespace, Metaspace;
// - added tokens, matched leftmost-longest in the raw text (normalized: false) or in the
//   normalized text (normalized: true). Their single_word / lstrip / rstrip flags are not
//   applied.
// Anything else (BPE, Precompiled, ByteLevel, ...) is refused with a clear error when loading.
// Thread-safe after loading: encode() does not change the tokenizer.
class HfTokenizer
{
public:
    ~HfTokenizer();

    // Refuses files larger than maxBytes before parsing them.
    static Result<std::unique_ptr<HfTokenizer>> fromJson(const QByteArray &json, qint64 maxBytes = qint64(512) << 20);

    enum class Model { WordPiece, Unigram };
    Model model() const;

    // Token ids of a text, without special tokens added around it (add_special_tokens=False).
    // maxTokens >= 0: stop after that many ids (truncation).
    std::vector<int> encode(const QString &text, int maxTokens = -1) const;
    std::vector<int> encode(const std::u32string &text, int maxTokens = -1) const;

    // The id of the unknown token, -1 when the model has none.
    int unknownId() const;
    // Vocabulary size: one more than the largest id (the model's tokens and added tokens).
    int vocabularySize() const;
    // The token of an id ("" when the id is unused).
    QString token(int id) const;
    // model2vec's median_token_length: int(median of the length in characters of every token).
    int medianTokenLength() const;

private:
    HfTokenizer();
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace RepoLens
