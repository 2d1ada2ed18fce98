// Reading files beneath a folder: readFileBeneath() one file at a time, and FilesBeneath, which
// keeps the last folder open between files, give the same bytes and refuse the same things.

#include "core/base/safefile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace RepoLens;
using namespace Qt::StringLiterals;

class tst_SafeFile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void filesBeneathReadsLikeOneByOne_data();
    void filesBeneathReadsLikeOneByOne();
    void filesBeneathAfterRefusals();

private:
    QTemporaryDir m_dir;
    QString m_root;

    void write(const QString &rel, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(rel);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
};

void tst_SafeFile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(u"root"_s);
    write(u"root/top.txt"_s, "top\n");
    write(u"root/a/x.txt"_s, "a x\n");
    write(u"root/a/y.txt"_s, "a y\n");
    write(u"root/a/b/c/deep.txt"_s, "deep\n");
    write(u"root/a/b/c/d/deeper.txt"_s, "deeper\n");
    write(u"root/e/f.txt"_s, "e f\n");
    write(u"root/big.txt"_s, QByteArray(5000, 'x'));
    write(u"outside/secret.txt"_s, "secret\n");
    QVERIFY(QFile::link(m_dir.filePath(u"outside/secret.txt"_s), m_dir.filePath(u"root/a/link.txt"_s)));
    QVERIFY(QFile::link(m_dir.filePath(u"outside"_s), m_dir.filePath(u"root/linked"_s)));
    QVERIFY(QFile::link(m_dir.filePath(u"outside"_s), m_dir.filePath(u"root/a/b/linked"_s)));
    QCOMPARE(::mkfifo(QFile::encodeName(m_dir.filePath(u"root/a/fifo"_s)).constData(), 0600), 0);
}

void tst_SafeFile::filesBeneathReadsLikeOneByOne_data()
{
    QTest::addColumn<QStringList>("paths");
    // In this order: folders left and entered again, deeper and shallower, refusals between.
    QTest::newRow("mixed") << QStringList{u"a/x.txt"_s,          u"a/y.txt"_s,        u"a/b/c/deep.txt"_s,
                                          u"a/b/c/d/deeper.txt"_s, u"a/b/c/deep.txt"_s, u"a/x.txt"_s,
                                          u"top.txt"_s,          u"e/f.txt"_s,        u"a/link.txt"_s,
                                          u"a/y.txt"_s,          u"linked/secret.txt"_s, u"a/b/linked/secret.txt"_s,
                                          u"a/b/c/deep.txt"_s,   u"a/fifo"_s,         u"a/missing.txt"_s,
                                          u"../outside/secret.txt"_s, u"a/../../outside/secret.txt"_s,
                                          u"nowhere/x.txt"_s,    u"a/x.txt"_s,        u"big.txt"_s,
                                          u"a/"_s,               u"a/b"_s};
}

void tst_SafeFile::filesBeneathReadsLikeOneByOne()
{
    QFETCH(QStringList, paths);
    const QByteArray root = QFile::encodeName(m_root);
    FilesBeneath beneath(root);
    int read = 0;
    int refused = 0;
    for (const QString &p : std::as_const(paths)) {
        const QByteArray rel = QFile::encodeName(p);
        const Result<QByteArray> one = readFileBeneath(root, rel, 1000);
        const Result<QByteArray> kept = beneath.read(rel, 1000);
        QVERIFY2(bool(one) == bool(kept), qPrintable(p));
        if (one) {
            QCOMPARE(*kept, *one);
            ++read;
        } else {
            QCOMPARE(kept.error().code, one.error().code);
            QCOMPARE(kept.error().message, one.error().message);
            ++refused;
        }
    }
    QCOMPARE(read, 12);
    QCOMPARE(refused, 10);
    // what the reads gave
    QCOMPARE(*beneath.read("a/b/c/d/deeper.txt", -1), QByteArray("deeper\n"));
    QCOMPARE(beneath.read("big.txt", 100)->size(), 101); // a file past the cap: one byte more
    QCOMPARE(beneath.read("a/link.txt", -1).error().message, u"symlink"_s);
    QCOMPARE(beneath.read("linked/secret.txt", -1).error().message, u"inside a symlinked folder"_s);
    QCOMPARE(beneath.read("a/fifo", -1).error().message, u"not a regular file"_s);
    QCOMPARE(beneath.read("../outside/secret.txt", -1).error().message, u"outside the folder"_s);
}

// A refused folder leaves nothing open that a later read would use by mistake.
void tst_SafeFile::filesBeneathAfterRefusals()
{
    FilesBeneath beneath(QFile::encodeName(m_root));
    QCOMPARE(*beneath.read("a/x.txt", -1), QByteArray("a x\n"));
    QVERIFY(!beneath.read("linked/secret.txt", -1));
    QCOMPARE(*beneath.read("top.txt", -1), QByteArray("top\n"));
    QVERIFY(!beneath.read("nowhere/x.txt", -1));
    QCOMPARE(*beneath.read("a/y.txt", -1), QByteArray("a y\n"));
    QVERIFY(!beneath.read("a/b/linked/secret.txt", -1));
    QCOMPARE(*beneath.read("a/b/c/deep.txt", -1), QByteArray("deep\n"));
    FilesBeneath missingRoot(QFile::encodeName(m_dir.filePath(u"no-such-root"_s)));
    QCOMPARE(missingRoot.read("a/x.txt", -1).error().code, ErrorCode::NotFound);
}

QTEST_GUILESS_MAIN(tst_SafeFile)
#include "tst_safefile.moc"
