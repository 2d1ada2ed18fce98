#pragma once

#include "reranker.h"
#include "zoektgenerator.h"

#include <QString>
#include <QUrl>

#include <memory>

namespace RepoLens {

// Retrieval settings shared by the desktop app and the CLI, persisted with QSettings
// (organisation "RepoLens", application "repolens", group "retrieval"). API keys are not
// stored here: the app keeps them in its credential store, the CLI reads REPOLENS_API_KEY.
struct SearchSettings
{
    RerankMode rerank = RerankMode::Off; // the default is decided by the eval (docs/retrieval.md)
    bool vectors = true;
    QUrl embedUrl;        // empty: the built-in embedder
    QString embedModel;
    // A static embedding model (model2vec format) in this folder; while set it is used instead
    // of the endpoint and the built-in embedder.
    QString embedStatic;
    // The built-in embedder when neither a static model nor an endpoint is set: "lsa" (latent
    // semantic analysis of the repository) or "subtokens" (the untrained bag of sub-tokens).
    QString embedBuiltin = QStringLiteral("lsa");
    int embedMaxTokens = 8191;
    QUrl rerankUrl;
    QString rerankModel;
    // Remote keyword search (zoektgenerator.h): off while the URL is empty.
    QUrl zoektUrl;
    QString zoektRepository; // zoekt's name of the folder searched: its hits map onto local chunks
    int zoektTimeoutMs = 3000;

    static SearchSettings load();
    void save() const;
    // "rerank", "vectors", "embed.url", "embed.model", "embed.max_tokens", "embed.static",
    // "embed.builtin", "rerank.url", "rerank.model", "remote.zoekt_url",
    // "remote.zoekt_repository", "remote.zoekt_timeout_ms"
    static QStringList keys();
    QString value(const QString &key) const;
    bool setValue(const QString &key, const QString &value); // false: unknown key or bad value
};

class Embedder;

// The remote search these settings configure (disabled while remote.zoekt_url is empty).
ZoektConfig configuredZoekt(const SearchSettings &settings);

// The embedder the settings choose for documents and queries: the static model in embed.static,
// the endpoint (embed.url + embed.model, key from REPOLENS_API_KEY), the sub-token view
// (embed.builtin subtokens), or null for the built-in LSA. When the static model cannot be
// loaded it returns null and says why in *error (indexing must not fall back silently).
std::shared_ptr<Embedder> configuredEmbedder(const SearchSettings &settings, QString *error = nullptr);

} // namespace RepoLens
