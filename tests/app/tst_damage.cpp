// Damaged and lost indexes, reproduced by writing the bytes, with real processes:
// - one zeroed page (the second 4 KB) made `search` say "the index is empty" and `index` /
//   `index --check` fail with "table files already exists": now found on opening, moved aside
//   and rebuilt;
// - random bytes in the middle went unnoticed (searches quietly lost vectors): any
//   SQLITE_CORRUPT met at run time marks the index damaged and leads to the same repair, said
//   on stderr, and in the app through QueryRunner -> IndexService;
// - conversations and the What Was Sent log are in user.sqlite and survive a rebuild; an old
//   index's are moved out (a real old-format file, scripts/make-user-data-fixture); a damaged
//   user database is kept as a backup and what can be read is saved;
// - a read-only data folder is searched;
// - messages name the file, never the SQL;
// - vectors-*.idx files go with the index they belong to.

#include "core/index/indexservice.h"
#include "core/store/conversationstore.h"
#include "core/store/indexstore.h"
#include "core/store/integrity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>
#include <unistd.h>

using namespace RepoLens;

class tst_Damage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void zeroedPageIsRepaired_data();
    void zeroedPageIsRepaired();
    void damageInTheMiddleIsRepaired_data();
    void damageInTheMiddleIsRepaired();
    void queryRunnerDamageReachesIndexService();
    void userDataSurvivesARebuild();
    void oldIndexUserDataIsMovedOut_data();
    void oldIndexUserDataIsMovedOut();
    void damagedUserDatabaseIsKeptAndSalvaged();
    void readOnlyDataFolderCanBeSearched();
    void errorsNameTheFileNotTheSql();
    void staleVectorFilesGoWithTheIndex();

private:
    struct Run
    {
        int code = -1;
        QString out;
        QString err;
    };
    Run run(const QStringList &args, const QString &program = {});
    // REPOLENS_TEST_CLI runs the CLI cases against another build (how the tests were shown to
    // fail without their fixes: a CLI built from main).
    static QString cli()
    {
        const QString other = qEnvironmentVariable("REPOLENS_TEST_CLI");
        return other.isEmpty() ? QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli") : other;
    }
    // A fresh data folder with the corpus indexed (with vectors); returns the database path.
    QString indexFresh(const QString &data, bool vectors = true);
    static QList<int> pagesOf(const QString &db, const QString &name);
    static void writePage(const QString &db, int page, const QByteArray &bytes);
    static QStringList corruptFiles(const QString &db);
    static bool showsSql(const QString &text);
    // The repaired index answers the needle search with no word of damage.
    void verifyClean(const QString &data);

    QTemporaryDir m_home;
    QString m_root;
};

void tst_Damage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_root = m_home.filePath(QStringLiteral("repo"));
    for (int i = 0; i < 60; ++i) {
        const QString path = m_root + QStringLiteral("/pkg%1/mod%2.py").arg(i % 5).arg(i);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int j = 0; j < 10; ++j)
            f.write(QStringLiteral("def fn_%1_%2(x):\n    \"\"\"Doc %1 %2 about parsing tokens.\"\"\"\n"
                                   "    return helper_%2(x) + %1\n\n")
                        .arg(i)
                        .arg(j)
                        .toUtf8());
        if (i == 42)
            f.write("def needle_function(haystack):\n    \"\"\"Finds the needle.\"\"\"\n    return haystack.index('n')\n");
    }
}

tst_Damage::Run tst_Damage::run(const QStringList &args, const QString &program)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_LOGGING_RULES"));
    env.insert(QStringLiteral("HOME"), m_home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("xdgdata")));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.path());
    p.setProcessEnvironment(env);
    p.start(program.isEmpty() ? cli() : program, args);
    Run r;
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString tst_Damage::indexFresh(const QString &data, bool vectors)
{
    QDir(data).removeRecursively();
    QStringList args = {QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root, QStringLiteral("--quiet")};
    if (!vectors)
        args << QStringLiteral("--no-vectors");
    const Run r = run(args);
    if (r.code != 0)
        qWarning() << "index failed:" << r.err;
    return IndexStore::databasePath(data, m_root);
}

QList<int> tst_Damage::pagesOf(const QString &db, const QString &name)
{
    QList<int> pages;
    sqlite3 *h = nullptr;
    if (sqlite3_open_v2(db.toUtf8().constData(), &h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(h);
        return pages;
    }
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(h, "SELECT pageno FROM dbstat WHERE name = ?1 AND pagetype IN ('internal', 'leaf')"
                              " ORDER BY pageno",
                           -1, &s, nullptr)
        == SQLITE_OK) {
        const QByteArray n = name.toUtf8();
        sqlite3_bind_text(s, 1, n.constData(), int(n.size()), SQLITE_TRANSIENT);
        while (sqlite3_step(s) == SQLITE_ROW)
            pages << sqlite3_column_int(s, 0);
    }
    sqlite3_finalize(s);
    sqlite3_close(h);
    return pages;
}

void tst_Damage::writePage(const QString &db, int page, const QByteArray &bytes)
{
    QFile f(db);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(qint64(page - 1) * 4096));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

QStringList tst_Damage::corruptFiles(const QString &db)
{
    const QFileInfo info(db);
    QStringList out;
    for (const QString &name : info.dir().entryList({info.fileName() + QStringLiteral(".corrupt-*")}, QDir::Files)) {
        if (!name.endsWith(QLatin1String("-wal")) && !name.endsWith(QLatin1String("-shm")))
            out << info.dir().filePath(name);
    }
    return out;
}

bool tst_Damage::showsSql(const QString &text)
{
    static const QRegularExpression sql(
        QStringLiteral("\\b(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|DROP|VALUES|WHERE)\\b"));
    return sql.match(text).hasMatch();
}

void tst_Damage::verifyClean(const QString &data)
{
    const Run again = run({QStringLiteral("--data-dir"), data, QStringLiteral("search"), m_root,
                           QStringLiteral("needle_function")});
    QCOMPARE(again.code, 0);
    QVERIFY2(again.out.contains(QStringLiteral("needle_function")), qPrintable(again.out + again.err));
    QVERIFY2(!again.err.contains(QStringLiteral("damaged")), qPrintable(again.err));
    QVERIFY2(!again.err.contains(QStringLiteral("vectors for")), qPrintable(again.err)); // full coverage
    const QString db = IndexStore::databasePath(data, m_root);
    QVERIFY(!QFileInfo::exists(Damage::markerPath(db)));
    auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().toString()));
    QVERIFY((*store)->checkIntegrity(true));
    QCOMPARE((*store)->files().count(FileStatus::Indexed), 60);
}

void tst_Damage::zeroedPageIsRepaired_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<int>("page");
    // The case: the second page (the meta table's root).
    QTest::newRow("search, page 2") << QStringList{QStringLiteral("search"), QStringLiteral("needle_function")} << 2;
    QTest::newRow("index, page 2") << QStringList{QStringLiteral("index"), QStringLiteral("--no-vectors")} << 2;
    QTest::newRow("index --check, page 2")
        << QStringList{QStringLiteral("index"), QStringLiteral("--check"), QStringLiteral("--no-vectors")} << 2;
    QTest::newRow("symbols, page 2") << QStringList{QStringLiteral("symbols")} << 2;
    // The root of the files table (page 3 in a new database): as bad.
    QTest::newRow("index, page 3") << QStringList{QStringLiteral("index"), QStringLiteral("--no-vectors")} << 3;
}

void tst_Damage::zeroedPageIsRepaired()
{
    QFETCH(QStringList, command);
    QFETCH(int, page);
    const QString data = m_home.filePath(QStringLiteral("zeroed"));
    const QString db = indexFresh(data);
    QVERIFY(QFileInfo::exists(db));
    writePage(db, page, QByteArray(4096, '\0'));
    QFile damaged(db);
    QVERIFY(damaged.open(QIODevice::ReadOnly));
    const QByteArray damagedBytes = damaged.readAll();
    damaged.close();

    QStringList args = {QStringLiteral("--data-dir"), data, command.first(), m_root};
    args += command.mid(1);
    const Run r = run(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("damaged")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("rebuilt")), qPrintable(r.err));
    QVERIFY2(!showsSql(r.err), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("empty")), qPrintable(r.err));
    // The damaged file is kept, byte for byte, beside the new index.
    const QStringList aside = corruptFiles(db);
    QCOMPARE(aside.size(), 1);
    QFile kept(aside.first());
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), damagedBytes);
    verifyClean(data);
}

void tst_Damage::damageInTheMiddleIsRepaired_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<int>("pick");
    // 4 KB of random bytes (seeded) over one page of a table the command reads: the vectors
    // (a search reads them all when the vector file is missing and is built again from them),
    // the files (every index run compares them with the folder), or any table under
    // `index --check`.
    for (int pick = 0; pick < 2; ++pick) {
        QTest::addRow("embeddings, search, %d", pick)
            << QStringLiteral("embeddings") << QStringList{QStringLiteral("search"), QStringLiteral("parsing tokens")}
            << pick;
        QTest::addRow("files, index, %d", pick)
            << QStringLiteral("files") << QStringList{QStringLiteral("index")} << pick;
        QTest::addRow("refs_name, index --check, %d", pick)
            << QStringLiteral("refs_name") << QStringList{QStringLiteral("index"), QStringLiteral("--check")} << pick;
    }
}

void tst_Damage::damageInTheMiddleIsRepaired()
{
    QFETCH(QString, table);
    QFETCH(QStringList, command);
    QFETCH(int, pick);
    const QString data = m_home.filePath(QStringLiteral("middle"));
    const QString db = indexFresh(data);
    QList<int> pages = pagesOf(db, table);
    pages.removeIf([](int p) { return p < 3; }); // past the schema and the meta table
    QVERIFY2(!pages.isEmpty(), qPrintable(table));
    QRandomGenerator random(1717 + pick);
    const int page = pages.at(int(random.bounded(quint32(pages.size()))));
    QByteArray bytes(4096, '\0');
    for (char &c : bytes)
        c = char(random.bounded(256));
    writePage(db, page, bytes);
    if (table == QLatin1String("embeddings")) {
        // A vector file that a complete embedding run left is opened without the stored vectors;
        // without it, the search builds the vector index from every one of them.
        const QDir folder = QFileInfo(db).dir();
        const QStringList vectorFiles = folder.entryList({QStringLiteral("vectors-*.idx")}, QDir::Files);
        QVERIFY(!vectorFiles.isEmpty());
        for (const QString &name : vectorFiles)
            QVERIFY(QFile::remove(folder.filePath(name)));
    }

    QStringList args = {QStringLiteral("--data-dir"), data, command.first(), m_root};
    args += command.mid(1);
    const Run r = run(args);
    const QString what = QStringLiteral("page %1 of %2: %3").arg(page).arg(table, r.err);
    QVERIFY2(r.code == 0, qPrintable(what));
    QVERIFY2(r.err.contains(QStringLiteral("damaged")), qPrintable(what));
    QVERIFY2(!showsSql(r.err), qPrintable(what));
    QCOMPARE(corruptFiles(db).size(), 1);
    verifyClean(data);
}

void tst_Damage::queryRunnerDamageReachesIndexService()
{
    const QString data = m_home.filePath(QStringLiteral("service"));
    const QString db = indexFresh(data);
    QList<int> pages = pagesOf(db, QStringLiteral("embeddings"));
    pages.removeIf([](int p) { return p < 5; });
    QVERIFY(!pages.isEmpty());
    QByteArray bytes(4096, '\0');
    QRandomGenerator random(1717);
    for (char &c : bytes)
        c = char(random.bounded(256));
    writePage(db, pages.at(pages.size() / 2), bytes);

    IndexService service;
    service.setDataDir(data);
    service.setWatchEnabled(false);
    service.setRootPath(m_root);
    QCOMPARE(service.databasePath(), db);
    QueryRunner queries;
    queries.setDatabasePath(db);
    connect(&queries, &QueryRunner::damageFound, &service, &IndexService::repairDamage);
    QSignalSpy found(&queries, &QueryRunner::damageFound);
    QSignalSpy told(&service, &IndexService::damageFound);
    QSignalSpy recovered(&service, &IndexService::indexRecovered);

    // A request that reads every vector, as the vector search does.
    int vectors = -1;
    queries.run<int>(
        QStringLiteral("vectors"), this,
        [](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
            int n = 0;
            if (store) {
                const QString model = store->meta(QStringLiteral("embed_model"));
                store->embeddings().forEachChunkVector(model, [&](qint64, QByteArrayView) { ++n; });
            }
            return n;
        },
        [&](int n) { vectors = n; });
    QTRY_VERIFY_WITH_TIMEOUT(vectors >= 0, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(found.size(), 1, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(told.size(), 1, 60000);
    QCOMPARE(told.first().at(1).toBool(), true); // can rebuild: a run has started
    QTRY_COMPARE_WITH_TIMEOUT(recovered.size(), 1, 120000);
    QVERIFY(QFileInfo::exists(recovered.first().at(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!service.isBusy(), 60000);
    QVERIFY(!Damage::reason(db));
    auto store = IndexStore::open(db, IndexStore::Mode::ReadOnly);
    QVERIFY(store);
    QVERIFY((*store)->checkIntegrity(true));
    QVERIFY(!(*store)->symbols().named(QStringLiteral("needle_function")).isEmpty());
}

void tst_Damage::userDataSurvivesARebuild()
{
    const QString data = m_home.filePath(QStringLiteral("userdata"));
    const QString db = indexFresh(data, false);
    qint64 conversation = 0;
    {
        auto chats = ConversationStore::open(db);
        QVERIFY2(chats, qPrintable(chats ? QString() : chats.error().toString()));
        QCOMPARE((*chats)->path(), QFileInfo(db).absolutePath() + QStringLiteral("/user.sqlite"));
        auto id = (*chats)->createConversation(QStringLiteral("Where is the needle?"));
        QVERIFY(id);
        conversation = *id;
        MessageRecord m;
        m.conversationId = conversation;
        m.role = QStringLiteral("user");
        m.content = QStringLiteral("where is needle_function defined?");
        QVERIFY((*chats)->addMessage(m));
        RemoteRequestRecord req;
        req.endpoint = QStringLiteral("http://127.0.0.1:9/v1");
        req.purpose = QStringLiteral("answer");
        req.files = {QStringLiteral("pkg2/mod42.py:41-43")};
        req.conversationId = conversation;
        QVERIFY((*chats)->logRemoteRequest(req));
    }
    writePage(db, 2, QByteArray(4096, '\0'));
    const Run r = run({QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root, QStringLiteral("--no-vectors")});
    QVERIFY2(r.code == 0 && r.err.contains(QStringLiteral("rebuilt")), qPrintable(r.err));
    QCOMPARE(corruptFiles(db).size(), 1);

    auto chats = ConversationStore::open(db);
    QVERIFY(chats);
    const QList<ConversationInfo> list = (*chats)->conversations();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.first().title, QStringLiteral("Where is the needle?"));
    const QList<MessageRecord> messages = (*chats)->messages(conversation);
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().content, QStringLiteral("where is needle_function defined?"));
    const QList<RemoteRequestRecord> log = (*chats)->remoteRequests();
    QCOMPARE(log.size(), 1);
    QCOMPARE(log.first().files, QStringList{QStringLiteral("pkg2/mod42.py:41-43")});
}

void tst_Damage::oldIndexUserDataIsMovedOut_data()
{
    QTest::addColumn<bool>("damagedFirst");
    QTest::newRow("old index") << false;
    // The old index was damaged and rebuilt before the new version opened the chats: they are
    // only in the file moved aside.
    QTest::newRow("old index, damaged and rebuilt first") << true;
}

void tst_Damage::oldIndexUserDataIsMovedOut()
{
    QFETCH(bool, damagedFirst);
    const QString data = m_home.filePath(QStringLiteral("old"));
    QDir(data).removeRecursively();
    const QString db = IndexStore::databasePath(data, m_root);
    QVERIFY(QDir().mkpath(QFileInfo(db).absolutePath()));
    QVERIFY(QFile::copy(QStringLiteral(REPOLENS_SOURCE_DIR "/tests/data/userdata/old-index-with-conversations.sqlite"),
                        db));
    QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    if (damagedFirst) {
        writePage(db, 2, QByteArray(4096, '\0'));
        const Run r = run({QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root,
                           QStringLiteral("--no-vectors")});
        QVERIFY2(r.code == 0 && r.err.contains(QStringLiteral("rebuilt")), qPrintable(r.err));
        QCOMPARE(corruptFiles(db).size(), 1);
    }
    QVERIFY(!QFileInfo::exists(ConversationStore::databasePath(db)));
    auto chats = ConversationStore::open(db);
    QVERIFY2(chats, qPrintable(chats ? QString() : chats.error().toString()));
    QVERIFY(QFileInfo::exists(ConversationStore::databasePath(db)));
    const QList<ConversationInfo> list = (*chats)->conversations();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).title, QStringLiteral("Config loading"));
    QCOMPARE(list.at(1).title, QStringLiteral("How are points measured?"));
    QCOMPARE(list.at(1).created.toMSecsSinceEpoch(), Q_INT64_C(1704067200000));
    const QList<MessageRecord> messages = (*chats)->messages(1);
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages.at(1).content, QStringLiteral("Point.distance_to uses math.hypot [1]."));
    QCOMPARE(messages.at(1).model, QStringLiteral("fixture-model"));
    QCOMPARE(messages.at(1).context.size(), 1);
    QCOMPARE(messages.at(1).context.first().symbol, QStringLiteral("Point.distance_to"));
    QCOMPARE(messages.at(1).context.first().tokens, 24);
    const QList<RemoteRequestRecord> log = (*chats)->remoteRequests();
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.at(0).purpose, QStringLiteral("hyde")); // newest first
    QCOMPARE(log.at(1).files, QStringList{QStringLiteral("geometry.py:4-9")});
    QCOMPARE(log.at(1).bytes, qint64(2048));

    // Once: a conversation deleted afterwards does not come back from the old index.
    QVERIFY((*chats)->deleteConversation(2));
    chats->reset();
    auto again = ConversationStore::open(db);
    QVERIFY(again);
    QCOMPARE((*again)->conversations().size(), 1);
}

void tst_Damage::damagedUserDatabaseIsKeptAndSalvaged()
{
    const QString data = m_home.filePath(QStringLiteral("userdamage"));
    QDir(data).removeRecursively();
    QVERIFY(QDir().mkpath(data));
    const QString db = data + QStringLiteral("/index.sqlite");
    const QString user = ConversationStore::databasePath(db);
    {
        auto chats = ConversationStore::open(db);
        QVERIFY(chats);
        for (int i = 0; i < 40; ++i) {
            auto id = (*chats)->createConversation(QStringLiteral("conversation %1").arg(i));
            QVERIFY(id);
            MessageRecord m;
            m.conversationId = *id;
            m.role = QStringLiteral("user");
            m.content = QString(300, QChar(u'a' + i % 26)); // a few messages per page
            QVERIFY((*chats)->addMessage(m));
        }
    }
    {
        // Checkpoint into the main file so that the bytes below are what SQLite reads.
        sqlite3 *h = nullptr;
        QCOMPARE(sqlite3_open(user.toUtf8().constData(), &h), SQLITE_OK);
        QCOMPARE(sqlite3_exec(h, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(h);
    }
    const QList<int> pages = pagesOf(user, QStringLiteral("messages"));
    QVERIFY(pages.size() >= 3);
    // One leaf of messages in the middle, zeroed.
    writePage(user, pages.at(pages.size() / 2), QByteArray(4096, '\0'));
    QFile damaged(user);
    QVERIFY(damaged.open(QIODevice::ReadOnly));
    const QByteArray damagedBytes = damaged.readAll();
    damaged.close();

    auto chats = ConversationStore::open(db);
    QVERIFY2(chats, qPrintable(chats ? QString() : chats.error().toString()));
    QVERIFY((*chats)->recovery().has_value());
    const ConversationStore::Recovery rec = *(*chats)->recovery();
    QVERIFY2(!rec.reason.isEmpty(), qPrintable(rec.reason));
    QVERIFY(!showsSql(rec.reason));
    // The damaged file is kept as it was.
    QVERIFY(rec.backupPath.startsWith(user + QStringLiteral(".backup-")));
    QFile backup(rec.backupPath);
    QVERIFY(backup.open(QIODevice::ReadOnly));
    QCOMPARE(backup.readAll(), damagedBytes);
    // Every conversation (their pages are intact) and the messages that could be read.
    QCOMPARE((*chats)->conversations().size(), 40);
    int messages = 0;
    for (const ConversationInfo &c : (*chats)->conversations())
        messages += int((*chats)->messages(c.id).size());
    QVERIFY2(messages > 0 && messages < 40, qPrintable(QString::number(messages)));
    QVERIFY(!rec.complete);
    QCOMPARE(rec.rowsRecovered, qint64(40 + messages));
    // The new file is sound and a second open finds nothing to repair.
    chats->reset();
    auto again = ConversationStore::open(db);
    QVERIFY(again);
    QVERIFY(!(*again)->recovery().has_value());
}

void tst_Damage::readOnlyDataFolderCanBeSearched()
{
    const QString data = m_home.filePath(QStringLiteral("readonly"));
    const QString db = indexFresh(data);
    const QString folder = QFileInfo(db).absolutePath();
    const QStringList searchArgs = {QStringLiteral("--data-dir"), data, QStringLiteral("search"), m_root,
                                    QStringLiteral("needle_function")};
    Run r;
    if (::geteuid() != 0) {
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        QFile::setPermissions(db, QFileDevice::ReadOwner);
        r = run(searchArgs);
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QFile::setPermissions(db, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    } else {
        // root ignores permissions: a read-only bind mount in a private mount namespace.
        QProcess probe;
        probe.start(QStringLiteral("unshare"), {QStringLiteral("-m"), QStringLiteral("true")});
        if (!probe.waitForFinished(10000) || probe.exitCode() != 0)
            QSKIP("running as root without mount namespaces: cannot make a read-only folder");
        QStringList shellArgs = {QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"),
                                 QStringLiteral("mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\" && exec \"$@\""),
                                 folder, cli()};
        shellArgs += searchArgs;
        r = run(shellArgs, QStringLiteral("unshare"));
    }
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("needle_function")), qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("read-only")) && r.err.contains(QStringLiteral("cannot be updated")),
             qPrintable(r.err));
    QVERIFY2(!showsSql(r.err), qPrintable(r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("unable to open")), qPrintable(r.err));
}

void tst_Damage::errorsNameTheFileNotTheSql()
{
    // A database that SQLite reads fine but that lacks a table the indexer writes: the error is
    // SQLite's, the message must say what failed and where, not the statement.
    const QString data = m_home.filePath(QStringLiteral("nosql"));
    const QString db = indexFresh(data, false);
    {
        sqlite3 *h = nullptr;
        QCOMPARE(sqlite3_open(db.toUtf8().constData(), &h), SQLITE_OK);
        QCOMPARE(sqlite3_exec(h, "DROP TABLE refs;", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(h);
    }
    QFile more(m_root + QStringLiteral("/pkg0/extra.py"));
    QVERIFY(more.open(QIODevice::WriteOnly));
    more.write("def extra_function():\n    return needle_function('x')\n");
    more.close();
    const Run r = run({QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root, QStringLiteral("--no-vectors")});
    QFile::remove(m_root + QStringLiteral("/pkg0/extra.py"));
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("no such table")), qPrintable(r.err));
    QVERIFY2(r.err.contains(db), qPrintable(r.err));
    QVERIFY2(!showsSql(r.err), qPrintable(r.err));
}

void tst_Damage::staleVectorFilesGoWithTheIndex()
{
    const QString data = m_home.filePath(QStringLiteral("vectors"));
    const QString db = indexFresh(data);
    const QDir folder = QFileInfo(db).absoluteDir();
    const QStringList before = folder.entryList({QStringLiteral("vectors-*.idx")}, QDir::Files);
    QCOMPARE(before.size(), 1);
    // One of another model, as an index built with an endpoint's vectors leaves it.
    QFile other(folder.filePath(QStringLiteral("vectors-0123456789ab.idx")));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write(QByteArray(64, 'x'));
    other.close();

    writePage(db, 2, QByteArray(4096, '\0'));
    Run r = run({QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root, QStringLiteral("--no-vectors")});
    QVERIFY2(r.code == 0 && r.err.contains(QStringLiteral("rebuilt")), qPrintable(r.err));
    QCOMPARE(folder.entryList({QStringLiteral("vectors-*")}, QDir::Files), QStringList());

    // An index deleted by hand: the new one does not inherit its vector files either.
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write(QByteArray(64, 'x'));
    other.close();
    QVERIFY(QFile::remove(db));
    r = run({QStringLiteral("--data-dir"), data, QStringLiteral("index"), m_root, QStringLiteral("--no-vectors")});
    QCOMPARE(r.code, 0);
    QCOMPARE(folder.entryList({QStringLiteral("vectors-*")}, QDir::Files), QStringList());
}

QTEST_GUILESS_MAIN(tst_Damage)
#include "tst_damage.moc"
