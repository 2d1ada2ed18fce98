#include "pathmatch.h"

#include "query.h"

#include "core/store/codetokens.h"
#include "core/store/indexstore.h"

#include <QRegularExpression>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>

namespace RepoLens {

namespace {

// Words of one path component or query word: identifier parts, lowercased. A component can
// hold several identifiers ("SqlMapper.Identity", "cf-h1-proxy"): each one's parts count.
QStringList partsOf(QStringView word)
{
    QStringList out;
    auto addPiece = [&out](QStringView piece) {
        for (const QString &p : identifierParts(piece)) {
            if (p.size() >= 2 && !p.front().isDigit())
                out << p;
        }
    };
    qsizetype from = 0;
    for (qsizetype i = 0; i <= word.size(); ++i) {
        if (i < word.size() && (word.at(i).isLetterOrNumber() || word.at(i) == u'_'))
            continue;
        if (i > from)
            addPiece(word.mid(from, i - from));
        from = i + 1;
    }
    return out;
}

// File-name words that say nothing about what a file does.
bool isGenericPathWord(const QString &w)
{
    static const QSet<QString> generic = {
        QStringLiteral("util"),  QStringLiteral("utils"), QStringLiteral("helper"), QStringLiteral("common"),
        QStringLiteral("base"),  QStringLiteral("impl"),  QStringLiteral("core"),   QStringLiteral("internal"),
        QStringLiteral("main"),  QStringLiteral("index"), QStringLiteral("init"),   QStringLiteral("mod"),
        QStringLiteral("lib"),   QStringLiteral("src"),   QStringLiteral("test"),   QStringLiteral("spec"),
        QStringLiteral("misc"),  QStringLiteral("general"),
    };
    return generic.contains(w);
}

} // namespace

QString lightStem(const QString &word)
{
    QString w = word.toLower();
    auto chop = [&w](int n) { w.chop(n); };
    if (w.size() > 7 && w.endsWith(QLatin1String("ations")))
        chop(6);
    else if (w.size() > 6 && w.endsWith(QLatin1String("ation")))
        chop(5);
    else if (w.size() > 4 && w.endsWith(QLatin1String("ies")))
        chop(2); // "utilities" -> "utiliti", as "utility" below
    else if (w.size() > 4 && (w.endsWith(QLatin1String("sses")) || w.endsWith(QLatin1String("xes"))
                              || w.endsWith(QLatin1String("ches")) || w.endsWith(QLatin1String("shes"))
                              || w.endsWith(QLatin1String("ses"))))
        chop(2);
    else if (w.size() > 3 && w.endsWith(u's') && !w.endsWith(QLatin1String("ss")) && !w.endsWith(QLatin1String("us"))
             && !w.endsWith(QLatin1String("is")))
        chop(1);
    // "-ing" / "-ed" only when a syllable is left: "binding" -> "bind", not "string" -> "str"
    auto syllableLeft = [&w](int n) {
        const QString rest = w.left(w.size() - n);
        return rest.size() >= 4 && std::any_of(rest.cbegin(), rest.cend(), [](QChar c) {
                   return QStringLiteral("aeiou").contains(c);
               });
    };
    if (w.endsWith(QLatin1String("ing")) && syllableLeft(3))
        chop(3);
    else if (w.endsWith(QLatin1String("ed")) && syllableLeft(2))
        chop(2);
    else if (w.size() > 3 && w.endsWith(u'y') && !QStringLiteral("aeiou").contains(w.at(w.size() - 2)))
        w[w.size() - 1] = u'i'; // "utility" -> "utiliti"
    return w;
}

bool wordsMatch(const QString &a, const QString &b)
{
    if (a == b)
        return true;
    const QString &shorter = a.size() <= b.size() ? a : b;
    const QString &longer = a.size() <= b.size() ? b : a;
    if (shorter.size() < 3 || !longer.startsWith(shorter))
        return false;
    return shorter.size() >= 4 || shorter.size() * 2 >= longer.size();
}

PathWords pathWords(const QString &path)
{
    PathWords out;
    const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
    qsizetype parentFrom = 0; // where the words of the file's own folder start in `folders`
    for (qsizetype i = 0; i < parts.size(); ++i) {
        QString component = parts.at(i);
        const bool file = i == parts.size() - 1;
        if (i == parts.size() - 2)
            parentFrom = out.folders.size();
        if (file) {
            // the name without its extension: "SqlMapper.DapperRow.cs" -> SqlMapper.DapperRow
            const qsizetype dot = component.lastIndexOf(u'.');
            if (dot > 0)
                component = component.left(dot);
        }
        for (const QString &p : partsOf(component)) {
            const QString s = lightStem(p);
            if (file && out.stem.size() < 64 && isGenericPathWord(s))
                out.genericStem |= quint64(1) << out.stem.size();
            (file ? out.stem : out.folders) << s;
        }
    }
    // A file named only by generic words is named by its folder: dependencies/utils.py,
    // ser/mod.rs, router/index.ts, sessions/__init__.py.
    const bool onlyGeneric = !out.stem.isEmpty() && out.stem.size() < 64
                             && out.genericStem == (quint64(1) << out.stem.size()) - 1;
    if (onlyGeneric && parts.size() >= 2) {
        for (qsizetype i = parentFrom; i < out.folders.size() && out.stem.size() < 64; ++i)
            out.stem << out.folders.at(i);
    }
    return out;
}

bool PathWords::isGenericStem(qsizetype i) const
{
    return i < 64 ? (genericStem >> i) & 1 : isGenericPathWord(stem.at(i));
}

bool isPathStopword(const QString &lowercaseWord)
{
    // Words that name what code is made of say which file when a file is named so ("class
    // utilities" -> ClassUtils.java, "the code frames" -> code.py).
    static const QSet<QString> named = {QStringLiteral("class"),    QStringLiteral("classes"),
                                        QStringLiteral("function"), QStringLiteral("functions"),
                                        QStringLiteral("method"),   QStringLiteral("methods"),
                                        QStringLiteral("file"),     QStringLiteral("files"),
                                        QStringLiteral("code")};
    return isStopword(lowercaseWord) && !named.contains(lowercaseWord);
}

QStringList pathQueryWords(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_]*"));
    QStringList out;
    QSet<QString> seen;
    auto it = word.globalMatch(text);
    while (it.hasNext()) {
        const QString raw = it.next().captured(0);
        if (isPathStopword(raw.toLower()))
            continue;
        for (const QString &p : partsOf(raw)) {
            if (p.size() < 3 || isPathStopword(p))
                continue;
            const QString s = lightStem(p);
            if (!seen.contains(s)) {
                seen.insert(s);
                out << s;
            }
        }
    }
    return out;
}

double pathMatchScore(const QStringList &queryWords, const PathWords &words, QStringList *matched,
                      const QSet<QString> &projectWords, double positionDecay)
{
    if (queryWords.isEmpty())
        return 0;
    double score = 0;
    double counted = 0; // the counted words' weights
    int position = 0;   // of the next counted word
    bool specific = false; // a word of the file name that is not generic matched
    QVarLengthArray<bool, 16> stemHit(words.stem.size(), false); // the file name's words the query names
    qsizetype stemHits = 0;
    for (const QString &q : queryWords) {
        bool inStem = false;
        for (qsizetype i = 0; i < words.stem.size(); ++i) {
            const QString &w = words.stem.at(i);
            if (wordsMatch(q, w)) {
                inStem = true;
                stemHits += stemHit[i] ? 0 : 1;
                stemHit[i] = true;
                specific = specific || !words.isGenericStem(i);
            }
        }
        const bool project = projectWords.contains(q);
        const double weight = project ? 1.0 : 1.0 / (1.0 + positionDecay * position++);
        counted += project ? 0 : weight;
        if (inStem) {
            score += weight;
            if (matched)
                *matched << q;
            continue;
        }
        if (project)
            continue;
        for (const QString &w : words.folders) {
            if (wordsMatch(q, w)) {
                score += 0.5 * weight;
                if (matched)
                    *matched << q;
                break;
            }
        }
    }
    if (!specific)
        return 0.0;
    // A file name with words the query does not use names it less well: SqlMapper.cs before
    // SqlMapper.DapperRow.cs for "SqlMapper" (generic words such as "utils" do not count).
    int named = 0;
    for (qsizetype i = 0; i < words.stem.size(); ++i)
        named += words.isGenericStem(i) && !stemHit[i] ? 0 : 1;
    const double precision = named > 0 ? double(stemHits) / named : 1.0;
    return std::min(1.0, score / std::max(1.0, counted)) * (0.75 + 0.25 * precision);
}

PathWords PathWordIndex::wordsOf(qint64 fileId, const QString &path) const
{
    const auto it = m_pathWords.constFind(fileId);
    return it != m_pathWords.cend() ? *it : pathWords(path);
}

PathWordIndex PathWordIndex::load(const FileStore &files)
{
    PathWordIndex index;
    const QHash<QString, FileRecord> all = files.all();
    QHash<QString, QStringList> folderWords; // one list per folder, shared by its files
    for (const FileRecord &f : all) {
        if (f.isDir || (f.status != FileStatus::Indexed && f.status != FileStatus::ParseError))
            continue;
        index.m_paths.insert(f.id, f.path);
        const QString name = f.path.section(u'/', -1);
        const qsizetype dot = name.indexOf(u'.', 1);
        index.m_byStem[dot > 0 ? name.left(dot) : name].append(f.id);
        PathWords words = pathWords(f.path);
        const QString folder = f.path.left(std::max<qsizetype>(0, f.path.lastIndexOf(u'/')));
        if (const auto known = folderWords.constFind(folder); known != folderWords.cend() && *known == words.folders)
            words.folders = *known;
        else
            folderWords.insert(folder, words.folders);
        index.m_pathWords.insert(f.id, words);
        QSet<QString> seen;
        for (const QString &w : words.stem) {
            if (!seen.contains(w) && !isGenericPathWord(w)) {
                seen.insert(w);
                index.m_words.append({w, f.id});
            }
        }
    }
    std::sort(index.m_words.begin(), index.m_words.end());
    for (auto it = index.m_byStem.begin(); it != index.m_byStem.end(); ++it)
        std::sort(it->begin(), it->end(), [&index](qint64 a, qint64 b) { return index.m_paths.value(a) < index.m_paths.value(b); });
    return index;
}

QHash<qint64, QString> PathWordIndex::filesNamedBy(const QStringList &queryWords) const
{
    QHash<qint64, QString> out;
    auto addRange = [&](const QString &from, const std::function<bool(const QString &)> &inRange,
                        const QString &q) {
        auto it = std::lower_bound(m_words.cbegin(), m_words.cend(), qMakePair(from, qint64(0)));
        for (; it != m_words.cend() && inRange(it->first); ++it) {
            if (wordsMatch(q, it->first))
                out.insert(it->second, m_paths.value(it->second));
        }
    };
    for (const QString &q : queryWords) {
        // path words that start with q ("util" -> "utility"), and q's prefixes ("serializer" -> "serial")
        addRange(q, [&q](const QString &w) { return w.startsWith(q); }, q);
        for (qsizetype n = 3; n < q.size(); ++n) {
            const QString prefix = q.left(n);
            addRange(prefix, [&prefix](const QString &w) { return w == prefix; }, q);
        }
    }
    return out;
}

Result<void> PathMatch::run(QueryContext &ctx) const
{
    // A bug report names many things: only its title is read for file names (its named files
    // are found by the mention stages).
    const bool report = bool(ctx.query.report);
    QStringList words = pathQueryWords(report ? ctx.query.title : ctx.query.parsed.text);
    // The project's name names every file in it, not a place in it ("how curl resolves a host").
    if (ctx.tuning.pathProjectName > 0) {
        for (const QString &w : ctx.caches.projectNameWords())
            words.removeAll(w);
    }
    const double boost = report ? ctx.tuning.pathReport : ctx.tuning.pathBoost;
    if (words.isEmpty() || words.size() > ctx.tuning.pathMaxWords || ctx.candidates.isEmpty() || boost <= 0)
        return {};
    const double top = ctx.top();
    // Words in the folders of most candidate files name the project, not a place in it.
    QSet<QString> projectWords;
    if (ctx.tuning.pathCommon > 0) {
        QHash<QString, qint64> files; // path -> its file id (the cache of path words is by id)
        for (const Candidate &c : std::as_const(ctx.candidates))
            files.insert(c.path, c.fileId);
        QHash<QString, int> inFolders;
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            const PathWords pw = ctx.caches.pathWords().wordsOf(it.value(), it.key());
            for (const QString &q : words) {
                if (std::any_of(pw.folders.cbegin(), pw.folders.cend(), [&q](const QString &w) { return wordsMatch(q, w); }))
                    ++inFolders[q];
            }
        }
        for (auto it = inFolders.cbegin(); it != inFolders.cend(); ++it) {
            if (it.value() > ctx.tuning.pathCommon * files.size())
                projectWords.insert(it.key());
        }
    }
    // Files the query names that no generator found: their best-named chunk joins.
    const QHash<qint64, QString> named = ctx.caches.pathWords().filesNamedBy(words);
    QSet<qint64> candidateFiles;
    for (const Candidate &c : std::as_const(ctx.candidates))
        candidateFiles.insert(c.fileId);
    QList<QPair<double, qint64>> missing;
    for (auto it = named.cbegin(); it != named.cend(); ++it) {
        if (candidateFiles.contains(it.key()))
            continue;
        const double share =
            pathMatchScore(words, ctx.caches.pathWords().wordsOf(it.key(), it.value()), nullptr, projectWords,
                           ctx.tuning.pathPosition);
        if (share >= ctx.tuning.pathAddShare)
            missing.append({-share, it.key()});
    }
    std::sort(missing.begin(), missing.end());
    QList<qint64> added;
    for (qsizetype i = 0; i < std::min<qsizetype>(missing.size(), ctx.tuning.pathAddFiles); ++i) {
        const QList<ChunkRecord> chunks = ctx.store.chunks().ofFile(missing.at(i).second);
        const ChunkRecord *best = nullptr;
        int bestHits = -1;
        for (const ChunkRecord &c : chunks) {
            int hits = 0;
            const QStringList nameWords = pathQueryWords(c.qualifiedName);
            for (const QString &q : words) {
                for (const QString &n : nameWords)
                    hits += wordsMatch(q, n) ? 1 : 0;
            }
            hits = hits * 2 + (isContainerKind(c.kind) ? 1 : 0);
            if (hits > bestHits) {
                bestHits = hits;
                best = &c;
            }
        }
        if (!best)
            continue;
        Candidate &c = ctx.candidates[best->id];
        c.reasons << QStringLiteral("found by its file name");
        added << best->id;
    }
    if (!added.isEmpty())
        ctx.candidates.loadHeaders(ctx.store.chunks(), added, ctx.query.parsed.filters);
    QHash<QString, std::pair<double, QStringList>> byFile; // a file's chunks share its score
    for (Candidate &c : ctx.candidates) {
        auto known = byFile.find(c.path);
        if (known == byFile.end()) {
            QStringList matched;
            const double share =
                pathMatchScore(words, ctx.caches.pathWords().wordsOf(c.fileId, c.path), &matched, projectWords,
                               ctx.tuning.pathPosition);
            known = byFile.insert(c.path, {share, matched});
        }
        const auto &[share, matched] = *known;
        if (share <= 0)
            continue;
        c.scores.path = boost * top * share;
        c.scores.final += c.scores.path;
        c.reasons << QStringLiteral("path names %1").arg(matched.join(QStringLiteral(", ")));
    }
    return {};
}

} // namespace RepoLens
