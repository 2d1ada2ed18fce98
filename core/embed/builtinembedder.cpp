#include "builtinembedder.h"

#include "lsamath.h"

#include "core/base/logging.h"
#include "core/store/codetokens.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QElapsedTimer>
#include <QIODevice>
#include <QScopeGuard>
#include <QThread>

#include <algorithm>
#include <array>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace RepoLens {

namespace {

constexpr quint32 kMagic = 0x524c4c53; // "RLLS"
constexpr quint32 kFormat = 1;
const QLatin1String kPrefix("builtin-lsa1-");

// A word of at most seven bytes as one number (its length in the top byte): the stopwords are
// a sorted array of these, searched without hashing (every token of every chunk is looked up).
constexpr quint64 packedWord(std::string_view w)
{
    quint64 v = quint64(w.size()) << 56;
    for (size_t i = 0; i < w.size(); ++i)
        v |= quint64(static_cast<unsigned char>(w[i])) << (8 * i);
    return v;
}

constexpr auto kStopwords = [] {
    constexpr std::string_view words[] = {
        "the", "and", "or", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "as",
        "is", "are", "was", "were", "be", "been", "it", "its", "this", "that", "these", "those",
        "an", "if", "then", "else", "not", "no", "do", "does", "we", "you", "they", "can", "will",
        "would", "should", "may", "has", "have", "had", "but", "so", "than", "too", "all", "any",
    };
    std::array<quint64, std::size(words)> packed{};
    for (size_t i = 0; i < packed.size(); ++i)
        packed[i] = packedWord(words[i]);
    std::sort(packed.begin(), packed.end());
    return packed;
}();

bool isStop(std::string_view t)
{
    return t.size() <= 6 && std::binary_search(kStopwords.begin(), kStopwords.end(), packedWord(t));
}

// Light stemming: plural forms only ("proxies" -> "proxy", "headers" -> "header"). The stem is
// the first `length` bytes of the term, then a 'y' when `ies` says so.
struct PluralStem
{
    size_t length;
    bool ies;
};

PluralStem pluralStem(QByteArrayView t)
{
    const auto n = size_t(t.size());
    if (n > 4 && t.endsWith("ies"))
        return {n - 3, true};
    if (n > 3 && t[n - 1] == 's' && t[n - 2] != 's' && t[n - 2] != 'u' && t[n - 2] != 'i')
        return {n - 1, false};
    return {n, false};
}

void stem(std::string &t)
{
    const PluralStem s = pluralStem(QByteArrayView(t.data(), qsizetype(t.size())));
    if (s.length < t.size())
        t.erase(s.length);
    if (s.ies)
        t += 'y';
}

// A token that is a term: two characters or more, not all digits, not a stop word.
inline bool isTermToken(QByteArrayView t)
{
    if (t.size() < 2)
        return false;
    bool digits = true;
    for (char c : t) {
        if (c < '0' || c > '9') {
            digits = false;
            break;
        }
    }
    return !digits && !isStop(std::string_view(t.data(), size_t(t.size())));
}

template<typename F>
void forEachTerm(QByteArrayView utf8, F &&f)
{
    std::string term;
    forEachCodeToken(utf8, true, [&](QByteArrayView t, bool, int, int) {
        if (!isTermToken(t))
            return;
        term.assign(t.data(), size_t(t.size()));
        stem(term);
        f(term);
    });
}

// One batch of chunk texts, tokenized: its own dictionary (ids in order of first occurrence
// within the batch) and every text's (local id, count) pairs sorted by local id.
struct TokenizedBatch
{
    std::vector<ChunkRecord> chunks;
    std::vector<std::string> terms;
    std::vector<std::vector<std::pair<int, int>>> docs;
    bool done = false;
};

void tokenizeBatch(TokenizedBatch &b)
{
    std::unordered_map<std::string, int> local;
    std::vector<int> termIds;
    b.docs.reserve(b.chunks.size());
    for (const ChunkRecord &c : b.chunks) {
        termIds.clear();
        forEachTerm(embeddingText(c).toUtf8(), [&](const std::string &t) {
            auto it = local.find(t);
            if (it == local.end()) {
                it = local.emplace(t, int(b.terms.size())).first;
                b.terms.push_back(t);
            }
            termIds.push_back(it->second);
        });
        std::sort(termIds.begin(), termIds.end());
        std::vector<std::pair<int, int>> tf;
        for (size_t i = 0; i < termIds.size();) {
            size_t j = i;
            while (j < termIds.size() && termIds[j] == termIds[i])
                ++j;
            tf.emplace_back(termIds[i], int(j - i));
            i = j;
        }
        b.docs.push_back(std::move(tf));
    }
    b.chunks.clear();
    b.chunks.shrink_to_fit();
}

// Batches are submitted in chunk order, tokenized by worker threads in any order, and merged
// in submission order by the submitting thread.
class TokenizePipeline
{
public:
    explicit TokenizePipeline(int threads)
    {
        for (int t = 0; t < std::max(1, threads); ++t)
            m_workers.emplace_back([this] { work(); });
    }
    ~TokenizePipeline()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closing = true;
        }
        m_wake.notify_all();
        for (std::thread &t : m_workers)
            t.join();
    }
    TokenizePipeline(const TokenizePipeline &) = delete;
    TokenizePipeline &operator=(const TokenizePipeline &) = delete;

    void submit(std::vector<ChunkRecord> chunks)
    {
        auto b = std::make_unique<TokenizedBatch>();
        b->chunks = std::move(chunks);
        {
            std::lock_guard lock(m_mutex);
            m_batches.push_back(std::move(b));
        }
        m_wake.notify_one();
    }

    // Merges the finished batches at the front, in order; with all, waits for every batch.
    template<typename F>
    void mergeReady(F &&merge, bool all)
    {
        for (;;) {
            std::unique_ptr<TokenizedBatch> b;
            {
                std::unique_lock lock(m_mutex);
                if (m_merged == m_batches.size())
                    return;
                if (!m_batches[m_merged]->done) {
                    if (!all)
                        return;
                    m_doneSignal.wait(lock, [&] { return m_batches[m_merged]->done; });
                }
                b = std::move(m_batches[m_merged]);
                ++m_merged;
            }
            merge(*b);
        }
    }

private:
    void work()
    {
        for (;;) {
            TokenizedBatch *b = nullptr;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [&] { return m_closing || m_next < m_batches.size(); });
                if (m_next >= m_batches.size())
                    return;
                b = m_batches[m_next++].get();
            }
            tokenizeBatch(*b);
            {
                std::lock_guard lock(m_mutex);
                b->done = true;
            }
            m_doneSignal.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_doneSignal;
    std::deque<std::unique_ptr<TokenizedBatch>> m_batches; // merged ones are null
    size_t m_next = 0;
    size_t m_merged = 0;
    bool m_closing = false;
    std::vector<std::thread> m_workers;
};

} // namespace

class BuiltinEmbedder::Private
{
public:
    int k = 0;
    double sigmaPower = 0.5;
    int documents = 0;
    std::unordered_map<std::string, int> ids;
    std::vector<std::string> terms;
    std::vector<float> idf;
    std::vector<float> termVectors; // vocabulary x k
    QString modelId;

    // sparse TF-IDF row of a text, L2-normalised
    void row(QByteArrayView utf8, std::vector<int> &cols, std::vector<float> &vals) const
    {
        cols.clear();
        vals.clear();
        std::vector<int> found;
        forEachTerm(utf8, [&](const std::string &t) {
            const auto it = ids.find(t);
            if (it != ids.end())
                found.push_back(it->second);
        });
        std::sort(found.begin(), found.end());
        double norm = 0;
        for (size_t i = 0; i < found.size();) {
            size_t j = i;
            while (j < found.size() && found[j] == found[i])
                ++j;
            const float w = float((1.0 + std::log(double(j - i))) * idf[size_t(found[i])]);
            cols.push_back(found[i]);
            vals.push_back(w);
            norm += double(w) * w;
            i = j;
        }
        if (norm > 0) {
            const float inv = float(1.0 / std::sqrt(norm));
            for (float &v : vals)
                v *= inv;
        }
    }

    EmbeddingVector vectorOf(const std::vector<int> &cols, const std::vector<float> &vals) const
    {
        EmbeddingVector v(size_t(k), 0.0f);
        Lsa::foldIn(cols.data(), vals.data(), int(cols.size()), termVectors.data(), k, v.data());
        normaliseVector(v);
        return v;
    }

    // The vector of every row of `rows` (TF-IDF rows over this vocabulary), folded in on
    // `parts` threads, each computed as if alone.
    std::vector<EmbeddingVector> foldInRows(const Lsa::Csr &rows, int parts) const
    {
        const int n = rows.rows;
        std::vector<EmbeddingVector> vectors(size_t(n), EmbeddingVector{});
        auto foldRange = [&](int part) {
            const int begin = int(qint64(n) * part / parts), end = int(qint64(n) * (part + 1) / parts);
            std::vector<int> cols;
            std::vector<float> vals;
            for (int r = begin; r < end; ++r) {
                const int b = rows.rowStart[size_t(r)], e = rows.rowStart[size_t(r) + 1];
                cols.assign(rows.col.begin() + b, rows.col.begin() + e);
                vals.assign(rows.val.begin() + b, rows.val.begin() + e);
                vectors[size_t(r)] = vectorOf(cols, vals);
            }
        };
        std::vector<std::thread> pool;
        for (int part = 1; part < parts; ++part)
            pool.emplace_back(foldRange, part);
        foldRange(0);
        for (std::thread &t : pool)
            t.join();
        return vectors;
    }
};

BuiltinEmbedder::BuiltinEmbedder()
    : d(std::make_unique<Private>())
{
}

BuiltinEmbedder::~BuiltinEmbedder() = default;

bool BuiltinEmbedder::isBuiltinModel(const QString &modelId)
{
    return modelId.startsWith(kPrefix);
}

QStringList BuiltinEmbedder::tokenize(QStringView text)
{
    QStringList out;
    forEachTerm(text.toUtf8(), [&](const std::string &t) { out.append(QString::fromStdString(t)); });
    return out;
}

void BuiltinEmbedder::forEachCodeTerm(QByteArrayView utf8, const std::function<void(const std::string &)> &f)
{
    forEachTerm(utf8, f);
}

void BuiltinEmbedder::appendCodeTermHashes(QByteArrayView utf8, std::vector<quint64> *out)
{
    // forEachTerm's terms without making a string each: FNV-1a over the stem's bytes.
    forEachCodeToken(utf8, true, [out](QByteArrayView t, bool, int, int) {
        if (!isTermToken(t))
            return;
        const PluralStem s = pluralStem(t);
        const auto *p = reinterpret_cast<const unsigned char *>(t.data());
        quint64 h = 14695981039346656037ull;
        for (size_t i = 0; i < s.length; ++i)
            h = (h ^ p[i]) * 1099511628211ull;
        if (s.ies)
            h = (h ^ quint64('y')) * 1099511628211ull;
        out->push_back(h);
    });
}

namespace {

// Every distinct chunk (by content) as a bag of terms: term ids in order of first occurrence
// in chunk order, each document's (term, count) pairs sorted, and each term's document
// frequency.
struct Corpus
{
    std::unordered_map<std::string, int> ids;
    std::vector<int> df;
    std::vector<std::vector<std::pair<int, int>>> docs;
    std::vector<QByteArray> hashes; // content hash of each document
};

// Reads the chunks (SQLite, this thread) in batches that worker threads tokenize, each with a
// dictionary of its own (ids in order of first occurrence in the batch); the batches are
// merged in order, so a term's global id is its first occurrence in chunk order, exactly as a
// single pass would number it. Of `distinct` chunks, `sample` are taken: the s-th is the
// floor(s * distinct / sample)-th (all when sample >= distinct).
Corpus tokenizeCorpus(const IndexStore &store, int threads, qint64 distinct, qint64 sample)
{
    Corpus corpus;
    TokenizePipeline pipeline(threads);
    std::vector<int> globalOf;
    auto merge = [&](TokenizedBatch &b) {
        globalOf.resize(b.terms.size());
        for (size_t i = 0; i < b.terms.size(); ++i) {
            auto it = corpus.ids.find(b.terms[i]);
            if (it == corpus.ids.end()) {
                it = corpus.ids.emplace(std::move(b.terms[i]), int(corpus.df.size())).first;
                corpus.df.push_back(0);
            }
            globalOf[i] = it->second;
        }
        for (auto &tf : b.docs) {
            for (auto &e : tf) {
                e.first = globalOf[size_t(e.first)];
                ++corpus.df[size_t(e.first)];
            }
            std::sort(tf.begin(), tf.end());
            corpus.docs.push_back(std::move(tf));
        }
    };
    // Chunks come in content order: a repeated content follows its first chunk at once.
    QByteArray previous;
    qint64 row = -1;
    qint64 taken = 0;
    qint64 next = 0; // the row of the next sample
    std::vector<ChunkRecord> batch;
    constexpr size_t kBatch = 256;
    store.chunks().forEach([&](const ChunkRecord &c) {
        if (row >= 0 && c.contentHash == previous)
            return;
        previous = c.contentHash;
        ++row;
        if (sample < distinct) {
            if (row != next || taken >= sample)
                return;
            ++taken;
            next = taken * distinct / sample;
        }
        batch.push_back(c);
        corpus.hashes.push_back(c.contentHash);
        if (batch.size() >= kBatch) {
            pipeline.submit(std::move(batch));
            batch.clear();
            pipeline.mergeReady(merge, false);
        }
    });
    if (!batch.empty())
        pipeline.submit(std::move(batch));
    pipeline.mergeReady(merge, true);
    return corpus;
}

// The model's vocabulary: terms in at least minDocFrequency documents and at most
// maxDocShare of them (any share in a corpus under 100 documents), the maxVocabulary most
// frequent (ties by term), in term order, with their IDF; `remap` takes a corpus id to its
// column (-1: not in the vocabulary).
struct Vocabulary
{
    std::vector<std::string> terms;
    std::vector<float> idf;
    std::vector<int> remap;
};

Vocabulary chooseVocabulary(const Corpus &corpus, const BuiltinEmbedderOptions &options)
{
    const int n = int(corpus.docs.size());
    const std::vector<int> &df = corpus.df;
    std::vector<int> candidates;
    // (a small corpus has too few chunks for a share to mean "everywhere")
    const int maxDf = n < 100 ? n : std::max(options.minDocFrequency, int(options.maxDocShare * n));
    for (int id = 0; id < int(df.size()); ++id) {
        if (df[size_t(id)] >= options.minDocFrequency && df[size_t(id)] <= maxDf)
            candidates.push_back(id);
    }
    std::vector<std::string> byId(df.size());
    for (auto &[t, id] : corpus.ids)
        byId[size_t(id)] = t;
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
        return df[size_t(a)] != df[size_t(b)] ? df[size_t(a)] > df[size_t(b)] : byId[size_t(a)] < byId[size_t(b)];
    });
    if (int(candidates.size()) > options.maxVocabulary)
        candidates.resize(size_t(options.maxVocabulary));
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) { return byId[size_t(a)] < byId[size_t(b)]; });
    Vocabulary v;
    v.remap.assign(df.size(), -1);
    for (int id : candidates) {
        v.remap[size_t(id)] = int(v.terms.size());
        v.terms.push_back(byId[size_t(id)]);
        v.idf.push_back(float(std::log(double(n) / df[size_t(id)])));
    }
    return v;
}

// The L2-normalised TF-IDF rows (1 + log tf) of every document over the vocabulary, built in
// `parts` contiguous ranges on threads and joined in order. The documents' bags are freed as
// they are used.
Lsa::Csr tfIdfRows(std::vector<std::vector<std::pair<int, int>>> &docs, const Vocabulary &vocabulary, int parts)
{
    const int n = int(docs.size());
    std::vector<Lsa::Csr> pieces{size_t(parts)};
    auto buildRows = [&](int part) {
        const int begin = int(qint64(n) * part / parts), end = int(qint64(n) * (part + 1) / parts);
        Lsa::Csr &piece = pieces[size_t(part)];
        std::vector<std::pair<int, float>> row;
        for (int r = begin; r < end; ++r) {
            row.clear();
            double norm = 0;
            for (const auto &[id, count] : docs[size_t(r)]) {
                const int c = vocabulary.remap[size_t(id)];
                if (c < 0)
                    continue;
                const float w = float((1.0 + std::log(double(count))) * vocabulary.idf[size_t(c)]);
                row.emplace_back(c, w);
                norm += double(w) * w;
            }
            if (norm > 0) {
                const float inv = float(1.0 / std::sqrt(norm));
                for (auto &e : row)
                    e.second *= inv;
            }
            std::sort(row.begin(), row.end());
            piece.appendRow(row);
            std::vector<std::pair<int, int>>().swap(docs[size_t(r)]);
        }
    };
    {
        std::vector<std::thread> pool;
        for (int part = 1; part < parts; ++part)
            pool.emplace_back(buildRows, part);
        buildRows(0);
        for (std::thread &t : pool)
            t.join();
    }
    Lsa::Csr all;
    all.cols = int(vocabulary.terms.size());
    for (const Lsa::Csr &piece : pieces)
        all.appendRows(piece);
    return all;
}

// The rows the SVD is fitted on when there are more than `sampleChunks`: every stride-th row
// (a deterministic sample spread over the corpus).
Lsa::Csr sampleRows(const Lsa::Csr &all, int sampleChunks)
{
    const int n = all.rows;
    Lsa::Csr sample;
    sample.cols = all.cols;
    std::vector<std::pair<int, float>> row;
    const double stride = double(n) / sampleChunks;
    for (int s = 0; s < sampleChunks; ++s) {
        const int r = std::min(n - 1, int(s * stride));
        row.clear();
        for (int i = all.rowStart[size_t(r)]; i < all.rowStart[size_t(r) + 1]; ++i)
            row.emplace_back(all.col[size_t(i)], all.val[size_t(i)]);
        sample.appendRow(row);
    }
    return sample;
}

} // namespace

Result<std::unique_ptr<BuiltinEmbedder>> BuiltinEmbedder::fit(const IndexStore &store,
                                                              const BuiltinEmbedderOptions &options,
                                                              const std::atomic_bool *cancel,
                                                              QHash<QByteArray, EmbeddingVector> *fitted)
{
    QElapsedTimer timer;
    timer.start();
    const int threads = options.threads > 0 ? options.threads : std::max(1, QThread::idealThreadCount());
    // 1. every distinct chunk as a bag of terms (a sample of them in a large repository: its
    // bags, the dictionary of all its terms and every chunk's row would grow with it)
    const qint64 distinct = store.chunks().distinctContentCount();
    const bool sampled = options.vocabularySample > 0 && distinct > options.vocabularySample;
    Corpus corpus = tokenizeCorpus(store, threads, distinct, sampled ? options.vocabularySample : distinct);
    if (cancel && cancel->load())
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    const int n = int(corpus.docs.size());
    if (n < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("too few chunks to fit the built-in embedder"));
    const double tokenizeMs = timer.elapsed();
    qCDebug(lcEmbed) << "fit: read+tokenize" << tokenizeMs;

    // 2. vocabulary: informative terms, most frequent first
    const Vocabulary vocabulary = chooseVocabulary(corpus, options);
    corpus.ids.clear();
    std::unique_ptr<BuiltinEmbedder> model(new BuiltinEmbedder);
    Private &p = *model->d;
    for (const std::string &term : vocabulary.terms) {
        p.ids.emplace(term, int(p.terms.size()));
        p.terms.push_back(term);
    }
    p.idf = vocabulary.idf;
    const int vocab = int(p.terms.size());
    if (vocab < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("too small a vocabulary to fit the built-in embedder"));
    qCDebug(lcEmbed) << "fit: vocabulary" << timer.elapsed();

    // 3. TF-IDF rows (all), SVD on a deterministic sample. The SVD's Gaussian test matrix
    // depends on the shape only: it is drawn on a thread of its own meanwhile.
    const int fitRows = std::min(n, options.sampleChunks);
    std::vector<double> omega;
    std::thread sketcher([&omega, vocab, width = Lsa::sketchWidth(fitRows, vocab, options.dimension, options.oversample),
                          seed = options.seed] { omega = Lsa::gaussianSketch(vocab, width, seed); });
    const int parts = n < 2048 ? 1 : threads;
    const Lsa::Csr all = tfIdfRows(corpus.docs, vocabulary, parts);
    corpus.docs.clear();
    const Lsa::Csr sample = n > options.sampleChunks ? sampleRows(all, options.sampleChunks) : Lsa::Csr();
    const Lsa::Csr *fitOn = n > options.sampleChunks ? &sample : &all;
    sketcher.join();
    qCDebug(lcEmbed) << "fit: tf-idf rows" << timer.elapsed();
    Lsa::Svd svd = Lsa::randomizedSvd(*fitOn, options.dimension, options.oversample, options.powerIterations,
                                      options.sigmaPower, options.seed, threads, cancel, std::move(omega));
    if (svd.k == 0)
        return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    const double svdMs = timer.elapsed() - tokenizeMs;
    qCDebug(lcEmbed) << "fit: svd done" << timer.elapsed();
    p.k = svd.k;
    p.sigmaPower = options.sigmaPower;
    p.documents = n;
    p.termVectors = std::move(svd.termVectors);
    p.modelId = kPrefix + QString::number(p.k) + u'-'
                + QString::fromLatin1(QCryptographicHash::hash(model->data(), QCryptographicHash::Sha1).toHex().left(10));

    // 4. every chunk's vector, handed over so that the caller need not embed them again (after
    // a sample: foldInCorpus)
    if (fitted && !sampled) {
        std::vector<EmbeddingVector> vectors = p.foldInRows(all, parts);
        fitted->reserve(n);
        for (int r = 0; r < n; ++r)
            fitted->insert(corpus.hashes[size_t(r)], std::move(vectors[size_t(r)]));
    }
    qCDebug(lcEmbed).nospace() << "built-in embedder: " << n << (sampled ? " sampled" : "") << " chunks, "
                              << vocab << " terms, " << p.k
                              << " dimensions; tokenize " << tokenizeMs << " ms, svd " << svdMs << " ms, total "
                              << timer.elapsed() << " ms";
    return model;
}

Result<void> BuiltinEmbedder::foldInCorpus(const IndexStore &store, int threads, const std::atomic_bool *cancel,
                                           const VectorSink &sink, int block) const
{
    threads = std::max(1, threads);
    const size_t kBlock = size_t(std::max(1, block));
    // A block of texts, folded in on `parts` threads of its own while this thread reads the next
    // block from SQLite (and writes the one before through the sink): the reading and writing,
    // on this thread, no longer wait for the folding, nor the folding for them.
    struct Block
    {
        std::vector<QByteArray> texts;
        QList<QByteArray> hashes;
        std::vector<EmbeddingVector> vectors;
        std::vector<std::thread> pool;
    };
    auto start = [&](Block &b) {
        b.vectors.assign(b.texts.size(), {});
        const int parts = b.texts.size() < 256 ? 1 : threads;
        for (int part = 0; part < parts; ++part) {
            b.pool.emplace_back([&b, part, parts, this] {
                const size_t begin = b.texts.size() * size_t(part) / size_t(parts);
                const size_t end = b.texts.size() * size_t(part + 1) / size_t(parts);
                std::vector<int> cols;
                std::vector<float> vals;
                for (size_t r = begin; r < end; ++r) {
                    d->row(b.texts[r], cols, vals);
                    b.vectors[r] = d->vectorOf(cols, vals);
                }
            });
        }
    };
    Result<void> failure;
    // Waits for a block's folding, then hands it over in order.
    auto finish = [&](Block &b) {
        for (std::thread &t : b.pool)
            t.join();
        b.pool.clear();
        if (b.texts.empty() || !failure)
            return;
        QList<QPair<QByteArray, EmbeddingVector>> out;
        out.reserve(qsizetype(b.texts.size()));
        for (size_t r = 0; r < b.texts.size(); ++r)
            out.append({b.hashes.at(qsizetype(r)), std::move(b.vectors[r])});
        failure = sink(out);
    };
    Block reading;
    Block folding;
    auto cleanup = qScopeGuard([&] {
        for (std::thread &t : folding.pool)
            t.join(); // (an exception from the store: the threads use this frame's blocks)
    });
    QByteArray previous;
    bool first = true;
    store.chunks().forEach([&](const ChunkRecord &c) {
        if (!failure || (!first && c.contentHash == previous))
            return; // (content order: a repeated content follows its first chunk)
        first = false;
        previous = c.contentHash;
        reading.texts.push_back(embeddingText(c).toUtf8());
        reading.hashes.append(c.contentHash);
        if (reading.texts.size() >= kBlock) {
            finish(folding);
            if (cancel && cancel->load())
                failure = makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
            if (!failure)
                return;
            std::swap(reading, folding);
            reading.texts.clear();
            reading.hashes.clear();
            start(folding);
        }
    });
    finish(folding);
    if (failure) {
        start(reading);
        finish(reading);
    }
    return failure;
}

QByteArray BuiltinEmbedder::data() const
{
    QByteArray out;
    QDataStream s(&out, QIODevice::WriteOnly);
    s.setVersion(QDataStream::Qt_6_4);
    s << kMagic << kFormat << qint32(d->k) << d->sigmaPower << qint32(d->documents) << qint32(d->terms.size());
    for (size_t i = 0; i < d->terms.size(); ++i) {
        s << QByteArray::fromStdString(d->terms[i]) << d->idf[i];
    }
    s.writeRawData(reinterpret_cast<const char *>(d->termVectors.data()),
                   int(d->termVectors.size() * sizeof(float)));
    return out;
}

Result<std::unique_ptr<BuiltinEmbedder>> BuiltinEmbedder::fromData(const QByteArray &data)
{
    QDataStream s(data);
    s.setVersion(QDataStream::Qt_6_4);
    quint32 magic = 0, format = 0;
    qint32 k = 0, docs = 0, vocab = 0;
    double sigmaPower = 0;
    s >> magic >> format >> k >> sigmaPower >> docs >> vocab;
    if (s.status() != QDataStream::Ok || magic != kMagic || format != kFormat || k <= 0 || k > 4096 || vocab < 0
        || qint64(vocab) * k * qint64(sizeof(float)) > data.size())
        return makeError(ErrorCode::Corrupt, QStringLiteral("the built-in embedding model is unreadable"));
    std::unique_ptr<BuiltinEmbedder> model(new BuiltinEmbedder);
    Private &p = *model->d;
    p.k = k;
    p.sigmaPower = sigmaPower;
    p.documents = docs;
    p.terms.reserve(size_t(vocab));
    p.idf.reserve(size_t(vocab));
    for (int i = 0; i < vocab; ++i) {
        QByteArray t;
        float idf = 0;
        s >> t >> idf;
        p.ids.emplace(t.toStdString(), i);
        p.terms.push_back(t.toStdString());
        p.idf.push_back(idf);
    }
    p.termVectors.resize(size_t(vocab) * size_t(k));
    const int bytes = int(p.termVectors.size() * sizeof(float));
    if (s.readRawData(reinterpret_cast<char *>(p.termVectors.data()), bytes) != bytes)
        return makeError(ErrorCode::Corrupt, QStringLiteral("the built-in embedding model is truncated"));
    p.modelId = kPrefix + QString::number(k) + u'-'
                + QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha1).toHex().left(10));
    return model;
}

QString BuiltinEmbedder::modelId() const
{
    return d->modelId;
}

int BuiltinEmbedder::dimension() const
{
    return d->k;
}

int BuiltinEmbedder::vocabularySize() const
{
    return int(d->terms.size());
}

Result<QList<EmbeddingVector>> BuiltinEmbedder::embed(const QStringList &texts, EmbedPurpose purpose,
                                                      const std::atomic_bool *cancel)
{
    Q_UNUSED(purpose);
    QList<EmbeddingVector> out;
    out.reserve(texts.size());
    std::vector<int> cols;
    std::vector<float> vals;
    for (const QString &t : texts) {
        if (cancel && cancel->load())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        d->row(t.toUtf8(), cols, vals);
        out.append(d->vectorOf(cols, vals));
    }
    return out;
}

std::optional<EmbeddingVector> BuiltinEmbedder::termVector(const QString &term) const
{
    const auto it = d->ids.find(term.toStdString());
    if (it == d->ids.end())
        return std::nullopt;
    const float *t = d->termVectors.data() + size_t(it->second) * size_t(d->k);
    EmbeddingVector v(t, t + d->k);
    normaliseVector(v);
    return v;
}

QStringList BuiltinEmbedder::terms(const QString &text, int maxTerms) const
{
    QStringList out;
    QSet<int> seen;
    forEachTerm(text.toUtf8(), [&](const std::string &t) {
        if (out.size() >= maxTerms)
            return;
        const auto it = d->ids.find(t);
        if (it != d->ids.end() && !seen.contains(it->second)) {
            seen.insert(it->second);
            out.append(QString::fromStdString(t));
        }
    });
    return out;
}

} // namespace RepoLens
