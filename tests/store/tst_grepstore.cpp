// The grep index's postings: trigrams of a text, segments written by flushes, files that are
// unindexed until their trigrams are written, merges that drop postings of old text, repair of
// missing tables and damage found in a posting list.

#include "storetestutil.h"

#include "core/store/integrity.h"

#include <sqlite3.h>

using namespace RepoLens;
using namespace RepoLens::StoreTest;

class tst_GrepStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trigramsOfAText();
    void flushWritesASegment();
    void unorderedIdsAndTwiceBufferedFiles();
    void filesMayHoldALiteral();
    void removedAndClearedFilesAreNotSearchable();
    void tiersMergeAndOldTextGoes();
    void mergeAllKeepsEveryLivePosting();
    void resetUnindexesEverything();
    void missingTablesAreRebuilt();
    void damagedPostingsAreReported();
    void readerOfAnIndexWithoutGrepTables();
};

namespace {

std::vector<Trigram> sorted(std::vector<Trigram> t)
{
    std::sort(t.begin(), t.end());
    return t;
}

Trigram tri(const char *s)
{
    return GrepStore::trigram(uchar(s[0]), uchar(s[1]), uchar(s[2]));
}

// A searchable file with a row and its text's trigrams buffered (not flushed).
qint64 addText(IndexStore &store, const QString &path, const QByteArray &text)
{
    FileRecord f;
    f.path = path;
    f.language = LanguageId::PlainText;
    f.status = FileStatus::Indexed;
    auto id = store.files().upsert(f);
    if (!id || !store.grep().setUnindexed(*id))
        return 0;
    store.grep().add(*id, GrepStore::trigramsOf(text));
    return *id;
}

std::vector<quint32> ids(std::initializer_list<qint64> list)
{
    std::vector<quint32> out;
    for (qint64 i : list)
        out.push_back(quint32(i));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<quint32> with(const IndexStore &store, const char *t)
{
    auto r = store.grep().filesWith(tri(t));
    return r ? *r : std::vector<quint32>{9999999};
}

} // namespace

void tst_GrepStore::trigramsOfAText()
{
    // distinct, ASCII letters folded, every byte position (also across line breaks)
    QCOMPARE(sorted(GrepStore::trigramsOf("abcABCabc")), sorted({tri("abc"), tri("bca"), tri("cab")}));
    QCOMPARE(GrepStore::trigramsOf("ab").size(), size_t(0));
    QCOMPARE(GrepStore::trigramsOf("").size(), size_t(0));
    QCOMPARE(sorted(GrepStore::trigramsOf("a\nb\r\n")), sorted({tri("a\nb"), tri("\nb\r"), tri("b\r\n")}));
    // UTF-8 bytes as they are: "é" is C3 A9; only A-Z fold
    const QByteArray utf8 = QStringLiteral("Éa").toUtf8(); // C3 89 61
    QCOMPARE(GrepStore::trigramsOf(utf8), std::vector<Trigram>{(0xC3u << 16) | (0x89u << 8) | 0x61u});
    QCOMPARE(tri("XyZ"), tri("xyz"));
    QVERIFY(tri("[a]") != tri("{a}"));
    // the same text again: the thread's bitmap was cleared
    QCOMPARE(GrepStore::trigramsOf("abcABCabc").size(), size_t(3));
}

void tst_GrepStore::flushWritesASegment()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->beginTransaction());
    const qint64 a = addText(*store, QStringLiteral("a.txt"), "hello world");
    const qint64 b = addText(*store, QStringLiteral("b.txt"), "yellow hello");
    QVERIFY(a && b);
    QCOMPARE(store->grep().bufferedFiles(), 2);
    QVERIFY(store->grep().isBuffered(a));
    // unindexed until flushed: every search reads them
    QCOMPARE(*store->grep().unindexedFiles(), ids({a, b}));
    QVERIFY(store->grep().filesWith(tri("ell"))->empty());
    QVERIFY(store->grep().flush());
    QVERIFY(store->commit());
    QCOMPARE(store->grep().bufferedFiles(), 0);
    QVERIFY(store->grep().unindexedFiles()->empty());
    QCOMPARE(with(*store, "ell"), ids({a, b}));
    QCOMPARE(with(*store, "HEL"), ids({a, b})); // folded
    QCOMPARE(with(*store, "wor"), ids({a}));
    QCOMPARE(with(*store, "yel"), ids({b}));
    QVERIFY(with(*store, "xyz").empty());
    const GrepIndexStats stats = store->grep().stats();
    QCOMPARE(stats.searchable, 2);
    QCOMPARE(stats.unindexed, 0);
    QCOMPARE(stats.segments, 1);
    QCOMPARE(stats.postings, qint64(GrepStore::trigramsOf("hello world").size() + GrepStore::trigramsOf("yellow hello").size()));
    QVERIFY(store->grep().postingBytes(tri("ell")) >= 2);
    QCOMPARE(store->grep().postingBytes(tri("xyz")), qint64(0));
    const QList<GrepSegment> segments = store->grep().segments();
    QCOMPARE(segments.size(), 1);
    QCOMPARE(segments.first().files, 2);
    QCOMPARE(segments.first().liveFiles, 2);
    // an empty flush writes nothing
    QVERIFY(store->grep().flush());
    QCOMPARE(store->grep().segments().size(), 1);

    // a read-only connection reads the same
    auto reader = IndexStore::open(store->path(), IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    QCOMPARE(*(*reader)->grep().filesWith(tri("ell")), ids({a, b}));
    auto files = (*reader)->grep().files(nullptr);
    QVERIFY(files);
    QCOMPARE(files->size(), 2);
    const std::vector<quint32> one = ids({b});
    auto some = (*reader)->grep().files(&one);
    QVERIFY(some);
    QCOMPARE(some->size(), 1);
    QCOMPARE(some->first().path, QStringLiteral("b.txt"));
    QCOMPARE(some->first().language, LanguageId::PlainText);
}

// The files whose postings hold every trigram of a literal (in any case), and those not read
// yet; nothing when the index cannot say.
void tst_GrepStore::filesMayHoldALiteral()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(!store->grep().filesMayHold("--fixtures")); // no searchable file
    QVERIFY(store->beginTransaction());
    const qint64 a = addText(*store, QStringLiteral("a.py"), "parser.add_option(\"--FIXTURES\")");
    const qint64 b = addText(*store, QStringLiteral("b.py"), "fixtures = load_fixtures()");
    const qint64 c = addText(*store, QStringLiteral("c.py"), "print('--fix', 'tures')");
    QVERIFY(store->grep().flush());
    const qint64 d = addText(*store, QStringLiteral("d.py"), "--fixtures"); // buffered, not flushed: unread
    QVERIFY(a && b && c && d);
    QCOMPARE(store->grep().filesMayHold("--fixtures"), std::optional(ids({a, d})));
    QCOMPARE(store->grep().filesMayHold("--nothing-holds-this"), std::optional(ids({d})));
    QVERIFY(!store->grep().filesMayHold("--")); // shorter than a trigram
}

void tst_GrepStore::unorderedIdsAndTwiceBufferedFiles()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->beginTransaction());
    const qint64 a = addText(*store, QStringLiteral("a.txt"), "alpha");
    const qint64 b = addText(*store, QStringLiteral("b.txt"), "alphabet");
    QVERIFY(store->grep().flush());
    // a later batch names them in descending order (ids of files that changed)
    QVERIFY(store->grep().setUnindexed(b));
    store->grep().add(b, GrepStore::trigramsOf("gamma alpha"));
    QVERIFY(store->grep().setUnindexed(a));
    store->grep().add(a, GrepStore::trigramsOf("gamma"));
    // a file whose text changed twice before the flush stays unindexed (its postings could
    // describe either text)
    const qint64 c = addText(*store, QStringLiteral("c.txt"), "delta");
    store->grep().add(c, GrepStore::trigramsOf("epsilon"));
    QVERIFY(store->grep().flush());
    QVERIFY(store->commit());
    QCOMPARE(with(*store, "gam"), ids({a, b}));
    QCOMPARE(with(*store, "alp"), ids({a, b})); // a's old text: a candidate only
    QCOMPARE(with(*store, "eps"), ids({c}));
    QCOMPARE(with(*store, "del"), ids({c}));
    QCOMPARE(*store->grep().unindexedFiles(), ids({c}));
    const QList<GrepSegment> segments = store->grep().segments();
    QCOMPARE(segments.size(), 2);
    QCOMPARE(segments.at(0).liveFiles, 0); // a and b moved on
    QCOMPARE(segments.at(1).liveFiles, 2);
}

void tst_GrepStore::removedAndClearedFilesAreNotSearchable()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    const qint64 a = addFile(*store, QStringLiteral("a.py"), "def a():\n    return 1\n");
    const qint64 b = addFile(*store, QStringLiteral("b.py"), "def b():\n    return 2\n");
    QVERIFY(a && b);
    // replaceFileContent made them searchable and unindexed
    QCOMPARE(*store->grep().unindexedFiles(), ids({a, b}));
    QCOMPARE(store->grep().searchableCount(), 2);
    QVERIFY(store->clearFileContent(a));
    QVERIFY(store->removeFile(QStringLiteral("b.py")));
    QCOMPARE(store->grep().searchableCount(), 0);
    QVERIFY(store->grep().unindexedFiles()->empty());
    QVERIFY(store->grep().files(nullptr)->isEmpty());
}

void tst_GrepStore::tiersMergeAndOldTextGoes()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->beginTransaction());
    QList<qint64> files;
    // three small segments: one tier, not yet four of them
    for (int i = 0; i < 3; ++i) {
        files << addText(*store, QStringLiteral("f%1.txt").arg(i), QByteArray(QByteArray("common text, number ") + QByteArray::number(i)));
        QVERIFY(store->grep().flush());
    }
    int merged = -1;
    QVERIFY(store->grep().maintain(&merged));
    QCOMPARE(merged, 0);
    QCOMPARE(store->grep().segments().size(), 3);
    // the fourth makes the tier full: all four become one
    files << addText(*store, QStringLiteral("f3.txt"), "common text, number 3");
    QVERIFY(store->grep().flush());
    QVERIFY(store->grep().maintain(&merged));
    QCOMPARE(merged, 4);
    QCOMPARE(store->grep().segments().size(), 1);
    QCOMPARE(with(*store, "com"), ids({files[0], files[1], files[2], files[3]}));
    QCOMPARE(with(*store, "r 2"), ids({files[2]}));

    // most files change: the merge that follows drops the postings of their old text
    for (int i = 0; i < 3; ++i) {
        QVERIFY(store->grep().setUnindexed(files[i]));
        store->grep().add(files[i], GrepStore::trigramsOf(QByteArray(QByteArray("rewritten ") + QByteArray::number(i))));
    }
    QVERIFY(store->grep().flush());
    QCOMPARE(with(*store, "com"), ids({files[0], files[1], files[2], files[3]})); // old text: candidates
    QVERIFY(store->grep().maintain(&merged));
    QCOMPARE(merged, 2);
    QVERIFY(store->commit());
    QCOMPARE(store->grep().segments().size(), 1);
    QCOMPARE(with(*store, "com"), ids({files[3]}));
    QCOMPARE(with(*store, "rew"), ids({files[0], files[1], files[2]}));
    const GrepSegment s = store->grep().segments().first();
    QCOMPARE(s.files, 4);
    QCOMPARE(s.liveFiles, 4);
    QVERIFY(store->grep().unindexedFiles()->empty());
}

void tst_GrepStore::mergeAllKeepsEveryLivePosting()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->beginTransaction());
    // many files over many segments, a few rewritten; the merge keeps exactly the postings
    // of the current texts
    QHash<qint64, QByteArray> texts;
    for (int i = 0; i < 60; ++i) {
        QByteArray text = "file " + QByteArray::number(i * 7919 % 1000) + (i % 3 ? " even" : " odd") + " \xc3\xa9t\xc3\xa9";
        const qint64 id = addText(*store, QStringLiteral("f%1").arg(i, 3, 10, QLatin1Char('0')), text);
        texts.insert(id, text);
        if (i % 7 == 6)
            QVERIFY(store->grep().flush());
    }
    QVERIFY(store->grep().flush());
    for (qint64 id : {qint64(3), qint64(17), qint64(42)}) {
        QVERIFY(store->grep().setUnindexed(id));
        texts[id] = "rewritten " + QByteArray::number(id);
        store->grep().add(id, GrepStore::trigramsOf(texts[id]));
    }
    QVERIFY(store->grep().flush());
    QVERIFY(store->grep().mergeAll());
    QVERIFY(store->commit());
    QCOMPARE(store->grep().segments().size(), 1);
    // every trigram of every text lists exactly the files whose text has it
    QHash<Trigram, std::vector<quint32>> expected;
    for (auto it = texts.cbegin(); it != texts.cend(); ++it) {
        for (Trigram t : GrepStore::trigramsOf(it.value()))
            expected[t].push_back(quint32(it.key()));
    }
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        std::sort(it->begin(), it->end());
        auto got = store->grep().filesWith(it.key());
        QVERIFY(got);
        QCOMPARE(*got, *it);
    }
    qint64 postings = 0;
    for (const auto &list : std::as_const(expected))
        postings += qint64(list.size());
    QCOMPARE(store->grep().stats().postings, postings);
}

void tst_GrepStore::resetUnindexesEverything()
{
    QTemporaryDir dir;
    auto store = openStore(dir);
    QVERIFY(store);
    QVERIFY(store->beginTransaction());
    const qint64 a = addText(*store, QStringLiteral("a.txt"), "hello");
    QVERIFY(store->grep().flush());
    QVERIFY(store->grep().reset());
    QVERIFY(store->commit());
    QCOMPARE(*store->grep().unindexedFiles(), ids({a}));
    QVERIFY(store->grep().filesWith(tri("hel"))->empty());
    QCOMPARE(store->grep().segments().size(), 0);
}

void tst_GrepStore::missingTablesAreRebuilt()
{
    QTemporaryDir dir;
    QString path;
    qint64 a = 0;
    {
        auto store = openStore(dir);
        QVERIFY(store);
        path = store->path();
        a = addFile(*store, QStringLiteral("a.py"), "x = 1\n");
        QVERIFY(store->beginTransaction());
        store->grep().add(a, GrepStore::trigramsOf("x = 1\n"));
        QVERIFY(store->grep().flush());
        QVERIFY(store->commit());
        QVERIFY(store->grep().unindexedFiles()->empty());
    }
    {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DROP TABLE grep_postings; DROP TABLE grep_files;", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    // a reader still lists the files with text (from the files table)
    {
        auto reader = IndexStore::open(path, IndexStore::Mode::ReadOnly);
        QVERIFY(reader);
        auto files = (*reader)->grep().files(nullptr);
        QVERIFY(files);
        QCOMPARE(files->size(), 1);
    }
    // the writer recreates them; the file waits for its postings
    auto store = IndexStore::open(path, IndexStore::Mode::ReadWrite);
    QVERIFY(store);
    QCOMPARE(*(*store)->grep().unindexedFiles(), ids({a}));
    QCOMPARE((*store)->grep().segments().size(), 0);
    QVERIFY((*store)->checkIntegrity(true));
    // and leaves a complete index alone
    auto again = IndexStore::open(path, IndexStore::Mode::ReadWrite);
    QVERIFY(again);
    QVERIFY(!*(*again)->grep().repairMissingTables());
}

void tst_GrepStore::damagedPostingsAreReported()
{
    QTemporaryDir dir;
    QString path;
    {
        auto store = openStore(dir);
        QVERIFY(store);
        path = store->path();
        QVERIFY(store->beginTransaction());
        addText(*store, QStringLiteral("a.txt"), "hello");
        QVERIFY(store->grep().flush());
        QVERIFY(store->commit());
    }
    {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        // a varint that never ends
        QCOMPARE(sqlite3_exec(db, "UPDATE grep_postings SET ids = x'8080'", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    QVERIFY(!Damage::reason(path));
    auto reader = IndexStore::open(path, IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    auto r = (*reader)->grep().filesWith(tri("hel"));
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::Corrupt);
    // marked like any damage: the next writer moves the index aside and rebuilds it
    QVERIFY(Damage::reason(path));
    QVERIFY(Damage::reason(path)->contains(QStringLiteral("grep index")));
    Damage::clear(path);
}

void tst_GrepStore::readerOfAnIndexWithoutGrepTables()
{
    QTemporaryDir dir;
    QString path;
    {
        auto store = openStore(dir);
        QVERIFY(store);
        path = store->path();
        QVERIFY(addFile(*store, QStringLiteral("a.py"), "x = 1\n"));
    }
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, "DROP TABLE grep_postings; DROP TABLE grep_files; DROP TABLE grep_segments;", nullptr,
                          nullptr, nullptr),
             SQLITE_OK);
    sqlite3_close(db);
    auto reader = IndexStore::open(path, IndexStore::Mode::ReadOnly);
    QVERIFY(reader);
    QVERIFY(!(*reader)->grep().unindexedFiles());       // an error, not "nothing unindexed"
    QVERIFY(!(*reader)->grep().filesWith(tri("x =")));  // likewise
    QCOMPARE((*reader)->grep().files(nullptr)->size(), 1);
    QCOMPARE((*reader)->grep().searchableCount(), 0);
}

QTEST_GUILESS_MAIN(tst_GrepStore)
#include "tst_grepstore.moc"
