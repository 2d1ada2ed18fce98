#include "searchsettings.h"

#include "core/embed/remoteembedder.h"
#include "core/embed/staticembedder.h"
#include "core/embed/subtokenembedder.h"

#include <QDir>

#include <QSettings>

namespace RepoLens {


SearchSettings SearchSettings::load()
{
    SearchSettings s;
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("retrieval"));
    for (const QString &key : keys()) {
        const QString stored = q.value(key).toString();
        if (!stored.isEmpty())
            s.setValue(key, stored);
    }
    return s;
}

void SearchSettings::save() const
{
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(QStringLiteral("retrieval"));
    for (const QString &key : keys())
        q.setValue(key, value(key));
}

QStringList SearchSettings::keys()
{
    return {QStringLiteral("rerank"),     QStringLiteral("vectors"),     QStringLiteral("embed.url"),
            QStringLiteral("embed.model"), QStringLiteral("embed.max_tokens"), QStringLiteral("embed.static"),
            QStringLiteral("embed.builtin"), QStringLiteral("rerank.url"), QStringLiteral("rerank.model"),
            QStringLiteral("remote.zoekt_url"), QStringLiteral("remote.zoekt_repository"),
            QStringLiteral("remote.zoekt_timeout_ms")};
}

QString SearchSettings::value(const QString &key) const
{
    if (key == QLatin1String("rerank"))
        return rerankModeName(rerank);
    if (key == QLatin1String("vectors"))
        return vectors ? QStringLiteral("on") : QStringLiteral("off");
    if (key == QLatin1String("embed.url"))
        return embedUrl.toString();
    if (key == QLatin1String("embed.model"))
        return embedModel;
    if (key == QLatin1String("embed.max_tokens"))
        return QString::number(embedMaxTokens);
    if (key == QLatin1String("embed.static"))
        return embedStatic;
    if (key == QLatin1String("embed.builtin"))
        return embedBuiltin;
    if (key == QLatin1String("rerank.url"))
        return rerankUrl.toString();
    if (key == QLatin1String("rerank.model"))
        return rerankModel;
    if (key == QLatin1String("remote.zoekt_url"))
        return zoektUrl.toString();
    if (key == QLatin1String("remote.zoekt_repository"))
        return zoektRepository;
    if (key == QLatin1String("remote.zoekt_timeout_ms"))
        return QString::number(zoektTimeoutMs);
    return {};
}

bool SearchSettings::setValue(const QString &key, const QString &v)
{
    if (key == QLatin1String("rerank")) {
        bool ok = false;
        const RerankMode m = rerankModeFromName(v, &ok);
        if (ok)
            rerank = m;
        return ok;
    }
    if (key == QLatin1String("vectors")) {
        const QString l = v.toLower();
        if (l != QLatin1String("on") && l != QLatin1String("off") && l != QLatin1String("true") && l != QLatin1String("false"))
            return false;
        vectors = l == QLatin1String("on") || l == QLatin1String("true");
        return true;
    }
    if (key == QLatin1String("embed.url") || key == QLatin1String("rerank.url") || key == QLatin1String("remote.zoekt_url")) {
        const QUrl u(v, QUrl::StrictMode);
        if (!v.isEmpty() && (!u.isValid() || (u.scheme() != QLatin1String("http") && u.scheme() != QLatin1String("https"))))
            return false;
        (key == QLatin1String("embed.url") ? embedUrl : key == QLatin1String("rerank.url") ? rerankUrl : zoektUrl) = u;
        return true;
    }
    if (key == QLatin1String("remote.zoekt_repository")) {
        zoektRepository = v.trimmed();
        return true;
    }
    if (key == QLatin1String("remote.zoekt_timeout_ms")) {
        bool ok = false;
        const int n = v.toInt(&ok);
        if (!ok || n < 100 || n > 60000)
            return false;
        zoektTimeoutMs = n;
        return true;
    }
    if (key == QLatin1String("embed.model")) {
        embedModel = v;
        return true;
    }
    if (key == QLatin1String("embed.static")) {
        // An absolute path (the app and the CLI run from different folders); whether it holds a
        // model is checked where it is set (CLI, settings dialog) and when it is loaded.
        embedStatic = v.isEmpty() ? QString() : QDir::cleanPath(QDir::current().absoluteFilePath(v));
        return true;
    }
    if (key == QLatin1String("embed.builtin")) {
        const QString l = v.toLower();
        if (l != QLatin1String("lsa") && l != QLatin1String("subtokens"))
            return false;
        embedBuiltin = l;
        return true;
    }
    if (key == QLatin1String("rerank.model")) {
        rerankModel = v;
        return true;
    }
    if (key == QLatin1String("embed.max_tokens")) {
        bool ok = false;
        const int n = v.toInt(&ok);
        if (!ok || n < 16)
            return false;
        embedMaxTokens = n;
        return true;
    }
    return false;
}

ZoektConfig configuredZoekt(const SearchSettings &settings)
{
    ZoektConfig config;
    config.url = settings.zoektUrl;
    config.repository = settings.zoektRepository;
    config.timeoutMs = settings.zoektTimeoutMs;
    return config;
}

std::shared_ptr<Embedder> configuredEmbedder(const SearchSettings &settings, QString *error)
{
    if (error)
        error->clear();
    if (!settings.embedStatic.isEmpty()) {
        auto model = StaticEmbedder::load(settings.embedStatic);
        if (!model) {
            if (error)
                *error = QStringLiteral("the static model cannot be loaded: %1").arg(model.error().toString());
            return nullptr;
        }
        return *model;
    }
    if (settings.embedUrl.isEmpty() || settings.embedModel.isEmpty()) {
        if (settings.embedBuiltin == QLatin1String("subtokens"))
            return std::make_shared<SubtokenEmbedder>(SubtokenEmbedder::optionsFromEnvironment());
        return nullptr;
    }
    RemoteEmbedderConfig config;
    config.endpoint.baseUrl = settings.embedUrl;
    config.endpoint.apiKey = qEnvironmentVariable("REPOLENS_API_KEY");
    config.model = settings.embedModel;
    config.maxInputTokens = settings.embedMaxTokens;
    return std::make_shared<RemoteEmbedder>(config);
}

} // namespace RepoLens
