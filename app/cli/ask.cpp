#include "ask.h"
#include "terminaltext.h"

#include "core/llm/agentloop.h"
#include "core/llm/citations.h"
#include "core/llm/hyde.h"
#include "core/llm/prompt.h"
#include "core/llm/summarizer.h"
#include "core/retrieve/contextretriever.h"
#include "core/search/embeddingstage.h"
#include "core/store/conversationstore.h"
#include "core/tools/folderhost.h"
#include "core/tools/toolregistry.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace RepoLens {

namespace {

// JSON (escaped by JSON) as it is.
void out(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
    std::fflush(stdout);
}

// Plain text holds the repository's names and code, and answers that may quote them: control
// characters are escaped (terminaltext.h), line breaks stay.
void outText(const QString &text)
{
    out(terminalLines(text));
}

void err(const QString &text)
{
    const QByteArray local = terminalLines(text).toLocal8Bit();
    std::fprintf(stderr, "%s\n", local.constData());
}

void logCall(ConversationStore *log, const RemoteCall &call)
{
    if (!log)
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
    log->logRemoteRequest(r);
}

QString configureHint()
{
    return QStringLiteral(
        "No model is configured, so this is the retrieval-only answer. To get written answers, point\n"
        "RepoLens at an OpenAI-compatible endpoint, for example a local Ollama:\n"
        "  repolens-cli config llm.url http://127.0.0.1:11434/v1\n"
        "  repolens-cli config llm.model qwen2.5-coder:7b\n"
        "or pass --base-url URL --model NAME (the key comes from OPENAI_API_KEY).\n");
}

QString compactArguments(const QString &json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json.toUtf8());
    const QString text = doc.isObject() ? QString::fromUtf8(doc.toJson(QJsonDocument::Compact)) : json;
    return text.size() > 160 ? text.left(157) + QStringLiteral("...") : text;
}

// What citations are checked against: every file of the index (its lines) and the chunks the
// model was given.
CitationIndex citationIndex(const IndexStore &store, const QString &rootPath, const QList<CitedChunk> &cited)
{
    CitationIndex index;
    index.setRootName(QFileInfo(rootPath).fileName());
    const QHash<QString, FileRecord> files = store.files().all();
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!it->isDir)
            index.addFile(it.key(), it->lineCount);
    }
    index.setChunks(cited);
    return index;
}

QJsonArray stepsJson(const QList<AgentStep> &steps)
{
    QJsonArray out;
    for (const AgentStep &s : steps)
        out.append(QJsonObject{{QStringLiteral("round"), s.round},
                               {QStringLiteral("tool"), s.tool},
                               {QStringLiteral("arguments"), s.arguments},
                               {QStringLiteral("summary"), s.summary},
                               {QStringLiteral("error"), s.error},
                               {QStringLiteral("millis"), s.millis}});
    return out;
}

// Agent mode: the model calls the tools; steps on stderr, the answer on stdout. Returns -1
// when the model cannot call tools (the caller answers single-shot).
int runAgentAsk(const IndexStore &store, const AskOptions &o, const LlmEndpoint &endpoint, ConversationStore *log,
                const std::atomic_bool *cancel, QString *fallbackNote)
{
    FixedFolders host({FixedFolders::handleFor(o.rootPath, o.databasePath)});
    ToolRegistry tools(&host);
    AgentOptions options;
    options.maxRounds = o.settings.agentRounds;
    options.maxCallsPerRound = o.settings.agentCalls;
    options.budgetTokens = o.settings.agentBudget;
    options.folderName = QFileInfo(o.rootPath).fileName();
    const QList<ChatMessage> conversation{{QStringLiteral("system"), agentInstructions(options.folderName), {}, {}},
                                          {QStringLiteral("user"), o.question, {}, {}}};
    if (!endpoint.isLocal())
        err(QStringLiteral("agent mode: the question and the tool results go to %1")
                .arg(endpoint.displayUrl(QStringLiteral("chat/completions"))));
    AgentCallbacks callbacks;
    callbacks.stepFinished = [](const AgentStep &s) {
        err(QStringLiteral("step %1: %2 %3 -> %4").arg(s.round).arg(s.tool, compactArguments(s.arguments), s.summary));
    };
    callbacks.answerDelta = [&o](const QString &delta) {
        if (!o.json)
            outText(delta);
    };
    callbacks.roundFinished = [&](const AgentRound &r) {
        RemoteCall call;
        call.time = QDateTime::currentDateTime();
        call.endpoint = r.url;
        call.purpose = QStringLiteral("agent");
        call.model = endpoint.model;
        call.bytes = r.bytesSent;
        call.files = r.toolResults;
        call.withheld = r.withheld;
        call.local = endpoint.isLocal();
        call.status = r.status;
        logCall(log, call);
    };
    const AgentOutcome outcome = runAgent(endpoint, conversation, tools, options, cancel, callbacks);
    if (outcome.toolsUnsupported) {
        *fallbackNote = QStringLiteral("the model does not take tools (%1): answering single-shot").arg(outcome.error.detail.left(200));
        return -1;
    }
    QList<CitedChunk> cited;
    for (const AgentSource &s : outcome.sources)
        cited.append({s.path, s.startLine, s.endLine});
    const QList<CheckedCitation> citations = checkCitations(outcome.answer, citationIndex(store, o.rootPath, cited));
    if (o.json) {
        QJsonArray checked;
        for (const CheckedCitation &c : citations) {
            if (c.quiet)
                continue;
            checked.append(QJsonObject{{QStringLiteral("text"), outcome.answer.mid(c.match.offset, c.match.length)},
                                       {QStringLiteral("valid"), c.valid}, {QStringLiteral("path"), c.path},
                                       {QStringLiteral("start_line"), c.startLine}, {QStringLiteral("end_line"), c.endLine},
                                       {QStringLiteral("problem"), c.detail}});
        }
        QJsonObject obj{{QStringLiteral("question"), o.question},
                        {QStringLiteral("answer"), outcome.answer},
                        {QStringLiteral("mode"), QStringLiteral("agent")},
                        {QStringLiteral("steps"), stepsJson(outcome.steps)},
                        {QStringLiteral("rounds"), int(outcome.rounds.size())},
                        {QStringLiteral("stop"), outcome.stopReason},
                        {QStringLiteral("citations"), checked},
                        {QStringLiteral("cut_off"), outcome.cutOff}};
        if (outcome.error.isError())
            obj.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("kind"), llmErrorKindName(outcome.error.kind)},
                                                             {QStringLiteral("message"), describeLlmError(outcome.error)}});
        out(QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact)) + u'\n');
        return outcome.error.isError() ? 1 : 0;
    }
    if (!outcome.answer.endsWith(u'\n'))
        out(QStringLiteral("\n"));
    err(QStringLiteral("agent: %1 step(s) in %2 request(s), stopped: %3").arg(outcome.steps.size()).arg(outcome.rounds.size()).arg(outcome.stopReason));
    for (const CheckedCitation &c : citations)
        if (!c.valid && !c.quiet)
            err(QStringLiteral("invalid citation: %1 (%2)").arg(terminalText(outcome.answer.mid(c.match.offset, c.match.length)), terminalText(c.detail)));
    if (outcome.error.isError()) {
        if (outcome.error.kind == LlmErrorKind::Cancelled)
            return 130;
        err(QStringLiteral("repolens-cli: ") + describeLlmError(outcome.error));
        return 1;
    }
    return 0;
}

// The single-shot retrieval for the question, as the settings say.
RetrievalOptions retrievalOptions(const AskOptions &o, const SearchOptions &searchOptions, bool configured,
                                  const LlmEndpoint &endpoint)
{
    RetrievalOptions options;
    options.topK = o.settings.topK;
    options.budgetTokens = o.settings.contextBudget;
    options.search = searchOptions;
    options.hyde = o.settings.hyde && configured;
    options.expander = hydeExpander(endpoint);
    // Credentials are not sent, even to a local endpoint, unless send_credentials is on.
    options.withholdSecrets = !o.settings.sendCredentials;
    return options;
}

// Says on stderr what the retrieval noted (and HyDE's stages when it ran). Returns the exit
// code when there is nothing to answer from (-1: go on): retrieval failed, nothing is indexed,
// or, with a model, nothing matched (nothing is sent then).
int reportRetrieval(const RetrievalTrace &trace, const AskOptions &o, bool configured)
{
    for (const QString &note : trace.notes)
        err(QStringLiteral("note: ") + terminalText(note));
    if (trace.hydeUsed) {
        for (const RetrievalStage &s : trace.stages)
            err(QStringLiteral("stage: %1 (%2 ms)%3").arg(s.name).arg(s.millis, 0, 'f', 0).arg(s.error.isEmpty() ? QString() : QStringLiteral(": ") + s.error));
    }
    if (!trace.error.isEmpty() && trace.context.isEmpty()) {
        err(QStringLiteral("repolens-cli: retrieval failed: ") + trace.error);
        return 1;
    }
    if (!trace.indexComplete)
        err(QStringLiteral("note: the index is incomplete (indexing was stopped or is running): answers may miss code; "
                           "`repolens-cli index %1` completes it")
                .arg(o.rootPath));
    if (trace.context.isEmpty() && trace.graphSection.isEmpty() && trace.indexedChunks == 0) {
        if (!trace.indexComplete)
            err(QStringLiteral("repolens-cli: nothing to search yet: indexing of %1 was stopped before any file was "
                               "indexed (`repolens-cli index %1` goes on)%2")
                    .arg(o.rootPath, configured ? QStringLiteral("; nothing was sent to the model") : QString()));
        else
            err(QStringLiteral("repolens-cli: nothing to search: no file in %1 is indexed (`repolens-cli status %1` "
                               "says why)%2")
                    .arg(o.rootPath, configured ? QStringLiteral("; nothing was sent to the model") : QString()));
        return 1;
    }
    if (configured && trace.context.isEmpty() && trace.graphSection.isEmpty()) {
        err(QStringLiteral("repolens-cli: no code in the index matches the question; nothing was sent to the model"));
        return 1;
    }
    return -1;
}

// Without a model: the ranked chunks (location, kind, name, first lines), then how to
// configure one.
void printRetrievalOnly(const RetrievalTrace &trace)
{
    QString text;
    if (trace.context.isEmpty())
        text += QStringLiteral("No matching code found.\n");
    for (const ContextChunk &c : trace.context) {
        text += QStringLiteral("[%1] %2  %3 %4\n").arg(c.number).arg(terminalText(c.location()), c.kind, terminalText(c.symbol));
        const QStringList lines = c.text.split(u'\n');
        for (int i = 0; i < std::min<qsizetype>(4, lines.size()); ++i)
            text += QStringLiteral("    %1\n").arg(terminalText(lines.at(i).left(120), true));
    }
    out(text);
    err(configureHint());
}

// The answer request for the "sent" log: the code it carried and where credentials were
// withheld from it.
RemoteCall answerCall(const ChatRequest &request, const ChatOutcome &outcome, const LlmEndpoint &endpoint,
                      const QList<ContextChunk> &context)
{
    RemoteCall call;
    call.time = QDateTime::currentDateTime();
    call.endpoint = outcome.url;
    call.purpose = request.purpose;
    call.model = endpoint.model;
    call.bytes = outcome.bytesSent;
    for (const ContextChunk &c : context)
        call.files << c.location();
    call.withheld = withheldEntries(context);
    call.local = endpoint.isLocal();
    call.status = outcome.ok() ? QStringLiteral("ok") : llmErrorKindName(outcome.error.kind);
    return call;
}

// `--json`: the question, the answer, its route, sources and checked citations in one object.
int printAnswerJson(const AskOptions &o, const RetrievalTrace &trace, const ChatOutcome &outcome,
                    const QList<CheckedCitation> &citations)
{
    QJsonArray sources;
    for (const ContextChunk &c : trace.context)
        sources.append(QJsonObject{{QStringLiteral("number"), c.number}, {QStringLiteral("path"), c.path},
                                   {QStringLiteral("start_line"), c.startLine}, {QStringLiteral("end_line"), c.endLine},
                                   {QStringLiteral("symbol"), c.symbol}, {QStringLiteral("tokens"), c.tokens}});
    QJsonArray checked;
    for (const CheckedCitation &c : citations) {
        if (c.quiet)
            continue;
        checked.append(QJsonObject{{QStringLiteral("text"), outcome.text.mid(c.match.offset, c.match.length)},
                                   {QStringLiteral("valid"), c.valid},
                                   {QStringLiteral("path"), c.path.isEmpty() ? QJsonValue() : QJsonValue(c.path)},
                                   {QStringLiteral("start_line"), c.startLine}, {QStringLiteral("end_line"), c.endLine},
                                   {QStringLiteral("problem"), c.detail}});
    }
    QJsonObject obj{{QStringLiteral("question"), o.question},
                    {QStringLiteral("answer"), outcome.text},
                    {QStringLiteral("route"), trace.route},
                    {QStringLiteral("hyde"), trace.hydeUsed},
                    {QStringLiteral("sources"), sources},
                    {QStringLiteral("citations"), checked},
                    {QStringLiteral("cut_off"), outcome.cutOff}};
    if (!outcome.ok())
        obj.insert(QStringLiteral("error"), QJsonObject{{QStringLiteral("kind"), llmErrorKindName(outcome.error.kind)},
                                                         {QStringLiteral("message"), describeLlmError(outcome.error)}});
    out(QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact)) + u'\n');
    return outcome.ok() ? 0 : 1;
}

// After the streamed answer: whether it was cut off, its sources, the invalid citations on
// stderr; the exit code of the request.
int finishAnswerText(const RetrievalTrace &trace, const ChatOutcome &outcome, const QList<CheckedCitation> &citations)
{
    QString tail;
    if (!outcome.text.isEmpty() && !outcome.text.endsWith(u'\n'))
        tail += u'\n';
    if (outcome.cutOff)
        tail += QStringLiteral("[the answer was cut off]\n");
    // The sources of an answer; a model that failed before writing anything has none.
    if (!trace.context.isEmpty() && !outcome.text.trimmed().isEmpty()) {
        tail += QStringLiteral("\nSources:\n");
        for (const ContextChunk &c : trace.context)
            tail += QStringLiteral("  [%1] %2%3\n").arg(c.number).arg(terminalText(c.location()), c.symbol.isEmpty() ? QString() : QString(QStringLiteral("  ") + terminalText(c.symbol)));
    }
    out(tail);
    for (const CheckedCitation &c : citations) {
        if (!c.valid && !c.quiet)
            err(QStringLiteral("invalid citation: %1 (%2)").arg(terminalText(outcome.text.mid(c.match.offset, c.match.length)), terminalText(c.detail)));
    }
    if (!outcome.ok()) {
        if (outcome.error.kind == LlmErrorKind::Cancelled)
            return 130;
        err(QStringLiteral("repolens-cli: ") + describeLlmError(outcome.error));
        return 1;
    }
    return 0;
}

// Single shot: the question and its context to the model (streamed to stdout unless --json),
// the request logged, the citations checked against the index.
int answerWithModel(const IndexStore &store, const AskOptions &o, const LlmEndpoint &endpoint, const QString &question,
                    const RetrievalTrace &trace, ConversationStore *log, const std::atomic_bool *cancel)
{
    PromptOptions prompt;
    prompt.folderName = QFileInfo(o.rootPath).fileName();
    prompt.historyBudget = o.settings.historyBudget;
    prompt.graphSection = trace.graphSection;
    ChatRequest request;
    request.purpose = QStringLiteral("answer");
    request.messages = buildChatMessages(question, trace.context, {}, prompt);
    if (!endpoint.isLocal())
        err(QStringLiteral("sending the question and %1 code chunk(s) (%2 tokens) to %3")
                .arg(trace.context.size())
                .arg(trace.contextTokens)
                .arg(endpoint.displayUrl(QStringLiteral("chat/completions"))));
    const ChatOutcome outcome = completeBlocking(endpoint, request, cancel, [&o](const QString &delta) {
        if (!o.json)
            outText(delta);
    });
    logCall(log, answerCall(request, outcome, endpoint, trace.context));

    QList<CitedChunk> cited;
    for (const ContextChunk &c : trace.context)
        cited.append({c.path, c.startLine, c.endLine});
    const QList<CheckedCitation> citations = checkCitations(outcome.text, citationIndex(store, o.rootPath, cited));
    if (o.json)
        return printAnswerJson(o, trace, outcome, citations);
    return finishAnswerText(trace, outcome, citations);
}

} // namespace

int runAsk(const IndexStore &store, const Searcher &searcher, const SearchOptions &searchOptions,
           const AskOptions &o, const std::atomic_bool *cancel)
{
    const ParsedQuestion parsed = parseMentions(o.question);
    if (parsed.text.trimmed().isEmpty() && parsed.mentions.isEmpty()) {
        err(QStringLiteral("repolens-cli: the question is empty"));
        return 2;
    }
    const bool configured = o.settings.isConfigured();
    const LlmEndpoint endpoint = o.settings.endpoint(o.apiKey);
    // Agent mode: forced, or Auto when the question needs several steps.
    QString fallbackNote;
    if (configured) {
        LlmSettings::AgentMode mode = o.mode != LlmSettings::AgentMode::Auto ? o.mode : o.settings.agentMode;
        QString why;
        const bool agent = mode == LlmSettings::AgentMode::Agent
                           || (mode == LlmSettings::AgentMode::Auto && agentHelps(parsed.text, &why));
        if (agent) {
            std::unique_ptr<ConversationStore> agentLog;
            if (auto opened = ConversationStore::open(o.databasePath))
                agentLog = std::move(*opened);
            if (!why.isEmpty())
                err(QStringLiteral("agent mode: %1").arg(why));
            const int rc = runAgentAsk(store, o, endpoint, agentLog.get(), cancel, &fallbackNote);
            if (rc >= 0)
                return rc;
            err(QStringLiteral("note: ") + fallbackNote);
        }
    }
    const RetrievalTrace trace =
        retrieveContext(store, searcher, parsed, retrievalOptions(o, searchOptions, configured, endpoint), cancel);
    std::unique_ptr<ConversationStore> log;
    if (auto opened = ConversationStore::open(o.databasePath))
        log = std::move(*opened);
    for (const RemoteCall &c : trace.remoteCalls)
        logCall(log.get(), c);
    if (const int rc = reportRetrieval(trace, o, configured); rc >= 0)
        return rc;
    if (!configured) {
        printRetrievalOnly(trace);
        return 0;
    }
    return answerWithModel(store, o, endpoint, parsed.text, trace, log.get(), cancel);
}

int runSummarize(const QString &databasePath, const LlmSettings &settings, const QString &apiKey, int maxCalls,
                 const std::atomic_bool *cancel)
{
    if (!settings.isConfigured()) {
        err(QStringLiteral("repolens-cli: method summaries need a model\n") + configureHint());
        return 1;
    }
    const LlmEndpoint endpoint = settings.endpoint(apiKey);
    MethodSummarizer summarizer(databasePath, endpoint);
    summarizer.setWithholdSecrets(!settings.sendCredentials);
    const auto pending = summarizer.pendingCalls();
    if (!pending) {
        err(QStringLiteral("repolens-cli: ") + pending.error().toString());
        return 1;
    }
    const int calls = maxCalls >= 0 ? std::min(*pending, maxCalls) : *pending;
    err(QStringLiteral("method summaries: %1 call(s) to %2 (%3)%4")
            .arg(calls)
            .arg(endpoint.model, endpoint.displayUrl(QStringLiteral("chat/completions")))
            .arg(endpoint.isLocal() ? QStringLiteral(", on this machine") : QString()));
    if (calls == 0)
        return 0;
    std::unique_ptr<ConversationStore> log;
    if (auto opened = ConversationStore::open(databasePath))
        log = std::move(*opened);
    const auto report = summarizer.run(
        [](const SummaryProgress &p) {
            std::fprintf(stderr, "\rsummaries: %d / %d", p.done, p.total);
            std::fflush(stderr);
        },
        [&log](const RemoteCall &c) { logCall(log.get(), c); }, cancel, maxCalls);
    std::fprintf(stderr, "\n");
    if (!report) {
        err(QStringLiteral("repolens-cli: ") + report.error().toString());
        return 1;
    }
    err(QStringLiteral("summaries: %1 written, %2 reused, %3 withheld (credentials), %4 failed, %5 left")
            .arg(report->summarized)
            .arg(report->reused)
            .arg(report->withheld)
            .arg(report->failed)
            .arg(report->remaining));
    if (report->summarized > 0) {
        // Summaries are part of the vectors' text: the changed chunks get new vectors now.
        const auto vectors = runEmbeddingStage(databasePath, {}, !LlmSettings::load().sendCredentials, cancel);
        if (!vectors)
            err(QStringLiteral("repolens-cli: vectors not updated: %1\n").arg(vectors.error().toString()));
        else if (vectors->embedded > 0)
            err(QStringLiteral("vectors: %1 chunks updated with their summaries\n").arg(vectors->embedded));
    }
    if (report->cancelled)
        return 130;
    if (report->error.isError() && report->remaining > 0) {
        err(QStringLiteral("repolens-cli: ") + describeLlmError(report->error));
        return 1;
    }
    return 0;
}

} // namespace RepoLens
