#include "reranker.h"

#include "core/base/secrets.h"

#include "query.h"

#include "core/embed/embedder.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cmath>

namespace RepoLens {

QString rerankModeName(RerankMode mode)
{
    switch (mode) {
    case RerankMode::Off:
        return QStringLiteral("off");
    case RerankMode::Local:
        return QStringLiteral("local");
    case RerankMode::Endpoint:
        return QStringLiteral("endpoint");
    case RerankMode::Llm:
        return QStringLiteral("llm");
    }
    return {};
}

RerankMode rerankModeFromName(const QString &name, bool *ok)
{
    if (ok)
        *ok = true;
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("off") || n == QLatin1String("none") || n == QLatin1String("false") || n == QLatin1String("0"))
        return RerankMode::Off;
    if (n == QLatin1String("local") || n == QLatin1String("on") || n == QLatin1String("true") || n == QLatin1String("1")
        || n.isEmpty())
        return RerankMode::Local;
    if (n == QLatin1String("endpoint") || n == QLatin1String("remote"))
        return RerankMode::Endpoint;
    if (n == QLatin1String("llm") || n == QLatin1String("judge"))
        return RerankMode::Llm;
    if (ok)
        *ok = false;
    return RerankMode::Off;
}

LocalReranker::LocalReranker(std::shared_ptr<const BuiltinEmbedder> model)
    : m_model(std::move(model))
{
}

Result<QList<double>> LocalReranker::score(const QString &query, const QList<ChunkRecord> &chunks,
                                           const std::atomic_bool *cancel)
{
    const ParsedQuery pq = parseQuery(query);
    QStringList qterms;
    {
        QSet<QString> seen;
        for (const QString &t : BuiltinEmbedder::tokenize(pq.terms.join(u' '))) {
            if (!seen.contains(t)) {
                seen.insert(t);
                qterms << t;
            }
        }
    }
    QList<double> out;
    out.reserve(chunks.size());
    if (qterms.isEmpty()) {
        out.fill(0.0, chunks.size());
        return out;
    }
    std::vector<EmbeddingVector> qvecs;
    if (m_model) {
        for (const QString &t : std::as_const(qterms)) {
            if (auto v = m_model->termVector(t))
                qvecs.push_back(std::move(*v));
        }
    }
    for (const ChunkRecord &c : chunks) {
        if (cancel && cancel->load())
            return makeError(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        const QStringList headTerms = BuiltinEmbedder::tokenize(QString(c.path + u' ' + c.qualifiedName + u' ' + c.signature));
        const QStringList bodyTerms = BuiltinEmbedder::tokenize(QString(c.doc + u' ' + c.text));
        const QSet<QString> head(headTerms.begin(), headTerms.end());
        const QSet<QString> body(bodyTerms.begin(), bodyTerms.end());
        double headHits = 0, bodyHits = 0;
        for (const QString &t : std::as_const(qterms)) {
            headHits += head.contains(t) ? 1 : 0;
            bodyHits += body.contains(t) ? 1 : 0;
        }
        const double n = double(qterms.size());
        double maxSim = 0;
        if (!qvecs.empty()) {
            std::vector<EmbeddingVector> cvecs;
            QSet<QString> all = head;
            all.unite(body);
            for (const QString &t : std::as_const(all)) {
                if (cvecs.size() >= 400)
                    break;
                if (auto v = m_model->termVector(t))
                    cvecs.push_back(std::move(*v));
            }
            for (const EmbeddingVector &q : qvecs) {
                float best = 0;
                for (const EmbeddingVector &cv : cvecs) {
                    float dotp = 0;
                    for (size_t j = 0; j < q.size(); ++j)
                        dotp += q[j] * cv[j];
                    best = std::max(best, dotp);
                }
                maxSim += best;
            }
            maxSim /= double(qvecs.size());
        }
        out.append(0.5 * headHits / n + 0.3 * bodyHits / n + 0.2 * maxSim);
    }
    return out;
}

namespace {

// The text a remote scorer gets for a chunk: the chunk through the withholding stage.
QString documentFor(const ChunkRecord &c, int maxChars, bool withhold)
{
    return outgoingEmbeddingText(c, maxChars, withhold);
}

} // namespace

RemoteReranker::RemoteReranker(HttpEndpoint endpoint, QString model, int maxDocumentChars)
    : m_endpoint(std::move(endpoint))
    , m_model(std::move(model))
    , m_maxChars(maxDocumentChars)
{
}

Result<QList<double>> RemoteReranker::score(const QString &query, const QList<ChunkRecord> &chunks,
                                            const std::atomic_bool *cancel)
{
    QJsonArray docs;
    for (const ChunkRecord &c : chunks)
        docs.append(documentFor(c, m_maxChars, m_withhold));
    const QJsonObject body{{QStringLiteral("model"), m_model},
                           {QStringLiteral("query"), query},
                           {QStringLiteral("documents"), docs},
                           {QStringLiteral("top_n"), int(chunks.size())}};
    auto doc = postJsonBlocking(m_endpoint, QStringLiteral("rerank"), body, cancel);
    if (m_log) {
        RemoteRequestRecord r;
        r.time = QDateTime::currentDateTime();
        r.endpoint = m_endpoint.displayUrl(QStringLiteral("rerank"));
        r.purpose = QStringLiteral("rerank");
        r.model = m_model;
        r.bytes = QJsonDocument(body).toJson(QJsonDocument::Compact).size();
        r.files = sentLogFiles(chunks, m_withhold);
        const QString host = m_endpoint.baseUrl.host();
        r.local = host == QLatin1String("localhost") || host == QLatin1String("127.0.0.1") || host == QLatin1String("::1");
        r.status = doc ? QStringLiteral("ok") : QStringLiteral("failed");
        m_log(r);
    }
    if (!doc)
        return doc.error();
    const QString where = m_endpoint.displayUrl(QStringLiteral("rerank"));
    const QJsonValue resultsValue = doc->object().value(QStringLiteral("results"));
    if (!resultsValue.isArray())
        return makeError(ErrorCode::Protocol, QStringLiteral("no \"results\" array in the answer"), where);
    QList<double> out(chunks.size(), -1e9);
    QList<bool> seen(chunks.size(), false);
    for (const QJsonValue &v : resultsValue.toArray()) {
        const QJsonObject o = v.toObject();
        const int index = o.value(QStringLiteral("index")).toInt(-1);
        QJsonValue s = o.value(QStringLiteral("relevance_score"));
        if (!s.isDouble())
            s = o.value(QStringLiteral("score"));
        if (index < 0 || index >= chunks.size() || !s.isDouble() || seen[index])
            return makeError(ErrorCode::Protocol, QStringLiteral("malformed result in the answer"), where);
        seen[index] = true;
        out[index] = s.toDouble();
    }
    return out;
}

JudgeReranker::JudgeReranker(std::shared_ptr<LlmJudge> judge, bool withholdSecrets)
    : m_judge(std::move(judge))
    , m_withhold(withholdSecrets)
{
}

Result<QList<double>> JudgeReranker::score(const QString &query, const QList<ChunkRecord> &chunks,
                                           const std::atomic_bool *cancel)
{
    if (!m_judge)
        return makeError(ErrorCode::Unsupported, QStringLiteral("no chat endpoint is configured for the LLM judge"));
    QStringList docs;
    for (const ChunkRecord &c : chunks)
        docs << documentFor(c, 4000, m_withhold);
    auto scores = m_judge->judge(query, docs, cancel);
    if (m_log) {
        RemoteRequestRecord r;
        r.time = QDateTime::currentDateTime();
        r.endpoint = m_judge->endpointDisplay();
        r.purpose = QStringLiteral("rerank-llm");
        r.model = m_judge->model();
        for (const QString &d : std::as_const(docs))
            r.bytes += d.toUtf8().size();
        r.files = sentLogFiles(chunks, m_withhold);
        r.local = m_judge->isLocal();
        r.status = scores ? QStringLiteral("ok") : QStringLiteral("failed");
        m_log(r);
    }
    if (scores && scores->size() != chunks.size())
        return makeError(ErrorCode::Protocol, QStringLiteral("the judge scored %1 of %2 chunks").arg(scores->size()).arg(chunks.size()));
    return scores;
}

} // namespace RepoLens
