#include "llmsettings.h"

#include <QRegularExpression>
#include <QSettings>

namespace RepoLens {

namespace {

const QString kGroup = QStringLiteral("llm");

bool parseBool(const QString &v, bool *out)
{
    const QString l = v.trimmed().toLower();
    if (l == QLatin1String("on") || l == QLatin1String("true") || l == QLatin1String("1") || l == QLatin1String("yes")) {
        *out = true;
        return true;
    }
    if (l == QLatin1String("off") || l == QLatin1String("false") || l == QLatin1String("0") || l == QLatin1String("no")) {
        *out = false;
        return true;
    }
    return false;
}

bool parseInt(const QString &v, int min, int max, int *out, QString *why)
{
    bool ok = false;
    const int n = v.trimmed().toInt(&ok);
    if (!ok || n < min || n > max) {
        if (why)
            *why = QStringLiteral("a whole number from %1 to %2").arg(min).arg(max);
        return false;
    }
    *out = n;
    return true;
}

} // namespace

LlmEndpoint LlmSettings::endpoint(const QString &apiKey) const
{
    LlmEndpoint e;
    e.baseUrl = baseUrl;
    e.model = model;
    e.apiKey = apiKey;
    e.temperature = temperature;
    e.maxTokens = maxTokens;
    e.timeoutMs = timeoutSeconds * 1000;
    return e;
}

LlmSettings LlmSettings::load()
{
    LlmSettings s;
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(kGroup);
    for (const QString &key : keys()) {
        if (q.contains(key))
            s.setValue(key, q.value(key).toString());
    }
    return s;
}

void LlmSettings::save() const
{
    QSettings q(QStringLiteral("RepoLens"), QStringLiteral("repolens"));
    q.beginGroup(kGroup);
    for (const QString &key : keys())
        q.setValue(key, value(key));
}

QStringList LlmSettings::keys()
{
    return {QStringLiteral("llm.url"),        QStringLiteral("llm.model"),      QStringLiteral("llm.temperature"),
            QStringLiteral("llm.max_tokens"), QStringLiteral("llm.key_env"),    QStringLiteral("llm.timeout"),
            QStringLiteral("hyde"),           QStringLiteral("top_k"),          QStringLiteral("context_budget"),
            QStringLiteral("history_budget"), QStringLiteral("summaries"),    QStringLiteral("send_credentials"),
            QStringLiteral("agent"),          QStringLiteral("agent.rounds"), QStringLiteral("agent.calls"),
            QStringLiteral("agent.budget")};
}

QString LlmSettings::value(const QString &key) const
{
    auto onOff = [](bool b) { return b ? QStringLiteral("on") : QStringLiteral("off"); };
    if (key == QLatin1String("llm.url"))
        return baseUrl.toString();
    if (key == QLatin1String("llm.model"))
        return model;
    if (key == QLatin1String("llm.temperature"))
        return QString::number(temperature);
    if (key == QLatin1String("llm.max_tokens"))
        return QString::number(maxTokens);
    if (key == QLatin1String("llm.key_env"))
        return apiKeyEnv;
    if (key == QLatin1String("llm.timeout"))
        return QString::number(timeoutSeconds);
    if (key == QLatin1String("hyde"))
        return onOff(hyde);
    if (key == QLatin1String("top_k"))
        return QString::number(topK);
    if (key == QLatin1String("context_budget"))
        return QString::number(contextBudget);
    if (key == QLatin1String("history_budget"))
        return QString::number(historyBudget);
    if (key == QLatin1String("summaries"))
        return onOff(summaries);
    if (key == QLatin1String("send_credentials"))
        return onOff(sendCredentials);
    if (key == QLatin1String("agent"))
        return agentModeName(agentMode);
    if (key == QLatin1String("agent.rounds"))
        return QString::number(agentRounds);
    if (key == QLatin1String("agent.calls"))
        return QString::number(agentCalls);
    if (key == QLatin1String("agent.budget"))
        return QString::number(agentBudget);
    return {};
}

bool LlmSettings::setValue(const QString &key, const QString &v, QString *why)
{
    if (key == QLatin1String("llm.url")) {
        const QString t = v.trimmed();
        if (t.isEmpty()) {
            baseUrl = QUrl();
            return true;
        }
        const QUrl u(t, QUrl::StrictMode);
        if (!u.isValid() || (u.scheme() != QLatin1String("http") && u.scheme() != QLatin1String("https"))
            || u.host().isEmpty()) {
            if (why)
                *why = QStringLiteral("an http:// or https:// URL such as http://127.0.0.1:11434/v1");
            return false;
        }
        if (!u.userInfo().isEmpty()) {
            if (why)
                *why = QStringLiteral("a URL without a user name or password (the key is stored separately)");
            return false;
        }
        baseUrl = u;
        return true;
    }
    if (key == QLatin1String("llm.model")) {
        const QString t = v.trimmed();
        if (t.contains(QRegularExpression(QStringLiteral("\\s")))) {
            if (why)
                *why = QStringLiteral("a model name without spaces");
            return false;
        }
        model = t;
        return true;
    }
    if (key == QLatin1String("llm.temperature")) {
        bool ok = false;
        const double t = v.trimmed().toDouble(&ok);
        if (!ok || t < 0 || t > 2) {
            if (why)
                *why = QStringLiteral("a number from 0 to 2");
            return false;
        }
        temperature = t;
        return true;
    }
    if (key == QLatin1String("llm.max_tokens"))
        return parseInt(v, 0, 1000000, &maxTokens, why);
    if (key == QLatin1String("llm.key_env")) {
        const QString t = v.trimmed();
        static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        if (!name.match(t).hasMatch()) {
            if (why)
                *why = QStringLiteral("an environment variable name such as OPENAI_API_KEY");
            return false;
        }
        apiKeyEnv = t;
        return true;
    }
    if (key == QLatin1String("llm.timeout"))
        return parseInt(v, 5, 3600, &timeoutSeconds, why);
    if (key == QLatin1String("top_k"))
        return parseInt(v, 1, 100, &topK, why);
    if (key == QLatin1String("context_budget"))
        return parseInt(v, 500, 1000000, &contextBudget, why);
    if (key == QLatin1String("history_budget"))
        return parseInt(v, 0, 1000000, &historyBudget, why);
    if (key == QLatin1String("agent")) {
        const QString t = v.trimmed().toLower();
        if (t == QLatin1String("auto"))
            agentMode = AgentMode::Auto;
        else if (t == QLatin1String("single") || t == QLatin1String("single-shot") || t == QLatin1String("off"))
            agentMode = AgentMode::SingleShot;
        else if (t == QLatin1String("agent") || t == QLatin1String("on"))
            agentMode = AgentMode::Agent;
        else {
            if (why)
                *why = QStringLiteral("auto, single or agent");
            return false;
        }
        return true;
    }
    if (key == QLatin1String("agent.rounds"))
        return parseInt(v, 1, 20, &agentRounds, why);
    if (key == QLatin1String("agent.calls"))
        return parseInt(v, 1, 32, &agentCalls, why);
    if (key == QLatin1String("agent.budget"))
        return parseInt(v, 1000, 1000000, &agentBudget, why);
    if (key == QLatin1String("hyde") || key == QLatin1String("summaries") || key == QLatin1String("send_credentials")) {
        bool b = false;
        if (!parseBool(v, &b)) {
            if (why)
                *why = QStringLiteral("on or off");
            return false;
        }
        (key == QLatin1String("hyde") ? hyde : key == QLatin1String("summaries") ? summaries : sendCredentials) = b;
        return true;
    }
    if (why)
        *why = QStringLiteral("unknown setting");
    return false;
}

QString agentModeName(LlmSettings::AgentMode mode)
{
    switch (mode) {
    case LlmSettings::AgentMode::SingleShot:
        return QStringLiteral("single");
    case LlmSettings::AgentMode::Agent:
        return QStringLiteral("agent");
    case LlmSettings::AgentMode::Auto:
        break;
    }
    return QStringLiteral("auto");
}

QString apiKeyFromEnvironment(const LlmSettings &settings)
{
    const QString name = settings.apiKeyEnv.isEmpty() ? QStringLiteral("OPENAI_API_KEY") : settings.apiKeyEnv;
    return qEnvironmentVariable(name.toLocal8Bit().constData()).trimmed();
}

} // namespace RepoLens
