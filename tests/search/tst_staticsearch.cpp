// The whole path with a static (model2vec format) model that this test writes itself: a folder
// indexed for real, embedded with the model, searched by vector for a word that is in no file;
// switching to another model re-embeds, switching back reuses; credentials are withheld from
// what the model is given, as from every embedder but the built-in one; a searcher given
// another model than the index's says so and stays keyword-only.

#include "core/embed/embeddingindexer.h"
#include "core/embed/staticembedder.h"
#include "core/index/indexer.h"
#include "core/search/searcher.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <array>

using namespace RepoLens;

namespace {

void writeText(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(content), content.size());
}

// Words of the tiny model and the topic each stands for: 0 vehicles, 1 cookies, 2 the rest.
const struct
{
    const char *word;
    int topic;
} kWords[] = {
    {"car", 0},      {"automobile", 0}, {"vehicle", 0}, {"engine", 0}, {"motor", 0}, {"garage", 0},
    {"cookie", 1},   {"cookies", 1},    {"jar", 1},     {"domain", 1}, {"web", 1},   {"biscuit", 1},
    {"def", 2},      {"return", 2},     {"start", 2},   {"store", 2},  {"self", 2},  {"path", 2},
    {"py", 2},       {"function", 2},   {"in", 2},      {"token", 2},  {"client", 2}, {"connect", 2},
};

// A model2vec folder: WordPiece over the words above and ASCII punctuation, BERT normalizer and
// pre-tokenizer, an F32 table whose rows point along their topic's axis (`twist` turns the
// "rest" axis so that a second model has other vectors).
void writeModel(const QString &folder, float twist)
{
    QJsonObject vocab{{QStringLiteral("[PAD]"), 0}, {QStringLiteral("[UNK]"), 1}};
    std::vector<std::array<float, 3>> rows{{0, 0, 0}, {0, 0, 0}};
    for (const auto &w : kWords) {
        vocab.insert(QLatin1String(w.word), int(rows.size()));
        std::array<float, 3> r{0, 0, 0};
        r[size_t(w.topic)] = 1.0f;
        if (w.topic == 2)
            r = {0.05f * twist, 0.05f, 0.2f};
        rows.push_back(r);
    }
    for (char c : QByteArray("()[]:.,=/_\"'#")) {
        vocab.insert(QString(QLatin1Char(c)), int(rows.size()));
        rows.push_back({0, 0, 0.1f});
    }
    const QJsonObject tokenizer{
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("type"), QStringLiteral("WordPiece")},
                                              {QStringLiteral("unk_token"), QStringLiteral("[UNK]")},
                                              {QStringLiteral("continuing_subword_prefix"), QStringLiteral("##")},
                                              {QStringLiteral("vocab"), vocab}}},
        {QStringLiteral("normalizer"), QJsonObject{{QStringLiteral("type"), QStringLiteral("BertNormalizer")},
                                                   {QStringLiteral("lowercase"), true}}},
        {QStringLiteral("pre_tokenizer"), QJsonObject{{QStringLiteral("type"), QStringLiteral("BertPreTokenizer")}}},
    };
    QByteArray data;
    for (const auto &r : rows)
        data.append(reinterpret_cast<const char *>(r.data()), 3 * sizeof(float));
    const QByteArray header = QJsonDocument(QJsonObject{{QStringLiteral("embeddings"),
                                                         QJsonObject{{QStringLiteral("dtype"), QStringLiteral("F32")},
                                                                     {QStringLiteral("shape"), QJsonArray{int(rows.size()), 3}},
                                                                     {QStringLiteral("data_offsets"), QJsonArray{0, int(data.size())}}}}})
                                  .toJson(QJsonDocument::Compact);
    QByteArray tensors(8, '\0');
    tensors[0] = char(header.size() & 0xff);
    tensors[1] = char(header.size() >> 8);
    writeText(folder + QStringLiteral("/model.safetensors"), tensors + header + data);
    writeText(folder + QStringLiteral("/tokenizer.json"), QJsonDocument(tokenizer).toJson());
    writeText(folder + QStringLiteral("/config.json"), "{\"model_type\": \"model2vec\", \"normalize\": true}\n");
}

} // namespace

class tst_StaticSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void findsByVector();
    void switchingModelsReembeds();
    void otherModelIsSaid();

private:
    QTemporaryDir m_dir;
    QString m_root;
    QString m_db;
    QString m_modelA;
    QString m_modelB;
};

void tst_StaticSearch::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_root = m_dir.filePath(QStringLiteral("repo"));
    m_db = m_dir.filePath(QStringLiteral("data/index.sqlite"));
    m_modelA = m_dir.filePath(QStringLiteral("model-a"));
    m_modelB = m_dir.filePath(QStringLiteral("model-b"));
    writeText(m_root + QStringLiteral("/garage/motor.py"), "def start_car(car):\n    return car.engine.start()\n");
    writeText(m_root + QStringLiteral("/web/cookies.py"), "def store_cookie(jar, cookie):\n    jar.domain = cookie\n");
    writeText(m_root + QStringLiteral("/web/client.py"),
              "def connect():\n    token = \"ghp_R8xK2mQ7vN4pL9sT3wY6zB1cD5fG0hJ2kE7a\"\n    return token\n");
    writeModel(m_modelA, 1.0f);
    writeModel(m_modelB, -1.0f);
    QDir().mkpath(QFileInfo(m_db).absolutePath());
    Indexer indexer(m_root, m_db, IndexOptions{});
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
}

// "automobile" is in no file: the keyword search finds nothing, the model's vectors find the car.
void tst_StaticSearch::findsByVector()
{
    auto model = StaticEmbedder::load(m_modelA);
    QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
    auto report = EmbeddingIndexer(m_db).run(model->get());
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->modelId, (*model)->modelId());
    QCOMPARE(report->dimension, 3);
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const int chunks = (*store)->chunks().count();
    QVERIFY(chunks >= 3);
    QCOMPARE(report->embedded, chunks);
    // the credential was withheld from what the model was given (only the built-in LSA sees
    // chunks as they are)
    QCOMPARE(report->redacted, 1);

    Searcher keywordOnly(store->get());
    SearchOptions noVectors;
    noVectors.vectors = false;
    auto none = keywordOnly.search(QStringLiteral("which code looks after an automobile"), noVectors);
    QVERIFY(none);
    QVERIFY(none->hits.isEmpty());

    Searcher searcher(store->get());
    QVERIFY(searcher.enableVectors(m_db, *model));
    auto r = searcher.search(QStringLiteral("which code looks after an automobile"));
    QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
    QVERIFY(!r->hits.isEmpty());
    QCOMPARE(r->hits.first().chunk.path, QStringLiteral("garage/motor.py"));
    QVERIFY2(r->hits.first().reasons.join(u',').contains(QLatin1String("vector rank 1")),
             qPrintable(r->hits.first().reasons.join(u',')));
    QCOMPARE(r->vectorCoverage, 1.0);
    auto biscuits = searcher.search(QStringLiteral("where is a biscuit kept"));
    QVERIFY(biscuits && !biscuits->hits.isEmpty());
    QCOMPARE(biscuits->hits.first().chunk.path, QStringLiteral("web/cookies.py"));
}

// Another model: every chunk embedded again and made active; back to the first: all reused.
void tst_StaticSearch::switchingModelsReembeds()
{
    auto a = StaticEmbedder::load(m_modelA);
    auto b = StaticEmbedder::load(m_modelB);
    QVERIFY(a && b);
    QVERIFY((*a)->modelId() != (*b)->modelId());
    EmbeddingIndexer indexer(m_db);
    auto first = indexer.run(a->get());
    QVERIFY(first);
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    const int chunks = (*store)->chunks().count();
    auto toB = indexer.run(b->get());
    QVERIFY2(toB, qPrintable(toB ? QString() : toB.error().toString()));
    QCOMPARE(toB->embedded, chunks);
    QCOMPARE((*store)->meta(QString::fromLatin1(kMetaActiveModel)), (*b)->modelId());
    QVERIFY(QFile::exists(vectorIndexPath(m_db, (*b)->modelId())));
    auto backToA = indexer.run(a->get());
    QVERIFY(backToA);
    QCOMPARE(backToA->embedded, 0);
    QCOMPARE(backToA->reused, chunks);
    QCOMPARE((*store)->meta(QString::fromLatin1(kMetaActiveModel)), (*a)->modelId());
}

// The index holds model A's vectors; a searcher given model B (the settings changed, the index
// not yet re-embedded) does not mix them: it says which model the vectors need.
void tst_StaticSearch::otherModelIsSaid()
{
    auto a = StaticEmbedder::load(m_modelA);
    QVERIFY(a);
    QVERIFY(EmbeddingIndexer(m_db).run(a->get()));
    auto b = StaticEmbedder::loadUncached(m_modelB);
    QVERIFY(b);
    auto store = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    Searcher searcher(store->get());
    auto enabled = searcher.enableVectors(m_db, std::shared_ptr<Embedder>(std::move(*b)));
    QVERIFY(!enabled);
    QVERIFY2(enabled.error().message.contains((*a)->modelId()), qPrintable(enabled.error().message));
    QVERIFY2(enabled.error().message.contains(QLatin1String("static model")), qPrintable(enabled.error().message));
}

QTEST_GUILESS_MAIN(tst_StaticSearch)
#include "tst_staticsearch.moc"
