#include "mentionstages.h"

#include "filequality.h"
#include "generators.h"
#include "pathmatch.h"
#include "reportanalysis.h"

#include "core/store/codetokens.h"
#include "core/store/indexstore.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace RepoLens {

namespace {

QString withoutExtension(const QString &path)
{
    const QString name = path.section(u'/', -1);
    const qsizetype dot = name.indexOf(u'.', 1);
    return dot > 0 ? path.left(path.size() - (name.size() - dot)) : path;
}

// The indexed files a reported path names: the longest path suffix that some indexed file ends
// with; at most three files for one path (ambiguous names say less). A path whose folders all
// differ from the file's (pmxbot/logging.py for src/_pytest/logging.py) is another project's
// file of the same name.
QList<qint64> resolvePath(const PathWordIndex &paths, const QString &reported)
{
    const QString norm = normalizeReportedPath(reported);
    const QString name = norm.section(u'/', -1);
    const qsizetype dot = name.indexOf(u'.', 1);
    const QList<qint64> sameStem = paths.filesWithStem(dot > 0 ? name.left(dot) : name);
    QStringList parts = norm.split(u'/', Qt::SkipEmptyParts);
    parts.removeIf([](const QString &p) { return p == u'.' || p == QLatin1String("..") || p == u'~'; });
    const qsizetype minParts = parts.size() > 1 ? 2 : 1;
    while (parts.size() >= minParts) {
        const QString suffix = parts.join(u'/');
        QList<qint64> found;
        for (qint64 id : sameStem) {
            const QString p = paths.path(id);
            if (p == suffix || p.endsWith(u'/' + suffix))
                found << id;
        }
        if (!found.isEmpty())
            return found.size() <= 3 ? found : QList<qint64>{};
        parts.removeFirst();
    }
    return {};
}

// The files a dotted module path names: "astropy.modeling.separable" -> astropy/modeling/
// separable.py (or separable/__init__.py, index.ts, mod.rs), the longest prefix that matches;
// single names are too vague.
QList<qint64> resolveModule(const PathWordIndex &paths, const QString &module, QSet<qint64> *packages = nullptr)
{
    const QStringList comps = module.split(u'.', Qt::SkipEmptyParts);
    for (qsizetype k = comps.size(); k >= 2; --k) {
        const QString rel = comps.mid(0, k).join(u'/');
        const QString last = comps.at(k - 1);
        QList<qint64> found;
        for (qint64 id : paths.filesWithStem(last)) {
            const QString stemPath = withoutExtension(paths.path(id));
            if (stemPath == rel || stemPath.endsWith(u'/' + rel))
                found << id;
        }
        for (const char *init : {"__init__", "index", "mod"}) {
            for (qint64 id : paths.filesWithStem(QString::fromLatin1(init))) {
                const QString dir = paths.path(id).section(u'/', 0, -2);
                if (dir == rel || dir.endsWith(u'/' + rel)) {
                    found << id;
                    if (packages)
                        packages->insert(id);
                }
            }
        }
        if (!found.isEmpty())
            return found.size() <= 3 ? found : QList<qint64>{};
    }
    return {};
}

// The strength of a mention, kept per chunk and per file (the strongest wins).
struct Mentions
{
    QHash<qint64, double> chunk;
    QHash<qint64, QString> chunkWhy;
    QHash<qint64, double> file;
    QHash<qint64, QString> fileWhy;

    void addChunk(qint64 id, double w, const QString &why)
    {
        if (w > chunk.value(id)) {
            chunk.insert(id, w);
            chunkWhy.insert(id, why);
        }
    }
    void addFile(qint64 id, double w, const QString &why)
    {
        if (w > file.value(id)) {
            file.insert(id, w);
            fileWhy.insert(id, why);
        }
    }
};

} // namespace

namespace {

// Files the report names: traceback frames (and the frame's function in that file), written
// paths, dotted module names.
void addMentionedFiles(const ReportSignals &r, const PathWordIndex &paths, const SymbolStore &symbols,
                       double packageStrength, double folderStrength, double outer, bool raisedInCaller, Mentions &m)
{
    // The frame that raised is where a fix most often is; its callers less so: walked from the
    // innermost frame out (Python lists it last, the other formats first), each frame of the
    // project after the first x `outer`.
    QList<const ReportSignals::Frame *> inward;
    QList<const ReportSignals::Frame *> outward;
    for (const ReportSignals::Frame &f : r.frames)
        (f.innermostFirst ? outward : inward) << &f;
    std::reverse(inward.begin(), inward.end());
    for (const QList<const ReportSignals::Frame *> &walk : {inward, outward}) {
        // a call with arguments the callee does not take raises in the caller's frame: the
        // raising frame is then a caller too
        double weight = raisedInCaller ? outer : 1.0;
        for (const ReportSignals::Frame *f : walk) {
            const QList<qint64> files = resolvePath(paths, f->path);
            for (qint64 file : files) {
                m.addFile(file, 0.6 * weight, QStringLiteral("in the traceback: %1").arg(f->path.section(u'/', -2)));
                const QString fn = f->function.section(u'.', -1).section(QLatin1String("::"), -1);
                if (fn.isEmpty())
                    continue;
                for (const auto &[name, chunk] : symbols.definitionChunksOfFile(file)) {
                    if (name == fn)
                        m.addChunk(chunk, weight, QStringLiteral("traceback frame `%1`").arg(f->function));
                }
            }
            if (!files.isEmpty())
                weight *= outer;
        }
    }
    for (const QString &p : r.paths) {
        for (qint64 file : resolvePath(paths, p))
            m.addFile(file, 0.8, QStringLiteral("names the file %1").arg(p.section(u'/', -2)));
    }
    for (const QString &mod : r.modules) {
        // a package ("sphinx.ext.autodoc" in a configuration) names a folder more than its
        // own file
        QSet<qint64> packages;
        for (qint64 file : resolveModule(paths, mod, &packages)) {
            if (!packages.contains(file)) {
                m.addFile(file, 0.7, QStringLiteral("names the module %1").arg(mod));
                continue;
            }
            m.addFile(file, packageStrength, QStringLiteral("names the module %1").arg(mod));
            if (folderStrength <= 0)
                continue;
            const QString dir = paths.path(file).section(u'/', 0, -2) + u'/';
            for (auto it = paths.paths().cbegin(); it != paths.paths().cend(); ++it) {
                if (it.value().startsWith(dir) && it.key() != file && !it.value().mid(dir.size()).contains(u'/'))
                    m.addFile(it.key(), folderStrength, QStringLiteral("in the package %1").arg(mod));
            }
        }
    }
}

// Definitions the report names: qualified names, then its most named identifiers (the fewer
// definitions a name has, the stronger each one).
void addMentionedDefinitions(const ReportSignals &r, const SymbolStore &symbols, int maxIdentifiers,
                             double calledWeight, double calledFileWeight, Mentions &m)
{
    for (const QString &q : r.qualified) {
        QString dotted = q;
        dotted.replace(QLatin1String("::"), QLatin1String(".")).replace(u'#', u'.');
        for (const SymbolRecord &s : symbols.withQualifiedName(dotted, 5)) {
            if (s.chunkId)
                m.addChunk(s.chunkId, 0.8, QStringLiteral("defines `%1`").arg(q));
        }
    }
    // The function called with arguments it does not take: where such a fix goes.
    for (const QString &called : calledWeight > 0 ? r.calledWrongly : QStringList{}) {
        QList<SymbolRecord> defs = called.contains(u'.') ? symbols.withQualifiedName(called, 6) : QList<SymbolRecord>{};
        if (defs.isEmpty())
            defs = symbols.named(called.section(u'.', -1), 6);
        if (defs.size() > 5)
            continue;
        const QString why = QStringLiteral("called with arguments it does not take: `%1`").arg(called);
        for (const SymbolRecord &s : std::as_const(defs)) {
            if (s.chunkId)
                m.addChunk(s.chunkId, calledWeight, why);
            m.addFile(s.fileId, calledFileWeight, why);
        }
    }
    int looked = 0;
    for (const auto &[id, count] : r.identifiers) {
        if (++looked > maxIdentifiers)
            break;
        const QList<SymbolRecord> defs = symbols.named(id, 6);
        if (defs.isEmpty() || defs.size() > 5)
            continue;
        const double w = std::min(1.0, 0.3 + 0.15 * std::log2(1.0 + count)) / std::sqrt(double(defs.size()));
        for (const SymbolRecord &s : defs) {
            if (s.chunkId)
                m.addChunk(s.chunkId, w, QStringLiteral("defines `%1` (named %2x)").arg(id).arg(count));
        }
    }
}

// Error messages: the source chunks that hold the phrase (string literals raising them), unless
// it is too common to point anywhere. A log level in front ("WARNING: ...") is the logger's, and
// a message made from a format holds values the literal does not ("no number is assigned for
// table" from "no number is assigned for %s: %s"): the longest start of the message, of four
// words at least, that source code holds. Catalogs of its translations, tests and docs that
// repeat it are not where it is raised.
void addChunksHoldingMessages(const ReportSignals &r, const ChunkStore &chunks, double strength, Mentions &m)
{
    static const QRegularExpression level(QStringLiteral("^\\s*(?:warning|error|fatal|critical|info|debug|notice)\\b\\s*:?\\s*"),
                                          QRegularExpression::CaseInsensitiveOption);
    for (const QString &message : r.messages) {
        const QString msg = QString(message).remove(level);
        QStringList words;
        for (const QString &t : codeTerms(msg, false)) {
            if (words.size() < 10)
                words << t;
        }
        if (words.size() < 3)
            continue;
        for (qsizetype n = words.size(); n >= std::min<qsizetype>(4, words.size()); --n) {
            const QString phrase = u'"' + words.mid(0, n).join(u' ').replace(u'"', QLatin1String("\"\"")) + u'"';
            auto hits = chunks.search(phrase, 200);
            if (!hits || hits->isEmpty())
                continue; // a shorter start may be the literal's
            QList<qint64> ids;
            for (const FtsHit &h : *hits) {
                if (h.chunkId > 0)
                    ids << h.chunkId;
            }
            QList<qint64> sources;
            for (const ChunkRecord &c : chunks.headers(ids)) {
                if (classifyPath(c.path) == FileClass::Normal)
                    sources << c.id;
            }
            if (sources.isEmpty())
                continue;
            if (sources.size() <= 20) {
                std::sort(sources.begin(), sources.end());
                for (qint64 id : std::as_const(sources))
                    m.addChunk(id, strength, QStringLiteral("holds the message \"%1\"").arg(msg.left(60)));
            }
            break; // too common to point anywhere, or found
        }
    }
}

// The chunks that define `literal` as a string literal ("--collect-only" in an argument
// parser's add_option call, "routes" in a `@click.command("routes")`), unless more than three
// source files do; `words` find them by BM25 when the grep index cannot narrow it.
void addChunksDefiningLiteral(const QString &literal, const QStringList &words, const QString &why,
                              const IndexStore &store, const PathWordIndex &paths, double strength, double fileShare,
                              Mentions &m)
{
    const ChunkStore &chunks = store.chunks();
    const QStringList needles = {u'"' + literal + u'"', u'\'' + literal + u'\''};
    // Tests and docs run it; the code that defines it is the product's.
    QList<qint64> defining;
    QSet<qint64> files;
    // The source files that hold the literal's text, by the grep index, when a few do...
    QList<qint64> sources;
    const auto holding = store.grep().filesMayHold(literal.toUtf8());
    for (const quint32 file : holding ? *holding : std::vector<quint32>{}) {
        const QString path = paths.path(file);
        if (!path.isEmpty() && classifyPath(path) == FileClass::Normal)
            sources << file;
    }
    if (holding && sources.size() <= 12) {
        for (const qint64 file : std::as_const(sources)) {
            for (const ChunkRecord &c : chunks.ofFile(file)) {
                if (std::any_of(needles.cbegin(), needles.cend(), [&c](const QString &n) { return c.text.contains(n); })) {
                    defining << c.id;
                    files.insert(file);
                }
            }
        }
    } else {
        // ... else (many may hold it, or grep has not read most files yet) among the best
        // chunks by BM25 that hold its words in order: an argument parser's option list is
        // long, so not only the first few
        auto hits = words.size() == 1 ? chunks.searchTerms(words, 300)
                                      : chunks.search(u'"' + words.join(u' ') + u'"', 300);
        QList<qint64> ids;
        for (const FtsHit &h : hits ? *hits : QList<FtsHit>{}) {
            if (h.chunkId > 0)
                ids << h.chunkId;
        }
        for (const ChunkRecord &c : ids.isEmpty() ? QList<ChunkRecord>{} : chunks.containing(ids, needles)) {
            if (classifyPath(c.path) == FileClass::Normal) {
                defining << c.id;
                files.insert(c.fileId);
            }
        }
    }
    if (defining.isEmpty() || files.size() > 3)
        return; // nothing, or too common to point anywhere
    std::sort(defining.begin(), defining.end());
    for (qint64 id : std::as_const(defining))
        m.addChunk(id, strength, why);
    if (fileShare > 0) {
        for (qint64 file : std::as_const(files))
            m.addFile(file, strength * fileShare, why);
    }
}

// Command-line options the report talks about (its first four): the chunks that define one.
void addChunksDefiningOptions(const ReportSignals &r, const IndexStore &store, const PathWordIndex &paths,
                              double strength, double fileShare, Mentions &m)
{
    if (strength <= 0)
        return;
    for (const QString &option : r.options.mid(0, 4)) {
        addChunksDefiningLiteral(option, option.mid(2).split(u'-', Qt::SkipEmptyParts),
                                 QStringLiteral("defines the option %1").arg(option), store, paths, strength, fileShare, m);
    }
}

// Subcommands of the project's own program that the report runs or names ("$ flask routes" in
// flask; "django-admin makemigrations", "python -m pip install"): the chunks that define the
// subcommand's name as a string literal (`@click.command("routes")`), as an option's.
void addChunksDefiningSubcommands(const ReportSignals &r, const QStringList &projectWords, const IndexStore &store,
                                  const PathWordIndex &paths, double strength, double fileShare, Mentions &m)
{
    if (strength <= 0 || projectWords.isEmpty())
        return;
    static const QRegularExpression separators(QStringLiteral("[-_]"));
    int done = 0;
    for (const auto &[program, subcommand] : r.commands) {
        // the project's program: its name, or its name and a suffix ("django-admin", "sphinx-build")
        const QString name = lightStem(program.section(u'-', 0, 0));
        if (!projectWords.contains(name) || done >= 4)
            continue;
        ++done;
        addChunksDefiningLiteral(subcommand, subcommand.split(separators, Qt::SkipEmptyParts),
                                 QStringLiteral("defines the command %1 %2").arg(program, subcommand), store, paths,
                                 strength, fileShare, m);
    }
}

// Mentioned files the generators missed: their chunks that define a named identifier, or
// their first definition.
void addChunksOfMissedFiles(const QueryContext &ctx, const ReportSignals &r, const SymbolStore &symbols, Mentions &m)
{
    QSet<qint64> filesWithCandidates;
    for (const Candidate &c : std::as_const(ctx.candidates)) {
        if (c.fileId)
            filesWithCandidates.insert(c.fileId);
    }
    QSet<QString> named;
    for (const auto &[id, count] : r.identifiers)
        named.insert(id);
    for (auto it = m.file.cbegin(); it != m.file.cend(); ++it) {
        if (filesWithCandidates.contains(it.key()))
            continue;
        qint64 pick = 0;
        for (const auto &[name, chunk] : symbols.definitionChunksOfFile(it.key())) {
            if (named.contains(name)) {
                m.addChunk(chunk, it.value(), m.fileWhy.value(it.key()));
                pick = chunk;
            }
            if (!pick)
                pick = chunk;
        }
        if (pick && !m.chunk.contains(pick))
            m.addChunk(pick, it.value(), m.fileWhy.value(it.key()));
    }
}

} // namespace

Result<void> MentionGenerator::run(QueryContext &ctx) const
{
    if (!ctx.query.report)
        return {};
    const ReportSignals &r = *ctx.query.report;
    const SymbolStore &symbols = ctx.store.symbols();
    Mentions m;
    addMentionedFiles(r, ctx.caches.pathWords(), symbols, ctx.tuning.mentionPackage, ctx.tuning.mentionFolder,
                      ctx.tuning.frameOuter, !r.calledWrongly.isEmpty() && ctx.tuning.mentionCalled > 0, m);
    addMentionedDefinitions(r, symbols, ctx.tuning.mentionIdentifiers, ctx.tuning.mentionCalled,
                            ctx.tuning.mentionCalledFile, m);
    addChunksHoldingMessages(r, ctx.store.chunks(), ctx.tuning.mentionMessage, m);
    addChunksDefiningOptions(r, ctx.store, ctx.caches.pathWords(), ctx.tuning.mentionOption, ctx.tuning.mentionOptionFile, m);
    addChunksDefiningSubcommands(r, ctx.caches.projectNameWords(), ctx.store, ctx.caches.pathWords(),
                                 ctx.tuning.mentionCommand, ctx.tuning.mentionOptionFile, m);
    addChunksOfMissedFiles(ctx, r, symbols, m);

    // Every mentioned chunk becomes a candidate with its mention score and why.
    QList<qint64> added;
    for (auto it = m.chunk.cbegin(); it != m.chunk.cend(); ++it) {
        if (!ctx.candidates.contains(it.key()))
            added << it.key();
        Candidate &c = ctx.candidates[it.key()];
        c.scores.mention = it.value();
        c.reasons << m.chunkWhy.value(it.key());
    }
    std::sort(added.begin(), added.end());
    ctx.candidates.loadHeaders(ctx.store.chunks(), added, ctx.query.parsed.filters);
    ctx.mentionedFiles = m.file;
    ctx.mentionedFileWhy = m.fileWhy;
    return {};
}

Result<void> MentionBoost::run(QueryContext &ctx) const
{
    if (!ctx.query.report)
        return {};
    const double top = ctx.top();
    for (Candidate &c : ctx.candidates) {
        const double fileWeight = ctx.mentionedFiles.value(c.fileId);
        if (fileWeight > c.scores.mention) {
            c.scores.mention = fileWeight;
            c.reasons << ctx.mentionedFileWhy.value(c.fileId);
        }
        if (c.scores.mention > 0)
            c.scores.final += ctx.tuning.mentionBoost * top * c.scores.mention;
    }
    return {};
}

} // namespace RepoLens
