#pragma once

#include "answerview.h"

#include "core/index/indexer.h"
#include "core/llm/agentloop.h"
#include "core/llm/chatclient.h"
#include "core/llm/credentialstore.h"
#include "core/llm/llmsettings.h"
#include "core/retrieve/contextretriever.h"
#include "core/search/searchsettings.h"

#include <QFuture>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <memory>

class QNetworkAccessManager;

namespace RepoLens {

class ChatPane;
class ConversationService;
class QueryRunner;
struct ChatResponse;
struct ChatResult;

// One question and its answer in the current conversation.
struct ChatTurn
{
    int blockId = 0;
    std::shared_ptr<std::atomic<qint64>> userMessageId = std::make_shared<std::atomic<qint64>>(0);
    std::shared_ptr<std::atomic<qint64>> answerMessageId = std::make_shared<std::atomic<qint64>>(0);
    QString question;            // as typed (with its @-mentions)
    QString answer;
    QString status;              // "complete", "cut-off", "error", "stopped", "retrieval-only", "pending"
    QString error;
    RetrievalTrace trace;
    QList<ContextChunk> context; // what was (or will be) sent, numbered
    bool contextReused = false;  // a follow-up about the previous answer's code
    // A follow-up that is searched first: its context is the previous one's when the search
    // agrees (decideFollowUp), decided once the search is back.
    bool followUp = false;
    QList<ContextChunk> previousContext;
    RetrievalTrace previousTrace;
    bool retrieved = false;      // the retrieval finished (retry resends without retrieving)
    bool indexRunning = false;   // indexing ran when the question was searched
    QByteArray requestBody;      // exactly what was sent
    QString endpoint;
    QString model;
    double firstTokenMillis = -1;
    double answerMillis = 0;
    bool agent = false;          // answered in agent mode (the model called the tools)
    QList<AgentStep> steps;      // its tool calls
    QString fallbackNote;        // why it was answered single-shot instead (kept in the trace's notes)
};

// The answering logic of the chat pane: @-mentions, reusing the previous context for
// follow-ups, retrieval (with HyDE) on the query pool, the streamed answer from the
// configured model, errors with Retry, regenerate, conversations persisted per folder, the
// per-answer retrieval inspector and the "What was sent" log. Without a model the answer is
// retrieval-only (the result cards) with a note on how to configure one.
//
// Thread: GUI thread.
class ChatController : public QObject
{
    Q_OBJECT
public:
    ChatController(ChatPane *pane, QueryRunner *queries, QObject *parent = nullptr);
    ~ChatController() override;

    // Opens the folder's conversations (the newest one is continued when it is recent).
    void setFolder(const QString &rootPath, const QString &databasePath);
    void setSettings(const LlmSettings &settings, const SearchSettings &search);
    const LlmSettings &settings() const { return m_settings; }
    void setApiKey(const QString &key, const QString &source);
    QString apiKeySource() const { return m_keySource; }
    QString apiKey() const { return m_apiKey; }
    void setIndexState(bool indexing, const IndexProgress &progress);
    // The index changed: refresh what citations are checked against.
    void indexChanged();
    // Example questions for the empty chat, made from the folder's index (query thread).
    void refreshExamples();
    // Records a request in the folder's "What was sent" log (turnIndex: the answer it served).
    void logCall(const RemoteCall &call, int turnIndex = -1);

    bool isBusy() const { return m_busyBlock != 0; }
    bool isConfigured() const { return m_settings.isConfigured(); }
    qint64 conversationId() const { return m_conversationId ? m_conversationId->load() : 0; }
    const QList<ChatTurn> &turns() const { return m_turns; }
    const ChatTurn *turnForBlock(int blockId) const;
    ChatClient *client() const { return m_client; }
    ConversationService *conversations() const { return m_service; }

public Q_SLOTS:
    void ask(const QString &question);
    void stop();
    void retry(int blockId);
    void regenerate(int blockId);
    void newConversation();
    void openConversation(qint64 id);
    void renameConversation(qint64 id);
    void deleteConversation(qint64 id);
    void showInspector(int blockId);
    void showSentLog();
    // Looks for Ollama on this machine when no model is configured.
    void detectOllama();
    void completeMention(const QString &prefix);

Q_SIGNALS:
    void answerFinished(int blockId, const QString &status);
    // resultCount: the result cards shown, or for a "who calls" answer its call sites.
    void retrievalOnlyShown(int resultCount);
    void conversationsChanged();
    void ollamaFound(const QUrl &baseUrl, const QStringList &models);
    void settingsRequested(const QString &page);
    void locationActivated(const QString &path, int startLine, int endLine);
    void requestLogged();
    void settingsChanged(); // the Ollama offer was accepted (settings saved)

private:
    // Without a model: the search's best chunks (or every call site of "who calls X"), found on
    // a query thread, shown as cards.
    struct RetrievalOnlyQuery
    {
        QString question;
        bool indexing = false;
        IndexProgress progress;
        QString dbPath;
        QString root;       // the folder: text uses of a name nothing calls are read from it
        quint64 generation = 0;
        SearchSettings search;
        LlmEndpoint llm;    // the LLM re-ranker's model
        bool withhold = true;
    };
    void askRetrievalOnly(int blockId, const QString &question);
    // On the query thread: the search and what the pane shows of it.
    static ChatResponse retrievalOnlyResponse(const RetrievalOnlyQuery &query, const IndexStore *store,
                                              const Error &error, const std::atomic_bool &cancel);
    // How far a running index is ("120 of 300 files so far"), shown with the results.
    static QString indexingNote(const IndexProgress &progress);
    // "who calls X": the definitions of X and every call site of them.
    static void addCallSites(const IndexStore &store, const SearchResponse &result, ChatResponse &response,
                             const QString &root, const std::atomic_bool *cancel);
    // The hits as result cards with a highlighted preview.
    static QList<ChatResult> resultCards(const SearchResponse &result, const std::atomic_bool &cancel);
    void showRetrievalOnly(int blockId, ChatResponse response);
    // Agent mode: whether this question gets it, the loop on a worker thread, its end.
    bool wantsAgent(const QString &question, QString *why) const;
    void askAgent(int turnIndex, const QString &why);
    void agentStep(int blockId, const AgentStep &step, bool finished);
    void finishAgent(int blockId, const AgentOutcome &outcome);
    void retrieveAndAnswer(int turnIndex);
    void sendAnswer(int turnIndex);
    void finishTurn(int turnIndex, ChatReply *reply);
    void saveTurn(int turnIndex);
    void refreshConversationList(qint64 select = -1);
    void showTurns();
    void updateModelStatus();
    int turnIndexForBlock(int blockId) const;
    QString statusLine(const ChatTurn &turn, bool streaming) const;
    QString errorMessage(const LlmError &error) const;
    CitationIndex citationIndexFor(const ChatTurn &turn) const;
    LlmEndpoint endpoint() const;

    ChatPane *m_pane;
    QueryRunner *m_queries;
    ConversationService *m_service;
    QNetworkAccessManager *m_nam;
    ChatClient *m_client;
    QString m_root;
    QString m_dbPath;
    LlmSettings m_settings;
    SearchSettings m_search;
    QString m_apiKey;
    QString m_keySource;
    bool m_indexing = false;
    IndexProgress m_progress;
    std::shared_ptr<std::atomic<qint64>> m_conversationId;
    QList<ChatTurn> m_turns;
    QPointer<ChatReply> m_reply;
    std::shared_ptr<std::atomic_bool> m_agentCancel; // the running agent loop's
    QList<QFuture<void>> m_agentJobs; // running loops (a stopped one may still finish its call)
    int m_busyBlock = 0;
    quint64 m_indexGeneration = 1;
    std::shared_ptr<const CitationIndex> m_files; // every indexed file with its line count
    bool m_filesLoading = false;
    QStringList m_ollamaModels;
    QUrl m_ollamaBase;
};

} // namespace RepoLens
