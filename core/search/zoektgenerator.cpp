#include "zoektgenerator.h"

#include "generators.h"

#include "core/embed/httpjson.h"
#include "core/parse/language.h"
#include "core/store/indexstore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cstdlib>

namespace RepoLens {

namespace {

constexpr int kZoektSnippetLines = 12;

// The decoded text of a Go []byte field (JSON base64; null for an empty slice).
Result<QString> zoektBytes(const QJsonValue &value, const char *field)
{
    if (value.isNull() || value.isUndefined())
        return QString();
    if (!value.isString())
        return makeError(ErrorCode::Protocol, QStringLiteral("\"%1\" is not base64 text").arg(QLatin1String(field)));
    const auto decoded = QByteArray::fromBase64Encoding(value.toString().toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return makeError(ErrorCode::Protocol, QStringLiteral("\"%1\" is not base64 text").arg(QLatin1String(field)));
    return QString::fromUtf8(*decoded);
}

// Whole lines of text (each ends with a newline but perhaps the last), without line ends.
QStringList zoektLines(const QString &text)
{
    QString t = text;
    if (t.endsWith(u'\n'))
        t.chop(1);
    QStringList lines = t.split(u'\n');
    for (QString &line : lines) {
        if (line.endsWith(u'\r'))
            line.chop(1);
    }
    return lines;
}

// The snippet of a hit: text starting at line `first`, cut to kZoektSnippetLines lines.
void setZoektSnippet(RemoteHit &hit, int first, const QString &text)
{
    QStringList lines = zoektLines(text);
    if (lines.size() > kZoektSnippetLines)
        lines.resize(kZoektSnippetLines);
    hit.startLine = first;
    hit.endLine = first + int(lines.size()) - 1;
    hit.snippet = lines.join(u'\n');
}

// The index of a file's best match (highest Score, the first of equals; file-name matches only
// set *fileNameMatch), -1 when there is none; each match adds its ranges to hit.matches.
Result<qsizetype> bestZoektMatch(const QJsonArray &matches, const char *what, const char *rangesKey, RemoteHit &hit,
                                 bool *fileNameMatch)
{
    qsizetype best = -1;
    double bestScore = 0;
    for (qsizetype i = 0; i < matches.size(); ++i) {
        if (!matches.at(i).isObject())
            return makeError(ErrorCode::Protocol, QStringLiteral("a %1 match is not an object").arg(QLatin1String(what)));
        const QJsonObject m = matches.at(i).toObject();
        if (m.value(QStringLiteral("FileName")).toBool()) {
            *fileNameMatch = true;
            continue;
        }
        hit.matches += std::max<int>(1, int(m.value(QLatin1String(rangesKey)).toArray().size()));
        const double score = m.value(QStringLiteral("Score")).toDouble();
        if (best < 0 || score > bestScore) {
            best = i;
            bestScore = score;
        }
    }
    return best;
}

// The best of a file's ChunkMatches (highest Score, the first of equals; not a file-name match).
Result<void> readChunkMatches(const QJsonArray &chunks, RemoteHit &hit, bool *fileNameMatch)
{
    const auto best = bestZoektMatch(chunks, "chunk", "Ranges", hit, fileNameMatch);
    if (!best)
        return best.error();
    if (*best < 0)
        return {};
    const QJsonObject cm = chunks.at(*best).toObject();
    auto content = zoektBytes(cm.value(QStringLiteral("Content")), "Content");
    if (!content)
        return content.error();
    const int first = cm.value(QStringLiteral("ContentStart")).toObject().value(QStringLiteral("LineNumber")).toInt();
    if (first < 1)
        return makeError(ErrorCode::Protocol, QStringLiteral("a chunk match without ContentStart.LineNumber"));
    setZoektSnippet(hit, first, *content);
    // the best line zoekt names, else the first range's, else the chunk's first line
    hit.line = cm.value(QStringLiteral("BestLineMatch")).toInt();
    if (hit.line < 1) {
        const QJsonObject start = cm.value(QStringLiteral("Ranges")).toArray().at(0).toObject().value(QStringLiteral("Start")).toObject();
        hit.line = start.value(QStringLiteral("LineNumber")).toInt(first);
    }
    hit.line = std::clamp(hit.line, hit.startLine, hit.endLine);
    return {};
}

// The best of a file's LineMatches, with its context lines (Before, After).
Result<void> readLineMatches(const QJsonArray &lines, RemoteHit &hit, bool *fileNameMatch)
{
    const auto best = bestZoektMatch(lines, "line", "LineFragments", hit, fileNameMatch);
    if (!best)
        return best.error();
    if (*best < 0)
        return {};
    const QJsonObject lm = lines.at(*best).toObject();
    const int number = lm.value(QStringLiteral("LineNumber")).toInt();
    if (number < 1)
        return makeError(ErrorCode::Protocol, QStringLiteral("a line match without LineNumber"));
    auto line = zoektBytes(lm.value(QStringLiteral("Line")), "Line");
    if (!line)
        return line.error();
    auto before = zoektBytes(lm.value(QStringLiteral("Before")), "Before");
    if (!before)
        return before.error();
    auto after = zoektBytes(lm.value(QStringLiteral("After")), "After");
    if (!after)
        return after.error();
    QString text = *line;
    if (!text.endsWith(u'\n') && !after->isEmpty())
        text += u'\n';
    setZoektSnippet(hit, number - int(before->count(u'\n')), *before + text + *after);
    hit.line = std::clamp(number, hit.startLine, hit.endLine);
    return {};
}

// The chunk of a local file that holds `line` (the smallest of those that do), else the nearest.
std::optional<ChunkRecord> chunkAtLine(const QList<ChunkRecord> &chunks, int line)
{
    std::optional<ChunkRecord> best;
    int bestDistance = 0;
    int bestSpan = 0;
    for (const ChunkRecord &c : chunks) {
        const int distance = line < c.startLine ? c.startLine - line : line > c.endLine ? line - c.endLine : 0;
        const int span = c.endLine - c.startLine;
        if (!best || distance < bestDistance || (distance == bestDistance && span < bestSpan)) {
            best = c;
            bestDistance = distance;
            bestSpan = span;
        }
    }
    return best;
}

} // namespace

ZoektGenerator::ZoektGenerator(ZoektConfig config, RemoteRequestLog log)
    : m_config(std::move(config))
    , m_log(std::move(log))
{
}

QString ZoektGenerator::zoektQuery(const QStringList &terms)
{
    QStringList parts;
    QSet<QString> seen;
    QStringList words;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    for (const QString &term : terms)
        words << term.split(space, Qt::SkipEmptyParts);
    for (const QString &word : std::as_const(words)) {
        QString escaped;
        for (const QChar ch : word) {
            if (ch.unicode() < 0x20 || ch.unicode() == 0x7f)
                continue; // no control characters
            const bool wordChar = ch.unicode() >= 0x80 || ch.isLetterOrNumber() || ch == u'_';
            if (!wordChar)
                escaped += u'\\'; // a literal for zoekt's tokenizer (quotes, parentheses, "-", "file:")
            escaped += ch;        // and for its regular expressions (".", "*", "(", "\\")
        }
        // "or" alone is zoekt's operator
        if (escaped.isEmpty() || escaped == QLatin1String("or") || seen.contains(escaped))
            continue;
        seen.insert(escaped);
        parts << escaped;
    }
    return parts.join(QStringLiteral(" or "));
}

QJsonObject ZoektGenerator::requestBody(const QString &query, int maxFiles, int timeoutMs)
{
    // MaxWallTime is a Go time.Duration: nanoseconds. Half the client's timeout, so that zoekt
    // answers with what it found before the client gives up.
    const qint64 wallNanos = qint64(std::max(1, timeoutMs / 2)) * 1000000;
    const QJsonObject opts{{QStringLiteral("ChunkMatches"), true},
                           {QStringLiteral("MaxDocDisplayCount"), maxFiles},
                           {QStringLiteral("NumContextLines"), 1},
                           {QStringLiteral("MaxWallTime"), wallNanos},
                           {QStringLiteral("UseBM25Scoring"), true}};
    return QJsonObject{{QStringLiteral("Q"), query}, {QStringLiteral("Opts"), opts}};
}

Result<QList<RemoteHit>> ZoektGenerator::parseReply(const QJsonObject &reply)
{
    const QJsonValue result = reply.value(QStringLiteral("Result"));
    if (!result.isObject())
        return makeError(ErrorCode::Protocol, QStringLiteral("no \"Result\" object in the reply"));
    const QJsonValue files = result.toObject().value(QStringLiteral("Files"));
    QList<RemoteHit> out;
    if (files.isNull() || files.isUndefined()) // Go's nil slice: nothing found
        return out;
    if (!files.isArray())
        return makeError(ErrorCode::Protocol, QStringLiteral("\"Files\" is not an array"));
    for (const QJsonValue &value : files.toArray()) {
        const QJsonObject f = value.toObject();
        const QJsonValue fileName = f.value(QStringLiteral("FileName"));
        const QJsonValue repository = f.value(QStringLiteral("Repository"));
        if (!value.isObject() || !fileName.isString() || fileName.toString().isEmpty() || !repository.isString())
            return makeError(ErrorCode::Protocol, QStringLiteral("a file match without FileName or Repository"));
        RemoteHit hit;
        hit.engine = QStringLiteral("zoekt");
        hit.repository = repository.toString();
        hit.path = fileName.toString();
        hit.language = f.value(QStringLiteral("Language")).toString();
        for (const QJsonValue &b : f.value(QStringLiteral("Branches")).toArray())
            hit.branches << b.toString();
        hit.commit = f.value(QStringLiteral("Version")).toString();
        hit.score = f.value(QStringLiteral("Score")).toDouble();
        hit.rank = int(out.size()) + 1;
        hit.reasons << QStringLiteral("zoekt rank %1").arg(hit.rank);
        bool fileNameMatch = false;
        const QJsonValue chunks = f.value(QStringLiteral("ChunkMatches"));
        const QJsonValue lines = f.value(QStringLiteral("LineMatches"));
        Result<void> read;
        if (chunks.isArray())
            read = readChunkMatches(chunks.toArray(), hit, &fileNameMatch);
        else if (lines.isArray())
            read = readLineMatches(lines.toArray(), hit, &fileNameMatch);
        if (!read)
            return makeError(ErrorCode::Protocol, QStringLiteral("%1 (%2)").arg(read.error().message, hit.path));
        if (fileNameMatch)
            hit.reasons << QStringLiteral("file name matches");
        out.append(hit);
    }
    return out;
}

Result<void> ZoektGenerator::run(QueryContext &ctx) const
{
    if (!m_config.isEnabled())
        return {};
    SearchResponse &response = *ctx.response;
    HttpEndpoint endpoint;
    endpoint.baseUrl = m_config.url;
    endpoint.timeoutMs = m_config.timeoutMs;
    endpoint.maxRetries = 0; // a search does not wait for a failing server
    const QString path = QStringLiteral("api/search");
    response.remote.engine = QStringLiteral("zoekt");
    response.remote.url = endpoint.displayUrl(path);

    QStringList terms = ctx.query.terms;
    if (ctx.query.report) // a report's most specific words, as the keyword generator picks them
        terms = KeywordGenerator::specificTerms(terms, ctx.query.termCounts,
                                                ctx.store.chunks().termDocumentFrequencies(terms),
                                                ctx.store.chunks().count(), m_config.maxTerms);
    terms = terms.mid(0, m_config.maxTerms);
    const QString query = zoektQuery(terms);
    if (query.isEmpty()) {
        response.remote.ok = true;
        return {};
    }
    const int maxFiles = std::clamp(ctx.options.topK, 1, std::max(1, m_config.maxFiles));
    const QJsonObject body = requestBody(query, maxFiles, m_config.timeoutMs);
    auto reply = postJsonBlocking(endpoint, path, body, ctx.cancel);
    Result<QList<RemoteHit>> hits = reply ? parseReply(reply->object()) : Result<QList<RemoteHit>>(reply.error());
    if (m_log) { // What Was Sent: the query's terms went to this server
        RemoteRequestRecord r;
        r.time = QDateTime::currentDateTime();
        r.endpoint = response.remote.url;
        r.purpose = QStringLiteral("search-zoekt");
        r.bytes = QJsonDocument(body).toJson(QJsonDocument::Compact).size();
        const QString host = m_config.url.host();
        r.local = host == QLatin1String("localhost") || host == QLatin1String("127.0.0.1") || host == QLatin1String("::1");
        r.status = hits ? QStringLiteral("ok") : QStringLiteral("failed");
        m_log(r);
    }
    if (!hits) {
        if (ctx.cancelled())
            return {};
        response.remote.error = hits.error().message;
        ctx.note(QStringLiteral("zoekt at %1 failed: %2; local results only").arg(response.remote.url, hits.error().message));
        return {};
    }
    response.remote.ok = true;
    response.remote.files = int(hits->size());
    const SearchFilters &filters = ctx.query.parsed.filters;
    for (RemoteHit &hit : *hits) {
        // The open folder's own files: the local chunk around the best match is a candidate.
        if (!m_config.repository.isEmpty() && hit.repository == m_config.repository) {
            if (const auto file = ctx.store.files().file(hit.path)) {
                if (const auto chunk = chunkAtLine(ctx.store.chunks().ofFile(file->id), std::max(1, hit.line))) {
                    Candidate &c = ctx.candidates[chunk->id];
                    if (c.scores.remoteRank == 0) {
                        c.scores.remoteRank = hit.rank;
                        c.scores.remote = (ctx.tuning.rrfK + 1) / (ctx.tuning.rrfK + hit.rank);
                        c.reasons << hit.reasons.first();
                    }
                    ++response.remote.mapped;
                    continue;
                }
            }
        }
        // The query's filters, as far as a remote file can be judged: its path and the language
        // its name says; it has no chunk kind, so a kind: filter leaves it out.
        if (!filters.isEmpty()
            && (!filters.kinds.isEmpty() || !filters.acceptsPath(hit.path)
                || (!filters.languages.isEmpty() && !filters.languages.contains(languageForPath(hit.path))))) {
            ++response.remote.filtered;
            continue;
        }
        response.remoteHits.append(std::move(hit));
    }
    return {};
}

} // namespace RepoLens
