#pragma once

#include "core/base/result.h"
#include "core/store/conversationstore.h"
#include "core/store/indexstore.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <vector>

namespace RepoLens {

using EmbeddingVector = std::vector<float>;

enum class EmbedPurpose { Document, Query };

// Turns texts into vectors. Implementations: BuiltinEmbedder (offline, fitted on the indexed
// code) and RemoteEmbedder (an OpenAI-compatible /v1/embeddings endpoint). embed() blocks: call
// it from a worker thread (the indexer's embedding stage or a query thread), never the GUI.
class Embedder
{
public:
    virtual ~Embedder() = default;
    // Stored with every vector: vectors of different models never mix.
    virtual QString modelId() const = 0;
    // 0 until known (a remote model tells on its first answer).
    virtual int dimension() const = 0;
    virtual bool isLocal() const = 0;
    // Whether embed() sends the texts in requests (to an endpoint, a local one too): only such
    // an embedder is told which files a call's texts come from (setNextRequestFiles).
    virtual bool sendsRequests() const { return false; }
    // Texts per call the caller should send (the implementation may split further).
    virtual int batchSize() const { return 64; }
    // One vector per text, same order, L2-normalised.
    virtual Result<QList<EmbeddingVector>> embed(const QStringList &texts, EmbedPurpose purpose,
                                                 const std::atomic_bool *cancel = nullptr) = 0;
    // An embedder that sends text off the machine tells `log` of every request (What Was
    // Sent); the others send nothing and ignore these.
    virtual void setRequestLog(RemoteRequestLog log) { Q_UNUSED(log); }
    // Where the texts of the next embed() call come from ("path:start-end", then "withheld:
    // PATH lines N-M (KIND)"), for that log.
    virtual void setNextRequestFiles(const QStringList &files) { Q_UNUSED(files); }
};

// The text embedded for a chunk. It carries its context: path, enclosing scope, signature,
// doc comment, then the code. maxChars > 0 truncates the code (never the header).
QString embeddingText(const ChunkRecord &chunk, int maxChars = 0);
// The text a remote embedder or scorer gets for a chunk: embeddingText() through the
// withholding stage (core/base/secrets.h) when `withhold`, withheld before it is cut to
// maxChars so that no half of a secret is left. *withheld: whether anything was withheld.
QString outgoingEmbeddingText(const ChunkRecord &chunk, int maxChars, bool withhold, bool *withheld = nullptr);

// What the What Was Sent log keeps of chunks sent to an endpoint: "path:start-end" of each, then
// "withheld: PATH lines N-M (KIND)" for each place credentials were withheld from them.
QStringList sentLogFiles(const QList<ChunkRecord> &chunks, bool withhold);

QByteArray vectorToBlob(const EmbeddingVector &v);
EmbeddingVector vectorFromBlob(QByteArrayView blob);
void normaliseVector(EmbeddingVector &v);

} // namespace RepoLens
