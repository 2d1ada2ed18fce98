#pragma once

// Fixture folders for the GUI tests, made in temporary directories from real source files.

#include "ui/selftest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>
#include <QStringList>

namespace RepoLens::TestFixture {

inline bool copyFile(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to);
}

// service/config.py, service/server.py, src/ringbuffer.h, README.md (the self-test fixture)
// plus a few files from the chunker test data.
inline bool writeSmall(const QString &dir)
{
    if (!SelfTest::writeFixture(dir))
        return false;
    const QString data = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    const QStringList files = {QStringLiteral("python/sessions.py"), QStringLiteral("cpp/shapes.cpp"),
                               QStringLiteral("cpp/shapes.h"), QStringLiteral("go/server.go"),
                               QStringLiteral("rust/cache.rs"), QStringLiteral("markdown/guide.md")};
    for (const QString &f : files) {
        if (!copyFile(data + u'/' + f, dir + QStringLiteral("/lib/") + f))
            return false;
    }
    // Things the tree should show as not indexed.
    QDir().mkpath(dir + QStringLiteral("/node_modules/left-pad"));
    QFile pad(dir + QStringLiteral("/node_modules/left-pad/index.js"));
    if (!pad.open(QIODevice::WriteOnly))
        return false;
    pad.write("module.exports = function leftPad() {};\n");
    QFile ignore(dir + QStringLiteral("/.gitignore"));
    if (!ignore.open(QIODevice::WriteOnly))
        return false;
    ignore.write("*.log\n");
    QFile log(dir + QStringLiteral("/debug.log"));
    if (!log.open(QIODevice::WriteOnly))
        return false;
    log.write("noise\n");
    return true;
}

// Many files: the repository's own core sources (unless `withCore` is false: then only small
// files, quick to parse), then every chunker test input copied into numbered folders until there
// are at least `minFiles` files (a count, not a number of copies, so that a new chunker input
// does not make every test using this larger). Returns the count.
inline int writeLarge(const QString &dir, int minFiles, bool withCore = true)
{
    int count = 0;
    const QString core = QStringLiteral(REPOLENS_SOURCE_DIR "/core");
    for (const QString &layer : withCore ? QDir(core).entryList(QDir::Dirs | QDir::NoDotAndDotDot) : QStringList()) {
        for (const QString &f : QDir(core + u'/' + layer).entryList(QDir::Files)) {
            if (copyFile(core + u'/' + layer + u'/' + f, dir + QStringLiteral("/core/") + layer + u'/' + f))
                ++count;
        }
    }
    QStringList sources;
    const QString data = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    QDir dataDir(data);
    for (const QString &lang : dataDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        for (const QString &f : QDir(data + u'/' + lang).entryList(QDir::Files)) {
            if (!f.endsWith(QLatin1String(".ref")))
                sources << lang + u'/' + f;
        }
    }
    for (int i = 0; count < minFiles && !sources.isEmpty(); ++i) {
        for (const QString &s : std::as_const(sources)) {
            if (count >= minFiles)
                break;
            if (copyFile(data + u'/' + s, dir + QStringLiteral("/copy%1/").arg(i) + s))
                ++count;
        }
    }
    return count;
}

} // namespace RepoLens::TestFixture
