#pragma once

#include "chatclient.h"

#include <QObject>
#include <QStringList>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;

namespace RepoLens {

// What an endpoint says about itself: its models (GET <base>/models, or Ollama's /api/tags).
struct ModelListing
{
    QUrl baseUrl;          // the OpenAI-compatible base URL to use for chat
    QStringList models;
    LlmError error;
    bool isOllama = false;
    bool ok() const { return !error.isError(); }
};

// Lists an endpoint's models; used by "Test connection" and the Ollama detection. done() runs
// on the caller's thread once.
void listModels(QNetworkAccessManager *nam, const LlmEndpoint &endpoint,
                std::function<void(const ModelListing &)> done, QObject *context);

// Ollama's default address (the chat base URL is <this>/v1). REPOLENS_OLLAMA_URL overrides it
// (tests), "off" disables the detection.
QUrl defaultOllamaUrl();
// Asks GET <ollamaUrl>/api/tags with a short timeout; done() gets the models (ok) or an error.
void detectOllama(QNetworkAccessManager *nam, const QUrl &ollamaUrl,
                  std::function<void(const ModelListing &)> done, QObject *context, int timeoutMs = 1500);

// The model to offer from a list: a code model if there is one, else the first.
QString preferredModel(const QStringList &models);

} // namespace RepoLens
