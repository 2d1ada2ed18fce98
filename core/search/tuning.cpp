#include "tuning.h"

#include <QString>
#include <QStringList>

namespace RepoLens {

Tuning Tuning::parse(const QString &spec)
{
    Tuning t;
    const struct
    {
        const char *name;
        double *real;
        int *integer;
    } knobs[] = {
        {"fusion", nullptr, &t.fusion},
        {"vec", &t.vectorWeight, nullptr},
        {"lexical", &t.lexicalWeight, nullptr},
        {"lexicalPool", nullptr, &t.lexicalPool},
        {"lexicalChars", nullptr, &t.lexicalChars},
        {"rrfK", &t.rrfK, nullptr},
        {"symbol", &t.symbolBonus, nullptr},
        {"definition", &t.definitionBoost, nullptr},
        {"definitionName", &t.definitionName, nullptr},
        {"file", &t.fileWeight, nullptr},
        {"fileChunks", nullptr, &t.fileChunks},
        {"fileChunksReport", nullptr, &t.fileChunksReport},
        {"keywordPool", nullptr, &t.keywordPool},
        {"titlePool", nullptr, &t.titlePool},
        {"titleDepth", nullptr, &t.titleDepth},
        {"vectorPool", nullptr, &t.vectorPool},
        {"bestOnly", nullptr, &t.coherenceBestOnly},
        {"path", &t.pathBoost, nullptr},
        {"pathMaxWords", nullptr, &t.pathMaxWords},
        {"pathPosition", &t.pathPosition, nullptr},
        {"pathCommon", &t.pathCommon, nullptr},
        {"pathProjectName", &t.pathProjectName, nullptr},
        {"pathAddShare", &t.pathAddShare, nullptr},
        {"pathAddFiles", nullptr, &t.pathAddFiles},
        {"pathNameExact", nullptr, &t.pathNameExact},
        {"prior", &t.priorCap, nullptr},
        {"demote", &t.demote, nullptr},
        {"demoteFactor", &t.demoteFactor, nullptr},
        {"internal", &t.internalFactor, nullptr},
        {"tiny", &t.shapeTiny, nullptr},
        {"licence", &t.shapeLicence, nullptr},
        {"graph", &t.graphCap, nullptr},
        {"expand", &t.expand, nullptr},
        {"expandFrom", nullptr, &t.expandFrom},
        {"rerank", &t.rerankWeight, nullptr},
        {"decay", &t.decay, nullptr},
        {"mention", &t.mentionBoost, nullptr},
        {"mentionPackage", &t.mentionPackage, nullptr},
        {"mentionFolder", &t.mentionFolder, nullptr},
        {"frameOuter", &t.frameOuter, nullptr},
        {"mentionCalled", &t.mentionCalled, nullptr},
        {"mentionCalledFile", &t.mentionCalledFile, nullptr},
        {"mentionOption", &t.mentionOption, nullptr},
        {"mentionOptionFile", &t.mentionOptionFile, nullptr},
        {"mentionMessage", &t.mentionMessage, nullptr},
        {"mentionCommand", &t.mentionCommand, nullptr},
        {"title", &t.titleWeight, nullptr},
        {"remote", &t.remoteWeight, nullptr},
        {"pathReport", &t.pathReport, nullptr},
        {"mentionIds", nullptr, &t.mentionIdentifiers},
        {"reportTerms", nullptr, &t.reportTerms},
    };
    for (const QString &kv : spec.split(u',', Qt::SkipEmptyParts)) {
        const QString k = kv.section(u'=', 0, 0).trimmed();
        const double v = kv.section(u'=', 1).toDouble();
        if (k == QLatin1String("off")) {
            t.disabled += kv.section(u'=', 1).split(u'+', Qt::SkipEmptyParts);
            continue;
        }
        bool known = false;
        for (const auto &knob : knobs) {
            if (k == QLatin1String(knob.name)) {
                known = true;
                if (knob.real)
                    *knob.real = v;
                else
                    *knob.integer = int(v);
            }
        }
        // a misspelt knob would otherwise measure the defaults under another name
        if (!known)
            qWarning("REPOLENS_TUNE: unknown setting \"%s\" ignored", qPrintable(k));
    }
    return t;
}

const Tuning &Tuning::get()
{
    static const Tuning instance = parse(qEnvironmentVariable("REPOLENS_TUNE"));
    return instance;
}

} // namespace RepoLens
