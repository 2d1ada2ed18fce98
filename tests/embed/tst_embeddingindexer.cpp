// The embedding stage: built-in model fitted on the index, vectors keyed by content hash +
// model (reused on re-runs and when switching models back), vector index file written, synced
// after changes and rebuilt when missing or corrupt; a remote model through a fake server.

#include "../common/fakehttpserver.h"

#include "core/embed/builtinembedder.h"
#include "core/embed/embedder.h"
#include "core/embed/embeddingindexer.h"
#include "core/embed/remoteembedder.h"
#include "core/parse/chunker.h"
#include "core/store/indexstore.h"
#include "core/store/summarystore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

namespace {

const char *const kHttp = R"PY(
class ProxyManager:
    """Keeps one connection pool per proxy URL."""

    def connection_for(self, proxy_url):
        return self.pools.get(proxy_url)


def select_proxy(url, proxies):
    """Pick the proxy for a URL from the proxies mapping."""
    scheme = url.split(':')[0]
    return proxies.get(scheme)


def resolve_proxies(request, proxies):
    return select_proxy(request.url, proxies)
)PY";

const char *const kText = R"PY(
def encode_utf8(text):
    """Encode text to UTF-8 bytes."""
    return text.encode('utf-8')


def decode_utf8(data):
    """Decode UTF-8 bytes to text."""
    return data.decode('utf-8')


def guess_encoding(data):
    """Guess the text encoding of bytes."""
    return 'utf-8'
)PY";

const char *const kCookies = R"PY(
class CookieJar:
    """Stores cookies per domain."""

    def set_cookie(self, cookie):
        self.cookies[cookie.domain] = cookie

    def get_cookie(self, domain):
        return self.cookies.get(domain)
)PY";

void writeFile(IndexStore &store, const QString &path, const char *source)
{
    Chunker chunker;
    const ParseResult parsed = chunker.parse(LanguageId::Python, QByteArray(source));
    FileRecord f;
    f.path = path;
    f.language = LanguageId::Python;
    f.status = FileStatus::Indexed;
    f.lineCount = parsed.lineCount;
    auto id = store.files().upsert(f);
    QVERIFY(id);
    QVERIFY(store.replaceFileContent(*id, path, parsed));
}

} // namespace

class tst_EmbeddingIndexer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void builtinEndToEnd();
    void reusesAndSyncs();
    void rebuildsMissingOrCorruptIndex();
    void modelRoundTrip();
    void remoteModelAndSwitchingBack();
    void credentialsAreNotSentForEmbedding();
    void summariesReachTheVectors();
    void fitIsDeterministic();
    void sampledFitFoldsInEveryChunk();

private:
    QString m_db;
    QTemporaryDir m_dir;
};

void tst_EmbeddingIndexer::initTestCase()
{
    m_db = m_dir.filePath(QStringLiteral("index.sqlite"));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadWrite);
    QVERIFY(store);
    QVERIFY((*store)->beginTransaction());
    writeFile(**store, QStringLiteral("net/proxies.py"), kHttp);
    writeFile(**store, QStringLiteral("text/encoding.py"), kText);
    writeFile(**store, QStringLiteral("http/cookies.py"), kCookies);
    QVERIFY((*store)->commit());
}

void tst_EmbeddingIndexer::builtinEndToEnd()
{
    EmbeddingIndexer indexer(m_db);
    QList<EmbedProgress::Phase> phases;
    auto report = indexer.run(nullptr, [&](const EmbedProgress &p) { phases.append(p.phase); });
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY(BuiltinEmbedder::isBuiltinModel(report->modelId));
    QVERIFY(phases.contains(EmbedProgress::Phase::Fitting));
    QCOMPARE(phases.last(), EmbedProgress::Phase::Done);
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const int chunks = (*store)->chunks().count();
    QVERIFY(chunks >= 8);
    QCOMPARE(report->chunksTotal, chunks);
    QCOMPARE((*store)->embeddings().embeddedChunkCount(report->modelId), chunks);
    QCOMPARE((*store)->meta(QString::fromLatin1(kMetaActiveModel)), report->modelId);
    QVERIFY(QFile::exists(vectorIndexPath(m_db, report->modelId)));

    // the query side: "proxy for a url" is nearest to the proxy code, not to cookies
    auto embedder = loadBuiltinEmbedder(**store, report->modelId);
    QVERIFY(embedder);
    auto index = openVectorIndex(**store, m_db, report->modelId, false);
    QVERIFY(index);
    QCOMPARE((*index)->size(), chunks);
    auto q = (*embedder)->embed({QStringLiteral("proxy url")}, EmbedPurpose::Query);
    QVERIFY(q);
    const QList<VectorHit> hits = (*index)->search(q->first(), 3);
    QVERIFY(!hits.isEmpty());
    QVERIFY((*store)->chunks().chunk(hits.first().label)->path == QLatin1String("net/proxies.py"));
}

void tst_EmbeddingIndexer::reusesAndSyncs()
{
    EmbeddingIndexer indexer(m_db);
    auto again = indexer.run();
    QVERIFY(again);
    QCOMPARE(again->embedded, 0);     // same model, same content hashes
    QCOMPARE(again->fitSeconds, 0.0); // no refit
    const QString model = again->modelId;
    // one file changes: its chunks get new ids; the vector index follows
    {
        auto store = IndexStore::open(m_db, IndexStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->beginTransaction());
        writeFile(**store, QStringLiteral("http/cookies.py"),
                  "class CookieJar:\n    def clear_cookies(self, domain):\n        self.cookies.pop(domain)\n");
        QVERIFY((*store)->commit());
    }
    auto third = indexer.run();
    QVERIFY(third);
    QCOMPARE(third->modelId, model); // few new chunks: no refit
    QVERIFY(third->embedded >= 1 && third->embedded <= 2);
    QVERIFY(third->removedOrphans >= 1);
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    bool changed = true;
    auto index = openVectorIndex(**store, m_db, model, false, &changed);
    QVERIFY(index);
    QVERIFY(!changed); // the stage already saved the synced file
    QCOMPARE((*index)->size(), (*store)->chunks().count());
    for (qint64 label : (*index)->labels())
        QVERIFY((*store)->chunks().chunk(label).has_value());
}

void tst_EmbeddingIndexer::rebuildsMissingOrCorruptIndex()
{
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const QString model = (*store)->meta(QString::fromLatin1(kMetaActiveModel));
    const QString path = vectorIndexPath(m_db, model);
    QVERIFY(QFile::remove(path));
    bool changed = false;
    // A rebuild whose graph build is stopped (a folder switch) saves nothing.
    {
        VectorIndexOptions small;
        small.bruteForceBelow = 2; // a graph even for this small index
        const std::atomic_bool stop{true};
        auto stopped = openVectorIndex(**store, m_db, model, true, &changed, small, &stop);
        QVERIFY(!stopped);
        QCOMPARE(stopped.error().code, ErrorCode::Cancelled);
        QVERIFY(!QFile::exists(path));
    }
    auto index = openVectorIndex(**store, m_db, model, true, &changed);
    QVERIFY(index);
    QVERIFY(changed);
    QVERIFY(QFile::exists(path));
    QCOMPARE((*index)->size(), (*store)->chunks().count());
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("garbage");
    }
    index = openVectorIndex(**store, m_db, model, true, &changed);
    QVERIFY(index);
    QVERIFY(changed);
    QCOMPARE((*index)->size(), (*store)->chunks().count());
}

void tst_EmbeddingIndexer::modelRoundTrip()
{
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const QString model = (*store)->meta(QString::fromLatin1(kMetaBuiltinModel));
    auto a = loadBuiltinEmbedder(**store, model);
    QVERIFY(a);
    auto b = BuiltinEmbedder::fromData((*a)->data());
    QVERIFY(b);
    QCOMPARE((*b)->modelId(), model);
    QCOMPARE((*b)->dimension(), (*a)->dimension());
    const auto va = (*a)->embed({QStringLiteral("decode utf8 bytes")}, EmbedPurpose::Query);
    const auto vb = (*b)->embed({QStringLiteral("decode utf8 bytes")}, EmbedPurpose::Query);
    QCOMPARE(va->first(), vb->first());
    QCOMPARE(BuiltinEmbedder::tokenize(u"getHTTPProxies proxies"),
             (QStringList{QStringLiteral("gethttpproxy"), QStringLiteral("get"), QStringLiteral("http"),
                          QStringLiteral("proxy"), QStringLiteral("proxy")}));
    // plurals only: "ss" and "us" endings stay
    QCOMPARE(BuiltinEmbedder::tokenize(u"headers status class dies"),
             (QStringList{QStringLiteral("header"), QStringLiteral("status"), QStringLiteral("class"),
                          QStringLiteral("die")}));
    QVERIFY(!BuiltinEmbedder::fromData(QByteArray("nonsense")));
}

void tst_EmbeddingIndexer::remoteModelAndSwitchingBack()
{
    int inputs = 0;
    FakeHttpServer server([&](const FakeHttpServer::Request &r) {
        const QJsonArray input = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("input")).toArray();
        QJsonArray data;
        for (qsizetype i = 0; i < input.size(); ++i) {
            ++inputs;
            const QString t = input.at(i).toString();
            data.append(QJsonObject{{QStringLiteral("index"), int(i)},
                                    {QStringLiteral("embedding"),
                                     QJsonArray{double(t.count(u'p')), double(t.count(u'c')), double(t.count(u'e')), 1.0}}});
        }
        return FakeHttpServer::json(QJsonDocument(QJsonObject{{QStringLiteral("data"), data}}).toJson());
    });
    QVERIFY(server.listen());
    RemoteEmbedderConfig config;
    config.endpoint.baseUrl = server.baseUrl();
    config.model = QStringLiteral("fake");
    config.batchSize = 3;
    RemoteEmbedder remote(config);
    EmbeddingIndexer indexer(m_db);
    auto report = indexer.run(&remote);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const int chunks = (*store)->chunks().count();
    QCOMPARE(report->modelId, remote.modelId());
    QCOMPARE(report->embedded, chunks); // every chunk here has distinct content
    QCOMPARE(inputs, chunks);
    QCOMPARE(report->dimension, 4);
    QCOMPARE((*store)->meta(QString::fromLatin1(kMetaActiveModel)), remote.modelId());
    // back to the built-in model: its vectors are still there, nothing is recomputed
    auto builtin = indexer.run();
    QVERIFY(builtin);
    QCOMPARE(builtin->embedded, 0);
    // and to the remote one again: no request at all
    const int before = int(server.requests.size());
    auto again = indexer.run(&remote);
    QVERIFY(again);
    QCOMPARE(again->embedded, 0);
    QCOMPARE(int(server.requests.size()), before);
}

// The embedding endpoint gets a chunk with a credential in it with the credential replaced;
// with withholdSecrets off (the send_credentials setting) it gets the chunk as it is.
void tst_EmbeddingIndexer::credentialsAreNotSentForEmbedding()
{
    const QString key = QStringLiteral("ghp_") + QStringLiteral("R8xK2mQ7vN4pL9sT3wY6zB1cD5fG0hJ2kE7a");
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("index.sqlite"));
    const QByteArray source = QStringLiteral("def connect():\n    token = \"%1\"\n    return open_session(token)\n").arg(key).toUtf8();
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->beginTransaction());
        writeFile(**store, QStringLiteral("net/proxies.py"), kHttp);
        writeFile(**store, QStringLiteral("net/client.py"), source.constData());
        QVERIFY((*store)->commit());
    }
    QStringList sent;
    FakeHttpServer server([&](const FakeHttpServer::Request &r) {
        const QJsonArray input = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("input")).toArray();
        QJsonArray data;
        for (qsizetype i = 0; i < input.size(); ++i) {
            sent << input.at(i).toString();
            data.append(QJsonObject{{QStringLiteral("index"), int(i)}, {QStringLiteral("embedding"), QJsonArray{1.0, double(i)}}});
        }
        return FakeHttpServer::json(QJsonDocument(QJsonObject{{QStringLiteral("data"), data}}).toJson());
    });
    QVERIFY(server.listen());
    RemoteEmbedderConfig config;
    config.endpoint.baseUrl = server.baseUrl();
    config.model = QStringLiteral("fake-a");
    RemoteEmbedder remote(config);
    auto report = EmbeddingIndexer(db).run(&remote);
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->redacted, 1);
    const QString all = sent.join(u'\n');
    QVERIFY(!all.contains(key));
    QVERIFY2(all.contains(QLatin1String("token = \"[withheld: GitHub token]\"")), qPrintable(all));
    QVERIFY(all.contains(QLatin1String("return open_session(token)"))); // the rest still helps search

    sent.clear();
    config.model = QStringLiteral("fake-b");
    RemoteEmbedder allowed(config);
    EmbedOptions options;
    options.withholdSecrets = false;
    auto sentAll = EmbeddingIndexer(db, options).run(&allowed);
    QVERIFY(sentAll);
    QCOMPARE(sentAll->redacted, 0);
    QVERIFY(sent.join(u'\n').contains(key));
}

// A method summary is part of the embedding text: storing one drops that chunk's vectors, the
// next run computes a new one (with the summary's words), the others are kept.
void tst_EmbeddingIndexer::summariesReachTheVectors()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("index.sqlite"));
    {
        auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->beginTransaction());
        writeFile(**store, QStringLiteral("net/proxies.py"), kHttp);
        writeFile(**store, QStringLiteral("text/encoding.py"), kText);
        writeFile(**store, QStringLiteral("http/cookies.py"), kCookies);
        QVERIFY((*store)->commit());
    }
    auto first = EmbeddingIndexer(db).run();
    QVERIFY2(first, qPrintable(first ? QString() : first.error().toString()));
    auto index = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(index);
    const auto cookie = (*index)->symbols().named(QStringLiteral("set_cookie"));
    QCOMPARE(cookie.size(), 1);
    const std::optional<ChunkRecord> chunk = (*index)->chunks().chunk(cookie.first().chunkId);
    QVERIFY(chunk);
    const QByteArray before = (*index)->embeddings().chunkVector(chunk->id, first->modelId);
    QVERIFY(!before.isEmpty());

    const QString summary = QStringLiteral("Stores a cookie for its domain, replacing an earlier one.");
    QVERIFY(!embeddingText(*chunk).contains(summary));
    {
        auto summaries = SummaryStore::open(db);
        QVERIFY(summaries);
        QVERIFY((*summaries)->putSummaries({{chunk->contentHash, summary}}, QStringLiteral("test-model")));
    }
    const std::optional<ChunkRecord> summarized = (*index)->chunks().chunk(chunk->id);
    QVERIFY(embeddingText(*summarized).contains(QStringLiteral("summary: ") + summary));
    QVERIFY((*index)->embeddings().chunkVector(chunk->id, first->modelId).isEmpty()); // dropped
    auto second = EmbeddingIndexer(db).run();
    QVERIFY(second);
    QCOMPARE(second->modelId, first->modelId); // folded into the same model, not refitted
    QCOMPARE(second->embedded, 1);
    const QByteArray after = (*index)->embeddings().chunkVector(chunk->id, first->modelId);
    QCOMPARE(after.size(), before.size());
    QVERIFY(after != before);
}

// The same files give the same model, whatever order the indexer wrote them in (chunk ids
// follow the parse pool's finishing order) and however many threads fit it: over 2,048 chunks,
// so the SVD's reductions run in blocks.
void tst_EmbeddingIndexer::fitIsDeterministic()
{
    QList<QPair<QString, QByteArray>> files;
    const char *const words[] = {"proxy", "cookie", "encode", "decode", "session", "adapter", "header", "stream",
                                 "retry", "timeout", "certificate", "redirect", "auth", "chunk", "pool", "url"};
    for (int f = 0; f < 120; ++f) {
        QByteArray src;
        for (int d = 0; d < 18; ++d) {
            const char *a = words[(f + d) % 16];
            const char *b = words[(f * 7 + d * 3) % 16];
            src += QByteArray("def ") + a + '_' + b + '_' + QByteArray::number(f * 18 + d) + "(" + a + ", " + b
                   + "):\n    return " + a + ".get(" + b + ") or " + b + "_" + a + "(" + a + ")\n\n\n";
        }
        files.append({QStringLiteral("pkg/m%1.py").arg(f, 3, 10, QLatin1Char('0')), src});
    }
    auto fitModel = [&](bool reversed, int threads) -> QByteArray {
        QTemporaryDir dir;
        auto store = IndexStore::open(dir.filePath(QStringLiteral("index.sqlite")), IndexStore::Mode::ReadWrite);
        if (!store)
            return {};
        (*store)->beginTransaction();
        for (qsizetype i = 0; i < files.size(); ++i) {
            const auto &file = files.at(reversed ? files.size() - 1 - i : i);
            writeFile(**store, file.first, file.second.constData());
        }
        (*store)->commit();
        BuiltinEmbedderOptions options;
        options.threads = threads;
        auto model = BuiltinEmbedder::fit(**store, options);
        return model ? (*model)->data() : QByteArray();
    };
    // the whole model, byte for byte (its id is a hash of it, so vectors stay keyed alike)
    const QByteArray a = fitModel(false, 1);
    QVERIFY2(a.size() > 1000, QByteArray::number(a.size()).constData());
    QVERIFY(fitModel(true, 1) == a);
    QVERIFY(fitModel(true, 3) == a);
}

// A repository larger than the vocabulary sample: the model is fitted on every stride-th
// chunk, and every chunk's vector is folded in while the chunks are read again, each exactly
// what embed() gives for its text. Deterministic like the full fit.
void tst_EmbeddingIndexer::sampledFitFoldsInEveryChunk()
{
    QList<QPair<QString, QByteArray>> files;
    const char *const words[] = {"proxy", "cookie", "encode", "decode", "session", "adapter", "header", "stream",
                                 "retry", "timeout", "certificate", "redirect", "auth", "chunk", "pool", "url"};
    for (int f = 0; f < 60; ++f) {
        QByteArray src;
        for (int d = 0; d < 12; ++d) {
            const char *a = words[(f + d) % 16];
            const char *b = words[(f * 5 + d * 3) % 16];
            src += QByteArray("def ") + a + '_' + b + '_' + QByteArray::number(f * 12 + d) + "(" + a + "):\n    return "
                   + b + "(" + a + ")\n\n\n";
        }
        files.append({QStringLiteral("pkg/m%1.py").arg(f, 2, 10, QLatin1Char('0')), src});
    }
    struct Run
    {
        QByteArray model;
        QHash<QByteArray, QByteArray> vectors; // content hash -> stored vector
    };
    auto run = [&](bool reversed, int threads, int sample, int foldBlock = 4096) -> Run {
        Run out;
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("index.sqlite"));
        {
            auto store = IndexStore::open(db, IndexStore::Mode::ReadWrite);
            if (!store)
                return out;
            (*store)->beginTransaction();
            for (qsizetype i = 0; i < files.size(); ++i) {
                const auto &file = files.at(reversed ? files.size() - 1 - i : i);
                writeFile(**store, file.first, file.second.constData());
            }
            (*store)->commit();
        }
        EmbedOptions options;
        options.builtin.threads = threads;
        options.builtin.vocabularySample = sample;
        options.builtin.foldBlock = foldBlock;
        EmbeddingIndexer indexer(db, options);
        auto report = indexer.run();
        if (!report || report->cancelled)
            return out;
        auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
        if (!store)
            return out;
        auto model = loadBuiltinEmbedder(**store, report->modelId);
        if (!model)
            return out;
        out.model = (*model)->data();
        const int chunks = (*store)->chunks().count();
        if ((*store)->embeddings().embeddedChunkCount(report->modelId) != chunks)
            return {}; // every chunk has its vector
        auto index = openVectorIndex(**store, db, report->modelId, false);
        if (!index || (*index)->size() != chunks)
            return {};
        // each vector is the one embed() computes for the chunk's text
        (*store)->chunks().forEach([&](const ChunkRecord &c) {
            const QByteArray stored = (*store)->embeddings().chunkVector(c.id, report->modelId);
            const auto embedded = (*model)->embed({embeddingText(c)}, EmbedPurpose::Document);
            if (embedded && vectorToBlob(embedded->first()) == stored)
                out.vectors.insert(c.contentHash, stored);
        });
        if (out.vectors.size() != (*store)->chunks().distinctContentCount())
            return {};
        return out;
    };
    const Run full = run(false, 1, 100000);
    const Run sampled = run(false, 1, 200);
    QVERIFY(!full.model.isEmpty());
    QVERIFY(!sampled.model.isEmpty());
    QCOMPARE(sampled.vectors.size(), full.vectors.size());
    QVERIFY(sampled.model != full.model); // fitted on 200 of the 720 chunks
    const Run again = run(true, 3, 200);
    QVERIFY(again.model == sampled.model);
    QVERIFY(again.vectors == sampled.vectors);
    // folded in blocks of 7 (103 of them, each folded while the next is read): the same vectors
    const Run blocks = run(false, 2, 200, 7);
    QVERIFY(blocks.model == sampled.model);
    QVERIFY(blocks.vectors == sampled.vectors);
}

QTEST_GUILESS_MAIN(tst_EmbeddingIndexer)
#include "tst_embeddingindexer.moc"
