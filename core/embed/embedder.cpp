#include "embedder.h"

#include "core/base/secrets.h"

#include <cmath>
#include <cstring>

namespace RepoLens {

QString embeddingText(const ChunkRecord &c, int maxChars)
{
    QString header;
    header += QStringLiteral("path: ") + c.path + u'\n';
    const qsizetype dot = c.qualifiedName.lastIndexOf(u'.');
    if (dot > 0)
        header += QStringLiteral("in: ") + c.qualifiedName.left(dot) + u'\n';
    if (!c.name.isEmpty())
        header += chunkKindName(c.kind) + QStringLiteral(": ") + c.qualifiedName + u'\n';
    if (!c.signature.isEmpty() && !c.text.contains(c.signature))
        header += c.signature + u'\n';
    if (!c.doc.isEmpty() && !c.text.contains(c.doc))
        header += c.doc + u'\n';
    // A method summary (LLM-written, optional): what the code does, in words a question uses.
    // Setting or clearing one drops the chunk's stored vectors (SummaryStore), so they follow.
    if (!c.summary.isEmpty())
        header += QStringLiteral("summary: ") + c.summary + u'\n';
    QString body = c.text;
    if (maxChars > 0 && header.size() + body.size() > maxChars)
        body.truncate(std::max<qsizetype>(0, maxChars - header.size()));
    return header + body;
}

QString outgoingEmbeddingText(const ChunkRecord &chunk, int maxChars, bool withhold, bool *withheld)
{
    if (withheld)
        *withheld = false;
    if (!withhold)
        return embeddingText(chunk, maxChars);
    WithheldText w = withholdSecrets(embeddingText(chunk));
    if (withheld)
        *withheld = w.isWithheld();
    if (maxChars > 0 && w.text.size() > maxChars)
        w.text.truncate(maxChars);
    return w.text;
}

QStringList sentLogFiles(const QList<ChunkRecord> &chunks, bool withhold)
{
    QStringList files;
    QStringList withheld;
    for (const ChunkRecord &c : chunks) {
        files << QStringLiteral("%1:%2-%3").arg(c.path).arg(c.startLine).arg(c.endLine);
        if (!withhold || !containsSecret(embeddingText(c)))
            continue;
        const QString where = withholdSecrets(c.text).describe(c.startLine);
        withheld << QStringLiteral("withheld: ") + c.path + u' '
                        + (where.isEmpty() ? QStringLiteral("(in its signature or doc comment)") : where);
    }
    return files + withheld;
}

QByteArray vectorToBlob(const EmbeddingVector &v)
{
    return QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * sizeof(float)));
}

EmbeddingVector vectorFromBlob(QByteArrayView blob)
{
    EmbeddingVector v(size_t(blob.size()) / sizeof(float));
    if (!v.empty())
        std::memcpy(v.data(), blob.data(), v.size() * sizeof(float));
    return v;
}

void normaliseVector(EmbeddingVector &v)
{
    double sum = 0;
    for (float x : v)
        sum += double(x) * x;
    if (sum <= 0)
        return;
    const float inv = float(1.0 / std::sqrt(sum));
    for (float &x : v)
        x *= inv;
}

} // namespace RepoLens
