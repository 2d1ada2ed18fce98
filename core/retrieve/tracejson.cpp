#include "tracejson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RepoLens {

namespace {

QJsonObject scoresJson(const StageScores &s)
{
    return QJsonObject{{QStringLiteral("bm25"), s.bm25},     {QStringLiteral("bm25_rank"), s.bm25Rank},
                       {QStringLiteral("vector"), s.vector}, {QStringLiteral("vector_rank"), s.vectorRank},
                       {QStringLiteral("lexical"), s.lexical},
                       {QStringLiteral("symbol"), s.symbol}, {QStringLiteral("file"), s.file},
                       {QStringLiteral("prior"), s.prior},   {QStringLiteral("graph"), s.graph},
                       {QStringLiteral("rerank"), s.rerank}, {QStringLiteral("final"), s.final}};
}

StageScores scoresFrom(const QJsonObject &o)
{
    StageScores s;
    s.bm25 = o.value(QStringLiteral("bm25")).toDouble();
    s.bm25Rank = o.value(QStringLiteral("bm25_rank")).toInt();
    s.vector = o.value(QStringLiteral("vector")).toDouble();
    s.vectorRank = o.value(QStringLiteral("vector_rank")).toInt();
    s.lexical = o.value(QStringLiteral("lexical")).toDouble();
    s.symbol = o.value(QStringLiteral("symbol")).toDouble();
    s.file = o.value(QStringLiteral("file")).toDouble();
    s.prior = o.value(QStringLiteral("prior")).toDouble();
    s.graph = o.value(QStringLiteral("graph")).toDouble();
    s.rerank = o.value(QStringLiteral("rerank")).toDouble();
    s.final = o.value(QStringLiteral("final")).toDouble();
    return s;
}

QJsonArray strings(const QStringList &l)
{
    return QJsonArray::fromStringList(l);
}

QStringList stringsFrom(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        out << x.toString();
    return out;
}

} // namespace

QByteArray retrievalTraceToJson(const RetrievalTrace &t)
{
    QJsonArray stages;
    for (const RetrievalStage &s : t.stages)
        stages.append(QJsonObject{{QStringLiteral("name"), s.name}, {QStringLiteral("millis"), s.millis},
                                  {QStringLiteral("text"), s.text}, {QStringLiteral("error"), s.error}});
    QJsonArray candidates;
    for (qsizetype i = 0; i < t.candidates.size(); ++i) {
        const ContextCandidate &c = t.candidates.at(i);
        const PackDecision d = t.decisions.value(i);
        candidates.append(QJsonObject{{QStringLiteral("path"), c.chunk.path},
                                      {QStringLiteral("start_line"), c.chunk.startLine},
                                      {QStringLiteral("end_line"), c.chunk.endLine},
                                      {QStringLiteral("symbol"), c.chunk.symbol},
                                      {QStringLiteral("kind"), c.chunk.kind},
                                      {QStringLiteral("stage"), c.stage},
                                      {QStringLiteral("scores"), scoresJson(c.scores)},
                                      {QStringLiteral("reasons"), strings(c.reasons)},
                                      {QStringLiteral("included"), d.included},
                                      {QStringLiteral("number"), d.number},
                                      {QStringLiteral("tokens"), d.tokens},
                                      {QStringLiteral("decision"), d.reason},
                                      {QStringLiteral("withheld"), d.withheld}});
    }
    QJsonArray calls;
    for (const RemoteCall &c : t.remoteCalls)
        calls.append(QJsonObject{{QStringLiteral("time"), c.time.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("endpoint"), c.endpoint},
                                 {QStringLiteral("purpose"), c.purpose},
                                 {QStringLiteral("model"), c.model},
                                 {QStringLiteral("bytes"), c.bytes},
                                 {QStringLiteral("files"), strings(c.files)},
                                 {QStringLiteral("withheld"), strings(c.withheld)},
                                 {QStringLiteral("local"), c.local},
                                 {QStringLiteral("status"), c.status},
                                 {QStringLiteral("body"), QString::fromUtf8(c.body)}});
    const QJsonObject obj{{QStringLiteral("question"), t.question},
                          {QStringLiteral("route"), t.route},
                          {QStringLiteral("hyde_used"), t.hydeUsed},
                          {QStringLiteral("hyde_reason"), t.hydeReason},
                          {QStringLiteral("stages"), stages},
                          {QStringLiteral("candidates"), candidates},
                          {QStringLiteral("graph_section"), t.graphSection},
                          {QStringLiteral("graph_names"), strings(t.graphNames)},
                          {QStringLiteral("graph_paths"), t.graphPaths},
                          {QStringLiteral("context_tokens"), t.contextTokens},
                          {QStringLiteral("withheld"), t.withheld},
                          {QStringLiteral("millis"), t.millis},
                          {QStringLiteral("index_complete"), t.indexComplete},
                          {QStringLiteral("notes"), strings(t.notes)},
                          {QStringLiteral("remote_calls"), calls},
                          {QStringLiteral("error"), t.error}};
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

RetrievalTrace retrievalTraceFromJson(const QByteArray &json)
{
    RetrievalTrace t;
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    t.question = o.value(QStringLiteral("question")).toString();
    t.route = o.value(QStringLiteral("route")).toString();
    t.hydeUsed = o.value(QStringLiteral("hyde_used")).toBool();
    t.hydeReason = o.value(QStringLiteral("hyde_reason")).toString();
    for (const QJsonValue &v : o.value(QStringLiteral("stages")).toArray()) {
        const QJsonObject s = v.toObject();
        t.stages.append(RetrievalStage{s.value(QStringLiteral("name")).toString(), s.value(QStringLiteral("millis")).toDouble(),
                                       s.value(QStringLiteral("text")).toString(), s.value(QStringLiteral("error")).toString()});
    }
    for (const QJsonValue &v : o.value(QStringLiteral("candidates")).toArray()) {
        const QJsonObject c = v.toObject();
        ContextCandidate cand;
        cand.chunk.path = c.value(QStringLiteral("path")).toString();
        cand.chunk.startLine = c.value(QStringLiteral("start_line")).toInt();
        cand.chunk.endLine = c.value(QStringLiteral("end_line")).toInt();
        cand.chunk.symbol = c.value(QStringLiteral("symbol")).toString();
        cand.chunk.kind = c.value(QStringLiteral("kind")).toString();
        cand.stage = c.value(QStringLiteral("stage")).toString();
        cand.scores = scoresFrom(c.value(QStringLiteral("scores")).toObject());
        cand.reasons = stringsFrom(c.value(QStringLiteral("reasons")));
        PackDecision d;
        d.candidate = int(t.candidates.size());
        d.included = c.value(QStringLiteral("included")).toBool();
        d.number = c.value(QStringLiteral("number")).toInt();
        d.tokens = c.value(QStringLiteral("tokens")).toInt();
        d.reason = c.value(QStringLiteral("decision")).toString();
        d.withheld = c.value(QStringLiteral("withheld")).toString();
        cand.chunk.withheld = d.withheld;
        t.candidates.append(cand);
        t.decisions.append(d);
    }
    t.graphSection = o.value(QStringLiteral("graph_section")).toString();
    t.graphNames = stringsFrom(o.value(QStringLiteral("graph_names")));
    t.graphPaths = o.value(QStringLiteral("graph_paths")).toInt();
    t.contextTokens = o.value(QStringLiteral("context_tokens")).toInt();
    t.withheld = o.value(QStringLiteral("withheld")).toInt();
    t.millis = o.value(QStringLiteral("millis")).toDouble();
    t.indexComplete = o.value(QStringLiteral("index_complete")).toBool(true);
    t.notes = stringsFrom(o.value(QStringLiteral("notes")));
    for (const QJsonValue &v : o.value(QStringLiteral("remote_calls")).toArray()) {
        const QJsonObject c = v.toObject();
        RemoteCall call;
        call.time = QDateTime::fromString(c.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        call.endpoint = c.value(QStringLiteral("endpoint")).toString();
        call.purpose = c.value(QStringLiteral("purpose")).toString();
        call.model = c.value(QStringLiteral("model")).toString();
        call.bytes = c.value(QStringLiteral("bytes")).toInteger();
        call.files = stringsFrom(c.value(QStringLiteral("files")));
        call.withheld = stringsFrom(c.value(QStringLiteral("withheld")));
        call.local = c.value(QStringLiteral("local")).toBool();
        call.status = c.value(QStringLiteral("status")).toString();
        call.body = c.value(QStringLiteral("body")).toString().toUtf8();
        t.remoteCalls.append(call);
    }
    t.error = o.value(QStringLiteral("error")).toString();
    return t;
}

MessageContextRecord contextRecord(const ContextChunk &c)
{
    MessageContextRecord r;
    r.number = c.number;
    r.chunkId = c.chunkId;
    r.parentChunkId = c.parentChunkId;
    r.path = c.path;
    r.startLine = c.startLine;
    r.endLine = c.endLine;
    r.language = languageName(c.language);
    r.kind = c.kind;
    r.symbol = c.symbol;
    r.text = c.text;
    r.references = c.references;
    r.source = c.source;
    r.tokens = c.tokens;
    return r;
}

ContextChunk contextChunk(const MessageContextRecord &r)
{
    ContextChunk c;
    c.number = r.number;
    c.chunkId = r.chunkId;
    c.parentChunkId = r.parentChunkId;
    c.path = r.path;
    c.startLine = r.startLine;
    c.endLine = r.endLine;
    c.language = languageFromName(r.language);
    c.kind = r.kind;
    c.symbol = r.symbol;
    c.text = r.text;
    c.references = r.references;
    c.source = r.source;
    c.tokens = r.tokens;
    return c;
}

} // namespace RepoLens
