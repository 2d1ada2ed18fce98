#include "tuning.h"

#include <QString>
#include <QStringList>

namespace RepoLens {

Tuning Tuning::parse(const QString &spec)
{
    Tuning t;
    for (const QString &kv : spec.split(u',', Qt::SkipEmptyParts)) {
        const QString k = kv.section(u'=', 0, 0).trimmed();
        const double v = kv.section(u'=', 1).toDouble();
        if (k == QLatin1String("symbol"))
            t.symbolBonus = v;
        else if (k == QLatin1String("file"))
            t.fileWeight = v;
        else if (k == QLatin1String("fileChunks"))
            t.fileChunks = int(v);
        else if (k == QLatin1String("path"))
            t.pathBonus = v;
        else if (k == QLatin1String("fusion"))
            t.fusion = int(v);
        else if (k == QLatin1String("vec"))
            t.vectorWeight = v;
        else if (k == QLatin1String("rrfK"))
            t.rrfK = v;
        else if (k == QLatin1String("prior"))
            t.priorCap = v;
        else if (k == QLatin1String("demote"))
            t.demote = v;
        else if (k == QLatin1String("graph"))
            t.graphCap = v;
        else if (k == QLatin1String("expand"))
            t.expand = v;
        else if (k == QLatin1String("expandFrom"))
            t.expandFrom = int(v);
        else if (k == QLatin1String("rerank"))
            t.rerankWeight = v;
    }
    return t;
}

const Tuning &Tuning::get()
{
    static const Tuning instance = parse(qEnvironmentVariable("REPOLENS_TUNE"));
    return instance;
}

} // namespace RepoLens
