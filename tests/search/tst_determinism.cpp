// Same input, same results: one folder indexed twice, with one parse thread and with several,
// gives the same rows (ids included), the same vectors and the same rankings, to the bit.

#include "core/embed/embeddingindexer.h"
#include "core/index/indexer.h"
#include "core/search/searcher.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace RepoLens;

class tst_Determinism : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameRowsVectorsAndRankings();
    void firstTenDoNotDependOnTopK();
    void tiesDoNotDependOnRowIds();

private:
    // Indexes m_root into a new data folder with `threads` parse threads (after a draft pass
    // on as many), then embeds it.
    std::unique_ptr<IndexStore> index(const QTemporaryDir &data, int threads);
    QTemporaryDir m_root;
    QTemporaryDir m_one;
    QTemporaryDir m_many;
    std::unique_ptr<IndexStore> m_a;
    std::unique_ptr<IndexStore> m_b;
};

namespace {

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
}

struct Row
{
    qint64 id;
    QString path;
    int start;
    int end;
    QString name;
    bool operator==(const Row &o) const
    {
        return id == o.id && path == o.path && start == o.start && end == o.end && name == o.name;
    }
};

QList<Row> rows(const IndexStore &store)
{
    QList<Row> out;
    store.chunks().forEach([&out](const ChunkRecord &c) { out.append({c.id, c.path, c.startLine, c.endLine, c.qualifiedName}); });
    std::sort(out.begin(), out.end(), [](const Row &a, const Row &b) { return a.id < b.id; });
    return out;
}

QList<QPair<qint64, QByteArray>> vectors(const IndexStore &store)
{
    QList<QPair<qint64, QByteArray>> out;
    store.embeddings().forEachChunkVector(store.meta(QString::fromLatin1(kMetaActiveModel)),
                                          [&out](qint64 id, QByteArrayView v) { out.append({id, v.toByteArray()}); });
    return out;
}

QStringList ranking(const IndexStore &store, const QString &db, const QString &query, int topK = 40,
                    bool withIds = true)
{
    Searcher searcher(&store);
    SearchOptions options;
    options.topK = topK;
    if (db.isEmpty())
        options.vectors = false;
    else if (!searcher.enableVectors(db, nullptr))
        return {QStringLiteral("no vectors")};
    auto response = searcher.search(query, options);
    if (!response)
        return {response.error().message};
    QStringList out{response->route};
    for (const SearchHit &h : response->hits)
        out << QStringLiteral("%1:%2-%3 %4 %5")
                   .arg(h.chunk.path)
                   .arg(h.chunk.startLine)
                   .arg(h.chunk.endLine)
                   .arg(withIds ? h.chunk.id : 0)
                   .arg(h.scores.final, 0, 'g', 17);
    return out;
}

} // namespace

void tst_Determinism::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    // Many small files of shared words, some of them copies of each other (equal scores), and
    // files of different sizes so that parse threads finish out of order.
    const char *const topics[] = {"proxy", "cookie", "session", "header", "timeout", "retry", "stream", "auth"};
    for (int i = 0; i < 160; ++i) {
        const QByteArray a = topics[i % 8];
        const QByteArray b = topics[(i / 8) % 8];
        QByteArray src = "\"\"\"Helpers for " + a + " and " + b + " handling.\"\"\"\n\n";
        for (int f = 0; f < 1 + i % 7; ++f) {
            src += "def " + a + "_" + b + "_" + QByteArray::number(f) + "(request, " + b + "s):\n"
                   "    \"\"\"Resolve the " + a + " of a request from its " + b + "s.\"\"\"\n"
                   "    value = " + b + "s.get(request." + a + ")\n"
                   "    return select_" + a + "(value) or default_" + b + "(request)\n\n\n";
        }
        write(m_root.filePath(QStringLiteral("pkg/m%1.py").arg(i, 3, 10, QLatin1Char('0'))), src);
        if (i % 20 == 0) // a copy: the same chunks in another file
            write(m_root.filePath(QStringLiteral("copies/c%1.py").arg(i, 3, 10, QLatin1Char('0'))), src);
    }
    write(m_root.filePath(QStringLiteral("README.md")), "# Proxies\n\nHow the proxy and the cookie session work.\n");
    m_a = index(m_one, 1);
    m_b = index(m_many, 4);
    QVERIFY(m_a && m_b);
}

std::unique_ptr<IndexStore> tst_Determinism::index(const QTemporaryDir &data, int threads)
{
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    IndexOptions options;
    options.gitHistory = false;
    options.threads = threads;
    options.draftMinFiles = 1; // files are first written by the draft pass
    auto report = Indexer(m_root.path(), db, options).run();
    if (!report || report->draftedFiles == 0)
        return {};
    if (!report)
        return {};
    auto embedded = EmbeddingIndexer(db).run();
    if (!embedded)
        return {};
    auto opened = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    return opened ? std::move(*opened) : nullptr;
}

const QStringList kQueries = {QStringLiteral("how is the proxy of a request resolved"), QStringLiteral("proxy_cookie_0"),
                               QStringLiteral("cookie session timeout"), QStringLiteral("select_retry default_auth")};

void tst_Determinism::sameRowsVectorsAndRankings()
{
    const QList<Row> rowsA = rows(*m_a);
    QVERIFY(rowsA.size() > 400);
    QVERIFY(rowsA == rows(*m_b)); // the same chunks under the same ids
    // the same files under the same ids, though the draft workers finished in another order
    QHash<QString, qint64> filesA;
    QHash<QString, qint64> filesB;
    for (const FileRecord &f : m_a->files().all())
        filesA.insert(f.path, f.id);
    for (const FileRecord &f : m_b->files().all())
        filesB.insert(f.path, f.id);
    QVERIFY(filesA.size() > 160);
    QCOMPARE(filesA, filesB);
    const auto vectorsA = vectors(*m_a);
    QCOMPARE(vectorsA.size(), rowsA.size());
    QVERIFY(vectorsA == vectors(*m_b));
    for (const QString &query : kQueries) {
        const QStringList ra = ranking(*m_a, m_one.filePath(QStringLiteral("index.sqlite")), query);
        QVERIFY2(ra.size() > 10, qPrintable(ra.join(u'\n')));
        QCOMPARE(ra, ranking(*m_b, m_many.filePath(QStringLiteral("index.sqlite")), query));
    }
}

// The first ten do not depend on how many results are asked for.
void tst_Determinism::firstTenDoNotDependOnTopK()
{
    const QString db = m_one.filePath(QStringLiteral("index.sqlite"));
    for (const QString &query : kQueries) {
        const QStringList ten = ranking(*m_a, db, query, 10);
        QCOMPARE(ten.size(), 11); // the route, then ten hits
        QCOMPARE(ranking(*m_a, db, query, 400).mid(0, 11), ten);
    }
}

// Equal scores (a file and its copy) are ordered by path and line, not by row id: an index that
// got the same files in another order (here: half of them first, the rest incrementally) ranks
// them the same.
void tst_Determinism::tiesDoNotDependOnRowIds()
{
    QTemporaryDir root;
    QTemporaryDir data;
    const QString db = data.filePath(QStringLiteral("index.sqlite"));
    IndexOptions options;
    options.gitHistory = false;
    options.threads = 1;
    const QStringList files = QDir(m_root.path()).entryList({QStringLiteral("*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    auto copyTree = [&](bool secondHalf) {
        for (const QString &folder : files) {
            const QStringList names = QDir(m_root.filePath(folder)).entryList(QDir::Files, QDir::Name | QDir::Reversed);
            for (qsizetype i = 0; i < names.size(); ++i) {
                if ((i % 2 == 1) != secondHalf)
                    continue;
                QDir().mkpath(root.filePath(folder));
                QVERIFY(QFile::copy(m_root.filePath(folder + u'/' + names.at(i)), root.filePath(folder + u'/' + names.at(i))));
            }
        }
    };
    copyTree(false);
    QVERIFY(QFile::copy(m_root.filePath(QStringLiteral("README.md")), root.filePath(QStringLiteral("README.md"))));
    QVERIFY(Indexer(root.path(), db, options).run());
    copyTree(true);
    QVERIFY(Indexer(root.path(), db, options).run());
    auto opened = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(opened);
    const IndexStore &later = **opened;
    QVERIFY(rows(later) != rows(*m_a)); // other ids for the same chunks
    for (const QString &query : kQueries) {
        const QStringList fresh = ranking(*m_a, QString(), query, 40, false);
        QVERIFY2(fresh.size() > 10, qPrintable(fresh.join(u'\n')));
        QCOMPARE(ranking(later, QString(), query, 40, false), fresh);
    }
}

QTEST_GUILESS_MAIN(tst_Determinism)
#include "tst_determinism.moc"
