#include "remoteembedder.h"

#include "core/base/logging.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>

#include <utility>

namespace RepoLens {

RemoteEmbedder::RemoteEmbedder(RemoteEmbedderConfig config)
    : m_config(std::move(config))
{
    m_maxChars = std::max(64, int(m_config.maxInputTokens * m_config.charsPerToken));
    m_config.batchSize = std::max(1, m_config.batchSize);
}

RemoteEmbedder::~RemoteEmbedder() = default;

QString RemoteEmbedder::modelId() const
{
    QUrl u = m_config.endpoint.baseUrl;
    return QStringLiteral("remote:") + u.host() + (u.port() > 0 ? u':' + QString::number(u.port()) : QString())
           + u'/' + m_config.model;
}

bool RemoteEmbedder::isLocal() const
{
    const QString host = m_config.endpoint.baseUrl.host();
    return host == QLatin1String("localhost") || host == QLatin1String("127.0.0.1") || host == QLatin1String("::1");
}

QStringList RemoteEmbedder::split(const QString &text, int maxChars)
{
    QStringList pieces;
    if (text.size() <= maxChars) {
        pieces << text;
        return pieces;
    }
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = std::min(text.size(), start + maxChars);
        if (end < text.size()) {
            const qsizetype nl = text.lastIndexOf(u'\n', end - 1);
            if (nl > start + maxChars / 2)
                end = nl + 1;
        }
        pieces << text.mid(start, end - start);
        start = end;
    }
    return pieces;
}

void RemoteEmbedder::logRequest(EmbedPurpose purpose, const QStringList &files, qint64 bytes, bool ok) const
{
    if (!m_log)
        return;
    RemoteRequestRecord r;
    r.time = QDateTime::currentDateTime();
    r.endpoint = m_config.endpoint.displayUrl(QStringLiteral("embeddings"));
    r.purpose = purpose == EmbedPurpose::Query ? QStringLiteral("embeddings (question)") : QStringLiteral("embeddings");
    r.model = m_config.model;
    r.bytes = bytes;
    r.files = files;
    r.local = isLocal();
    r.status = ok ? QStringLiteral("ok") : QStringLiteral("failed");
    m_log(r);
}

Result<QList<EmbeddingVector>> RemoteEmbedder::embedPieces(const QStringList &pieces, EmbedPurpose purpose,
                                                           const QStringList &files, const std::atomic_bool *cancel)
{
    if (!m_nam)
        m_nam = std::make_unique<QNetworkAccessManager>();
    QJsonObject body{{QStringLiteral("model"), m_config.model},
                     {QStringLiteral("input"), QJsonArray::fromStringList(pieces)},
                     {QStringLiteral("encoding_format"), QStringLiteral("float")}};
    int status = 0;
    ++m_requests;
    auto doc = postJsonBlocking(m_config.endpoint, QStringLiteral("embeddings"), body, cancel, &status, m_nam.get());
    logRequest(purpose, files, QJsonDocument(body).toJson(QJsonDocument::Compact).size(), bool(doc));
    if (!doc)
        return doc.error();
    const QString where = m_config.endpoint.displayUrl(QStringLiteral("embeddings"));
    const QJsonArray data = doc->object().value(QStringLiteral("data")).toArray();
    if (data.size() != pieces.size())
        return makeError(ErrorCode::Protocol,
                         QStringLiteral("asked for %1 embeddings, got %2").arg(pieces.size()).arg(data.size()), where);
    QList<EmbeddingVector> out(pieces.size());
    QList<bool> filled(pieces.size(), false);
    for (qsizetype i = 0; i < data.size(); ++i) {
        const QJsonObject item = data.at(i).toObject();
        const int index = item.value(QStringLiteral("index")).toInt(int(i));
        const QJsonArray values = item.value(QStringLiteral("embedding")).toArray();
        if (index < 0 || index >= pieces.size() || filled[index] || values.isEmpty())
            return makeError(ErrorCode::Protocol, QStringLiteral("malformed embedding %1 in the answer").arg(i), where);
        EmbeddingVector v(size_t(values.size()));
        for (qsizetype j = 0; j < values.size(); ++j) {
            if (!values.at(j).isDouble())
                return makeError(ErrorCode::Protocol, QStringLiteral("a non-number in embedding %1").arg(i), where);
            v[size_t(j)] = float(values.at(j).toDouble());
        }
        if (m_dimension == 0)
            m_dimension = int(v.size());
        if (int(v.size()) != m_dimension)
            return makeError(ErrorCode::Protocol,
                             QStringLiteral("embedding of dimension %1, expected %2").arg(v.size()).arg(m_dimension),
                             where);
        out[index] = std::move(v);
        filled[index] = true;
    }
    return out;
}

Result<QList<EmbeddingVector>> RemoteEmbedder::embed(const QStringList &texts, EmbedPurpose purpose,
                                                     const std::atomic_bool *cancel)
{
    const QStringList files = std::exchange(m_nextFiles, {});
    for (int attempt = 0;; ++attempt) {
        // every text becomes one or more pieces; owner[i] = the text piece i belongs to
        QStringList pieces;
        QList<int> owner;
        for (qsizetype t = 0; t < texts.size(); ++t) {
            const QString text = texts.at(t).isEmpty() ? QStringLiteral(" ") : texts.at(t);
            for (const QString &p : split(text, m_maxChars)) {
                pieces << p;
                owner << int(t);
            }
        }
        QList<EmbeddingVector> pieceVectors;
        Error failure;
        bool tooLong = false;
        for (qsizetype start = 0; start < pieces.size(); start += m_config.batchSize) {
            auto batch = embedPieces(pieces.mid(start, m_config.batchSize), purpose, files, cancel);
            if (!batch) {
                failure = batch.error();
                const QString m = failure.message.toLower();
                tooLong = failure.message.contains(QLatin1String("HTTP 400"))
                          && (m.contains(QLatin1String("context length")) || m.contains(QLatin1String("too long"))
                              || m.contains(QLatin1String("maximum")) || m.contains(QLatin1String("too many tokens")));
                break;
            }
            pieceVectors += *batch;
        }
        if (failure.code != ErrorCode::None) {
            if (tooLong && attempt < 3 && m_maxChars > 256) {
                m_maxChars /= 2;
                qCInfo(lcEmbed) << "input too long for" << m_config.model << "; splitting at" << m_maxChars << "chars";
                continue;
            }
            return failure;
        }
        QList<EmbeddingVector> out(texts.size());
        for (qsizetype i = 0; i < pieces.size(); ++i) {
            EmbeddingVector &acc = out[owner.at(i)];
            const EmbeddingVector &v = pieceVectors.at(i);
            if (acc.empty())
                acc.assign(v.size(), 0.0f);
            const float w = float(pieces.at(i).size());
            for (size_t j = 0; j < v.size() && j < acc.size(); ++j)
                acc[j] += w * v[j];
        }
        for (EmbeddingVector &v : out)
            normaliseVector(v);
        return out;
    }
}

} // namespace RepoLens
