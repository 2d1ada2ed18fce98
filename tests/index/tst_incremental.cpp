// Indexer::update(): only the given paths are touched; deletes, renames, new folders, changed
// ignore files; unchanged chunks keep their rows (ids, summaries, vectors).

#include "core/index/indexer.h"
#include "core/index/indexersteps_p.h"
#include "core/store/indexstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/time.h>

using namespace RepoLens;

class tst_Incremental : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void updateTouchesOnlyTheGivenPaths();
    void deletedFileLeaves();
    void renamedFileMoves();
    void deletedFolderLeaves();
    void newFolderIsScanned();
    void folderReplacedByFile();
    void changedIgnoreFileRescansItsFolder();
    void rootIgnoreFileFallsBackToFullScan();
    void unchangedChunksKeepRowsSummariesAndVectors();
    void referencesAreLinkedAfterUpdate();
    void pathsOutsideTheRootAreIgnored();
    void incrementalLinkingMatchesAFullIndex();
    void updatePathsAreCleaned();
    void outermostFoldersOnly();
    void languagesTheNameDoesNotSay();

private:
    void write(const QString &rel, const QByteArray &content);
    std::unique_ptr<IndexStore> store() const;
    QString root() const { return m_root->path(); }

    std::unique_ptr<QTemporaryDir> m_root;
    std::unique_ptr<QTemporaryDir> m_data;
    QString m_db;
};

void tst_Incremental::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_Incremental::write(const QString &rel, const QByteArray &content)
{
    const QString path = root() + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
    f.close();
    // A different mtime than any earlier write of the same file, even within one millisecond.
    static qint64 tick = 0;
    const qint64 when = QDateTime::currentSecsSinceEpoch() + (++tick);
    struct timeval times[2] = {{time_t(when), 0}, {time_t(when), 0}};
    ::utimes(QFile::encodeName(path).constData(), times);
}

std::unique_ptr<IndexStore> tst_Incremental::store() const
{
    auto opened = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
    if (!opened)
        return nullptr;
    return std::move(*opened);
}

void tst_Incremental::init()
{
    m_root = std::make_unique<QTemporaryDir>();
    m_data = std::make_unique<QTemporaryDir>();
    m_db = m_data->filePath(QStringLiteral("index.sqlite"));
    write(QStringLiteral("a.py"), "def alpha():\n    return 1\n");
    write(QStringLiteral("b.py"), "def beta():\n    return alpha()\n");
    write(QStringLiteral("pkg/c.py"), "def gamma():\n    return 3\n");
    write(QStringLiteral("pkg/sub/d.py"), "def delta():\n    return 4\n");
    write(QStringLiteral("notes/readme.txt"), "plain words about nothing\n");
    Indexer indexer(root(), m_db);
    auto report = indexer.run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QCOMPARE(report->filesParsed, 5);
}

void tst_Incremental::updateTouchesOnlyTheGivenPaths()
{
    write(QStringLiteral("a.py"), "def alpha_changed():\n    return 11\n");
    write(QStringLiteral("b.py"), "def beta_changed():\n    return 22\n");
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("a.py")});
    QVERIFY2(report, qPrintable(report ? QString() : report.error().toString()));
    QVERIFY(!report->fullScan);
    QCOMPARE(report->filesScanned, 1);
    QCOMPARE(report->filesParsed, 1);
    auto s = store();
    QVERIFY(s);
    QCOMPARE(s->symbols().named(QStringLiteral("alpha_changed")).size(), 1);
    QCOMPARE(s->symbols().named(QStringLiteral("alpha")).size(), 0);
    // b.py changed on disk too but was not named: the index still has the old one
    QCOMPARE(s->symbols().named(QStringLiteral("beta")).size(), 1);
    QCOMPARE(s->symbols().named(QStringLiteral("beta_changed")).size(), 0);

    // Touched but not changed: no parse, mtime refreshed.
    auto again = indexer.update({QStringLiteral("a.py")});
    QVERIFY(again);
    QCOMPARE(again->filesParsed, 0);
    QCOMPARE(again->filesUnchanged, 1);
}

void tst_Incremental::deletedFileLeaves()
{
    QVERIFY(QFile::remove(root() + QStringLiteral("/pkg/c.py")));
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("pkg/c.py")});
    QVERIFY(report);
    QCOMPARE(report->filesRemoved, 1);
    auto s = store();
    QVERIFY(!s->files().file(QStringLiteral("pkg/c.py")));
    QCOMPARE(s->symbols().named(QStringLiteral("gamma")).size(), 0);
    QCOMPARE(s->chunks().search(QStringLiteral("\"gamma\""), 10)->size(), 0);
}

void tst_Incremental::renamedFileMoves()
{
    QVERIFY(QFile::rename(root() + QStringLiteral("/pkg/c.py"), root() + QStringLiteral("/pkg/c2.py")));
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("pkg/c.py"), QStringLiteral("pkg/c2.py")});
    QVERIFY(report);
    auto s = store();
    QVERIFY(!s->files().file(QStringLiteral("pkg/c.py")));
    QVERIFY(s->files().file(QStringLiteral("pkg/c2.py")));
    const auto gamma = s->symbols().named(QStringLiteral("gamma"));
    QCOMPARE(gamma.size(), 1);
    QCOMPARE(gamma.first().path, QStringLiteral("pkg/c2.py"));
}

void tst_Incremental::deletedFolderLeaves()
{
    QVERIFY(QDir(root() + QStringLiteral("/pkg")).removeRecursively());
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("pkg")});
    QVERIFY(report);
    QCOMPARE(report->filesRemoved, 2);
    auto s = store();
    QVERIFY(s->files().under(QStringLiteral("pkg")).isEmpty());
    QVERIFY(s->files().file(QStringLiteral("a.py")));
}

void tst_Incremental::newFolderIsScanned()
{
    write(QStringLiteral("fresh/one.py"), "def one():\n    pass\n");
    write(QStringLiteral("fresh/deeper/two.py"), "def two():\n    pass\n");
    write(QStringLiteral("fresh/node_modules/x.js"), "function ignored() {}\n");
    Indexer indexer(root(), m_db);
    // A watcher reports the new folder, not the files created in it before it was watched.
    auto report = indexer.update({QStringLiteral("fresh")});
    QVERIFY(report);
    QCOMPARE(report->filesParsed, 2);
    auto s = store();
    QCOMPARE(s->symbols().named(QStringLiteral("two")).size(), 1);
    const auto nm = s->files().file(QStringLiteral("fresh/node_modules"));
    QVERIFY(nm);
    QCOMPARE(nm->status, FileStatus::Ignored);
    QVERIFY(!s->files().file(QStringLiteral("fresh/node_modules/x.js")));
}

void tst_Incremental::folderReplacedByFile()
{
    QVERIFY(QDir(root() + QStringLiteral("/pkg/sub")).removeRecursively());
    write(QStringLiteral("pkg/sub"), "just a file now\n");
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("pkg/sub")});
    QVERIFY(report);
    auto s = store();
    QVERIFY(!s->files().file(QStringLiteral("pkg/sub/d.py")));
    const auto f = s->files().file(QStringLiteral("pkg/sub"));
    QVERIFY(f);
    QVERIFY(!f->isDir);
}

void tst_Incremental::changedIgnoreFileRescansItsFolder()
{
    Indexer indexer(root(), m_db);
    write(QStringLiteral("pkg/.gitignore"), "sub/\n");
    auto report = indexer.update({QStringLiteral("pkg/.gitignore")});
    QVERIFY(report);
    QVERIFY(!report->fullScan);
    {
        auto s = store();
        QVERIFY(!s->files().file(QStringLiteral("pkg/sub/d.py")));
        const auto sub = s->files().file(QStringLiteral("pkg/sub"));
        QVERIFY(sub);
        QCOMPARE(sub->status, FileStatus::Ignored);
        QVERIFY2(sub->reason.contains(QStringLiteral("pkg/.gitignore:1")), qPrintable(sub->reason));
        QCOMPARE(s->symbols().named(QStringLiteral("delta")).size(), 0);
    }
    // The same Indexer (cached rules) sees the rule go away.
    QVERIFY(QFile::remove(root() + QStringLiteral("/pkg/.gitignore")));
    report = indexer.update({QStringLiteral("pkg/.gitignore")});
    QVERIFY(report);
    auto s = store();
    QCOMPARE(s->symbols().named(QStringLiteral("delta")).size(), 1);
    QVERIFY(!s->files().file(QStringLiteral("pkg/sub")));
}

void tst_Incremental::rootIgnoreFileFallsBackToFullScan()
{
    write(QStringLiteral(".gitignore"), "notes/\n");
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral(".gitignore")});
    QVERIFY(report);
    QVERIFY(report->fullScan);
    auto s = store();
    QVERIFY(!s->files().file(QStringLiteral("notes/readme.txt")));
    QCOMPARE(s->files().file(QStringLiteral("notes"))->status, FileStatus::Ignored);
}

void tst_Incremental::unchangedChunksKeepRowsSummariesAndVectors()
{
    write(QStringLiteral("m.py"), "def first():\n    return 1\n\n\ndef second():\n    return 2\n\n\n"
                                  "def third():\n    return 3\n");
    Indexer indexer(root(), m_db);
    QVERIFY(indexer.update({QStringLiteral("m.py")}));
    qint64 secondId = 0;
    qint64 thirdId = 0;
    QByteArray secondHash;
    {
        auto rw = IndexStore::open(m_db, IndexStore::Mode::ReadWrite);
        QVERIFY(rw);
        const auto file = (*rw)->files().file(QStringLiteral("m.py"));
        for (const ChunkRecord &c : (*rw)->chunks().ofFile(file->id)) {
            if (c.name == QLatin1String("second")) {
                secondId = c.id;
                secondHash = c.contentHash;
            } else if (c.name == QLatin1String("third")) {
                thirdId = c.id;
            }
        }
        QVERIFY(secondId && thirdId);
        QVERIFY((*rw)->beginTransaction());
        QVERIFY((*rw)->chunks().setSummary(secondId, QStringLiteral("returns two, summarised")));
        QVERIFY((*rw)->embeddings().put(QStringLiteral("test-model"), {{secondHash, QByteArray(16, 'v')}}));
        QVERIFY((*rw)->commit());
    }
    // A new function above moves the others down; `third` changes its body.
    write(QStringLiteral("m.py"), "def zeroth():\n    return 0\n\n\ndef first():\n    return 1\n\n\n"
                                  "def second():\n    return 2\n\n\ndef third():\n    return 33\n");
    auto report = indexer.update({QStringLiteral("m.py")});
    QVERIFY(report);
    auto s = store();
    const auto file = s->files().file(QStringLiteral("m.py"));
    bool sawSecond = false;
    for (const ChunkRecord &c : s->chunks().ofFile(file->id)) {
        if (c.name == QLatin1String("second")) {
            sawSecond = true;
            QCOMPARE(c.id, secondId);
            QCOMPARE(c.summary, QStringLiteral("returns two, summarised"));
            QCOMPARE(c.startLine, 9);
            QCOMPARE(s->embeddings().chunkVector(c.id, QStringLiteral("test-model")), QByteArray(16, 'v'));
        } else if (c.name == QLatin1String("third")) {
            QVERIFY(c.id != thirdId);
        }
    }
    QVERIFY(sawSecond);
    // The moved chunk is still found by its text and its summary, once.
    auto hits = s->chunks().search(QStringLiteral("\"summarised\""), 10);
    QVERIFY(hits);
    QCOMPARE(hits->size(), 1);
    QCOMPARE(hits->first().chunkId, secondId);
    QCOMPARE(s->symbols().named(QStringLiteral("second")).first().line, 9);
    QVERIFY(s->checkIntegrity(true));
}

void tst_Incremental::referencesAreLinkedAfterUpdate()
{
    write(QStringLiteral("e.py"), "def epsilon():\n    return gamma()\n");
    Indexer indexer(root(), m_db);
    QVERIFY(indexer.update({QStringLiteral("e.py")}));
    auto s = store();
    const auto gamma = s->symbols().named(QStringLiteral("gamma"));
    QCOMPARE(gamma.size(), 1);
    const auto refs = s->symbols().refsToSymbol(gamma.first().id);
    QCOMPARE(refs.size(), 1);
    QCOMPARE(refs.first().path, QStringLiteral("e.py"));
    QCOMPARE(s->meta(QStringLiteral("refs_resolved")), QStringLiteral("1"));
}

void tst_Incremental::pathsOutsideTheRootAreIgnored()
{
    Indexer indexer(root(), m_db);
    auto report = indexer.update({QStringLiteral("../outside.py"), QStringLiteral("/"), QString()});
    QVERIFY(report);
    QCOMPARE(report->filesScanned, 0);
    QCOMPARE(store()->files().count(FileStatus::Indexed), 5);
}

namespace {

// Every reference of the index with what it resolves to, in words: comparable across databases.
QStringList linkedReferences(const QString &dbPath)
{
    QStringList out;
    auto store = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    if (!store)
        return {QStringLiteral("cannot open: ") + store.error().toString()};
    const QHash<QString, FileRecord> files = (*store)->files().all();
    for (const FileRecord &f : files) {
        for (const RefRecord &r : (*store)->symbols().refsInFile(f.id)) {
            QString target = QStringLiteral("-");
            if (r.toSymbolId) {
                const auto sym = (*store)->symbols().symbol(r.toSymbolId);
                target = sym ? sym->path + u':' + QString::number(sym->line) + u' ' + sym->qualifiedName
                             : QStringLiteral("dangling");
            }
            out << QStringLiteral("%1:%2:%3 %4 -> %5").arg(r.path).arg(r.line).arg(r.column).arg(r.name, target);
        }
    }
    out.sort();
    return out;
}

} // namespace

// Watcher updates link only what can have changed; the result must be what a full index of
// the same tree gives, through renames, duplicates (ambiguity), deleted and new files, imports.
void tst_Incremental::incrementalLinkingMatchesAFullIndex()
{
    auto module = [](int i, const QString &name, int calls, int importFrom) {
        QByteArray text;
        if (importFrom >= 0)
            text += QStringLiteral("from lib.m%1 import *\n\n").arg(importFrom).toUtf8();
        text += QStringLiteral("def %1():\n    return %2\n\n").arg(name).arg(i).toUtf8();
        text += QStringLiteral("def caller_%1():\n    return f%2() + shared()\n").arg(i).arg(calls).toUtf8();
        return text;
    };
    for (int i = 0; i < 12; ++i)
        write(QStringLiteral("lib/m%1.py").arg(i), module(i, QStringLiteral("f%1").arg(i), (i + 1) % 12, (i + 3) % 12));
    write(QStringLiteral("lib/shared.py"), "def shared():\n    return 0\n");
    Indexer watcher(root(), m_db);
    QVERIFY(watcher.run());
    auto step = [&](const QStringList &paths) {
        auto r = watcher.update(paths);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QVERIFY(!r->fullScan);
    };
    // A definition renamed: its callers lose their target.
    write(QStringLiteral("lib/m3.py"), module(3, QStringLiteral("renamed3"), 4, 6));
    step({QStringLiteral("lib/m3.py")});
    // A second definition of a name: unique-anywhere no longer holds, imports decide.
    write(QStringLiteral("lib/dup.py"), "def f5():\n    return 55\n\ndef shared():\n    return 1\n");
    step({QStringLiteral("lib/dup.py")});
    // The rename back, in another file; a file deleted; a new importer.
    write(QStringLiteral("lib/m7.py"), module(7, QStringLiteral("f3"), 8, 0));
    QVERIFY(QFile::remove(root() + QStringLiteral("/lib/m9.py")));
    write(QStringLiteral("app/main.py"), "from lib.m5 import *\n\ndef main():\n    return f5() + f9() + shared()\n");
    step({QStringLiteral("lib/m7.py"), QStringLiteral("lib/m9.py"), QStringLiteral("app/main.py")});
    // The duplicate goes away again; m9 comes back under its name.
    QVERIFY(QFile::remove(root() + QStringLiteral("/lib/dup.py")));
    write(QStringLiteral("lib/m9.py"), module(9, QStringLiteral("f9"), 10, 5));
    step({QStringLiteral("lib/dup.py"), QStringLiteral("lib/m9.py")});

    QTemporaryDir fresh;
    const QString freshDb = fresh.filePath(QStringLiteral("index.sqlite"));
    QVERIFY(Indexer(root(), freshDb).run());
    const QStringList incremental = linkedReferences(m_db);
    const QStringList full = linkedReferences(freshDb);
    QVERIFY(incremental.size() > 40);
    if (incremental != full) {
        for (const QString &line : incremental) {
            if (!full.contains(line))
                qWarning("only incremental: %s", qPrintable(line));
        }
        for (const QString &line : full) {
            if (!incremental.contains(line))
                qWarning("only full:        %s", qPrintable(line));
        }
    }
    QCOMPARE(incremental, full);
}

// The paths a watcher reports, as an update takes them.
void tst_Incremental::updatePathsAreCleaned()
{
    const QStringList paths = IndexerSteps::cleanRelativePaths(
        {QStringLiteral("src/b.py"), QStringLiteral("/src/a.py"), QStringLiteral("src/./b.py"),
         QStringLiteral("src/sub/../a.py"), QStringLiteral("//docs/x.md"), QStringLiteral("."), QStringLiteral(".."),
         QStringLiteral("../outside.py"), QStringLiteral("a/../../up.py"), QString()});
    QCOMPARE(paths, (QStringList{QStringLiteral("docs/x.md"), QStringLiteral("src/a.py"), QStringLiteral("src/b.py")}));
}

// Folders to scan again: one inside another is scanned with it.
void tst_Incremental::outermostFoldersOnly()
{
    QCOMPARE(IndexerSteps::outermostFolders({QStringLiteral("src/a/b"), QStringLiteral("src"), QStringLiteral("lib"),
                                             QStringLiteral("src/a"), QStringLiteral("srcx"), QStringLiteral("lib")}),
             (QStringList{QStringLiteral("lib"), QStringLiteral("src"), QStringLiteral("srcx")}));
    QCOMPARE(IndexerSteps::outermostFolders({}), QStringList());
}

// Scripts by their shebang, `.h` headers by the sources around them, in a full index and in an
// update; their definitions are indexed in that language.
void tst_Incremental::languagesTheNameDoesNotSay()
{
    write(QStringLiteral("bin/release"), "#!/usr/bin/env ruby\ndef tag_release(version)\n  puts version\nend\n");
    write(QStringLiteral("bin/setup"), "#!/bin/bash\nprepare_machine() {\n  echo ready\n}\n");
    write(QStringLiteral("bin/notes"), "no shebang, no extension\n");
    write(QStringLiteral("objc/Downloader.m"), "#import \"Downloader.h\"\n@implementation Downloader\n- (void)start {}\n@end\n");
    write(QStringLiteral("objc/Downloader.h"), "@interface Downloader : NSObject\n- (void)start;\n@end\n");
    write(QStringLiteral("native/codec.c"), "int codec_init(void) { return 0; }\n");
    write(QStringLiteral("native/include/codec.h"), "struct codec_state { int rate; };\nint codec_init(void);\n");
    write(QStringLiteral("cpp/shape.cpp"), "#include \"shape.h\"\n");
    write(QStringLiteral("cpp/shape.h"), "namespace geo { class Shape { public: virtual ~Shape(); }; }\n");
    Indexer indexer(root(), m_db);
    QVERIFY(indexer.run());
    auto s = store();
    QVERIFY(s);
    const QHash<QString, LanguageId> expected = {
        {QStringLiteral("bin/release"), LanguageId::Ruby},       {QStringLiteral("bin/setup"), LanguageId::Bash},
        {QStringLiteral("bin/notes"), LanguageId::PlainText},    {QStringLiteral("objc/Downloader.h"), LanguageId::ObjC},
        {QStringLiteral("native/include/codec.h"), LanguageId::C}, {QStringLiteral("cpp/shape.h"), LanguageId::Cpp},
    };
    for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
        const auto file = s->files().file(it.key());
        QVERIFY2(file, qPrintable(it.key()));
        QVERIFY2(file->language == it.value(), qPrintable(it.key() + u": " + languageName(file->language)));
    }
    QCOMPARE(s->symbols().named(QStringLiteral("tag_release")).size(), 1);
    QCOMPARE(s->symbols().named(QStringLiteral("prepare_machine")).size(), 1);
    QCOMPARE(s->symbols().named(QStringLiteral("codec_state")).size(), 1);
    QCOMPARE(s->symbols().named(QStringLiteral("Shape")).size(), 1);
    s.reset();

    // A changed script keeps its language through an update.
    write(QStringLiteral("bin/release"), "#!/usr/bin/env ruby\ndef tag_release_candidate(version)\n  puts version\nend\n");
    QVERIFY(indexer.update({QStringLiteral("bin/release")}));
    s = store();
    QCOMPARE(s->files().file(QStringLiteral("bin/release"))->language, LanguageId::Ruby);
    QCOMPARE(s->symbols().named(QStringLiteral("tag_release_candidate")).size(), 1);
}

QTEST_GUILESS_MAIN(tst_Incremental)
#include "tst_incremental.moc"
