#include "indexingsettings.h"

#include "indexer.h"

#include <QRegularExpression>
#include <QSettings>

namespace RepoLens {

IndexingSettings IndexingSettings::load()
{
    IndexingSettings s;
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("indexing"));
    s.ignorePatterns = q.value(QStringLiteral("ignore"), QStringList()).toStringList();
    const qint64 cap = q.value(QStringLiteral("size_cap"), s.sizeCapBytes).toLongLong();
    if (cap >= 1024)
        s.sizeCapBytes = cap;
    return s;
}

void IndexingSettings::save() const
{
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("indexing"));
    // QSettings writes an empty list as "@Invalid()": no patterns, no key.
    if (ignorePatterns.isEmpty())
        q.remove(QStringLiteral("ignore"));
    else
        q.setValue(QStringLiteral("ignore"), ignorePatterns);
    q.setValue(QStringLiteral("size_cap"), sizeCapBytes);
}

QString IndexingSettings::validatePatterns(const QStringList &patterns)
{
    int line = 0;
    for (const QString &p : patterns) {
        ++line;
        const QString t = p.trimmed();
        if (t.isEmpty() || t.startsWith(u'#'))
            continue;
        if (t == QLatin1String("!") || t == QLatin1String("/"))
            return QStringLiteral("line %1: \"%2\" matches nothing").arg(line).arg(t);
        if (t.contains(QLatin1String("***")))
            return QStringLiteral("line %1: \"%2\": use ** to cross folders").arg(line).arg(t);
        if (t == QLatin1String("*") || t == QLatin1String("**") || t == QLatin1String("/**"))
            return QStringLiteral("line %1: \"%2\" would ignore every file").arg(line).arg(t);
    }
    return {};
}

void IndexingSettings::applyTo(IndexOptions &options) const
{
    options.scan.extraIgnorePatterns = ignorePatterns;
    options.scan.sizeCap = sizeCapBytes;
}

QStringList IndexingSettings::keys()
{
    return {QStringLiteral("index.ignore"), QStringLiteral("index.size_cap")};
}

QString IndexingSettings::value(const QString &key) const
{
    if (key == QLatin1String("index.ignore"))
        return ignorePatterns.join(u';');
    if (key == QLatin1String("index.size_cap"))
        return QString::number(sizeCapBytes);
    return {};
}

bool IndexingSettings::setValue(const QString &key, const QString &value, QString *why)
{
    if (key == QLatin1String("index.ignore")) {
        QStringList patterns;
        for (const QString &p : value.split(QRegularExpression(QStringLiteral("[;\\n]")), Qt::SkipEmptyParts)) {
            if (!p.trimmed().isEmpty())
                patterns.append(p.trimmed());
        }
        if (const QString bad = validatePatterns(patterns); !bad.isEmpty()) {
            *why = bad;
            return false;
        }
        ignorePatterns = patterns;
        return true;
    }
    if (key == QLatin1String("index.size_cap")) {
        QString v = value.trimmed().toUpper();
        qint64 unit = 1;
        if (v.endsWith(u'K') || v.endsWith(u'M')) {
            unit = v.endsWith(u'K') ? 1024 : 1024 * 1024;
            v.chop(1);
        }
        bool ok = false;
        const qint64 n = v.toLongLong(&ok);
        if (!ok || n <= 0 || n * unit < 16 * 1024 || n * unit > qint64(64) * 1024 * 1024) {
            *why = QStringLiteral("a size from 16K to 64M");
            return false;
        }
        sizeCapBytes = n * unit;
        return true;
    }
    *why = QStringLiteral("a known setting");
    return false;
}

} // namespace RepoLens
