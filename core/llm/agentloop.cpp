#include "agentloop.h"

#include <QElapsedTimer>

#include "core/base/logging.h"
#include "core/tools/toolregistry.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QtConcurrent/QtConcurrentRun>
#include <QFuture>

using namespace Qt::StringLiterals;

namespace RepoLens {

namespace {

int estimate(const QString &text)
{
    return int(text.toUtf8().size() / 4 + 1);
}

// Ranges the model saw: they count as context it may cite.
void collectSources(const QString &tool, const QJsonObject &s, QList<AgentSource> &out)
{
    if (tool == u"read"_s && s.contains(u"path"_s)) {
        out.append({s.value(u"path"_s).toString(), s.value(u"start_line"_s).toInt(), s.value(u"end_line"_s).toInt(), tool});
        return;
    }
    for (const QJsonValue &v : s.value(u"results"_s).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.contains(u"start_line"_s))
            out.append({o.value(u"path"_s).toString(), o.value(u"start_line"_s).toInt(), o.value(u"end_line"_s).toInt(), tool});
        else if (o.contains(u"line"_s))
            out.append({o.value(u"path"_s).toString(), o.value(u"line"_s).toInt(), o.value(u"line"_s).toInt(), tool});
    }
    for (const QJsonValue &v : s.value(u"definitions"_s).toArray()) {
        const QJsonObject o = v.toObject();
        if (o.contains(u"path"_s))
            out.append({o.value(u"path"_s).toString(), o.value(u"line"_s).toInt(std::max(1, o.value(u"start_line"_s).toInt())),
                        o.value(u"end_line"_s).toInt(o.value(u"line"_s).toInt()), tool});
    }
    for (const QJsonValue &v : s.value(u"matches"_s).toArray()) {
        const QJsonObject o = v.toObject();
        out.append({o.value(u"path"_s).toString(), o.value(u"line"_s).toInt(), o.value(u"line"_s).toInt(), tool});
    }
}

AgentStep runOne(const ToolRegistry &tools, AgentStep step, const std::atomic_bool *cancel, int maxChars,
                 QList<AgentSource> *sources)
{
    QElapsedTimer clock;
    clock.start();
    QJsonParseError parseError;
    const QString args = step.arguments.trimmed().isEmpty() ? u"{}"_s : step.arguments;
    const QJsonDocument doc = QJsonDocument::fromJson(args.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        step.error = true;
        step.result = u"error: the arguments are not a JSON object (%1); call %2 again with valid JSON"_s.arg(
            parseError.error != QJsonParseError::NoError ? parseError.errorString() : u"not an object"_s, step.tool);
        step.summary = u"error: malformed arguments"_s;
    } else if (!tools.spec(step.tool) || !tools.spec(step.tool)->readOnly) {
        QStringList names;
        for (const ToolSpec &s : tools.specs())
            if (s.readOnly)
                names << s.name;
        step.error = true;
        step.result = u"error: there is no tool \"%1\"; the tools are %2"_s.arg(step.tool.left(100), names.join(u", "_s));
        step.summary = u"error: unknown tool"_s;
    } else {
        ToolCallContext ctx;
        ctx.cancel = cancel;
        const Result<ToolResult> r = tools.call(step.tool, doc.object(), ctx);
        if (!r) {
            step.error = true;
            step.result = u"error: "_s + r.error().message;
            step.summary = u"error: "_s + r.error().message.left(120);
        } else {
            step.error = r->isError;
            step.result = r->text;
            step.summary = r->isError ? u"error: "_s + r->summary : r->summary;
            step.withheld = r->structured.value(u"withheld_credentials"_s).toInt();
            if (!r->isError)
                collectSources(step.tool, r->structured, *sources);
        }
    }
    if (step.result.size() > maxChars)
        step.result = step.result.left(maxChars) + u"\n[cut: the result was longer than %1 characters; ask for less (paging, line ranges)]"_s.arg(maxChars);
    step.finished = true;
    step.millis = clock.nsecsElapsed() / 1e6;
    return step;
}

} // namespace

QJsonArray openAiTools(const ToolRegistry &tools)
{
    QJsonArray out;
    for (const ToolSpec &spec : tools.specs()) {
        if (!spec.readOnly)
            continue; // the chat's agent reads; it does not reindex
        out.append(QJsonObject{{u"type"_s, u"function"_s},
                               {u"function"_s, QJsonObject{{u"name"_s, spec.name},
                                                           {u"description"_s, spec.description},
                                                           {u"parameters"_s, spec.inputSchema}}}});
    }
    return out;
}

QString agentInstructions(const QString &folderName)
{
    return u"You answer questions about the codebase in the folder \"%1\". You cannot see the code directly: "
           "use the tools. Start with search (or find_symbol / references for exact names), read the lines "
           "that matter, follow callers and callees where the question needs it. Make few, targeted calls; "
           "several independent calls may go in one message. When you know enough, stop calling tools and "
           "answer: concise, in Markdown, citing the code you read as path:line or path:start-end. Never cite "
           "code you did not see in a tool result, and say so when the tools did not find the answer."_s.arg(folderName);
}

bool agentHelps(const QString &question, QString *reason)
{
    const QString q = question.trimmed();
    const QString lower = q.toLower();
    auto say = [&](const QString &r, bool v) {
        if (reason)
            *reason = r;
        return v;
    };
    static const QRegularExpression graph(u"^(who|what)\\s+(calls|uses|does\\s+\\S+\\s+call)\\b|^where\\s+is\\s+\\S+\\s+(used|called)"_s);
    if (graph.match(lower).hasMatch())
        return say(u"a graph question: one exhaustive retrieval answers it"_s, false);
    const int words = int(q.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts).size());
    if (q.count(u'\n') >= 3 || lower.contains(u"traceback"_s) || lower.contains(u"exception"_s) || lower.contains(u"stack trace"_s))
        return say(u"a bug report: worth following the code"_s, true);
    if (words < 5)
        return say(u"a short question: one retrieval answers it"_s, false);
    static const QRegularExpression multiStep(
        u"\\b(how|why|trace|flow|walk me through|step by step|end to end|what happens|where .* (handled|decided|set|checked)|"
        "path from|relationship|connected|interact|lifecycle|debug|fix|refactor|impact|affect)\\b"_s);
    if (multiStep.match(lower).hasMatch())
        return say(u"a question that needs several steps"_s, true);
    return say(u"one retrieval should answer it"_s, false);
}

bool isToolsUnsupported(const LlmError &error)
{
    if (error.kind != LlmErrorKind::BadRequest && error.kind != LlmErrorKind::EndpointNotFound
        && error.kind != LlmErrorKind::ServerError)
        return false;
    const QString d = error.detail.toLower();
    return d.contains(u"tool"_s) || d.contains(u"function call"_s) || d.contains(u"function_call"_s);
}

namespace {

// The record of one request of the loop (the inspector, the "sent" log).
AgentRound agentRoundRecord(int round, const ChatOutcome &reply, const QList<AgentStep> &resultsSent)
{
    AgentRound r;
    for (const AgentStep &s : resultsSent) {
        const QString what = s.summary.startsWith(s.tool) ? s.summary : s.tool + u": "_s + s.summary;
        r.toolResults << what;
        if (s.withheld > 0)
            r.withheld << u"%1: %2 credential(s)"_s.arg(what).arg(s.withheld);
    }
    r.round = round;
    r.url = reply.url;
    r.requestBody = reply.requestBody;
    r.bytesSent = reply.bytesSent;
    r.toolCalls = int(reply.toolCalls.size());
    r.status = reply.ok() ? u"ok"_s : llmErrorKindName(reply.error.kind);
    r.millis = reply.millis;
    return r;
}

// The loop ends on a failed request: its error (a first request refused for its tools says
// the model does not take tools, so the caller can answer without them).
void endWithError(AgentOutcome &out, const ChatOutcome &reply, int round)
{
    out.error = reply.error;
    out.answer = reply.text;
    out.cutOff = reply.cutOff;
    if (round == 1 && isToolsUnsupported(reply.error)) {
        out.toolsUnsupported = true;
        out.stopReason = u"tools unsupported"_s;
    } else {
        out.stopReason = reply.error.kind == LlmErrorKind::Cancelled ? u"cancelled"_s : u"error"_s;
    }
}

// The loop ends with the model's answer (passed on when it was not streamed); a model told to
// answer that answers nothing is an error.
void endWithAnswer(AgentOutcome &out, const ChatOutcome &reply, bool mustAnswer, const AgentOptions &options,
                   const AgentCallbacks &callbacks)
{
    out.answer = reply.text;
    if (!mustAnswer && callbacks.answerDelta && !reply.text.isEmpty())
        callbacks.answerDelta(reply.text);
    out.cutOff = reply.cutOff;
    if (out.stopReason.isEmpty())
        out.stopReason = u"answered"_s;
    if (mustAnswer && out.answer.trimmed().isEmpty()) {
        out.error.kind = LlmErrorKind::MalformedStream;
        out.error.detail = u"the model kept calling tools and did not answer within %1 rounds"_s.arg(options.maxRounds);
        out.stopReason = u"no answer"_s;
    }
}

// The model's tool calls as steps (an id made up where the model gave none), and the
// assistant message that carries them; calls over the per-round limit are finished at once,
// as errors. Each step is announced (stepStarted).
QList<AgentStep> stepsForCalls(const ChatOutcome &reply, int round, const AgentOptions &options,
                               const AgentCallbacks &callbacks, ChatMessage *assistant)
{
    assistant->role = u"assistant"_s;
    assistant->content = reply.text;
    QList<AgentStep> steps;
    for (int i = 0; i < reply.toolCalls.size(); ++i) {
        ToolCallRequest call = reply.toolCalls.at(i);
        if (call.id.isEmpty())
            call.id = u"call_%1_%2"_s.arg(round).arg(i + 1);
        assistant->toolCalls << call;
        AgentStep step;
        step.round = round;
        step.callId = call.id;
        step.tool = call.name;
        step.arguments = call.arguments;
        if (i >= options.maxCallsPerRound) {
            step.error = true;
            step.finished = true;
            step.result = u"error: not run: at most %1 tool calls per message"_s.arg(options.maxCallsPerRound);
            step.summary = u"not run: over the per-round limit"_s;
        }
        steps << step;
        if (callbacks.stepStarted)
            callbacks.stepStarted(step);
    }
    return steps;
}

// Runs the steps not finished yet in parallel (the global thread pool) and waits for them,
// announcing each in order (stepFinished). Returns the sources each step read.
QList<QList<AgentSource>> runStepsInParallel(const ToolRegistry &tools, QList<AgentStep> &steps,
                                             const std::atomic_bool *cancel, const AgentOptions &options,
                                             const AgentCallbacks &callbacks)
{
    QList<QFuture<AgentStep>> running;
    QList<QList<AgentSource>> found(steps.size());
    for (int i = 0; i < steps.size(); ++i) {
        if (steps.at(i).finished)
            continue;
        QList<AgentSource> *sink = &found[i];
        const AgentStep step = steps.at(i);
        running << QtConcurrent::run([&tools, step, cancel, &options, sink] {
            return runOne(tools, step, cancel, options.maxResultChars, sink);
        });
    }
    int next = 0;
    for (int i = 0; i < steps.size(); ++i) {
        if (!steps.at(i).finished)
            steps[i] = running.at(next++).result();
        if (callbacks.stepFinished)
            callbacks.stepFinished(steps.at(i));
    }
    return found;
}

// The results go into the conversation as tool messages, and into the outcome (steps,
// sources, the tokens the tools returned).
void addToolResults(const QList<AgentStep> &steps, const QList<QList<AgentSource>> &found, AgentOutcome &out,
                    QList<ChatMessage> &messages)
{
    for (int i = 0; i < steps.size(); ++i) {
        out.sources << found.at(i);
        out.steps << steps.at(i);
        out.toolTokens += estimate(steps.at(i).result);
        ChatMessage tool;
        tool.role = u"tool"_s;
        tool.toolCallId = steps.at(i).callId;
        tool.content = steps.at(i).result;
        messages << tool;
    }
}

// Whether the next request must be the answer: the tools returned the token budget, or this
// was the last round allowed. Then the model is told so.
bool lastToolRound(AgentOutcome &out, const AgentOptions &options, int round, QList<ChatMessage> &messages)
{
    if (out.toolTokens >= options.budgetTokens)
        out.stopReason = u"token budget"_s;
    else if (round >= options.maxRounds)
        out.stopReason = u"round limit"_s;
    else
        return false;
    ChatMessage note;
    note.role = u"user"_s;
    note.content = u"That is the last tool result you get (%1). Answer the question now from what the tools "
                   "returned, citing path:line."_s.arg(out.stopReason);
    messages << note;
    return true;
}

} // namespace

AgentOutcome runAgent(const LlmEndpoint &endpoint, const QList<ChatMessage> &conversation, const ToolRegistry &tools,
                      const AgentOptions &options, const std::atomic_bool *cancel, const AgentCallbacks &callbacks,
                      QNetworkAccessManager *nam)
{
    AgentOutcome out;
    QList<ChatMessage> messages = conversation;
    const QJsonArray toolDefs = openAiTools(tools);
    bool mustAnswer = false;
    for (int round = 1;; ++round) {
        if (cancel && cancel->load()) {
            out.stopReason = u"cancelled"_s;
            out.error.kind = LlmErrorKind::Cancelled;
            return out;
        }
        ChatRequest request;
        request.purpose = mustAnswer ? u"agent-answer"_s : u"agent"_s;
        request.messages = messages;
        request.tools = toolDefs;
        request.toolChoice = mustAnswer ? u"none"_s : u"auto"_s;
        // The answering request streams; in the others text may come before tool calls, so
        // it is passed on once the round turns out to be the answer.
        const ChatOutcome reply = completeBlocking(endpoint, request, cancel, [&](const QString &delta) {
            if (mustAnswer && callbacks.answerDelta)
                callbacks.answerDelta(delta);
        }, nam);
        const AgentRound r = agentRoundRecord(round, reply, out.steps);
        out.rounds << r;
        if (callbacks.roundFinished)
            callbacks.roundFinished(r);
        if (!reply.ok()) {
            endWithError(out, reply, round);
            return out;
        }
        if (reply.toolCalls.isEmpty() || mustAnswer) {
            endWithAnswer(out, reply, mustAnswer, options, callbacks);
            return out;
        }
        // The model's calls: run them, at most maxCallsPerRound, in parallel.
        ChatMessage assistant;
        QList<AgentStep> steps = stepsForCalls(reply, round, options, callbacks, &assistant);
        messages << assistant;
        const QList<QList<AgentSource>> found = runStepsInParallel(tools, steps, cancel, options, callbacks);
        addToolResults(steps, found, out, messages);
        if (cancel && cancel->load()) {
            out.stopReason = u"cancelled"_s;
            out.error.kind = LlmErrorKind::Cancelled;
            return out;
        }
        mustAnswer = lastToolRound(out, options, round, messages);
    }
}

} // namespace RepoLens
