#pragma once

#include <QString>
#include <QStringList>

namespace RepoLens {

struct IndexOptions;

// Indexing settings, shared by the app and the CLI (QSettings "RepoLens"/"repolens", group
// "indexing"; the one settings file both use).
struct IndexingSettings
{
    QStringList ignorePatterns;        // .gitignore syntax, root-relative, on top of the files'
    qint64 sizeCapBytes = 1024 * 1024; // larger files are not indexed

    static IndexingSettings load();
    void save() const;
    bool operator==(const IndexingSettings &o) const
    {
        return ignorePatterns == o.ignorePatterns && sizeCapBytes == o.sizeCapBytes;
    }
    // A reason when a pattern cannot be used ("line 3: ..."), else empty.
    static QString validatePatterns(const QStringList &patterns);
    // Puts the patterns and the size cap into the indexer's scan options.
    void applyTo(IndexOptions &options) const;

    // For `repolens-cli config`: index.ignore (patterns separated by ';' or new lines) and
    // index.size_cap (bytes, or with a K/M suffix).
    static QStringList keys();
    QString value(const QString &key) const;
    // false with a reason when the value is refused
    bool setValue(const QString &key, const QString &value, QString *why);
};

} // namespace RepoLens
