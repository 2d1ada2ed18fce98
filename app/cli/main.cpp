// repolens-cli: the headless interface (indexing, search, references, status) for scripting,
// benchmarks and the retrieval eval. See README.md "Command line".

#include "ask.h"
#include "grep.h"
#include "cliprogress.h"
#include "mcp.h"
#include "terminaltext.h"
#include "watch.h"

#include "core/base/filestatus.h"
#include "core/base/paths.h"
#include "core/base/safefile.h"
#include "core/base/secrets.h"
#include "core/embed/embeddingindexer.h"
#include "core/embed/remoteembedder.h"
#include "core/embed/staticembedder.h"
#include "core/grep/occurrences.h"
#include "core/index/indexer.h"
#include "core/index/indexingsettings.h"
#include "core/llm/credentialstore.h"
#include "core/llm/llmjudge.h"
#include "core/llm/llmsettings.h"
#include "core/parse/chunker.h"
#include "core/parse/grammars.h"
#include "core/retrieve/contextretriever.h"
#include "core/search/searcher.h"
#include "core/search/searchsettings.h"
#include "core/search/usages.h"
#include "core/store/indexstore.h"
#include "core/store/integrity.h"
#include "core/store/writerlock.h"
#include "core/tools/reports.h"

#ifdef REPOLENS_HAVE_KEYCHAIN
#include "app/gui/keychainstore.h"
#endif

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSet>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QTextStream>
#include <QThread>

#include <csignal>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cstdio>
#include <unistd.h>
#include <iostream>
#include <string>
#include <thread>

using namespace RepoLens;

namespace {

std::atomic_bool g_cancel{false};

void onSignal(int)
{
    if (g_cancel.exchange(true))
        std::_Exit(130);
}

const char *const kUsage = R"(Usage: repolens-cli [--data-dir DIR] COMMAND ...

Commands:
  index DIR [--no-vectors] [--check]
                                    index (or bring up to date) the folder DIR, then its
                                    vectors (built-in embedder unless embed.static or
                                    embed.url is set);
                                    --check runs a full integrity check first (a damaged
                                    index is moved aside and rebuilt, as is one found
                                    damaged by any command)
  watch DIR                         index DIR, then keep it fresh as files change (Ctrl+C)
  search DIR QUERY [--top K] [--json] [--batch] [--max-per-file N] [--rerank[=MODE]]
         [--no-vectors] [--no-priors] [--no-graph]
                                    search; --batch reads one query a line from stdin (a
                                    line that is a JSON string is decoded: a multi-line
                                    bug report) and prints one JSON object a line; MODE: local,
                                    endpoint (rerank.url), llm (the chat model), off
  config [KEY [VALUE]]              show or set a retrieval setting (rerank, vectors,
                                    embed.url, embed.model, embed.max_tokens,
                                    embed.static: a model2vec model folder, used instead
                                    of the endpoint and the built-in model while set;
                                    embed.builtin: lsa or subtokens; rerank.url,
                                    rerank.model; remote.zoekt_url: a zoekt webserver
                                    that `search` also asks, remote.zoekt_repository,
                                    remote.zoekt_timeout_ms) or answering setting (llm.url,
                                    llm.model, llm.temperature, llm.max_tokens,
                                    llm.key_env, llm.timeout, hyde, top_k,
                                    context_budget, history_budget, summaries) or
                                    indexing setting (index.ignore: patterns separated
                                    by ';', index.size_cap: bytes or 512K / 2M), shared
                                    with the app; API keys come from REPOLENS_API_KEY /
                                    OPENAI_API_KEY or the app's keychain entry
  ask DIR QUESTION [--base-url URL] [--model NAME] [--rerank[=MODE]] [--hyde] [--json]
         [--agent | --single-shot]
                                    answer with the configured model (streamed), the
                                    sources and a check of the citations; @codebase,
                                    @path/to/file and @Symbol work as in the app; without
                                    a model: the retrieval-only answer. Key: OPENAI_API_KEY
                                    (or the variable named by llm.key_env); --agent: the
                                    model calls the tools (search, read, references, ...)
                                    in rounds, steps on stderr (setting `agent`: auto,
                                    single or agent)
  summarize DIR [--max N]           write method summaries with the model (resumable;
                                    prints the number of calls first)
  bench-grep DIR --queries FILE [--runs N]
                                    time grep queries (JSON lines) in this process:
                                    scripts/bench-grep
  bench-vectors DIR [--queries N] [--m M] [--ef-construction N] [--ef-batch N]
                    [--ef-search N] [--build-threads N]
                                    vector index build time and recall@10 against exact
                                    search on DIR's vectors
  refs DIR NAME [--json]            definitions of NAME and every usage, then the code
                                    lines that hold NAME where the graph records nothing
  grep DIR PATTERN [--regex] [-i] [-w] [--glob G]... [-C N] [--max-count N] [--json]
                                    every line of the folder's indexed files that contains
                                    PATTERN (--regex: a PCRE2 expression; -i: any case;
                                    -w: whole words; --glob: only paths it matches, ** crosses
                                    folders; -C: lines of context), from the grep index:
                                    only files that can match are read
  status DIR [--json]               files per status, with the reasons
  symbols DIR [--json]              every definition in the index
  mcp [DIR...] [--http PORT] [--host ADDR] [--no-auth] [--token T] [--no-watch]
                                    serve the index to agents over the Model Context
                                    Protocol: stdio by default, Streamable HTTP on
                                    127.0.0.1:PORT with --http (a bearer token is printed;
                                    0 picks a free port); without DIR the client's roots
                                    or the current folder; kept fresh while it runs
  chunks FILE [--lang NAME]         show how one file is chunked (no index needed)
  withhold FILE... [--show] [--json]
                                    where the withholding stage removes credentials from
                                    FILE before anything is sent (--show: the text as sent)
  grammars                          the grammars and their ABI check

Query filters: lang:python  path:src/**  -path:tests/**  kind:function
Graph questions: "who calls NAME", "where is NAME used", "what does NAME call"

Options:
  --data-dir DIR   where indexes live (default: %1)
  --version        print the version and exit
  -h, --help       this help

Exit status: 0 success, 1 failure (message on stderr), 2 bad usage.
)";

// The lines of kUsage about one command ("search DIR QUERY ..." and its description), or
// empty when there is no such command.
QString commandUsage(const QString &command)
{
    const QStringList lines = QString::fromUtf8(kUsage).split(u'\n');
    QStringList block;
    for (const QString &line : lines) {
        const bool commandLine = line.startsWith(QLatin1String("  ")) && line.size() > 2 && line.at(2) != u' ';
        if (block.isEmpty()) {
            if (commandLine && line.mid(2).section(u' ', 0, 0) == command)
                block << line;
            continue;
        }
        if (commandLine || line.trimmed().isEmpty())
            break;
        block << line;
    }
    if (block.isEmpty())
        return {};
    QString out = QStringLiteral("Usage: repolens-cli [--data-dir DIR] %1\n\n").arg(block.join(u'\n').trimmed());
    if (command == QLatin1String("search") || command == QLatin1String("ask"))
        out += QStringLiteral("\nQuery filters: lang:python  path:src/**  -path:tests/**  kind:function\n"
                              "Graph questions: \"who calls NAME\", \"where is NAME used\", \"what does NAME call\"\n");
    out += QStringLiteral("\nrepolens-cli --help lists every command.\n");
    return out;
}

// Messages carry paths and names from the repository: escaped for the terminal.
void printErr(const QString &text)
{
    std::fprintf(stderr, "repolens-cli: %s\n", terminalText(text).toLocal8Bit().constData());
}

void printOut(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    std::fwrite(utf8.constData(), 1, size_t(utf8.size()), stdout);
}

struct Args
{
    QString dataDir;
    QString command;
    QStringList positional;
    QHash<QString, QString> options;
    QSet<QString> flags;
    QStringList globs; // --glob, repeatable
};

int usageError(const QString &message)
{
    printErr(message);
    std::fprintf(stderr, "Try 'repolens-cli --help'.\n");
    return 2;
}

// The folder as given, by its raw bytes (a name that is not UTF-8 works: core/base/paths.h).
Result<QString> folderArg(const QString &path)
{
    const QByteArray bytes = encodePath(path);
    struct stat st = {};
    if (::stat(bytes.constData(), &st) != 0)
        return makeError(ErrorCode::NotFound, QStringLiteral("no such folder: %1").arg(path));
    if (!S_ISDIR(st.st_mode))
        return makeError(ErrorCode::NotADirectory, QStringLiteral("not a folder: %1").arg(path));
    if (::access(bytes.constData(), R_OK | X_OK) != 0)
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("cannot read the folder: %1").arg(path));
    const QString canonical = canonicalPath(path);
    if (canonical.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("no such folder: %1").arg(path));
    return canonical;
}

int runIndex(const QString &root, const QString &dbPath, bool quiet, bool check = false)
{
    IndexOptions options;
    options.verifyIntegrity = check;
    IndexingSettings::load().applyTo(options); // the app's ignore patterns and size cap
    if (qEnvironmentVariableIsSet("REPOLENS_EXP_BATCH")) {
        options.batchFiles = qEnvironmentVariableIntValue("REPOLENS_EXP_BATCH");
        options.batchMillis = qEnvironmentVariableIntValue("REPOLENS_EXP_BATCH_MS");
    }
    // Benchmarks: REPOLENS_EXP_DRAFT_MIN=0 turns the draft pass off (compare the full index time).
    if (qEnvironmentVariableIsSet("REPOLENS_EXP_DRAFT_MIN"))
        options.draftMinFiles = qEnvironmentVariableIntValue("REPOLENS_EXP_DRAFT_MIN");
    Indexer indexer(root, dbPath, options);
    CliProgress progress;
    auto report = indexer.run(
        [&](const IndexProgress &p) {
            if (!quiet)
                progress.update(p);
        },
        &g_cancel);
    // Another RepoLens process is writing this index: wait for it, then bring the index up to
    // date ourselves (little is left to do; a writer that died left its committed batches).
    for (bool told = false; !report && report.error().code == ErrorCode::Busy && !g_cancel.load();) {
        if (!told) {
            printErr(QStringLiteral("indexing in another RepoLens process (%1); waiting for it to finish")
                         .arg(report.error().context));
            told = true;
        }
        while (IndexWriterLock::holder(dbPath) && !g_cancel.load())
            QThread::msleep(100);
        report = indexer.run(
            [&](const IndexProgress &p) {
                if (!quiet)
                    progress.update(p);
            },
            &g_cancel);
    }
    progress.finish();
    if (!report) {
        printErr(QStringLiteral("indexing failed: %1").arg(report.error().toString()));
        return 1;
    }
    const IndexReport &r = *report;
    if (!r.corruptMovedTo.isEmpty())
        printErr(QStringLiteral("the index was damaged (%1); it was moved to %2 (kept) and rebuilt")
                     .arg(r.corruptReason, r.corruptMovedTo));
    if (r.cancelled) {
        printErr(QStringLiteral("stopped; %1 files were indexed in this run%2, the next `index` does the rest")
                     .arg(r.filesParsed)
                     .arg(r.draftedFiles > 0 && r.filesParsed == 0
                              ? QStringLiteral(" (%1 more are searchable as plain text)").arg(r.draftedFiles)
                              : QString()));
        return 130;
    }
    if (!quiet) {
        std::fprintf(stderr,
                     "indexed %d files (%d unchanged, %d removed, %d not indexed) in %.2f s: "
                     "%d chunks, %d symbols, %d references, %.1f MB\n",
                     r.filesParsed, r.filesUnchanged, r.filesRemoved, r.filesSkipped, r.seconds, r.chunks,
                     r.symbols, r.refs, r.bytesParsed / 1048576.0);
        if (r.draftedFiles > 0)
            std::fprintf(stderr, "keyword search was ready after %.2f s (%d files as text windows, before parsing)\n",
                         r.keywordReadySeconds, r.draftedFiles);
        if (qEnvironmentVariableIsSet("REPOLENS_TIMINGS"))
            std::fprintf(stderr, "timings: parse %.2f s (all threads), write %.2f s, link %.2f s, git history %.2f s, "
                                 "grep index %.2f s of CPU (trigrams %.2f s on the parse threads, postings %.2f s)\n",
                         r.parseSeconds, r.writeSeconds, r.linkSeconds, r.historySeconds,
                         r.trigramSeconds + r.grepSeconds, r.trigramSeconds, r.grepSeconds);
    }
    return 0;
}

// The chat model's key: the environment variable the settings name (OPENAI_API_KEY by
// default), else what the app stored in the system keychain for this endpoint's host. The
// keychain is only asked when a model is configured and a D-Bus session exists, and never for
// longer than a few seconds.
QString apiKeyFor(const LlmSettings &llm)
{
    QString key = apiKeyFromEnvironment(llm);
    if (!key.isEmpty() || !llm.isConfigured())
        return key;
#ifdef REPOLENS_HAVE_KEYCHAIN
    if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS") || qEnvironmentVariableIsSet("REPOLENS_NO_KEYCHAIN"))
        return key;
    KeychainCredentialStore store;
    QObject context;
    QEventLoop loop;
    bool finished = false;
    store.readSecret(llmKeyAccount(llm.baseUrl.host()), &context, [&](Result<QString> r) {
        if (r)
            key = r->trimmed();
        finished = true;
        loop.quit();
    });
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    if (!finished)
        loop.exec();
#endif
    return key;
}

int runEmbed(const QString &dbPath, bool quiet)
{
    const SearchSettings settings = SearchSettings::load();
    QString embedderError;
    std::shared_ptr<Embedder> remote = configuredEmbedder(settings, &embedderError);
    if (!embedderError.isEmpty()) {
        printErr(QStringLiteral("embedding failed (keyword search still works): %1").arg(embedderError));
        return 1;
    }
    if (remote)
        remote->setRequestLog(remoteRequestLogFor(dbPath));
    EmbedOptions embedOptions;
    embedOptions.withholdSecrets = !LlmSettings::load().sendCredentials;
    EmbeddingIndexer embedder(dbPath, embedOptions);
    // A terminal gets one line redrawn in place; a pipe or a log file plain lines: one per
    // phase, and the chunk count at most every 2 s.
    const bool tty = isatty(fileno(stderr)) != 0;
    QElapsedTimer shown;
    shown.start();
    int lastPhase = -1;
    bool drew = false;
    auto report = embedder.run(
        remote.get(),
        [&](const EmbedProgress &p) {
            if (quiet || p.phase == EmbedProgress::Phase::Done)
                return;
            const bool newPhase = int(p.phase) != lastPhase;
            if (!newPhase && shown.elapsed() < (tty ? 500 : 2000))
                return;
            shown.restart();
            lastPhase = int(p.phase);
            QByteArray line;
            if (p.phase == EmbedProgress::Phase::Fitting)
                line = "vectors: fitting the built-in model";
            else if (p.phase == EmbedProgress::Phase::Embedding)
                line = QStringLiteral("vectors: %1 / %2 chunks").arg(p.chunksDone).arg(p.chunksTotal).toUtf8();
            else if (p.phase == EmbedProgress::Phase::VectorIndex)
                line = "vectors: building the vector index";
            if (line.isEmpty())
                return;
            if (tty) {
                std::fprintf(stderr, "\r\033[K%s", line.constData());
                drew = true;
            } else {
                std::fprintf(stderr, "%s\n", line.constData());
            }
            std::fflush(stderr);
        },
        &g_cancel);
    if (drew)
        std::fprintf(stderr, "\r\033[K");
    if (!report) {
        printErr(QStringLiteral("embedding failed (keyword search still works): %1").arg(report.error().toString()));
        return 1;
    }
    if (report->cancelled) {
        printErr(QStringLiteral("embedding cancelled; vectors computed so far are kept"));
        return 130;
    }
    if (!quiet && !report->modelId.isEmpty())
        std::fprintf(stderr,
                     "vectors: %d chunks with %s (%d computed, %d reused) in %.2f s "
                     "(fit %.2f s, embed %.2f s, vector index %.2f s)\n",
                     report->chunksTotal, qPrintable(report->modelId), report->embedded, report->reused,
                     report->seconds, report->fitSeconds, report->embedSeconds, report->indexSeconds);
    if (!quiet && report->redacted > 0)
        std::fprintf(stderr, "vectors: %d chunks %s with credentials withheld (send_credentials is off)\n",
                     report->redacted, remote && remote->isLocal() && !dynamic_cast<RemoteEmbedder *>(remote.get())
                                           ? "embedded" : "sent");
    return 0;
}

// access(2), not the mode bits: root on a read-only mount cannot write either.
bool folderWritable(const QString &dir)
{
    return ::access(encodePath(dir).constData(), W_OK) == 0;
}

Result<std::unique_ptr<IndexStore>> openForReading(const QString &root, const QString &dbPath)
{
    if (!QFileInfo::exists(dbPath)) {
        std::fprintf(stderr, "repolens-cli: no index for this folder yet; indexing it first\n");
        if (runIndex(root, dbPath, false) != 0)
            return makeError(ErrorCode::Io, QStringLiteral("indexing failed"));
    }
    // Damage met earlier (by another command or process) is repaired before reading, as is
    // damage found on opening: the damaged file is moved aside (kept) and the index rebuilt.
    auto store = Result<std::unique_ptr<IndexStore>>(makeError(ErrorCode::None, {}));
    const auto damage = Damage::reason(dbPath);
    if (!damage)
        store = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    if (damage || (!store && store.error().code == ErrorCode::Corrupt)) {
        const QString why = Damage::reason(dbPath).value_or(store.error().message);
        if (!folderWritable(QFileInfo(dbPath).absolutePath())) {
            printErr(QStringLiteral("the index is damaged (%1) and its data folder is read-only: it cannot be "
                                    "rebuilt here; results may be incomplete")
                         .arg(why));
        } else {
            printErr(QStringLiteral("the index is damaged (%1); rebuilding it").arg(why));
            if (runIndex(root, dbPath, false) != 0)
                return makeError(ErrorCode::Io, QStringLiteral("rebuilding the damaged index failed"));
            if (SearchSettings::load().vectors)
                runEmbed(dbPath, false);
        }
        store = IndexStore::open(dbPath, IndexStore::Mode::ReadOnly);
    }
    if (!store)
        return makeError(store.error().code,
                         QStringLiteral("cannot open the index: %1").arg(store.error().toString()));
    if (!(*store)->canBeUpdated())
        printErr(QStringLiteral("the data folder is read-only (%1): the index is read as it is and cannot be "
                                "updated")
                     .arg(QFileInfo(dbPath).absolutePath()));
    return store;
}

// Damage that this command met while it read or wrote the index (any SQLITE_CORRUPT marks it,
// core/store/integrity.h): said on stderr, then repaired like damage found on opening.
// Returns the exit code: the command's own, or 1 when the repair failed.
int repairDamageSeen(const QString &root, const QString &dbPath, int rc, bool quiet)
{
    if (!Damage::seenHere(dbPath))
        return rc;
    const auto damage = Damage::reason(dbPath);
    if (!damage)
        return rc; // already repaired by the command (index)
    if (!folderWritable(QFileInfo(dbPath).absolutePath())) {
        printErr(QStringLiteral("the index is damaged (%1); results may be incomplete, and its data folder is "
                                "read-only: it cannot be rebuilt here")
                     .arg(*damage));
        return rc == 0 ? 1 : rc;
    }
    printErr(QStringLiteral("the index is damaged (%1); results may be incomplete; rebuilding it").arg(*damage));
    if (runIndex(root, dbPath, quiet) != 0)
        return 1;
    if (SearchSettings::load().vectors && runEmbed(dbPath, quiet) != 0)
        return 1;
    return rc;
}

// `search --json` prints what the search tool reports (core/tools/reports.h).
QJsonObject responseJson(const QString &query, const Result<SearchResponse> &response)
{
    return searchResponseJson(query, response);
}

void printHumanResults(const SearchResponse &r)
{
    QString out;
    QStringList paths;
    for (const SearchHit &hit : r.hits)
        paths << hit.chunk.path;
    const QList<qsizetype> order = groupedByFile(paths);
    const qsizetype files = QSet<QString>(paths.cbegin(), paths.cend()).size();
    out += QStringLiteral("%1 %2 in %3 %4 (%5, %6 ms)")
               .arg(r.hits.size())
               .arg(r.hits.size() == 1 ? QStringLiteral("result") : QStringLiteral("results"))
               .arg(files)
               .arg(files == 1 ? QStringLiteral("file") : QStringLiteral("files"), r.route)
               .arg(r.millis, 0, 'f', 1);
    if (r.exhaustive)
        out += QStringLiteral(" every usage");
    if (!r.query.filters.isEmpty())
        out += QStringLiteral(" filters: %1").arg(terminalText(r.query.filters.describe()));
    out += u'\n';
    for (const QString &note : r.notes)
        out += QStringLiteral("note: %1\n").arg(terminalText(note));
    // A file with its best chunks: files in the order of their best hit, a blank line between
    // files, none within one; each hit keeps its rank as its number and its path:lines.
    QString previous;
    for (const qsizetype i : order) {
        const SearchHit &hit = r.hits.at(i);
        if (hit.chunk.path != previous)
            out += u'\n';
        previous = hit.chunk.path;
        out += QStringLiteral("%1. %2:%3-%4  %5 %6  score %7\n")
                   .arg(i + 1)
                   .arg(terminalText(hit.chunk.path))
                   .arg(hit.chunk.startLine)
                   .arg(hit.chunk.endLine)
                   .arg(chunkKindName(hit.chunk.kind),
                        hit.chunk.qualifiedName.isEmpty() ? QStringLiteral("-") : terminalText(hit.chunk.qualifiedName))
                   .arg(hit.scores.final, 0, 'f', 3);
        const QStringList lines = hit.chunk.text.split(u'\n');
        for (int k = 0; k < std::min<qsizetype>(4, lines.size()); ++k)
            out += QStringLiteral("    %1\n").arg(terminalText(lines.at(k).left(120), true));
    }
    // Remote hits (files the local index does not have) after the local ones, in the engine's order.
    if (!r.remote.engine.isEmpty() && !r.remoteHits.isEmpty())
        out += QStringLiteral("\n%1 remote results (%2, files not in this index)\n").arg(r.remoteHits.size()).arg(r.remote.engine);
    int n = 0;
    for (const RemoteHit &hit : r.remoteHits) {
        out += QStringLiteral("\nremote %1. %2 %3:%4-%5  %6  score %7\n")
                   .arg(++n)
                   .arg(terminalText(hit.repository), terminalText(hit.path))
                   .arg(hit.startLine)
                   .arg(hit.endLine)
                   .arg(terminalText(hit.reasons.join(QStringLiteral(", "))))
                   .arg(hit.score, 0, 'f', 3);
        const QStringList lines = hit.snippet.split(u'\n');
        for (int i = 0; i < std::min<qsizetype>(4, lines.size()) && !hit.snippet.isEmpty(); ++i)
            out += QStringLiteral("    %1\n").arg(terminalText(lines.at(i).left(120), true));
    }
    printOut(out);
}

int runSearch(const Args &args, const QString &root, const QString &dbPath)
{
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    Searcher searcher(store->get());
    SearchOptions options;
    const SearchSettings settings = SearchSettings::load();
    options.rerank = settings.rerank;
    options.vectors = settings.vectors && !args.flags.contains(QStringLiteral("no-vectors"));
    options.priors = !args.flags.contains(QStringLiteral("no-priors"));
    options.graph = !args.flags.contains(QStringLiteral("no-graph"));
    if (args.flags.contains(QStringLiteral("rerank"))) {
        bool known = false;
        options.rerank = rerankModeFromName(args.options.value(QStringLiteral("rerank")), &known);
        if (!known)
            return usageError(QStringLiteral("--rerank takes local, endpoint, llm or off"));
    }
    if (options.vectors)
        searcher.enableVectors(dbPath, configuredEmbedder(settings));
    // remote keyword search: only with remote.zoekt_url set (nothing is sent otherwise)
    searcher.setRemoteSearch(configuredZoekt(settings));
    if (options.rerank == RerankMode::Endpoint && !settings.rerankUrl.isEmpty()) {
        HttpEndpoint endpoint;
        endpoint.baseUrl = settings.rerankUrl;
        endpoint.apiKey = qEnvironmentVariable("REPOLENS_API_KEY");
        auto reranker = std::make_shared<RemoteReranker>(endpoint, settings.rerankModel);
        reranker->setWithholdSecrets(!LlmSettings::load().sendCredentials);
        searcher.setReranker(RerankMode::Endpoint, reranker);
    }
    if (options.rerank == RerankMode::Llm) {
        const LlmSettings llm = LlmSettings::load();
        const LlmEndpoint endpoint = llm.endpoint(apiKeyFor(llm));
        if (endpoint.isConfigured())
            searcher.setReranker(RerankMode::Llm, std::make_shared<JudgeReranker>(std::make_shared<ChatJudge>(endpoint),
                                                                                  !llm.sendCredentials));
    }
    bool ok = true;
    if (args.options.contains(QStringLiteral("top"))) {
        options.topK = args.options.value(QStringLiteral("top")).toInt(&ok);
        if (!ok || options.topK <= 0)
            return usageError(QStringLiteral("--top needs a positive number"));
    }
    if (args.options.contains(QStringLiteral("max-per-file"))) {
        options.maxPerFile = args.options.value(QStringLiteral("max-per-file")).toInt(&ok);
        if (!ok || options.maxPerFile < 0)
            return usageError(QStringLiteral("--max-per-file needs a number"));
    }
    // The candidate pool does not grow with the results asked for: the first ten never depend
    // on --top (a list longer than the pool ends early).
    const bool json = args.flags.contains(QStringLiteral("json"));
    if (args.flags.contains(QStringLiteral("batch"))) {
        searcher.warmUp(); // caches load once, outside the per-query times
        std::string line;
        while (std::getline(std::cin, line)) {
            QString query = QString::fromStdString(line).trimmed();
            // A line written as a JSON string carries a query of several lines (a pasted
            // bug report with its traceback); one that does not decode stays as it is.
            if (query.startsWith(u'"')) {
                const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + query.toUtf8() + ']');
                if (doc.isArray() && doc.array().size() == 1 && doc.array().first().isString())
                    query = doc.array().first().toString();
            }
            const auto response = searcher.search(query, options, &g_cancel);
            printOut(QString::fromUtf8(QJsonDocument(responseJson(query, response)).toJson(QJsonDocument::Compact))
                     + u'\n');
            std::fflush(stdout);
        }
        return 0;
    }
    if (args.positional.size() < 2)
        return usageError(QStringLiteral("search needs a folder and a query"));
    const QString query = args.positional.mid(1).join(u' ');
    const auto response = searcher.search(query, options, &g_cancel);
    // Results from an index that a stop (or a kill, or another process still writing) left
    // incomplete may miss code: said on stderr, and in the JSON.
    const bool complete = indexIsComplete(**store);
    if (json) {
        QJsonObject obj = responseJson(query, response);
        obj.insert(QStringLiteral("index_complete"), complete);
        printOut(QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact)) + u'\n');
        return response ? 0 : 1;
    }
    if (!response) {
        printErr(QStringLiteral("bad query: %1").arg(response.error().message));
        return 1;
    }
    if (!complete)
        printErr(QStringLiteral("note: the index is incomplete (indexing was stopped before it finished, or is running): "
                                "results may miss code; `repolens-cli index %1` completes it")
                     .arg(root));
    printHumanResults(*response);
    return 0;
}

int runRefs(const Args &args, const QString &root, const QString &dbPath)
{
    if (args.positional.size() < 2)
        return usageError(QStringLiteral("refs needs a folder and a name"));
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    // The references tool's report (core/tools/reports.h): "Flask.url_for" means that method,
    // only its usages, not those of the free function url_for (narrowed by the receiver
    // written at each use and the linked definition).
    const ReferenceReport report = referenceReport(**store, args.positional.at(1));
    const QString asked = report.asked;
    const QString name = report.name;
    const QList<SymbolRecord> &defs = report.definitions;
    UsageSet usages;
    usages.otherDefinitions = report.otherDefinitions;
    usages.leftOut = report.leftOut;
    for (qsizetype i = 0; i < report.usages.size(); ++i) {
        Usage u;
        u.ref = report.usages.at(i);
        u.fit = report.fits.at(i);
        usages.usages.append(u);
    }
    QSet<qint64> defIds;
    for (const SymbolRecord &s : defs)
        defIds.insert(s.id);
    // The lines that hold the name where the graph records nothing (core/grep/occurrences.h).
    const TextOccurrenceQuery textQuery = textOccurrenceQuery(**store, name, report.usages);
    const TextOccurrences text = textOccurrences(IndexGrep(), **store, root, textQuery);
    const bool nothing = defs.isEmpty() && usages.usages.isEmpty() && text.matches.isEmpty();
    if (args.flags.contains(QStringLiteral("json"))) {
        QJsonArray d, u;
        for (const SymbolRecord &s : defs)
            d.append(QJsonObject{{QStringLiteral("path"), s.path}, {QStringLiteral("line"), s.line},
                                 {QStringLiteral("column"), s.column}, {QStringLiteral("kind"), chunkKindName(s.kind)},
                                 {QStringLiteral("qualified_name"), s.qualifiedName},
                                 {QStringLiteral("signature"), s.signature}});
        for (const Usage &use : std::as_const(usages.usages)) {
            const RefRecord &r = use.ref;
            u.append(QJsonObject{{QStringLiteral("path"), r.path}, {QStringLiteral("line"), r.line},
                                 {QStringLiteral("column"), r.column}, {QStringLiteral("kind"), refKindName(r.kind)},
                                 {QStringLiteral("in"), r.fromName},
                                 {QStringLiteral("receiver"), r.qualifier},
                                 {QStringLiteral("resolved"), r.toSymbolId != 0 && defIds.contains(r.toSymbolId)},
                                 {QStringLiteral("certain"), use.fit == UsageFit::Yes}});
        }
        QJsonArray t;
        for (const GrepMatch &m : text.matches)
            t.append(QJsonObject{{QStringLiteral("path"), m.path}, {QStringLiteral("line"), m.line},
                                 {QStringLiteral("column"), m.column}, {QStringLiteral("text"), m.text}});
        QJsonObject obj{{QStringLiteral("name"), asked}, {QStringLiteral("definitions"), d}, {QStringLiteral("usages"), u},
                        {QStringLiteral("text_matches"), t}, {QStringLiteral("text_matches_more"), text.more}};
        if (usages.otherDefinitions > 0) {
            obj.insert(QStringLiteral("other_definitions"), usages.otherDefinitions);
            obj.insert(QStringLiteral("left_out"), usages.leftOut);
        }
        printOut(QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact)) + u'\n');
        return nothing ? 1 : 0;
    }
    QString out;
    out += QStringLiteral("Definitions of %1 (%2):\n").arg(terminalText(asked)).arg(defs.size());
    for (const SymbolRecord &s : defs)
        out += QStringLiteral("  %1:%2:%3  %4 %5\n").arg(terminalText(s.path)).arg(s.line).arg(s.column)
                   .arg(chunkKindName(s.kind), terminalText(s.signature.isEmpty() ? s.qualifiedName : s.signature));
    out += QStringLiteral("\nUsages (%1):\n").arg(usages.usages.size());
    int byName = 0;
    for (const Usage &use : std::as_const(usages.usages)) {
        const RefRecord &r = use.ref;
        out += QStringLiteral("  %1:%2:%3  %4").arg(terminalText(r.path)).arg(r.line).arg(r.column).arg(refKindName(r.kind));
        if (!r.fromName.isEmpty())
            out += QStringLiteral(" in %1").arg(terminalText(r.fromName));
        if (use.fit == UsageFit::ByName) {
            out += QStringLiteral(" (by name: %1.%2)").arg(terminalText(r.qualifier), terminalText(r.name));
            ++byName;
        } else if (usages.otherDefinitions == 0 && r.toSymbolId && !defIds.contains(r.toSymbolId)) {
            out += QStringLiteral(" (another %1)").arg(terminalText(name));
        }
        out += u'\n';
    }
    if (usages.otherDefinitions > 0)
        out += QStringLiteral("\n%1 usage(s) of the %2 other definition(s) named %3 left out%4\n")
                   .arg(usages.leftOut)
                   .arg(usages.otherDefinitions)
                   .arg(terminalText(name))
                   .arg(byName > 0 ? QStringLiteral("; %1 kept by name only (receiver of unknown type)").arg(byName)
                                   : QString());
    if (!text.matches.isEmpty()) {
        out += QStringLiteral("\nText matches (%1%2): lines that hold the word %3 where the reference graph records "
                              "nothing (property or field reads, callbacks, values, comments, strings)\n")
                   .arg(text.matches.size())
                   .arg(text.more ? QStringLiteral(" shown; more: `grep --word`") : QString())
                   .arg(terminalText(name));
        for (const GrepMatch &m : text.matches)
            out += QStringLiteral("  %1:%2:%3  %4\n").arg(terminalText(m.path)).arg(m.line).arg(m.column)
                       .arg(terminalText(m.text.trimmed()));
    }
    printOut(out);
    if (nothing) {
        printErr(QStringLiteral("nothing named '%1' in the index").arg(terminalText(asked)));
        return 1;
    }
    return 0;
}

int runGrep(const Args &args, const QString &root, const QString &dbPath)
{
    if (args.positional.size() < 2)
        return usageError(QStringLiteral("grep needs a folder and a pattern"));
    if (args.positional.size() > 2)
        return usageError(QStringLiteral("grep takes one pattern (quote it; --glob for paths)"));
    GrepCommand c;
    c.pattern = args.positional.at(1);
    c.regex = args.flags.contains(QStringLiteral("regex"));
    c.ignoreCase = args.flags.contains(QStringLiteral("ignore-case"));
    c.word = args.flags.contains(QStringLiteral("word"));
    c.globs = args.globs;
    c.json = args.flags.contains(QStringLiteral("json"));
    bool ok = true;
    if (args.options.contains(QStringLiteral("context"))) {
        c.context = args.options.value(QStringLiteral("context")).toInt(&ok);
        if (!ok || c.context < 0 || c.context > 10)
            return usageError(QStringLiteral("-C / --context takes 0 to 10 lines"));
    }
    if (args.options.contains(QStringLiteral("max-count"))) {
        c.maxMatches = args.options.value(QStringLiteral("max-count")).toInt(&ok);
        if (!ok || c.maxMatches < 1)
            return usageError(QStringLiteral("--max-count takes a number of matches (1 or more)"));
    }
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    return runGrepCommand(**store, root, c, &g_cancel);
}

int runBenchGrep(const Args &args, const QString &root, const QString &dbPath)
{
    const QString queries = args.options.value(QStringLiteral("queries"));
    if (queries.isEmpty())
        return usageError(QStringLiteral("bench-grep needs --queries FILE"));
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    return runGrepBench(**store, root, queries, args.options.value(QStringLiteral("runs"), QStringLiteral("3")).toInt());
}

struct ReasonGroup
{
    QString text;
    int files = 0;
};

QList<ReasonGroup> groupReasons(const QHash<QString, int> &reasons)
{
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    struct Group
    {
        QString shape;
        int files = 0;
        qint64 low = -1;
        qint64 high = -1;
        bool single = true; // one number in the message
        QString sample;
    };
    QHash<QString, Group> groups;
    QStringList order;
    for (auto it = reasons.cbegin(); it != reasons.cend(); ++it) {
        QString shape = it.key();
        shape.replace(digits, QStringLiteral("#"));
        auto g = groups.find(shape);
        if (g == groups.end()) {
            g = groups.insert(shape, Group{shape, 0, -1, -1, true, it.key()});
            order << shape;
        }
        g->files += it.value();
        QRegularExpressionMatchIterator m = digits.globalMatch(it.key());
        int count = 0;
        while (m.hasNext()) {
            const qint64 n = m.next().captured(0).toLongLong();
            if (++count == 1) {
                g->low = g->low < 0 ? n : std::min(g->low, n);
                g->high = std::max(g->high, n);
            }
        }
        g->single = g->single && count == 1;
    }
    QList<ReasonGroup> out;
    for (const QString &shape : std::as_const(order)) {
        const Group &g = groups.value(shape);
        QString text = g.sample;
        if (g.low != g.high && g.single) {
            const QString range = QStringLiteral("%1-%2").arg(g.low).arg(g.high);
            text = shape;
            text.replace(QStringLiteral("#"), range);
        } else if (g.low != g.high) {
            text = shape;
            text.replace(QStringLiteral("#"), QStringLiteral("N"));
        }
        out.append(ReasonGroup{text, g.files});
    }
    return out;
}

int runStatus(const Args &args, const QString &root, const QString &dbPath)
{
    // A status question never starts a full index of a folder that has none.
    if (!QFileInfo::exists(dbPath)) {
        if (args.flags.contains(QStringLiteral("json"))) {
            printOut(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("root"), root},
                                                                 {QStringLiteral("database"), dbPath},
                                                                 {QStringLiteral("indexed"), false}})
                                           .toJson(QJsonDocument::Compact))
                     + u'\n');
        } else {
            printOut(QStringLiteral("Folder:   %1\nDatabase: none\n").arg(terminalText(root)));
        }
        printErr(QStringLiteral("not indexed yet: `repolens-cli index %1` builds the index").arg(root));
        return 1;
    }
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    const QList<StatusCount> counts = statusCounts(**store); // as index_status reports them
    if (args.flags.contains(QStringLiteral("json"))) {
        const QJsonObject obj = statusCountsJson(counts);
        printOut(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("root"), root},
                                                             {QStringLiteral("database"), dbPath},
                                                             {QStringLiteral("chunks"), (*store)->chunks().count()},
                                                             {QStringLiteral("statuses"), obj}})
                                       .toJson(QJsonDocument::Compact))
                 + u'\n');
        return 0;
    }
    QString out;
    out += QStringLiteral("Folder:   %1\nDatabase: %2\nChunks:   %3\nLast indexed: %4\n\n")
               .arg(terminalText(root), terminalText(dbPath))
               .arg((*store)->chunks().count())
               .arg((*store)->meta(QStringLiteral("last_indexed"), QStringLiteral("never")));
    for (const StatusCount &c : counts) {
        out += QStringLiteral("%1: %2\n").arg(fileStatusName(c.status), -12).arg(c.files);
        // Reasons that differ only in their numbers ("1 syntax error(s)", "2 syntax error(s)")
        // are one line, with the range of the numbers.
        QList<QPair<int, QString>> reasons;
        for (const ReasonGroup &g : groupReasons(c.reasons))
            reasons.append({g.files, g.text});
        std::sort(reasons.begin(), reasons.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        for (int i = 0; i < std::min<qsizetype>(15, reasons.size()); ++i)
            out += QStringLiteral("    %1  %2\n").arg(reasons.at(i).first, 6).arg(terminalText(reasons.at(i).second));
        if (reasons.size() > 15)
            out += QStringLiteral("    ... %1 more reasons\n").arg(reasons.size() - 15);
    }
    printOut(out);
    return 0;
}

int runSymbols(const Args &args, const QString &root, const QString &dbPath)
{
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    const bool json = args.flags.contains(QStringLiteral("json"));
    (*store)->symbols().forEach([&](const SymbolRecord &s) {
        if (json) {
            printOut(QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("path"), s.path},
                                                                 {QStringLiteral("name"), s.name},
                                                                 {QStringLiteral("qualified_name"), s.qualifiedName},
                                                                 {QStringLiteral("kind"), chunkKindName(s.kind)},
                                                                 {QStringLiteral("line"), s.line},
                                                                 {QStringLiteral("end_line"), s.endLine}})
                                           .toJson(QJsonDocument::Compact))
                     + u'\n');
        } else {
            printOut(QStringLiteral("%1:%2  %3 %4\n")
                         .arg(terminalText(s.path))
                         .arg(s.line)
                         .arg(chunkKindName(s.kind), terminalText(s.qualifiedName)));
        }
    });
    return 0;
}

int runChunks(const Args &args)
{
    if (args.positional.isEmpty())
        return usageError(QStringLiteral("chunks needs a file"));
    QFile file(args.positional.first());
    if (!file.open(QIODevice::ReadOnly)) {
        printErr(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
        return 1;
    }
    const QByteArray text = file.readAll();
    LanguageId lang = languageForPath(file.fileName());
    if (HeaderLanguages::isHeader(file.fileName())) { // C, C++ or Objective-C by its folder
        HeaderLanguages headers;
        const QFileInfo info(file.fileName());
        for (const QString &f : info.dir().entryList(QDir::Files))
            headers.addFile(f);
        lang = headers.languageOf(info.fileName());
    }
    if (lang == LanguageId::None)
        lang = languageForShebang(text);
    if (args.options.contains(QStringLiteral("lang")))
        lang = languageFromName(args.options.value(QStringLiteral("lang")));
    if (lang == LanguageId::None)
        lang = LanguageId::PlainText;
    Chunker chunker;
    printOut(dumpParseResult(isTreeSitterLanguage(lang) ? chunker.parse(lang, text)
                                                        : chunkText(lang, text, chunker.options())));
    return 0;
}

// The withholding stage on files of the user's choice: what every request would carry
// instead (README "Security").
int runWithhold(const Args &args)
{
    if (args.positional.isEmpty())
        return usageError(QStringLiteral("withhold needs one or more files"));
    const bool json = args.flags.contains(QStringLiteral("json"));
    const bool show = args.flags.contains(QStringLiteral("show"));
    QJsonArray files;
    int spans = 0;
    int failed = 0;
    for (const QString &path : args.positional) {
        // Never blocks on a FIFO; only regular files.
        const Result<QByteArray> bytes = readRegularFile(encodePath(path), 16 * 1024 * 1024);
        if (!bytes) {
            printErr(QStringLiteral("cannot read %1: %2").arg(path, bytes.error().message));
            ++failed;
            continue;
        }
        const WithheldText w = withholdSecrets(QString::fromUtf8(*bytes));
        spans += int(w.spans.size());
        if (json) {
            QJsonArray list;
            for (const SecretFinding &f : w.spans)
                list.append(QJsonObject{{QStringLiteral("line"), f.line}, {QStringLiteral("end_line"), f.endLine},
                                        {QStringLiteral("kind"), f.kind}, {QStringLiteral("rule"), f.rule}});
            QJsonObject o{{QStringLiteral("path"), path}, {QStringLiteral("withheld"), list}};
            if (show)
                o.insert(QStringLiteral("text"), w.text);
            files.append(o);
            continue;
        }
        if (show) {
            QStringList lines = w.text.split(u'\n');
            for (QString &line : lines)
                line = terminalText(line, true);
            printOut(lines.join(u'\n'));
            if (!w.text.endsWith(u'\n'))
                printOut(QStringLiteral("\n"));
            continue;
        }
        for (const SecretFinding &f : w.spans) {
            const QString lines = f.endLine > f.line ? QStringLiteral("%1-%2").arg(f.line).arg(f.endLine)
                                                     : QString::number(f.line);
            printOut(QStringLiteral("%1:%2  %3 (%4)\n").arg(terminalText(path), lines, f.kind, f.rule));
        }
    }
    if (json)
        printOut(QString::fromUtf8(QJsonDocument(files).toJson(QJsonDocument::Compact)) + u'\n');
    else
        std::fprintf(stderr, "%d span(s) would be withheld in %lld file(s)\n", spans,
                     static_cast<long long>(args.positional.size() - failed));
    return failed > 0 ? 1 : 0;
}

int runConfig(const Args &args)
{
    SearchSettings settings = SearchSettings::load();
    LlmSettings llm = LlmSettings::load();
    if (args.positional.isEmpty()) {
        for (const QString &key : SearchSettings::keys())
            printOut(QStringLiteral("%1 = %2\n").arg(key, settings.value(key)));
        for (const QString &key : LlmSettings::keys())
            printOut(QStringLiteral("%1 = %2\n").arg(key, llm.value(key)));
        const IndexingSettings indexing = IndexingSettings::load();
        for (const QString &key : IndexingSettings::keys())
            printOut(QStringLiteral("%1 = %2\n").arg(key, indexing.value(key)));
        return 0;
    }
    const QString key = args.positional.first();
    if (IndexingSettings::keys().contains(key)) {
        IndexingSettings indexing = IndexingSettings::load();
        if (args.positional.size() == 1) {
            printOut(indexing.value(key) + u'\n');
            return 0;
        }
        QString why;
        if (!indexing.setValue(key, args.positional.at(1), &why))
            return usageError(QStringLiteral("bad value for %1: '%2' (expected %3)").arg(key, args.positional.at(1), why));
        indexing.save();
        return 0;
    }
    if (LlmSettings::keys().contains(key)) {
        if (args.positional.size() == 1) {
            printOut(llm.value(key) + u'\n');
            return 0;
        }
        QString why;
        if (!llm.setValue(key, args.positional.at(1), &why))
            return usageError(QStringLiteral("bad value for %1: '%2' (expected %3)").arg(key, args.positional.at(1), why));
        llm.save();
        return 0;
    }
    if (!SearchSettings::keys().contains(key))
        return usageError(QStringLiteral("unknown setting '%1'").arg(key));
    if (args.positional.size() == 1) {
        printOut(settings.value(key) + u'\n');
        return 0;
    }
    if (!settings.setValue(key, args.positional.at(1)))
        return usageError(QStringLiteral("bad value for %1: '%2'").arg(key, args.positional.at(1)));
    if (key == QLatin1String("embed.static") && !settings.embedStatic.isEmpty()) {
        // Checked now, not at the next index: a folder that is not a model is refused.
        auto model = StaticEmbedder::loadUncached(settings.embedStatic);
        if (!model) {
            printErr(QStringLiteral("not set: %1 is not a usable static embedding model: %2")
                         .arg(settings.embedStatic, model.error().message));
            return 2;
        }
        const StaticModelInfo &info = (*model)->info();
        printOut(QStringLiteral("static model %1: %2 tokenizer, %3 tokens, %4 table %5 x %6%7%8; the next index "
                                "embeds every chunk with it\n")
                     .arg((*model)->modelId(), info.tokenizerModel)
                     .arg(info.vocabulary)
                     .arg(info.dtype)
                     .arg(info.rows)
                     .arg(info.dimension)
                     .arg(info.hasWeights ? QStringLiteral(", token weights") : QString(),
                          info.hasMapping ? QStringLiteral(", token mapping") : QString()));
    }
    settings.save();
    return 0;
}

// Build time of the vector index and recall@10 of the approximate search against exact search,
// with random chunks' own vectors (perturbed) as queries.
int runBenchVectors(const Args &args, const QString &root, const QString &dbPath)
{
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    const QString modelId = (*store)->meta(QString::fromLatin1(kMetaActiveModel));
    if (modelId.isEmpty()) {
        printErr(QStringLiteral("no vectors in this index: run `index` first"));
        return 1;
    }
    QList<qint64> labels;
    std::vector<float> all;
    int dim = 0;
    (*store)->embeddings().forEachChunkVector(modelId, [&](qint64 id, QByteArrayView blob) {
        dim = int(blob.size() / qsizetype(sizeof(float)));
        labels.append(id);
        const auto *f = reinterpret_cast<const float *>(blob.data());
        all.insert(all.end(), f, f + dim);
    });
    if (labels.isEmpty()) {
        printErr(QStringLiteral("no vectors for %1").arg(modelId));
        return 1;
    }
    const int queries = args.options.value(QStringLiteral("queries"), QStringLiteral("500")).toInt();
    VectorIndexOptions graphOptions;
    graphOptions.bruteForceBelow = 0; // always build the graph here
    if (args.options.contains(QStringLiteral("m")))
        graphOptions.m = args.options.value(QStringLiteral("m")).toInt();
    if (args.options.contains(QStringLiteral("ef-construction")))
        graphOptions.efConstruction = args.options.value(QStringLiteral("ef-construction")).toInt();
    if (args.options.contains(QStringLiteral("ef-search")))
        graphOptions.efSearch = args.options.value(QStringLiteral("ef-search")).toInt();
    if (args.options.contains(QStringLiteral("ef-batch")))
        graphOptions.efBatch = args.options.value(QStringLiteral("ef-batch")).toInt();
    if (args.options.contains(QStringLiteral("build-threads")))
        graphOptions.buildThreads = args.options.value(QStringLiteral("build-threads")).toInt();
    QElapsedTimer t;
    t.start();
    VectorIndex graph(dim, modelId, graphOptions);
    if (auto r = graph.addBatch(labels, all); !r) {
        printErr(r.error().toString());
        return 1;
    }
    const double buildS = t.nsecsElapsed() / 1e9;
    QRandomGenerator rng(42);
    double recall = 0, exactMs = 0, annMs = 0;
    for (int q = 0; q < queries; ++q) {
        const qsizetype pick = rng.bounded(int(labels.size()));
        std::vector<float> query(all.begin() + pick * dim, all.begin() + (pick + 1) * dim);
        for (float &x : query)
            x += float(rng.generateDouble() - 0.5) * 0.05f;
        t.restart();
        const QList<VectorHit> exact = graph.search(query, 10, true);
        exactMs += t.nsecsElapsed() / 1e6;
        t.restart();
        const QList<VectorHit> ann = graph.search(query, 10, false);
        annMs += t.nsecsElapsed() / 1e6;
        QSet<qint64> truth;
        for (const VectorHit &h : exact)
            truth.insert(h.label);
        int found = 0;
        for (const VectorHit &h : ann)
            found += truth.contains(h.label) ? 1 : 0;
        recall += truth.isEmpty() ? 1.0 : double(found) / truth.size();
    }
    t.restart();
    const QString path = dbPath + QStringLiteral(".bench-vectors");
    graph.save(path);
    const double saveMs = t.nsecsElapsed() / 1e6;
    t.restart();
    auto loaded = VectorIndex::load(path, graphOptions);
    const double loadMs = t.nsecsElapsed() / 1e6;
    QFile::remove(path);
    const VectorIndexOptions &defaults = graphOptions;
    printOut(QStringLiteral("model           %1 (%2 dimensions)\n"
                            "vectors         %3\n"
                            "hnsw            M=%4 efConstruction=%5 (a build at once: efBatch=%15,"
                            " batches of %16, %17 threads) efSearch=%6\n"
                            "build           %7 s\n"
                            "recall@10       %8 over %9 queries (vs exact search)\n"
                            "query           hnsw %10 ms, exact %11 ms (mean)\n"
                            "save / load     %12 ms / %13 ms%14\n")
                 .arg(modelId)
                 .arg(dim)
                 .arg(labels.size())
                 .arg(defaults.m)
                 .arg(defaults.efConstruction)
                 .arg(defaults.efSearch)
                 .arg(buildS, 0, 'f', 2)
                 .arg(recall / std::max(1, queries), 0, 'f', 4)
                 .arg(queries)
                 .arg(annMs / std::max(1, queries), 0, 'f', 3)
                 .arg(exactMs / std::max(1, queries), 0, 'f', 3)
                 .arg(saveMs, 0, 'f', 1)
                 .arg(loadMs, 0, 'f', 1)
                 .arg(loaded ? QString() : QStringLiteral(" (load failed: %1)").arg(loaded.error().toString()))
                 .arg(defaults.efBatch)
                 .arg(defaults.buildBatch)
                 .arg(defaults.buildThreads > 0 ? defaults.buildThreads
                                                : int(std::max(1u, std::thread::hardware_concurrency()))));
    return 0;
}

// `ask` and `summarize`: the app's answering settings, overridden by --base-url / --model /
// --hyde; the search set up as for `search`.
int runAskCommand(const Args &args, const QString &root, const QString &dbPath)
{
    LlmSettings llm = LlmSettings::load();
    QString why;
    if (args.options.contains(QStringLiteral("base-url"))
        && !llm.setValue(QStringLiteral("llm.url"), args.options.value(QStringLiteral("base-url")), &why))
        return usageError(QStringLiteral("--base-url needs %1").arg(why));
    if (args.options.contains(QStringLiteral("model"))
        && !llm.setValue(QStringLiteral("llm.model"), args.options.value(QStringLiteral("model")), &why))
        return usageError(QStringLiteral("--model needs %1").arg(why));
    if (args.flags.contains(QStringLiteral("hyde")))
        llm.hyde = true;
    const QString apiKey = apiKeyFor(llm);
    auto store = openForReading(root, dbPath);
    if (!store) {
        printErr(store.error().message);
        return 1;
    }
    if (args.command == QLatin1String("summarize")) {
        bool ok = true;
        const int max = args.options.contains(QStringLiteral("max")) ? args.options.value(QStringLiteral("max")).toInt(&ok) : -1;
        if (!ok)
            return usageError(QStringLiteral("--max needs a number"));
        store->reset();
        return runSummarize(dbPath, llm, apiKey, max, &g_cancel);
    }
    if (args.positional.size() < 2)
        return usageError(QStringLiteral("ask needs a folder and a question"));
    Searcher searcher(store->get());
    SearchOptions options;
    const SearchSettings settings = SearchSettings::load();
    options.rerank = settings.rerank;
    options.vectors = settings.vectors && !args.flags.contains(QStringLiteral("no-vectors"));
    if (args.flags.contains(QStringLiteral("rerank"))) {
        bool known = false;
        const QString mode = args.options.value(QStringLiteral("rerank"));
        options.rerank = mode.isEmpty() ? RerankMode::Local : rerankModeFromName(mode, &known);
        if (!mode.isEmpty() && !known)
            return usageError(QStringLiteral("--rerank takes local, endpoint, llm or off"));
    }
    if (options.vectors)
        searcher.enableVectors(dbPath, configuredEmbedder(settings));
    if (options.rerank == RerankMode::Endpoint && !settings.rerankUrl.isEmpty()) {
        HttpEndpoint endpoint;
        endpoint.baseUrl = settings.rerankUrl;
        endpoint.apiKey = qEnvironmentVariable("REPOLENS_API_KEY");
        auto reranker = std::make_shared<RemoteReranker>(endpoint, settings.rerankModel);
        reranker->setWithholdSecrets(!llm.sendCredentials);
        searcher.setReranker(RerankMode::Endpoint, reranker);
    }
    if (options.rerank == RerankMode::Llm && llm.isConfigured())
        searcher.setReranker(RerankMode::Llm, std::make_shared<JudgeReranker>(std::make_shared<ChatJudge>(llm.endpoint(apiKey)),
                                                                              !llm.sendCredentials));
    AskOptions ask;
    ask.question = args.positional.mid(1).join(u' ');
    ask.rootPath = root;
    ask.databasePath = dbPath;
    ask.settings = llm;
    ask.apiKey = apiKey;
    ask.json = args.flags.contains(QStringLiteral("json"));
    if (args.flags.contains(QStringLiteral("agent")) && args.flags.contains(QStringLiteral("single-shot")))
        return usageError(QStringLiteral("--agent and --single-shot exclude each other"));
    if (args.flags.contains(QStringLiteral("agent")))
        ask.mode = LlmSettings::AgentMode::Agent;
    else if (args.flags.contains(QStringLiteral("single-shot")))
        ask.mode = LlmSettings::AgentMode::SingleShot;
    return runAsk(**store, searcher, options, ask, &g_cancel);
}

// `mcp [DIR...]`: every folder must exist; none means the client's roots or the current folder.
int runMcpCommand(const Args &args)
{
    McpCommandOptions o;
    o.dataDir = args.dataDir;
    for (const QString &dir : args.positional) {
        const auto root = folderArg(dir);
        if (!root) {
            printErr(root.error().message);
            return 1;
        }
        if (!o.folders.contains(*root))
            o.folders << *root;
    }
    if (args.options.contains(QStringLiteral("http"))) {
        bool ok = false;
        o.httpPort = args.options.value(QStringLiteral("http")).toInt(&ok);
        if (!ok || o.httpPort < 0 || o.httpPort > 65535)
            return usageError(QStringLiteral("--http needs a port number (0: any free port)"));
    } else if (args.options.contains(QStringLiteral("host")) || args.flags.contains(QStringLiteral("no-auth"))) {
        return usageError(QStringLiteral("--host and --no-auth go with --http PORT"));
    }
    if (args.options.contains(QStringLiteral("host")))
        o.host = args.options.value(QStringLiteral("host"));
    o.allowRemote = args.flags.contains(QStringLiteral("allow-remote"));
    o.auth = !args.flags.contains(QStringLiteral("no-auth"));
    o.token = args.options.value(QStringLiteral("token"), qEnvironmentVariable("REPOLENS_MCP_TOKEN"));
    o.watch = !args.flags.contains(QStringLiteral("no-watch"));
    return runMcp(o, &g_cancel);
}

int runGrammars()
{
    int bad = 0;
    printOut(QStringLiteral("tree-sitter core %1 (ABI %2..%3)\n").arg(treeSitterCoreVersion()).arg(treeSitterMinAbi()).arg(treeSitterMaxAbi()));
    for (const GrammarInfo &g : checkGrammars()) {
        printOut(QStringLiteral("%1  %2@%3  ABI %4  %5\n").arg(languageName(g.language), -10).arg(g.package, g.version)
                     .arg(g.abiVersion).arg(g.compatible ? QStringLiteral("ok") : g.problem));
        bad += g.compatible ? 0 : 1;
    }
    return bad ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("repolens"));
    QCoreApplication::setOrganizationName(QStringLiteral("RepoLens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REPOLENS_VERSION));
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    // The library's progress lines (each request made, ...) are for the app's log, not the
    // command line: warnings only, unless QT_LOGGING_RULES asks for more.
    QLoggingCategory::setFilterRules(QStringLiteral("repolens.*.info=false"));

    Args args;
    args.dataDir = IndexStore::defaultDataDir();
    // From the raw bytes: QCoreApplication::arguments() turns bytes that are not UTF-8 into
    // U+FFFD, and a folder with such a name could neither be found nor told from another.
    QStringList argList;
    for (int i = 1; i < argc; ++i)
        argList << decodePath(argv[i]);
    static const QSet<QString> valueOptions = {QStringLiteral("top"), QStringLiteral("max-per-file"),
                                               QStringLiteral("lang"), QStringLiteral("data-dir"),
                                               QStringLiteral("queries"), QStringLiteral("m"),
                                               QStringLiteral("ef-construction"), QStringLiteral("ef-search"), QStringLiteral("base-url"),
                                               QStringLiteral("ef-batch"), QStringLiteral("build-threads"),
                                               QStringLiteral("model"), QStringLiteral("max"),
                                               QStringLiteral("http"), QStringLiteral("host"), QStringLiteral("token"),
                                               QStringLiteral("glob"), QStringLiteral("context"), QStringLiteral("max-count"),
                                               QStringLiteral("runs")};
    // flags; "--rerank=MODE" also carries a value
    static const QSet<QString> flagOptions = {QStringLiteral("json"), QStringLiteral("batch"),
                                              QStringLiteral("quiet"), QStringLiteral("rerank"),
                                              QStringLiteral("no-vectors"), QStringLiteral("no-priors"),
                                              QStringLiteral("no-graph"), QStringLiteral("hyde"),
                                              QStringLiteral("check"), QStringLiteral("no-auth"),
                                              QStringLiteral("allow-remote"), QStringLiteral("no-watch"),
                                              QStringLiteral("agent"), QStringLiteral("single-shot"), QStringLiteral("show"),
                                              QStringLiteral("regex"), QStringLiteral("ignore-case"), QStringLiteral("word")};
    bool optionsEnded = false;
    for (qsizetype i = 0; i < argList.size(); ++i) {
        const QString &a = argList.at(i);
        if (optionsEnded) {
            if (args.command.isEmpty())
                args.command = a;
            else
                args.positional << a;
            continue;
        }
        if (a == QLatin1String("--")) { // what follows is not an option (a pattern "-x")
            optionsEnded = true;
            continue;
        }
        // grep's short options
        if (args.command == QLatin1String("grep") && (a == QLatin1String("-i") || a == QLatin1String("-w"))) {
            args.flags.insert(a == QLatin1String("-i") ? QStringLiteral("ignore-case") : QStringLiteral("word"));
            continue;
        }
        if (args.command == QLatin1String("grep") && a.startsWith(QLatin1String("-C"))) {
            if (a.size() > 2) {
                args.options.insert(QStringLiteral("context"), a.mid(2));
            } else {
                if (i + 1 >= argList.size())
                    return usageError(QStringLiteral("-C needs a number of lines"));
                args.options.insert(QStringLiteral("context"), argList.at(++i));
            }
            continue;
        }
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
            // "search --help": that command's usage
            const QString command = args.command.isEmpty() ? QString() : commandUsage(args.command);
            printOut(command.isEmpty() ? QString::fromUtf8(kUsage).arg(IndexStore::defaultDataDir()) : command);
            return 0;
        }
        if (a == QLatin1String("--version")) {
            printOut(QStringLiteral("repolens-cli %1\n").arg(QStringLiteral(REPOLENS_VERSION)));
            return 0;
        }
        if (a.startsWith(QLatin1String("--"))) {
            QString name = a.mid(2);
            QString value;
            const qsizetype eq = name.indexOf(u'=');
            if (eq >= 0) {
                value = name.mid(eq + 1);
                name = name.left(eq);
            }
            if (valueOptions.contains(name)) {
                if (eq < 0) {
                    if (i + 1 >= argList.size())
                        return usageError(QStringLiteral("--%1 needs a value").arg(name));
                    value = argList.at(++i);
                }
                if (name == QLatin1String("data-dir"))
                    args.dataDir = value;
                else if (name == QLatin1String("glob"))
                    args.globs << value;
                else
                    args.options.insert(name, value);
            } else if (flagOptions.contains(name)) {
                args.flags.insert(name);
                if (eq >= 0)
                    args.options.insert(name, value);
            } else {
                return usageError(QStringLiteral("unknown option --%1").arg(name));
            }
            continue;
        }
        if (args.command.isEmpty())
            args.command = a;
        else
            args.positional << a;
    }
    if (args.command.isEmpty())
        return usageError(QStringLiteral("no command given"));
    if (args.command == QLatin1String("chunks"))
        return runChunks(args);
    if (args.command == QLatin1String("grammars"))
        return runGrammars();
    if (args.command == QLatin1String("config"))
        return runConfig(args);
    if (args.command == QLatin1String("withhold"))
        return runWithhold(args);
    if (args.command == QLatin1String("mcp"))
        return runMcpCommand(args);

    static const QSet<QString> folderCommands = {QStringLiteral("index"), QStringLiteral("search"),
                                                 QStringLiteral("refs"), QStringLiteral("status"),
                                                 QStringLiteral("symbols"), QStringLiteral("bench-vectors"),
                                                 QStringLiteral("ask"), QStringLiteral("summarize"),
                                                 QStringLiteral("watch"), QStringLiteral("grep"),
                                                 QStringLiteral("bench-grep")};
    if (!folderCommands.contains(args.command))
        return usageError(QStringLiteral("unknown command '%1'").arg(args.command));
    if (args.positional.isEmpty())
        return usageError(QStringLiteral("%1 needs a folder").arg(args.command));
    // Every grammar's ABI against the tree-sitter core: a mismatch is reported, and files of
    // that language are indexed as text rather than crashing the parser.
    for (const GrammarInfo &g : checkGrammars()) {
        if (!g.compatible)
            printErr(QStringLiteral("warning: %1 grammar disabled: %2").arg(g.package, g.problem));
    }
    const auto root = folderArg(args.positional.first());
    if (!root) {
        printErr(root.error().message);
        return 1;
    }
    const QString dbPath = IndexStore::databasePath(args.dataDir, *root);
    if (args.command == QLatin1String("watch"))
        return runWatch(*root, args.dataDir, &g_cancel);
    const bool quiet = args.flags.contains(QStringLiteral("quiet"));
    if (args.command == QLatin1String("index")) {
        const bool vectors = !args.flags.contains(QStringLiteral("no-vectors")) && SearchSettings::load().vectors;
        int rc = runIndex(*root, dbPath, quiet, args.flags.contains(QStringLiteral("check")));
        if (rc == 0 && vectors)
            rc = runEmbed(dbPath, quiet);
        // Damage met by the vector pass: rebuilt, then its vectors again.
        return repairDamageSeen(*root, dbPath, rc, quiet);
    }
    int rc = 0;
    if (args.command == QLatin1String("bench-vectors"))
        rc = runBenchVectors(args, *root, dbPath);
    else if (args.command == QLatin1String("search"))
        rc = runSearch(args, *root, dbPath);
    else if (args.command == QLatin1String("ask") || args.command == QLatin1String("summarize"))
        rc = runAskCommand(args, *root, dbPath);
    else if (args.command == QLatin1String("refs"))
        rc = runRefs(args, *root, dbPath);
    else if (args.command == QLatin1String("grep"))
        rc = runGrep(args, *root, dbPath);
    else if (args.command == QLatin1String("bench-grep"))
        rc = runBenchGrep(args, *root, dbPath);
    else if (args.command == QLatin1String("status"))
        rc = runStatus(args, *root, dbPath);
    else
        rc = runSymbols(args, *root, dbPath);
    return repairDamageSeen(*root, dbPath, rc, true);
}
