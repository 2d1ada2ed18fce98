// The draft pass of a first index: every new file is keyword-searchable from plain-text
// windows before anything is parsed; parsed chunks replace a file's drafts as soon as that file
// is written; a completed run leaves no draft behind, an interrupted one leaves them searchable
// until the next run completes.

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

class tst_Drafts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void keywordSearchWorksBeforeParsing();
    void interruptedRunKeepsDraftsUntilFilesAreParsed();
    void smallRunsWriteNoDrafts();

private:
    void write(const QString &rel, const QByteArray &content);
    std::unique_ptr<IndexStore> open(IndexStore::Mode mode = IndexStore::Mode::ReadOnly) const;
    // path:first-last:kind:draft|parsed of the top hits (a draft has a negative id)
    static QStringList describe(const SearchResponse &r, int n);
    // The same for a keyword search (no vectors); "error: ..." when it fails.
    static QStringList top(const IndexStore *store, const QString &query, int n);

    std::unique_ptr<QTemporaryDir> m_root;
    std::unique_ptr<QTemporaryDir> m_data;
    QString m_db;
};

void tst_Drafts::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_Drafts::write(const QString &rel, const QByteArray &content)
{
    const QString path = m_root->path() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

std::unique_ptr<IndexStore> tst_Drafts::open(IndexStore::Mode mode) const
{
    auto s = IndexStore::open(m_db, mode);
    return s ? std::move(*s) : nullptr;
}

QStringList tst_Drafts::describe(const SearchResponse &r, int n)
{
    QStringList out;
    for (const SearchHit &h : r.hits.mid(0, n)) {
        out << QStringLiteral("%1:%2-%3:%4:%5")
                   .arg(h.chunk.path)
                   .arg(h.chunk.startLine)
                   .arg(h.chunk.endLine)
                   .arg(chunkKindName(h.chunk.kind), h.chunk.id < 0 ? QStringLiteral("draft") : QStringLiteral("parsed"));
    }
    return out;
}

QStringList tst_Drafts::top(const IndexStore *store, const QString &query, int n)
{
    Searcher searcher(store);
    SearchOptions options;
    options.vectors = false;
    auto r = searcher.search(query, options);
    return r ? describe(*r, n) : QStringList{QStringLiteral("error: ") + r.error().toString()};
}

void tst_Drafts::init()
{
    m_root = std::make_unique<QTemporaryDir>();
    m_data = std::make_unique<QTemporaryDir>();
    m_db = m_data->filePath(QStringLiteral("index.sqlite"));
    QByteArray widgets = "\"\"\"Widgets.\"\"\"\n\nimport os\n\n\n";
    for (int i = 0; i < 50; ++i)
        widgets += "PADDING_" + QByteArray::number(i) + " = " + QByteArray::number(i) + "\n";
    widgets += "\n\ndef frobnicate_widget(widget, level):\n"
               "    \"\"\"Frobnicates the widget to the given level.\"\"\"\n"
               "    return widget.frob(level)\n";
    write(QStringLiteral("pkg/widgets.py"), widgets); // the function sits on lines 58-60
    write(QStringLiteral("pkg/gears.py"), "def turn_gear(gear):\n    return gear.turn() + frobnicate_count\n");
    write(QStringLiteral("src/engine.c"), "int ignite(int spark)\n{\n    return spark * 2;\n}\n");
    write(QStringLiteral("docs/guide.md"), "# Guide\n\nHow to frobnicate a widget safely.\n");
    write(QStringLiteral("data/blob.txt"), QByteArray("\x00\x01\x02frobnicate\x00", 14));
}

void tst_Drafts::keywordSearchWorksBeforeParsing()
{
    IndexOptions options;
    options.draftMinFiles = 1;
    options.gitHistory = false;
    QStringList duringDrafts;
    QStringList pendingDuringDrafts;
    int draftCount = 0;
    QString draftText;
    options.afterDrafts = [&] {
        auto store = open();
        QVERIFY(store);
        QVERIFY(store->drafts().exists());
        draftCount = store->drafts().count();
        QCOMPARE(store->chunks().count(), 0); // nothing parsed yet
        for (const FileRecord &f : store->files().all()) {
            if (f.status == FileStatus::Pending)
                pendingDuringDrafts << f.path;
        }
        Searcher searcher(store.get());
        SearchOptions so;
        so.vectors = false;
        auto r = searcher.search(QStringLiteral("frobnicate_widget level"), so);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        duringDrafts = describe(*r, 2);
        if (!r->hits.isEmpty()) {
            const auto chunk = store->chunks().chunk(r->hits.first().chunk.id);
            QVERIFY(chunk);
            draftText = chunk->text;
        }
    };
    Indexer indexer(m_root->path(), m_db, options);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));

    // During the draft pass: text windows of the four text files (not the binary one), the
    // files pending, the function's window found first.
    pendingDuringDrafts.sort();
    QCOMPARE(pendingDuringDrafts, (QStringList{QStringLiteral("docs/guide.md"), QStringLiteral("pkg/gears.py"),
                                               QStringLiteral("pkg/widgets.py"), QStringLiteral("src/engine.c")}));
    QCOMPARE(draftCount, 5); // widgets.py: two 40-line windows
    QCOMPARE(duringDrafts.value(0), QStringLiteral("pkg/widgets.py:41-60:text:draft"));
    QVERIFY2(draftText.contains(QLatin1String("def frobnicate_widget(widget, level):")), qPrintable(draftText));
    QCOMPARE(report->draftedFiles, 4);
    QVERIFY(report->keywordReadySeconds > 0);
    QVERIFY(report->keywordReadySeconds <= report->seconds);

    // Afterwards: no drafts, the parsed function is the answer, every file has its real status.
    auto store = open();
    QVERIFY(store);
    QVERIFY(!store->drafts().exists());
    QCOMPARE(store->drafts().count(), 0);
    // They lived in their own file beside the index, now gone: the index holds no trace.
    QVERIFY(!QFileInfo::exists(m_db + QStringLiteral("-drafts")));
    QVERIFY(!QFileInfo::exists(m_db + QStringLiteral("-drafts.tmp")));
    QCOMPARE(store->files().count(FileStatus::Pending), 0);
    QCOMPARE(store->files().file(QStringLiteral("data/blob.txt"))->status, FileStatus::Binary);
    QCOMPARE(top(store.get(), QStringLiteral("frobnicate_widget level"), 1).value(0),
             QStringLiteral("pkg/widgets.py:58-60:function:parsed"));
}

void tst_Drafts::interruptedRunKeepsDraftsUntilFilesAreParsed()
{
    std::atomic_bool cancel{false};
    {
        IndexOptions options;
        options.draftMinFiles = 1;
        options.gitHistory = false;
        options.afterDrafts = [&] { cancel.store(true); }; // stopped right after the drafts
        Indexer indexer(m_root->path(), m_db, options);
        auto report = indexer.run({}, &cancel);
        QVERIFY(report);
        QVERIFY(report->cancelled);
        QCOMPARE(report->draftedFiles, 4);
    }
    {
        auto store = open();
        QVERIFY(store->drafts().exists());
        QCOMPARE(top(store.get(), QStringLiteral("ignite spark"), 1).value(0), QStringLiteral("src/engine.c:1-4:text:draft"));
    }
    // A watcher update parses one file: its drafts stop counting, the others' still do.
    IndexOptions options;
    options.draftMinFiles = 0;
    options.gitHistory = false;
    Indexer indexer(m_root->path(), m_db, options);
    auto updated = indexer.update({QStringLiteral("pkg/widgets.py")});
    QVERIFY(updated);
    {
        auto store = open();
        QVERIFY(store->drafts().exists());
        QStringList got = top(store.get(), QStringLiteral("frobnicate"), 10);
        got.sort();
        QCOMPARE(got, (QStringList{QStringLiteral("docs/guide.md:1-3:text:draft"),
                                   QStringLiteral("pkg/gears.py:1-2:text:draft"),
                                   QStringLiteral("pkg/widgets.py:58-60:function:parsed")}));
    }
    // The next full run completes: every file parsed, the drafts gone, also for a connection
    // that had them open.
    auto reader = open();
    QVERIFY(reader->drafts().exists());
    auto report = indexer.run();
    QVERIFY(report);
    QCOMPARE(report->draftedFiles, 0);
    QVERIFY(!QFileInfo::exists(m_db + QStringLiteral("-drafts")));
    QVERIFY(!reader->drafts().exists());
    QCOMPARE(top(reader.get(), QStringLiteral("ignite spark"), 1).value(0),
             QStringLiteral("src/engine.c:1-4:function:parsed"));
    auto store = open();
    QVERIFY(!store->drafts().exists());
    QCOMPARE(store->files().count(FileStatus::Pending), 0);
    QCOMPARE(store->files().file(QStringLiteral("src/engine.c"))->status, FileStatus::Indexed);
    QVERIFY(store->checkIntegrity(true));
}

void tst_Drafts::smallRunsWriteNoDrafts()
{
    IndexOptions options; // default threshold: a first index of at least 1,000 files
    options.gitHistory = false;
    bool called = false;
    options.afterDrafts = [&] { called = true; };
    Indexer indexer(m_root->path(), m_db, options);
    auto report = indexer.run();
    QVERIFY(report);
    QVERIFY(!called);
    QCOMPARE(report->draftedFiles, 0);
    QCOMPARE(report->keywordReadySeconds, 0.0);
}

QTEST_GUILESS_MAIN(tst_Drafts)
#include "tst_drafts.moc"
