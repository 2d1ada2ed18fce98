#include "storetestutil.h"

#include "core/store/fts5tokenizer_p.h"

#include <QRandomGenerator>
#include <QScopeGuard>

#include <sqlite3.h>

#include <thread>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_ChunkStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unchangedChunksKeepTheirRows();
    void searchWeightsNamesAboveBodies();
    void readsByIdsHeadersAndFile();
    void summaryIsSearchable();
    void fingerprintFollowsChanges();
    void documentFrequencies();
    void rankingEqualsFts5Bm25();
    void rowLengthsReadOnceLookupsAddUp();
};

void tst_ChunkStore::unchangedChunksKeepTheirRows()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const QByteArray v1 = "def alpha():\n    return 1\n\n\ndef beta():\n    return 2\n";
    const qint64 file = addFile(*store, QStringLiteral("m.py"), v1);
    QVERIFY(file);
    QList<ChunkRecord> before = store->chunks().ofFile(file);
    QCOMPARE(before.size(), 2);
    // alpha moves down by two lines, beta changes
    const QByteArray v2 = "# header\n\ndef alpha():\n    return 1\n\n\ndef beta():\n    return 3\n";
    auto ids = store->chunks().replace(file, QStringLiteral("m.py"), parse(LanguageId::Python, v2).chunks, false);
    QVERIFY(ids);
    const QList<ChunkRecord> after = store->chunks().ofFile(file);
    const auto find = [](const QList<ChunkRecord> &list, const char *name) {
        for (const ChunkRecord &c : list) {
            if (c.name == QLatin1String(name))
                return c;
        }
        return ChunkRecord{};
    };
    const ChunkRecord alpha0 = find(before, "alpha"), alpha1 = find(after, "alpha");
    QCOMPARE(alpha1.id, alpha0.id);                 // same row
    QCOMPARE(alpha1.contentHash, alpha0.contentHash);
    QCOMPARE(alpha1.startLine, alpha0.startLine + 2); // only moved
    QVERIFY(find(after, "beta").id != find(before, "beta").id); // changed: a new row
    QVERIFY(!store->chunks().chunk(find(before, "beta").id));  // the old one is gone
    QVERIFY(ids->contains(alpha0.id));
    // the FTS index holds the new text only
    QCOMPARE(store->chunks().search(QStringLiteral("\"beta\""), 10)->size(), 1);
    QVERIFY(store->checkIntegrity(true));
}

void tst_ChunkStore::searchWeightsNamesAboveBodies()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def unrelated():\n    return connect_pool()\n"));
    QVERIFY(addFile(*store, QStringLiteral("b.py"), "def connect_pool():\n    return 1\n"));
    auto hits = store->chunks().search(QStringLiteral("\"connect_pool\""), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 2);
    QCOMPARE(store->chunks().chunk(hits->at(0).chunkId)->name, QStringLiteral("connect_pool"));
    QVERIFY(hits->at(0).score > hits->at(1).score);
    // the column weights are applied: without the name's weight the definition scores less
    FtsWeights flat;
    flat.name = 0;
    flat.signature = 0;
    auto flatHits = store->chunks().search(QStringLiteral("\"connect_pool\""), 10, flat);
    for (const FtsHit &h : *flatHits) {
        if (h.chunkId == hits->at(0).chunkId)
            QVERIFY(h.score < hits->at(0).score);
    }
    // limit
    QCOMPARE(store->chunks().search(QStringLiteral("\"connect_pool\""), 1)->size(), 1);
}

void tst_ChunkStore::readsByIdsHeadersAndFile()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("pkg/m.py"),
                                "class Box:\n    def put(self, x):\n        self.x = x\n\n\ndef helper():\n    pass\n");
    const QList<ChunkRecord> all = store->chunks().ofFile(file);
    QCOMPARE(all.size(), 3); // class skeleton, method, function
    QList<qint64> ids;
    for (const ChunkRecord &c : all)
        ids.prepend(c.id);
    ids.insert(1, 999999); // unknown ids are skipped
    const QList<ChunkRecord> byIds = store->chunks().byIds(ids);
    QCOMPARE(byIds.size(), 3);
    QCOMPARE(byIds.first().id, ids.first()); // in the order asked
    QCOMPARE(byIds.first().text, all.last().text);
    QList<ChunkRecord> headers = store->chunks().headers(ids);
    QCOMPARE(headers.size(), 3);
    for (const ChunkRecord &h : headers) {
        QVERIFY(h.text.isEmpty()); // light records
        QCOMPARE(h.path, QStringLiteral("pkg/m.py"));
        QCOMPARE(h.language, LanguageId::Python);
        QCOMPARE(h.fileId, file);
    }
    const ChunkRecord method = store->chunks().byIds({all.at(1).id}).first();
    QCOMPARE(method.qualifiedName, QStringLiteral("Box.put"));
    QCOMPARE(method.parentId, all.at(0).id);
    QCOMPARE(store->chunks().count(), 3);
    int visited = 0;
    store->chunks().forEach([&](const ChunkRecord &) { ++visited; });
    QCOMPARE(visited, 3);
    const auto pairs = store->chunks().fileIds();
    QCOMPARE(pairs.size(), 3);
    QCOMPARE(pairs.first().second, file);
}

void tst_ChunkStore::summaryIsSearchable()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 file = addFile(*store, QStringLiteral("m.py"), "def f():\n    return 1\n");
    const qint64 id = store->chunks().ofFile(file).first().id;
    QCOMPARE(store->chunks().search(QStringLiteral("\"lighthouse\""), 10)->size(), 0);
    QVERIFY(store->chunks().setSummary(id, QStringLiteral("Returns the lighthouse keeper.")));
    QCOMPARE(store->chunks().search(QStringLiteral("\"lighthouse\""), 10)->size(), 1);
    QCOMPARE(store->chunks().chunk(id)->summary, QStringLiteral("Returns the lighthouse keeper."));
}

void tst_ChunkStore::fingerprintFollowsChanges()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const QString empty = store->chunks().fingerprint();
    QCOMPARE(empty, QStringLiteral("0:0:0"));
    const qint64 file = addFile(*store, QStringLiteral("m.py"), "def f():\n    return 1\n");
    const QString one = store->chunks().fingerprint();
    QVERIFY(one != empty);
    QVERIFY(store->replaceFileContent(file, QStringLiteral("m.py"), parse(LanguageId::Python, "def f():\n    return 1\n")));
    QCOMPARE(store->chunks().fingerprint(), one); // same content, same rows
    QVERIFY(store->replaceFileContent(file, QStringLiteral("m.py"), parse(LanguageId::Python, "def g():\n    return 2\n")));
    QVERIFY(store->chunks().fingerprint() != one);
}

void tst_ChunkStore::documentFrequencies()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(addFile(*store, QStringLiteral("a.py"), "def parse_url():\n    pass\n\n\ndef parse_path():\n    pass\n"));
    const QHash<QString, int> df = store->chunks().termDocumentFrequencies(
        {QStringLiteral("parse"), QStringLiteral("url"), QStringLiteral("nothing")});
    QCOMPARE(df.value(QStringLiteral("parse")), 2);
    QCOMPARE(df.value(QStringLiteral("url")), 1);
    QCOMPARE(df.value(QStringLiteral("nothing")), 0);
    // remembered, and counted again once the index changes
    QCOMPARE(store->chunks().termDocumentFrequencies({QStringLiteral("url"), QStringLiteral("parse")}),
             (QHash<QString, int>{{QStringLiteral("url"), 1}, {QStringLiteral("parse"), 2}}));
    QVERIFY(addFile(*store, QStringLiteral("b.py"), "def parse_query():\n    pass\n"));
    const QHash<QString, int> after = store->chunks().termDocumentFrequencies(
        {QStringLiteral("parse"), QStringLiteral("query"), QStringLiteral("url")});
    QCOMPARE(after.value(QStringLiteral("parse")), 3);
    QCOMPARE(after.value(QStringLiteral("query")), 1);
    QCOMPARE(after.value(QStringLiteral("url")), 1);
}

namespace {

// FTS5's own bm25() over "t1" OR "t2" ..., best first, on a connection of our own.
QList<FtsHit> fts5Bm25(const QString &dbPath, const QStringList &terms, int limit)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(QFile::encodeName(dbPath).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    QList<FtsHit> out;
    if (!registerCodeTokenizer(db)) {
        sqlite3_close(db);
        return out;
    }
    QStringList quoted;
    for (const QString &t : terms)
        quoted << u'"' + t + u'"';
    const QByteArray match = quoted.join(QStringLiteral(" OR ")).toUtf8();
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db,
                       "SELECT rowid, bm25(chunks_fts, 2.0, 6.0, 3.0, 1.5, 1.0, 1.5) AS score FROM chunks_fts"
                       " WHERE chunks_fts MATCH ?1 ORDER BY score LIMIT ?2",
                       -1, &s, nullptr);
    sqlite3_bind_text(s, 1, match.constData(), int(match.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int(s, 2, limit);
    while (sqlite3_step(s) == SQLITE_ROW)
        out.append(FtsHit{sqlite3_column_int64(s, 0), -sqlite3_column_double(s, 1)});
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

// Python functions over a skewed vocabulary: a few words in most chunks, most words in few.
QByteArray skewedSource(QRandomGenerator &rng, int functions, int first)
{
    static const QStringList words = [] {
        QStringList w;
        for (const char *s : {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
                              "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
                              "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu"})
            w << QString::fromLatin1(s);
        return w;
    }();
    QByteArray src;
    for (int f = 0; f < functions; ++f) {
        src += "def fn_" + QByteArray::number(first + f) + "_" + words.at(int(rng.bounded(4))).toUtf8() + "():\n";
        const int lines = 1 + int(rng.bounded(6));
        for (int l = 0; l < lines; ++l) {
            src += "    x = ";
            for (int k = 0; k < 3 + int(rng.bounded(5)); ++k) {
                // squared: low indexes (common words) far more often than high ones
                const double u = rng.generateDouble();
                src += words.at(int(u * u * words.size())).toUtf8() + " + ";
            }
            src += "1\n";
        }
        src += "\n\n";
    }
    return src;
}

} // namespace

// The keyword ranking gives FTS5's bm25() to the last bit: row lengths held in memory, term
// counts remembered between queries, and the pruned passes that skip rows holding only common
// terms (forced here on a small index; the thresholds are for large ones).
void tst_ChunkStore::rankingEqualsFts5Bm25()
{
    qputenv("REPOLENS_FTS_PRUNE_FROM", "0");
    qputenv("REPOLENS_FTS_LENGTHS_FROM", "0");
    qputenv("REPOLENS_FTS_SPLIT_FROM", "0"); // the read-only store reads in two halves at once
    const auto unset = qScopeGuard([] { qunsetenv("REPOLENS_FTS_SPLIT_FROM"); });
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QRandomGenerator rng(20240901);
    for (int i = 0; i < 40; ++i)
        QVERIFY(addFile(*store, QStringLiteral("m%1.py").arg(i), skewedSource(rng, 15, i * 100)));
    auto reader = IndexStore::open(dir.filePath(QStringLiteral("i.sqlite")), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    const QStringList vocabulary = {QStringLiteral("alpha"), QStringLiteral("bravo"), QStringLiteral("charlie"),
                                    QStringLiteral("delta"), QStringLiteral("golf"), QStringLiteral("mike"),
                                    QStringLiteral("romeo"), QStringLiteral("xray"), QStringLiteral("zulu"),
                                    QStringLiteral("absent")};
    int compared = 0;
    auto compareAll = [&](IndexStore &s, int round) {
        for (int q = 0; q < 60; ++q) {
            QStringList terms;
            const int n = 1 + int(rng.bounded(5));
            for (int k = 0; k < n; ++k)
                terms << vocabulary.at(int(rng.bounded(int(vocabulary.size()))));
            for (int limit : {3, 10, 40, 1000}) {
                const QList<FtsHit> expected = fts5Bm25(dir.filePath(QStringLiteral("i.sqlite")), terms, limit);
                const auto got = s.chunks().searchTerms(terms, limit);
                QVERIFY(got);
                const QString what = QStringLiteral("round %1, %2, limit %3").arg(round).arg(terms.join(u' ')).arg(limit);
                QVERIFY2(got->size() == expected.size(), qPrintable(what));
                for (qsizetype i = 0; i < expected.size(); ++i) {
                    QVERIFY2(got->at(i).chunkId == expected.at(i).chunkId, qPrintable(what));
                    QVERIFY2(got->at(i).score == expected.at(i).score, qPrintable(what)); // bit for bit
                }
                ++compared;
            }
        }
    };
    compareAll(**reader, 0);
    compareAll(*store, 1);
    // More rows, written by the other connection: no remembered count or length may be stale.
    for (int i = 40; i < 55; ++i)
        QVERIFY(addFile(*store, QStringLiteral("m%1.py").arg(i), skewedSource(rng, 15, i * 100)));
    compareAll(**reader, 2);
    compareAll(*store, 3);
    // A changed file (rows updated in place, lengths changed) and a removed one.
    QVERIFY(addFile(*store, QStringLiteral("m3.py"), skewedSource(rng, 30, 90000)));
    QVERIFY(store->removeFile(QStringLiteral("m7.py")));
    compareAll(**reader, 4);
    compareAll(*store, 5);
    // Few rows left far apart (the first file's and the last ones'): the lengths are found by
    // searching the ids, not by their place in a dense table.
    for (int i = 1; i < 53; ++i) {
        if (i != 3 && i != 7)
            QVERIFY(store->removeFile(QStringLiteral("m%1.py").arg(i)));
    }
    compareAll(**reader, 6);
    compareAll(*store, 7);
    QCOMPARE(compared, 8 * 60 * 4);
    // Most of the reader's reads ran in halves (not those before the lengths were read, nor
    // those of a single row); the writer's never do.
    if (std::thread::hardware_concurrency() > 1)
        QVERIFY2((*reader)->chunks().splitReads() > 4 * 60, qPrintable(QString::number((*reader)->chunks().splitReads())));
    QCOMPARE(store->chunks().splitReads(), 0);
}

// A warm connection whose queries each match few rows reads every row length once their
// look-ups add up to an eighth of the table; the scores stay bm25()'s. A write drops the lengths
// and the count of look-ups.
void tst_ChunkStore::rowLengthsReadOnceLookupsAddUp()
{
    qputenv("REPOLENS_FTS_LENGTHS_FROM", "1000000000"); // never for one query's size alone
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QRandomGenerator rng(20261129);
    for (int i = 0; i < 40; ++i)
        QVERIFY(addFile(*store, QStringLiteral("m%1.py").arg(i), skewedSource(rng, 15, i * 100)));
    auto reader = IndexStore::open(dir.filePath(QStringLiteral("i.sqlite")), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    const ChunkStore &chunks = (*reader)->chunks();
    const qint64 rows = chunks.count();
    QVERIFY(rows >= 600);
    // Each function's whole name ("fn_<n>_<word>") is a word of its chunk only: one match a query.
    QStringList names;
    chunks.forEach([&names](const ChunkRecord &c) {
        if (c.name.startsWith(QLatin1String("fn_")))
            names << c.name.toLower();
    });
    QVERIFY(names.size() >= rows / 8 + 2);
    auto query = [&](const QString &name) {
        const QStringList terms = {name, QStringLiteral("absent")};
        const QList<FtsHit> expected = fts5Bm25(dir.filePath(QStringLiteral("i.sqlite")), terms, 10);
        const auto got = chunks.searchTerms(terms, 10);
        QVERIFY(got);
        QCOMPARE(got->size(), 1);
        QCOMPARE(expected.size(), 1);
        QCOMPARE(got->first().chunkId, expected.first().chunkId);
        QCOMPARE(got->first().score, expected.first().score); // bit for bit
    };
    qsizetype n = 0;
    for (; n + 1 < rows / 8; ++n) {
        query(names.at(n));
        QVERIFY2(!chunks.holdsRowLengths(), qPrintable(QStringLiteral("after %1 look-ups of %2 rows").arg(n + 1).arg(rows)));
    }
    query(names.at(n));
    QVERIFY(chunks.holdsRowLengths());
    query(names.at(n + 1));
    QVERIFY(chunks.holdsRowLengths());
    // A write by the other connection: lengths and count start again.
    QVERIFY(addFile(*store, QStringLiteral("m3.py"), skewedSource(rng, 30, 90000)));
    query(names.at(0));
    QVERIFY(!chunks.holdsRowLengths());
    qunsetenv("REPOLENS_FTS_LENGTHS_FROM");
}

QTEST_GUILESS_MAIN(tst_ChunkStore)
#include "tst_chunkstore.moc"
