#include "chatcontroller.h"

#include "agentsteps.h"
#include "chatpane.h"
#include "conversationservice.h"
#include "llmerrortext.h"
#include "qualifiednames_p.h"
#include "retrievalinspector.h"
#include "sentlogdialog.h"
#include "uilogging.h"

#include "core/embed/remoteembedder.h"
#include "core/grep/occurrences.h"
#include "core/index/indexservice.h"
#include "core/llm/hyde.h"
#include "core/llm/llmjudge.h"
#include "core/llm/modelprobe.h"
#include "core/llm/prompt.h"
#include "core/retrieve/examplequestions.h"
#include "core/retrieve/followup.h"
#include "core/retrieve/tracejson.h"
#include "core/search/searcher.h"
#include "core/search/searchtypes.h"
#include "core/search/usages.h"
#include "core/tools/folderhost.h"
#include "core/tools/toolregistry.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QSet>
#include <QFileInfo>
#include <QInputDialog>
#include <QLocale>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace RepoLens {

namespace {

constexpr int kPreviewLines = 6;

struct RetrievalOutcome
{
    RetrievalTrace trace;
    bool indexing = false; // indexing ran when the question was searched
    std::shared_ptr<const CitationIndex> files;
    QString error;
};

struct FilesOutcome
{
    std::shared_ptr<const CitationIndex> files;
};

// One Searcher per query thread, rebuilt when the store, the index generation or the
// retrieval settings change (vectors and the reranker are loaded once, not per question).
const Searcher &threadSearcher(const IndexStore *store, const QString &dbPath, quint64 generation,
                               const SearchSettings &settings, const LlmEndpoint &llm, bool withholdSecrets)
{
    struct Cache
    {
        const IndexStore *store = nullptr;
        quint64 generation = 0;
        QString key;
        std::unique_ptr<Searcher> searcher;
    };
    thread_local Cache cache;
    QString key;
    for (const QString &k : SearchSettings::keys())
        key += settings.value(k) + u'\x1f';
    key += withholdSecrets ? u'w' : u's';
    if (!cache.searcher || cache.store != store || cache.generation != generation || cache.key != key) {
        cache.searcher = std::make_unique<Searcher>(store);
        if (settings.vectors) {
            cache.searcher->enableVectors(dbPath, configuredEmbedder(settings));
        }
        if (settings.rerank == RerankMode::Endpoint && !settings.rerankUrl.isEmpty()) {
            HttpEndpoint endpoint;
            endpoint.baseUrl = settings.rerankUrl;
            endpoint.apiKey = qEnvironmentVariable("REPOLENS_API_KEY");
            auto reranker = std::make_shared<RemoteReranker>(endpoint, settings.rerankModel);
            reranker->setWithholdSecrets(withholdSecrets);
            cache.searcher->setReranker(RerankMode::Endpoint, reranker);
        }
        if (settings.rerank == RerankMode::Llm && llm.isConfigured())
            cache.searcher->setReranker(RerankMode::Llm,
                                        std::make_shared<JudgeReranker>(std::make_shared<ChatJudge>(llm), withholdSecrets));
        cache.store = store;
        cache.generation = generation;
        cache.key = key;
    }
    return *cache.searcher;
}

std::shared_ptr<const CitationIndex> buildFiles(const IndexStore &store, const QString &rootName)
{
    auto index = std::make_shared<CitationIndex>();
    index->setRootName(rootName);
    const QHash<QString, FileRecord> files = store.files().all();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!it->isDir && (it->status == FileStatus::Indexed || it->status == FileStatus::ParseError
                           || it->status == FileStatus::Pending))
            index->addFile(it.key(), it->lineCount);
    }
    return index;
}

// Why there is no answer: nothing is indexed (yet), indexing was stopped before any file was
// read, or nothing matched. With a model: nothing was sent to it (it would only invent
// sources).
QString nothingToSearchText(int indexedChunks, bool indexing, bool complete, bool withModel)
{
    QString text;
    if (indexedChunks == 0 && indexing)
        text = QCoreApplication::translate("RepoLens::ChatController",
                                           "Nothing is indexed yet, so there is nothing to answer from; ask again in "
                                           "a moment.");
    else if (indexedChunks == 0 && !complete)
        text = QCoreApplication::translate("RepoLens::ChatController",
                                           "Indexing was stopped before any file of this folder was indexed, so there "
                                           "is nothing to answer from yet. Re-index (F5) goes on where it stopped.");
    else if (indexedChunks == 0)
        text = QCoreApplication::translate("RepoLens::ChatController",
                                           "This folder has nothing to search: no file in it was indexed (the file "
                                           "tree says why).");
    else
        text = QCoreApplication::translate("RepoLens::ChatController",
                                           "No code in the index matches the question. Rephrase it, or name a file or "
                                           "symbol with @.");
    if (withModel)
        text += u' ' + QCoreApplication::translate("RepoLens::ChatController", "Nothing was sent to the model.");
    return text;
}

// Before the folder's own examples are known: questions that fit any folder.
QStringList defaultExamples()
{
    return {QCoreApplication::translate("RepoLens::ChatController", "what does this project do?"),
            QCoreApplication::translate("RepoLens::ChatController", "where is the entry point?")};
}

// A long paste is searched by its beginning and its end (where a traceback's error is).
QString searchedPart(const QString &text)
{
    return text.size() <= 4000 ? text : text.left(2000) + u'\n' + text.right(2000);
}

QString formatTokens(int n)
{
    return QLocale().toString(n);
}

QString seconds(double ms)
{
    return ms < 1000 ? QStringLiteral("%1 ms").arg(qRound(ms)) : QStringLiteral("%1 s").arg(ms / 1000.0, 0, 'f', 1);
}

// Retrieval-only answers are stored as a list of their sources.
QString retrievalOnlyMarkdown(const QList<ChatResult> &results)
{
    // Grouped by file as the pane shows them, each with its rank as its number.
    QStringList paths;
    for (const ChatResult &r : results)
        paths << r.path;
    QString md;
    for (const qsizetype i : groupedByFile(paths)) {
        const ChatResult &r = results.at(i);
        md += QStringLiteral("- [%1] `%2:%3-%4` %5\n").arg(i + 1).arg(r.path).arg(r.startLine).arg(r.endLine).arg(r.symbol);
    }
    return md;
}

// A "who calls" answer as it is kept in the conversation: the definitions, then every call site
// (the pane's own words).
QString callSitesMarkdown(const ChatResponse &r)
{
    auto pane = [](const char *text, int n = -1) { return QCoreApplication::translate("RepoLens::ChatPane", text, nullptr, n); };
    QString md;
    if (!r.definitions.isEmpty()) {
        md += pane("Defined at:") + u'\n';
        for (const CallSite &d : r.definitions)
            md += QStringLiteral("- `%1:%2` %3\n").arg(d.path).arg(d.line).arg(d.text);
        md += u'\n';
    }
    QSet<QString> files;
    for (const CallSite &c : r.callSites)
        files.insert(c.path);
    md += pane("%n call site(s)", int(r.callSites.size())) + pane(" in %n file(s)", int(files.size())) + QStringLiteral(":\n");
    for (const CallSite &c : r.callSites)
        md += QStringLiteral("- `%1:%2` %3\n").arg(c.path).arg(c.line).arg(c.text);
    if (!r.textUses.isEmpty()) {
        md += u'\n' + pane(QT_TRANSLATE_N_NOOP("RepoLens::ChatPane", "Used without a call (found by text): %n line(s)"),
                           int(r.textUses.size()))
              + QStringLiteral(":\n");
        for (const CallSite &c : r.textUses)
            md += QStringLiteral("- `%1:%2` %3\n").arg(c.path).arg(c.line).arg(c.text);
    }
    return md;
}

} // namespace

ChatController::ChatController(ChatPane *pane, QueryRunner *queries, QObject *parent)
    : QObject(parent)
    , m_pane(pane)
    , m_queries(queries)
    , m_service(new ConversationService(this))
    , m_nam(new QNetworkAccessManager(this))
    , m_client(new ChatClient(m_nam, this))
    , m_conversationId(std::make_shared<std::atomic<qint64>>(0))
{
    connect(m_pane, &ChatPane::retryRequested, this, &ChatController::retry);
    connect(m_pane, &ChatPane::regenerateRequested, this, &ChatController::regenerate);
    connect(m_pane, &ChatPane::inspectRequested, this, &ChatController::showInspector);
    connect(m_pane, &ChatPane::newConversationRequested, this, &ChatController::newConversation);
    connect(m_pane, &ChatPane::conversationSelected, this, &ChatController::openConversation);
    connect(m_pane, &ChatPane::renameConversationRequested, this, &ChatController::renameConversation);
    connect(m_pane, &ChatPane::deleteConversationRequested, this, &ChatController::deleteConversation);
    connect(m_pane, &ChatPane::sentLogRequested, this, &ChatController::showSentLog);
    connect(m_pane, &ChatPane::settingsRequested, this, [this] { Q_EMIT settingsRequested(QStringLiteral("model")); });
    connect(m_pane, &ChatPane::offerAccepted, this, [this] {
        if (m_ollamaModels.isEmpty())
            return;
        LlmSettings s = m_settings;
        s.baseUrl = m_ollamaBase;
        s.model = preferredModel(m_ollamaModels);
        s.save();
        setSettings(s, m_search);
        Q_EMIT settingsChanged();
    });
    connect(m_pane, &ChatPane::mentionPrefixChanged, this, &ChatController::completeMention);
    updateModelStatus();
}

ChatController::~ChatController()
{
    if (m_reply)
        m_reply->abort();
    if (m_agentCancel)
        m_agentCancel->store(true);
    for (QFuture<void> &job : m_agentJobs)
        job.waitForFinished();
    m_service->waitForDone();
}

// --- configuration -----------------------------------------------------------------------------

void ChatController::setFolder(const QString &rootPath, const QString &databasePath)
{
    stop();
    m_root = rootPath;
    m_dbPath = databasePath;
    m_service->setDatabasePath(databasePath);
    m_files.reset();
    ++m_indexGeneration;
    m_turns.clear();
    m_conversationId = std::make_shared<std::atomic<qint64>>(0);
    m_pane->clearConversation();
    m_pane->setExamples(defaultExamples());
    refreshConversationList(0);
    refreshExamples();
}

void ChatController::refreshExamples()
{
    if (m_dbPath.isEmpty())
        return;
    m_queries->run<QStringList>(
        QStringLiteral("examples"), this,
        [](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
            return store ? exampleQuestions(*store) : QStringList();
        },
        [this](QStringList examples) {
            if (!examples.isEmpty())
                m_pane->setExamples(examples);
        });
}

void ChatController::setSettings(const LlmSettings &settings, const SearchSettings &search)
{
    m_settings = settings;
    m_search = search;
    ++m_indexGeneration; // the retrieval settings are part of the cached searchers
    m_client->setEndpoint(endpoint());
    updateModelStatus();
    if (m_settings.isConfigured())
        m_pane->hideOffer();
}

void ChatController::setApiKey(const QString &key, const QString &source)
{
    m_apiKey = key;
    m_keySource = source;
    ++m_indexGeneration; // searchers holding the LLM judge get the new key
    m_client->setEndpoint(endpoint());
    updateModelStatus();
}

LlmEndpoint ChatController::endpoint() const
{
    return m_settings.endpoint(m_apiKey);
}

void ChatController::setIndexState(bool indexing, const IndexProgress &progress)
{
    m_indexing = indexing;
    m_progress = progress;
}

void ChatController::indexChanged()
{
    ++m_indexGeneration;
    m_files.reset();
}

void ChatController::updateModelStatus()
{
    m_pane->setQuestionLimit(m_settings.isConfigured() ? questionTokenLimit(m_settings.model, m_settings.contextBudget,
                                                                            m_settings.historyBudget, m_settings.maxTokens)
                                                       : 0,
                             m_settings.model);
    if (!m_settings.isConfigured()) {
        m_pane->setModelStatus(tr("Retrieval only: answers are the best-matching code. <a href=\"settings\">Configure a "
                                  "model…</a>"),
                               tr("With a model (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, …) the chat writes "
                                  "answers with citations."));
        return;
    }
    const LlmEndpoint e = endpoint();
    const QString where = e.isLocal() ? tr("on this machine") : e.baseUrl.host();
    m_pane->setModelStatus(tr("Answers by <b>%1</b> %2 · <a href=\"settings\">Settings</a>")
                               .arg(m_settings.model.toHtmlEscaped(), where.toHtmlEscaped()),
                           e.isLocal() ? tr("Nothing leaves this machine.")
                                       : tr("The question and the code chunks found for it are sent to %1.")
                                             .arg(e.displayUrl(QStringLiteral("chat/completions"))));
}

void ChatController::detectOllama()
{
    if (m_settings.isConfigured())
        return;
    const QUrl url = defaultOllamaUrl();
    if (url.isEmpty())
        return;
    RepoLens::detectOllama(
        m_nam, url,
        [this](const ModelListing &listing) {
            if (!listing.ok() || m_settings.isConfigured())
                return;
            QStringList chatModels;
            if (preferredModel(listing.models).isEmpty())
                return;
            m_ollamaModels = listing.models;
            m_ollamaBase = listing.baseUrl;
            const QString model = preferredModel(listing.models);
            m_pane->showOffer(tr("Ollama is running on this computer (%n model(s)). Use %1 to write answers? "
                                 "Nothing leaves the machine.",
                                 nullptr, int(listing.models.size()))
                                  .arg(model),
                              tr("Use %1").arg(model));
            Q_EMIT ollamaFound(listing.baseUrl, listing.models);
        },
        this);
}

// --- asking ------------------------------------------------------------------------------------

int ChatController::turnIndexForBlock(int blockId) const
{
    for (qsizetype i = 0; i < m_turns.size(); ++i) {
        if (m_turns.at(i).blockId == blockId)
            return int(i);
    }
    return -1;
}

const ChatTurn *ChatController::turnForBlock(int blockId) const
{
    const int i = turnIndexForBlock(blockId);
    return i < 0 ? nullptr : &m_turns.at(i);
}

void ChatController::ask(const QString &question)
{
    const QString q = question.trimmed();
    if (q.isEmpty())
        return;
    if (m_busyBlock)
        stop();
    const int id = m_pane->addQuestion(q);
    if (m_root.isEmpty()) {
        ChatResponse r;
        r.error = tr("Open a folder first (File ▸ Open Folder…).");
        m_pane->setResponse(id, r);
        return;
    }
    ChatTurn turn;
    turn.blockId = id;
    turn.question = q;
    turn.status = QStringLiteral("pending");
    const ParsedQuestion parsed = parseMentions(q);
    bool pinned = false;
    for (const Mention &m : parsed.mentions)
        pinned = pinned || m.kind == Mention::Kind::Reference;
    // The first question retrieves. A follow-up (no @codebase, no pinned files or symbols)
    // re-uses the previous context only when it is about it: when it refers back to it, at
    // once; otherwise it is searched, and the previous context is kept only when that search
    // finds mostly the same code (decideFollowUp, once the search is back).
    const ChatTurn *previous = nullptr;
    for (auto it = m_turns.crbegin(); it != m_turns.crend(); ++it) {
        if (it->retrieved && !it->context.isEmpty()) {
            previous = &*it;
            break;
        }
    }
    const bool followUp = m_settings.isConfigured() && !parsed.codebase && !pinned && previous;
    bool retrieve = true;
    if (followUp && refersBack(parsed.text)) {
        const FollowUpDecision decision = decideFollowUp(parsed.text, previous->context, RetrievalTrace());
        turn.context = previous->context;
        turn.trace = previous->trace;
        turn.trace.question = parsed.text;
        turn.trace.stages.clear();
        turn.trace.remoteCalls.clear();
        turn.trace.notes = {decision.reason};
        turn.contextReused = true;
        turn.retrieved = true;
        retrieve = false;
    } else if (followUp) {
        turn.followUp = true;
        turn.previousContext = previous->context;
        turn.previousTrace = previous->trace;
    }
    m_turns.append(turn);
    m_busyBlock = id;
    m_pane->setBusy(true);
    if (!m_settings.isConfigured()) {
        askRetrievalOnly(id, q);
        return;
    }
    // A follow-up that refers back is answered from the context it refers to: the agent would
    // search afresh. Pinned code is answered from what was pinned.
    QString why;
    if (!pinned && retrieve && wantsAgent(parsed.text, &why)) {
        askAgent(int(m_turns.size()) - 1, why);
        return;
    }
    if (retrieve)
        retrieveAndAnswer(int(m_turns.size()) - 1);
    else
        sendAnswer(int(m_turns.size()) - 1);
}

// --- agent mode -------------------------------------------------------------------------------

bool ChatController::wantsAgent(const QString &question, QString *why) const
{
    switch (m_settings.agentMode) {
    case LlmSettings::AgentMode::Agent:
        *why = tr("agent mode (Settings ▸ Retrieval)");
        return true;
    case LlmSettings::AgentMode::SingleShot:
        return false;
    case LlmSettings::AgentMode::Auto:
        break;
    }
    QString reason;
    const bool yes = agentHelps(question, &reason);
    *why = tr("agent mode: %1").arg(reason);
    return yes;
}

void ChatController::askAgent(int turnIndex, const QString &why)
{
    ChatTurn &turn = m_turns[turnIndex];
    const int blockId = turn.blockId;
    turn.agent = true;
    turn.steps.clear();
    turn.trace = RetrievalTrace();
    turn.trace.route = QStringLiteral("agent");
    turn.trace.notes = {why};
    turn.model = m_settings.model;
    m_pane->setStatus(blockId, tr("%1 is looking through the code with the tools…").arg(m_settings.model));
    m_pane->agentSteps(blockId);
    m_pane->beginAnswer(blockId, citationIndexFor(turn), {});
    const QString folderName = QFileInfo(m_root).fileName();
    QList<ChatMessage> messages{{QStringLiteral("system"), agentInstructions(folderName), {}, {}}};
    for (int i = std::max(0, turnIndex - 4); i < turnIndex; ++i) {
        const ChatTurn &t = m_turns.at(i);
        if (t.answer.isEmpty() || t.status == QLatin1String("retrieval-only"))
            continue;
        messages.append({QStringLiteral("user"), parseMentions(t.question).text, {}, {}});
        messages.append({QStringLiteral("assistant"), t.answer, {}, {}});
    }
    messages.append({QStringLiteral("user"), parseMentions(turn.question).text, {}, {}});
    AgentOptions options;
    options.maxRounds = m_settings.agentRounds;
    options.maxCallsPerRound = m_settings.agentCalls;
    options.budgetTokens = m_settings.agentBudget;
    options.folderName = folderName;
    const LlmEndpoint ep = endpoint();
    const RepoHandle handle = FixedFolders::handleFor(m_root, m_dbPath);
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_agentCancel = cancel;
    m_agentJobs.removeIf([](const QFuture<void> &job) { return job.isFinished(); });
    m_agentJobs << QtConcurrent::run([this, blockId, messages, options, ep, handle, cancel] {
        FixedFolders host({handle});
        ToolRegistry tools(&host);
        AgentCallbacks cb;
        cb.stepStarted = [this, blockId](const AgentStep &s) {
            QMetaObject::invokeMethod(this, [this, blockId, s] { agentStep(blockId, s, false); }, Qt::QueuedConnection);
        };
        cb.stepFinished = [this, blockId](const AgentStep &s) {
            QMetaObject::invokeMethod(this, [this, blockId, s] { agentStep(blockId, s, true); }, Qt::QueuedConnection);
        };
        cb.answerDelta = [this, blockId](const QString &delta) {
            QMetaObject::invokeMethod(this, [this, blockId, delta] { m_pane->appendAnswer(blockId, delta); }, Qt::QueuedConnection);
        };
        cb.roundFinished = [this, blockId, ep](const AgentRound &r) {
            RemoteCall call;
            call.time = QDateTime::currentDateTime();
            call.endpoint = r.url;
            call.purpose = QStringLiteral("agent");
            call.model = ep.model;
            call.bytes = r.bytesSent;
            call.files = r.toolResults;
            call.withheld = r.withheld;
            call.local = ep.isLocal();
            call.status = r.status;
            call.body = r.requestBody;
            QMetaObject::invokeMethod(this, [this, blockId, call] {
                const int i = turnIndexForBlock(blockId);
                if (i >= 0)
                    logCall(call, i);
            }, Qt::QueuedConnection);
        };
        const AgentOutcome outcome = runAgent(ep, messages, tools, options, cancel.get(), cb);
        QMetaObject::invokeMethod(this, [this, blockId, outcome] { finishAgent(blockId, outcome); }, Qt::QueuedConnection);
    });
}

void ChatController::agentStep(int blockId, const AgentStep &step, bool finished)
{
    AgentStepsView *view = m_pane->agentSteps(blockId);
    if (!view)
        return;
    const QString key = QString::number(step.round) + u'/' + step.callId;
    if (!finished) {
        view->addStep(key, step.round, step.tool, step.arguments);
        m_pane->setStatus(blockId, tr("Step %1: %2…").arg(view->stepCount()).arg(step.tool));
    } else {
        view->finishStep(key, step.summary, step.result, step.error);
    }
}

void ChatController::finishAgent(int blockId, const AgentOutcome &outcome)
{
    const int i = turnIndexForBlock(blockId);
    if (i < 0)
        return;
    ChatTurn &turn = m_turns[i];
    turn.steps = outcome.steps;
    if (outcome.toolsUnsupported) {
        // A model without tool calling: one retrieval and one answer, and say why.
        turn.agent = false;
        if (AgentStepsView *view = m_pane->agentSteps(blockId))
            view->setNote(tr("%1 does not take tools; answered single-shot instead.").arg(m_settings.model));
        turn.trace = RetrievalTrace();
        turn.fallbackNote = tr("the model does not take tools: answered single-shot");
        retrieveAndAnswer(i);
        return;
    }
    turn.answer = outcome.answer;
    // What the model saw through the tools may be cited.
    CitationIndex index = m_files ? *m_files : CitationIndex();
    QList<CitedChunk> seen;
    for (const AgentSource &s : outcome.sources) {
        seen.append({s.path, s.startLine, s.endLine});
        if (!m_files)
            index.addFile(s.path, 0);
    }
    index.setChunks(seen);
    index.setRootName(QFileInfo(m_root).fileName());
    if (AnswerView *view = m_pane->answerView(blockId))
        view->setCitationIndex(index);
    // The inspector lists every round trip and every call.
    for (const AgentRound &r : outcome.rounds) {
        RetrievalStage stage;
        stage.name = tr("agent request %1 (%n tool call(s))", nullptr, r.toolCalls).arg(r.round);
        stage.millis = r.millis;
        stage.error = r.status == QLatin1String("ok") ? QString() : r.status;
        for (const AgentStep &s : outcome.steps)
            if (s.round == r.round)
                stage.text += s.tool + u' ' + s.arguments + QStringLiteral(" → ") + s.summary + u'\n';
        turn.trace.stages << stage;
        turn.requestBody = r.requestBody;
        turn.endpoint = r.url;
    }
    m_pane->setAnswer(blockId, turn.answer, true);
    AnswerFinish finish;
    const LlmError &error = outcome.error;
    if (error.kind == LlmErrorKind::Cancelled) {
        turn.status = QStringLiteral("stopped");
        finish.kind = AnswerFinish::Kind::Stopped;
        finish.canRetry = true;
    } else if (error.isError()) {
        turn.status = turn.answer.isEmpty() ? QStringLiteral("error") : QStringLiteral("cut-off");
        turn.error = llmErrorKindName(error.kind) + QStringLiteral(": ") + describeLlmError(error);
        finish.kind = turn.answer.isEmpty() ? AnswerFinish::Kind::Failed : AnswerFinish::Kind::CutOff;
        finish.message = outcome.stopReason == QLatin1String("no answer")
                             ? tr("the model kept calling tools and did not answer within %n round(s).", nullptr,
                                  m_settings.agentRounds)
                             : errorMessage(error);
        finish.canRetry = true;
    } else {
        turn.status = outcome.cutOff ? QStringLiteral("cut-off") : QStringLiteral("complete");
    }
    if (AgentStepsView *view = m_pane->agentSteps(blockId)) {
        if (turn.status == QLatin1String("stopped"))
            view->setNote(tr("Stopped."));
        else if (outcome.stopReason == QLatin1String("round limit") || outcome.stopReason == QLatin1String("token budget"))
            view->setNote(tr("Answered from what the tools returned within the limits (%1).").arg(outcome.stopReason));
    }
    m_pane->finishAnswer(blockId, finish);
    QStringList parts{tr("agent"), tr("%n tool call(s)", nullptr, int(outcome.steps.size())),
                      tr("%n request(s)", nullptr, int(outcome.rounds.size()))};
    if (const AnswerView *view = m_pane->answerView(blockId); view && view->invalidCitations() > 0)
        parts << tr("%n citation(s) not found in the index", nullptr, view->invalidCitations());
    m_pane->setStatus(blockId, parts.join(QStringLiteral("  ·  ")));
    saveTurn(i);
    if (m_busyBlock == blockId) {
        m_busyBlock = 0;
        m_pane->setBusy(false);
        m_agentCancel.reset();
    }
    Q_EMIT answerFinished(blockId, turn.status);
}

void ChatController::askRetrievalOnly(int blockId, const QString &q)
{
    RetrievalOnlyQuery query;
    query.question = q;
    query.indexing = m_indexing;
    query.progress = m_progress;
    // The same searcher as answers use: vectors, priors and re-ranking as the settings say.
    query.dbPath = m_dbPath;
    query.root = m_root;
    query.generation = m_indexGeneration;
    query.search = m_search;
    query.llm = endpoint();
    query.withhold = !m_settings.sendCredentials;
    m_queries->run<ChatResponse>(
        QStringLiteral("search"), this,
        [query](const IndexStore *store, const Error &error, const QueryRunner::CancelFlag &cancel) {
            return retrievalOnlyResponse(query, store, error, cancel);
        },
        [this, blockId](ChatResponse r) { showRetrievalOnly(blockId, std::move(r)); });
}

ChatResponse ChatController::retrievalOnlyResponse(const RetrievalOnlyQuery &q, const IndexStore *store,
                                                   const Error &error, const std::atomic_bool &cancel)
{
    ChatResponse r;
    if (!store) {
        r.error = error.code == ErrorCode::NotFound ? tr("The folder has not been indexed yet; ask again in a moment.")
                                                    : tr("Cannot open the index: %1").arg(error.toString());
        return r;
    }
    const Searcher &searcher = threadSearcher(store, q.dbPath, q.generation, q.search, q.llm, q.withhold);
    SearchOptions options;
    options.topK = 10;
    options.vectors = q.search.vectors;
    options.rerank = q.search.rerank;
    auto result = searcher.search(searchedPart(parseMentions(q.question).text), options, &cancel);
    if (!result) {
        r.error = result.error().code == ErrorCode::InvalidArgument
                      ? tr("The question has no words to search for.")
                      : tr("Search failed: %1").arg(result.error().toString());
        return r;
    }
    r.route = result->route;
    r.millis = result->millis;
    r.notes = result->notes;
    r.indexComplete = !q.indexing && result->indexComplete && indexIsComplete(*store);
    if (result->hits.isEmpty() && store->chunks().count() == 0 && !store->drafts().exists()) {
        r.error = nothingToSearchText(0, q.indexing, indexIsComplete(*store), false);
        return r;
    }
    if (q.indexing)
        r.indexNote = indexingNote(q.progress);
    if (result->route == QLatin1String("graph:callers"))
        addCallSites(*store, *result, r, q.root, &cancel);
    else
        r.results = resultCards(*result, cancel);
    return r;
}

QString ChatController::indexingNote(const IndexProgress &progress)
{
    if (progress.phase == IndexProgress::Phase::Parsing && progress.keywordReady)
        return tr("%1 of %2 files parsed so far, the others searched as plain text")
            .arg(progress.filesDone)
            .arg(progress.filesTotal);
    if (progress.phase == IndexProgress::Phase::Parsing)
        return tr("%1 of %2 files so far").arg(progress.filesDone).arg(progress.filesTotal);
    if (progress.phase == IndexProgress::Phase::Drafting)
        return tr("reading files");
    return tr("scanning");
}

void ChatController::addCallSites(const IndexStore &store, const SearchResponse &result, ChatResponse &r,
                                  const QString &root, const std::atomic_bool *cancel)
{
    // "who calls X": every call site, grouped by file in the pane (not one card per calling
    // function); narrowed to the definition the question names.
    const QString name = result.graphSymbol.isEmpty() ? routeQuery(result.query).symbol : result.graphSymbol;
    const QList<SymbolRecord> defs = definitionsNamed(store, name);
    const UsageSet usages = usagesOf(store, defs, false);
    QualifiedNames names(store);
    r.callSitesOf = name;
    r.leftOut = usages.leftOut;
    for (const SymbolRecord &d : defs) {
        CallSite site;
        site.path = d.path;
        site.line = d.line;
        site.text = d.signature.simplified().left(200);
        site.caller = names.of(d);
        r.definitions.append(site);
    }
    for (const Usage &u : usages.usages) {
        CallSite site;
        site.path = u.ref.path;
        site.line = u.ref.line;
        site.text = u.lineText;
        site.caller = names.ofChunk(u.ref.path, u.ref.fromName);
        site.certain = u.fit == UsageFit::Yes;
        site.test = isTestPath(u.ref.path);
        r.callSites.append(site);
    }
    // Nothing calls it: a property or a field is read, a function may be passed as a callback.
    if (!r.callSites.isEmpty() || root.isEmpty())
        return;
    TextOccurrenceQuery query = textOccurrenceQuery(store, name, store.symbols().refsNamed(name, 5000));
    query.limit = 50;
    const TextOccurrences text = textOccurrences(IndexGrep(), store, root, query, cancel);
    for (const GrepMatch &m : text.matches) {
        CallSite site;
        site.path = m.path;
        site.line = m.line;
        site.text = m.text.trimmed();
        site.byText = true;
        site.test = isTestPath(m.path);
        r.textUses.append(site);
    }
    // The pane groups by file: files in the order their first line came (the files with member
    // accesses, `x.name`, first), each file's lines in order.
    QHash<QString, int> fileRank;
    for (const CallSite &c : std::as_const(r.textUses))
        fileRank.insert(c.path, fileRank.value(c.path, int(fileRank.size())));
    std::stable_sort(r.textUses.begin(), r.textUses.end(), [&fileRank](const CallSite &a, const CallSite &b) {
        return a.path != b.path ? fileRank.value(a.path) < fileRank.value(b.path) : a.line < b.line;
    });
    r.moreTextUses = text.more;
}

QList<ChatResult> ChatController::resultCards(const SearchResponse &result, const std::atomic_bool &cancel)
{
    QList<ChatResult> cards;
    for (const SearchHit &hit : result.hits) {
        if (cancel.load())
            break;
        ChatResult c;
        c.path = hit.chunk.path;
        c.startLine = hit.chunk.startLine;
        c.endLine = hit.chunk.endLine;
        c.symbol = displayQualifiedName(hit.chunk.language,
                                        hit.chunk.qualifiedName.isEmpty() ? hit.chunk.name : hit.chunk.qualifiedName,
                                        isCallableKind(hit.chunk.kind));
        c.kind = chunkKindName(hit.chunk.kind);
        c.language = languageInfo(hit.chunk.language).displayName;
        c.score = hit.scores.final;
        c.reasons = hit.reasons;
        c.previewLines = makePreview(hit.chunk.text, int(hit.chunk.language), kPreviewLines);
        c.totalLines = int(hit.chunk.text.count(u'\n')) + 1;
        cards.append(c);
    }
    return cards;
}

void ChatController::showRetrievalOnly(int blockId, ChatResponse r)
{
    if (m_busyBlock == blockId) {
        m_busyBlock = 0;
        m_pane->setBusy(false);
    }
    if (r.error.isEmpty())
        r.notes << tr("No model is configured, so these are the best-matching snippets. Settings ▸ Model "
                      "connects OpenAI, Ollama, llama.cpp, vLLM or LM Studio for written answers.");
    m_pane->setResponse(blockId, r);
    const int i = turnIndexForBlock(blockId);
    if (i >= 0 && r.error.isEmpty()) {
        ChatTurn &t = m_turns[i];
        t.status = QStringLiteral("retrieval-only");
        t.answer = r.callSitesOf.isEmpty() ? retrievalOnlyMarkdown(r.results) : callSitesMarkdown(r);
        t.trace.route = r.route;
        int n = 0;
        for (const ChatResult &c : std::as_const(r.results)) {
            ContextChunk chunk;
            chunk.number = ++n;
            chunk.path = c.path;
            chunk.startLine = c.startLine;
            chunk.endLine = c.endLine;
            chunk.symbol = c.symbol;
            chunk.kind = c.kind;
            chunk.score = c.score;
            t.context.append(chunk);
        }
        saveTurn(i);
    }
    Q_EMIT retrievalOnlyShown(int(r.callSitesOf.isEmpty() ? r.results.size() : r.callSites.size()));
}

void ChatController::retrieveAndAnswer(int turnIndex)
{
    ChatTurn &turn = m_turns[turnIndex];
    const int blockId = turn.blockId;
    m_pane->setStatus(blockId, m_settings.hyde ? tr("Searching (HyDE may ask the model first)…") : tr("Searching…"));
    ParsedQuestion parsed = parseMentions(turn.question);
    parsed.text = searchedPart(parsed.text);
    RetrievalOptions options;
    options.topK = m_settings.topK;
    options.budgetTokens = m_settings.contextBudget;
    options.search.rerank = m_search.rerank;
    options.search.vectors = m_search.vectors;
    options.hyde = m_settings.hyde;
    options.withholdSecrets = !m_settings.sendCredentials;
    const LlmEndpoint llm = endpoint();
    options.expander = hydeExpander(llm);
    const QString dbPath = m_dbPath;
    const quint64 generation = m_indexGeneration;
    const SearchSettings search = m_search;
    const bool needFiles = !m_files;
    const QString rootName = QFileInfo(m_root).fileName();
    const bool indexing = m_indexing;
    m_queries->run<RetrievalOutcome>(
        QStringLiteral("answer"), this,
        [=](const IndexStore *store, const Error &error, const QueryRunner::CancelFlag &cancel) {
            RetrievalOutcome out;
            if (!store) {
                out.error = error.code == ErrorCode::NotFound
                                ? QCoreApplication::translate("RepoLens::ChatController",
                                                              "The folder has not been indexed yet; ask again in a moment.")
                                : error.toString();
                return out;
            }
            const Searcher &searcher = threadSearcher(store, dbPath, generation, search, llm, options.withholdSecrets);
            out.trace = retrieveContext(*store, searcher, parsed, options, &cancel);
            out.indexing = indexing;
            if (indexing)
                out.trace.indexComplete = false;
            if (needFiles)
                out.files = buildFiles(*store, rootName);
            return out;
        },
        [this, blockId](RetrievalOutcome out) {
            const int i = turnIndexForBlock(blockId);
            if (i < 0 || m_busyBlock != blockId)
                return;
            if (out.files)
                m_files = out.files;
            ChatTurn &t = m_turns[i];
            if (!out.error.isEmpty()) {
                t.status = QStringLiteral("error");
                t.error = out.error;
                m_pane->setStatus(blockId, out.error);
                m_busyBlock = 0;
                m_pane->setBusy(false);
                Q_EMIT answerFinished(blockId, t.status);
                return;
            }
            for (const RemoteCall &c : std::as_const(out.trace.remoteCalls))
                logCall(c, i);
            if (t.followUp) {
                t.followUp = false;
                const FollowUpDecision decision = decideFollowUp(parseMentions(t.question).text, t.previousContext,
                                                                 out.trace);
                if (decision.reuse) {
                    const QList<RemoteCall> calls = out.trace.remoteCalls;
                    const bool complete = out.trace.indexComplete;
                    out.trace = t.previousTrace;
                    out.trace.question = parseMentions(t.question).text;
                    out.trace.stages.clear();
                    out.trace.remoteCalls = calls;
                    out.trace.indexComplete = complete;
                    out.trace.notes = {decision.reason};
                    t.contextReused = true;
                } else {
                    out.trace.notes.prepend(decision.reason);
                }
                t.previousContext.clear();
                t.previousTrace = RetrievalTrace();
            }
            t.trace = out.trace;
            if (!t.fallbackNote.isEmpty())
                t.trace.notes << t.fallbackNote;
            t.context = out.trace.context;
            t.retrieved = true;
            t.indexRunning = out.indexing;
            if (t.context.isEmpty() && t.trace.graphSection.isEmpty()) {
                // Nothing to answer from: the model would only invent sources.
                t.status = QStringLiteral("no-context");
                t.error = nothingToSearchText(t.trace.indexedChunks, m_indexing, t.trace.indexComplete, true);
                m_pane->setStatus(blockId, t.error);
                m_busyBlock = 0;
                m_pane->setBusy(false);
                saveTurn(i);
                Q_EMIT answerFinished(blockId, t.status);
                return;
            }
            sendAnswer(i);
        });
}

CitationIndex ChatController::citationIndexFor(const ChatTurn &turn) const
{
    CitationIndex index = m_files ? *m_files : CitationIndex();
    if (!m_files) {
        // Not loaded yet: at least the files of the context are known.
        for (const ContextChunk &c : turn.context)
            index.addFile(c.path, 0);
    }
    QList<CitedChunk> chunks;
    for (const ContextChunk &c : turn.context)
        chunks.append({c.path, c.startLine, c.endLine});
    index.setChunks(chunks);
    index.setRootName(QFileInfo(m_root).fileName());
    return index;
}

void ChatController::sendAnswer(int turnIndex)
{
    ChatTurn &turn = m_turns[turnIndex];
    const int blockId = turn.blockId;
    // Earlier turns that got an answer, as the conversation so far.
    QList<ConversationTurn> history;
    for (int i = 0; i < turnIndex; ++i) {
        const ChatTurn &t = m_turns.at(i);
        if (!t.answer.isEmpty() && t.status != QLatin1String("retrieval-only"))
            history.append({parseMentions(t.question).text, t.answer});
    }
    PromptOptions prompt;
    prompt.folderName = QFileInfo(m_root).fileName();
    prompt.historyBudget = m_settings.historyBudget;
    prompt.graphSection = turn.trace.graphSection;
    prompt.contextReused = turn.contextReused;
    ChatRequest request;
    request.purpose = QStringLiteral("answer");
    request.messages = buildChatMessages(parseMentions(turn.question).text, turn.context, history, prompt);
    m_client->setEndpoint(endpoint());
    turn.answer.clear();
    turn.error.clear();
    turn.status = QStringLiteral("pending");
    ChatReply *reply = m_client->send(request);
    turn.requestBody = reply->requestBody();
    turn.endpoint = reply->displayUrl();
    turn.model = m_settings.model;
    m_reply = reply;
    QList<AnswerView::Source> sources;
    for (const ContextChunk &c : std::as_const(turn.context))
        sources.append({c.number, c.path, c.startLine, c.endLine, c.symbol});
    m_pane->beginAnswer(blockId, citationIndexFor(turn), sources);
    m_pane->setStatus(blockId, statusLine(turn, true));
    connect(reply, &ChatReply::textReceived, this, [this, blockId](const QString &delta) {
        m_pane->appendAnswer(blockId, delta);
    });
    connect(reply, &ChatReply::retrying, this, [this, blockId](int attempt, int waitMs, int status) {
        m_pane->setStatus(blockId, tr("The server answered HTTP %1; trying again in %2 (attempt %3)…")
                                       .arg(status)
                                       .arg(seconds(waitMs))
                                       .arg(attempt + 1));
    });
    connect(reply, &ChatReply::finished, this, [this, blockId, reply] {
        const int i = turnIndexForBlock(blockId);
        if (i >= 0)
            finishTurn(i, reply);
        reply->deleteLater();
    });
}

QString ChatController::errorMessage(const LlmError &e) const
{
    return llmErrorText(e, m_settings.model, m_settings.timeoutSeconds);
}

void ChatController::finishTurn(int turnIndex, ChatReply *reply)
{
    ChatTurn &turn = m_turns[turnIndex];
    const int blockId = turn.blockId;
    turn.answer = reply->text();
    turn.firstTokenMillis = reply->firstTokenMillis();
    turn.answerMillis = reply->totalMillis();
    const LlmError error = reply->error();
    m_pane->setAnswer(blockId, turn.answer, true);
    AnswerFinish finish;
    if (error.kind == LlmErrorKind::Cancelled) {
        turn.status = QStringLiteral("stopped");
        finish.kind = AnswerFinish::Kind::Stopped;
        finish.canRetry = true;
    } else if (error.isError()) {
        turn.status = error.partial ? QStringLiteral("cut-off") : QStringLiteral("error");
        turn.error = llmErrorKindName(error.kind) + QStringLiteral(": ") + describeLlmError(error);
        finish.kind = error.partial ? AnswerFinish::Kind::CutOff : AnswerFinish::Kind::Failed;
        finish.message = errorMessage(error);
        finish.canRetry = true;
    } else if (reply->finishReason() == QLatin1String("length")) {
        turn.status = QStringLiteral("cut-off");
        finish.kind = AnswerFinish::Kind::CutOff;
        finish.message = tr("the model reached its token limit (%1 tokens; Settings ▸ Model ▸ Max tokens).")
                             .arg(m_settings.maxTokens);
        finish.canRetry = true;
    } else {
        turn.status = QStringLiteral("complete");
    }
    m_pane->finishAnswer(blockId, finish);
    m_pane->setStatus(blockId, statusLine(turn, false));

    RemoteCall call;
    call.time = QDateTime::currentDateTime();
    call.endpoint = reply->displayUrl();
    call.purpose = QStringLiteral("answer");
    call.model = m_settings.model;
    call.bytes = reply->bytesSent();
    for (const ContextChunk &c : std::as_const(turn.context))
        call.files << c.location();
    call.withheld = withheldEntries(turn.context);
    call.local = endpoint().isLocal();
    call.status = error.isError() ? llmErrorKindName(error.kind) : QStringLiteral("ok");
    saveTurn(turnIndex);
    logCall(call, turnIndex);
    if (m_busyBlock == blockId) {
        m_busyBlock = 0;
        m_pane->setBusy(false);
    }
    Q_EMIT answerFinished(blockId, turn.status);
}

QString ChatController::statusLine(const ChatTurn &t, bool streaming) const
{
    QStringList parts;
    if (!t.trace.route.isEmpty())
        parts << t.trace.route;
    parts << tr("%n chunk(s)", nullptr, int(t.context.size())) + QStringLiteral(" (")
                 + tr("%1 tokens").arg(formatTokens(t.trace.contextTokens)) + u')';
    if (t.contextReused)
        parts << tr("context of the previous question");
    if (t.trace.hydeUsed) {
        QStringList stages;
        for (const RetrievalStage &s : t.trace.stages) {
            if (s.name.startsWith(QLatin1String("hyde")) || s.name.startsWith(QLatin1String("search")))
                stages << seconds(s.millis);
        }
        parts << tr("HyDE %1").arg(stages.join(QStringLiteral(" + ")));
    }
    if (t.trace.graphPaths > 0)
        parts << tr("%n graph path(s)", nullptr, t.trace.graphPaths);
    if (t.trace.withheld > 0)
        parts << tr("%n withheld (credentials)", nullptr, t.trace.withheld);
    if (streaming) {
        parts << tr("%1 is writing…").arg(m_settings.model);
    } else {
        if (t.firstTokenMillis >= 0)
            parts << tr("first words after %1, %2 in all").arg(seconds(t.firstTokenMillis), seconds(t.answerMillis));
        if (const AnswerView *view = m_pane->answerView(t.blockId); view && view->invalidCitations() > 0)
            parts << tr("%n citation(s) not found in the index", nullptr, view->invalidCitations());
    }
    QString line = parts.join(QStringLiteral("  ·  "));
    if (!t.trace.indexComplete)
        line += u'\n' + (t.indexRunning ? tr("The index is still being built: the context may be incomplete.")
                                         : tr("The index is incomplete (indexing was stopped before it finished): "
                                              "the context may be missing code. Re-index (F5) completes it."));
    for (const QString &note : t.trace.notes) {
        if (!note.startsWith(QLatin1String("no vectors")))
            line += u'\n' + note;
    }
    return line;
}

void ChatController::stop()
{
    const int blockId = m_busyBlock;
    if (!blockId)
        return;
    if (m_reply) {
        m_reply->abort(); // finishTurn() marks it stopped and keeps the partial answer
        return;
    }
    if (m_agentCancel && !m_agentCancel->load()) {
        m_agentCancel->store(true); // finishAgent() marks it stopped
        return;
    }
    m_queries->cancel(QStringLiteral("answer"));
    m_queries->cancel(QStringLiteral("search"));
    m_busyBlock = 0;
    m_pane->setBusy(false);
    m_pane->setSuperseded(blockId);
    const int i = turnIndexForBlock(blockId);
    if (i >= 0) {
        m_turns[i].status = QStringLiteral("stopped");
        if (m_settings.isConfigured())
            saveTurn(i);
    }
    Q_EMIT answerFinished(blockId, QStringLiteral("stopped"));
}

void ChatController::retry(int blockId)
{
    const int i = turnIndexForBlock(blockId);
    if (i < 0 || m_busyBlock)
        return;
    if (!m_settings.isConfigured()) {
        Q_EMIT settingsRequested(QStringLiteral("model"));
        return;
    }
    m_busyBlock = blockId;
    m_pane->setBusy(true);
    if (m_turns.at(i).retrieved)
        sendAnswer(i);
    else
        retrieveAndAnswer(i);
}

void ChatController::regenerate(int blockId)
{
    retry(blockId);
}

// --- persistence -------------------------------------------------------------------------------

void ChatController::saveTurn(int turnIndex)
{
    if (m_dbPath.isEmpty())
        return;
    const ChatTurn &t = m_turns.at(turnIndex);
    MessageRecord user;
    user.role = QStringLiteral("user");
    user.content = t.question;
    MessageRecord answer;
    answer.role = QStringLiteral("assistant");
    answer.content = t.answer;
    answer.status = t.status;
    answer.error = t.error;
    answer.model = t.model;
    answer.endpoint = t.endpoint;
    answer.trace = retrievalTraceToJson(t.trace);
    answer.request = t.requestBody;
    for (const ContextChunk &c : t.context)
        answer.context.append(contextRecord(c));
    const QString title = t.question.simplified().left(60);
    auto conversation = m_conversationId;
    auto userId = t.userMessageId;
    auto answerId = t.answerMessageId;
    m_service->run<qint64>(
        this,
        [=](ConversationStore *store, const Error &error) mutable -> qint64 {
            if (!store) {
                qCWarning(lcUi) << "cannot save the conversation:" << error.toString();
                return 0;
            }
            qint64 conv = conversation->load();
            if (conv == 0) {
                auto created = store->createConversation(title);
                if (!created)
                    return 0;
                conv = *created;
                conversation->store(conv);
            }
            if (userId->load() == 0) {
                user.conversationId = conv;
                if (auto r = store->addMessage(user))
                    userId->store(*r);
            }
            answer.conversationId = conv;
            if (answerId->load() == 0) {
                if (auto r = store->addMessage(answer))
                    answerId->store(*r);
            } else {
                answer.id = answerId->load();
                store->updateMessage(answer);
            }
            return conv;
        },
        [this](qint64 conv) {
            if (conv > 0)
                refreshConversationList(conv);
        });
}

void ChatController::logCall(const RemoteCall &call, int turnIndex)
{
    if (m_dbPath.isEmpty())
        return;
    RemoteRequestRecord r;
    r.time = call.time;
    r.endpoint = call.endpoint;
    r.purpose = call.purpose;
    r.model = call.model;
    r.bytes = call.bytes;
    r.files = sentLogEntries(call);
    r.local = call.local;
    r.status = call.status;
    auto conversation = m_conversationId;
    std::shared_ptr<std::atomic<qint64>> answerId;
    if (turnIndex >= 0 && turnIndex < m_turns.size())
        answerId = m_turns.at(turnIndex).answerMessageId;
    m_service->run<bool>(
        this,
        [r, conversation, answerId](ConversationStore *store, const Error &) mutable {
            if (!store)
                return false;
            r.conversationId = conversation->load();
            r.messageId = answerId ? answerId->load() : 0;
            return bool(store->logRemoteRequest(r));
        },
        [this](bool) { Q_EMIT requestLogged(); });
}

void ChatController::refreshConversationList(qint64 select)
{
    if (m_dbPath.isEmpty()) {
        m_pane->setConversations({}, 0);
        return;
    }
    m_service->run<QList<ConversationInfo>>(
        this,
        [](ConversationStore *store, const Error &) {
            return store ? store->conversations() : QList<ConversationInfo>();
        },
        [this, select](QList<ConversationInfo> list) {
            QList<QPair<qint64, QString>> items;
            for (const ConversationInfo &c : std::as_const(list))
                items.append({c.id, c.title});
            m_pane->setConversations(items, select >= 0 ? select : conversationId());
            Q_EMIT conversationsChanged();
        });
}

void ChatController::newConversation()
{
    stop();
    m_turns.clear();
    m_conversationId = std::make_shared<std::atomic<qint64>>(0);
    m_pane->clearConversation();
    refreshConversationList(0);
    m_pane->focusInput();
}

void ChatController::openConversation(qint64 id)
{
    if (id == conversationId())
        return;
    stop();
    const QString rootName = QFileInfo(m_root).fileName();
    const bool needFiles = !m_files;
    m_service->run<QList<MessageRecord>>(
        this, [id](ConversationStore *store, const Error &) { return store ? store->messages(id) : QList<MessageRecord>(); },
        [this, id, needFiles, rootName](QList<MessageRecord> messages) {
            m_turns.clear();
            m_conversationId = std::make_shared<std::atomic<qint64>>(id);
            ChatTurn *open = nullptr;
            for (const MessageRecord &m : std::as_const(messages)) {
                if (m.role == QLatin1String("user")) {
                    ChatTurn t;
                    t.question = m.content;
                    t.userMessageId->store(m.id);
                    t.status = QStringLiteral("stopped");
                    m_turns.append(t);
                    open = &m_turns.last();
                } else if (open) {
                    open->answer = m.content;
                    open->status = m.status;
                    open->error = m.error;
                    open->model = m.model;
                    open->endpoint = m.endpoint;
                    open->requestBody = m.request;
                    open->trace = retrievalTraceFromJson(m.trace);
                    for (const MessageContextRecord &c : m.context)
                        open->context.append(contextChunk(c));
                    open->trace.context = open->context;
                    open->retrieved = !open->context.isEmpty();
                    open->answerMessageId->store(m.id);
                    open = nullptr;
                }
            }
            auto show = [this] { showTurns(); };
            if (!needFiles || m_dbPath.isEmpty()) {
                show();
                return;
            }
            m_queries->run<FilesOutcome>(
                QStringLiteral("answer-files"), this,
                [rootName](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
                    FilesOutcome out;
                    if (store)
                        out.files = buildFiles(*store, rootName);
                    return out;
                },
                [this, show](FilesOutcome out) {
                    if (out.files)
                        m_files = out.files;
                    show();
                });
        });
}

void ChatController::showTurns()
{
    m_pane->clearConversation();
    for (ChatTurn &t : m_turns) {
        t.blockId = m_pane->addQuestion(t.question);
        QList<AnswerView::Source> sources;
        for (const ContextChunk &c : std::as_const(t.context))
            sources.append({c.number, c.path, c.startLine, c.endLine, c.symbol});
        m_pane->beginAnswer(t.blockId, citationIndexFor(t), t.status == QLatin1String("retrieval-only") ? QList<AnswerView::Source>() : sources);
        m_pane->setAnswer(t.blockId, t.answer, false);
        AnswerFinish finish;
        if (t.status == QLatin1String("cut-off"))
            finish = {AnswerFinish::Kind::CutOff, t.error.isEmpty() ? tr("the answer was incomplete.") : t.error, true};
        else if (t.status == QLatin1String("error"))
            finish = {AnswerFinish::Kind::Failed, t.error, true};
        else if (t.status == QLatin1String("stopped"))
            finish = {AnswerFinish::Kind::Stopped, QString(), true};
        m_pane->finishAnswer(t.blockId, finish);
        m_pane->setStatus(t.blockId, t.status == QLatin1String("retrieval-only") ? tr("Retrieval only (no model was configured)")
                                                                                 : statusLine(t, false));
    }
    refreshConversationList(conversationId());
}

void ChatController::renameConversation(qint64 id)
{
    bool ok = false;
    const QString title = QInputDialog::getText(m_pane, tr("Rename Conversation"), tr("Title:"), QLineEdit::Normal,
                                                m_pane->conversationBox()->currentText(), &ok)
                              .simplified();
    if (!ok || title.isEmpty())
        return;
    m_service->run<bool>(
        this, [id, title](ConversationStore *store, const Error &) { return store && store->renameConversation(id, title); },
        [this](bool) { refreshConversationList(conversationId()); });
}

void ChatController::deleteConversation(qint64 id)
{
    if (QMessageBox::question(m_pane, tr("Delete Conversation"),
                              tr("Delete the conversation \"%1\"? This cannot be undone.")
                                  .arg(m_pane->conversationBox()->currentText()))
        != QMessageBox::Yes)
        return;
    const bool current = id == conversationId();
    m_service->run<bool>(
        this, [id](ConversationStore *store, const Error &) { return store && store->deleteConversation(id); },
        [this, current](bool) {
            if (current)
                newConversation();
            else
                refreshConversationList(conversationId());
        });
}

// --- transparency ------------------------------------------------------------------------------

void ChatController::showInspector(int blockId)
{
    const ChatTurn *t = turnForBlock(blockId);
    if (!t)
        return;
    auto *dialog = new RetrievalInspector(m_pane->window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setTurn(*t);
    connect(dialog, &RetrievalInspector::locationActivated, this, &ChatController::locationActivated);
    dialog->show();
}

void ChatController::showSentLog()
{
    const QString root = m_root;
    m_service->run<QList<RemoteRequestRecord>>(
        this, [](ConversationStore *store, const Error &) { return store ? store->remoteRequests() : QList<RemoteRequestRecord>(); },
        [this, root](QList<RemoteRequestRecord> records) {
            auto *dialog = new SentLogDialog(m_pane->window());
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setRecords(root, records);
            connect(dialog, &SentLogDialog::clearRequested, this, [this, dialog] {
                m_service->run<bool>(
                    this, [](ConversationStore *store, const Error &) { return store && store->clearRemoteRequests(); },
                    [dialog](bool) { dialog->setRecords(dialog->folder(), {}); });
            });
            dialog->show();
        });
}

// --- mention completion ------------------------------------------------------------------------

void ChatController::completeMention(const QString &prefix)
{
    QStringList items;
    if (QStringLiteral("codebase").startsWith(prefix, Qt::CaseInsensitive))
        items << QStringLiteral("codebase");
    if (m_files) {
        QStringList starts;
        QStringList contains;
        for (const QString &path : m_files->paths()) {
            const QString name = path.section(u'/', -1);
            if (prefix.isEmpty() || name.startsWith(prefix, Qt::CaseInsensitive) || path.startsWith(prefix, Qt::CaseInsensitive))
                starts << path;
            else if (path.contains(prefix, Qt::CaseInsensitive))
                contains << path;
        }
        std::sort(starts.begin(), starts.end());
        std::sort(contains.begin(), contains.end());
        items += (starts + contains).mid(0, 25);
    } else if (!m_dbPath.isEmpty() && !m_filesLoading) {
        m_filesLoading = true;
        const QString rootName = QFileInfo(m_root).fileName();
        m_queries->run<FilesOutcome>(
            QStringLiteral("answer-files"), this,
            [rootName](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
                FilesOutcome out;
                if (store)
                    out.files = buildFiles(*store, rootName);
                return out;
            },
            [this, prefix](FilesOutcome out) {
                m_filesLoading = false;
                if (out.files) {
                    m_files = out.files;
                    completeMention(prefix);
                }
            });
    }
    m_pane->questionEdit()->setMentionCompletions(items);
    if (prefix.isEmpty() || m_dbPath.isEmpty())
        return;
    // Symbols by prefix, from the index.
    m_queries->run<QStringList>(
        QStringLiteral("mention"), this,
        [prefix](const IndexStore *store, const Error &, const QueryRunner::CancelFlag &) {
            QStringList names;
            if (!store)
                return names;
            for (const SymbolRecord &s : store->symbols().byPrefix(prefix, 30)) {
                const QString name = s.qualifiedName.isEmpty() ? s.name : s.qualifiedName;
                if (!names.contains(name))
                    names << name;
            }
            return names;
        },
        [this, items](QStringList names) {
            QStringList all = items;
            for (const QString &n : std::as_const(names)) {
                if (!all.contains(n))
                    all << n;
            }
            m_pane->questionEdit()->setMentionCompletions(all);
        });
}

} // namespace RepoLens
