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

} // namespace

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

namespace {

// The words of a folder path ("a/b/c"), and where those of its last folder start.
struct FolderWords
{
    QStringList words;
    qsizetype lastFrom = 0;
};

FolderWords folderWords(QStringView folder)
{
    FolderWords out;
    for (QStringView component : folder.split(u'/', Qt::SkipEmptyParts)) {
        out.lastFrom = out.words.size();
        for (const QString &p : partsOf(component))
            out.words << lightStem(p);
    }
    return out;
}

// The words of a file name in a folder: the name without its extension ("SqlMapper.DapperRow.cs"
// -> SqlMapper.DapperRow), and a file named only by generic words is named by its folder too:
// dependencies/utils.py, ser/mod.rs, router/index.ts, sessions/__init__.py.
void addFileName(PathWords &out, QStringView name, const FolderWords &folder)
{
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot > 0)
        name = name.left(dot);
    for (const QString &p : partsOf(name)) {
        const QString s = lightStem(p);
        if (out.stem.size() < 64 && isGenericPathWord(s))
            out.genericStem |= quint64(1) << out.stem.size();
        out.stem << s;
    }
    const bool onlyGeneric = !out.stem.isEmpty() && out.stem.size() < 64
                             && out.genericStem == (quint64(1) << out.stem.size()) - 1;
    if (onlyGeneric) {
        for (qsizetype i = folder.lastFrom; i < folder.words.size() && out.stem.size() < 64; ++i)
            out.stem << folder.words.at(i);
    }
}

// A path without its trailing slashes, split before its last component.
std::pair<QStringView, QStringView> folderAndName(QStringView path)
{
    while (path.endsWith(u'/'))
        path.chop(1);
    const qsizetype slash = path.lastIndexOf(u'/');
    return {slash < 0 ? QStringView() : path.left(slash), path.mid(slash + 1)};
}

} // namespace

PathWords pathWords(const QString &path)
{
    const auto [folder, name] = folderAndName(path);
    const FolderWords inFolder = folderWords(folder);
    PathWords out;
    out.folders = inFolder.words;
    addFileName(out, name, inFolder);
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

namespace {

// pathMatchScore() from the query words' masks of a path's words: `stemMask(i)` of the file
// name's word i, `isGeneric(i)` whether it is a generic one, `folderMask()` of all its folders'.
template <typename StemMask, typename IsGeneric, typename FolderMask>
double combinedScore(const QStringList &queryWords, qsizetype stems, StemMask stemMask, IsGeneric isGeneric,
                     FolderMask folderMask, QStringList *matched, quint64 projectMask, double positionDecay)
{
    if (queryWords.isEmpty())
        return 0;
    // the file name's words first: no specific one matched, no score (most files)
    quint64 inStem = 0;
    bool specific = false; // a word of the file name that is not generic matched
    int named = 0;         // the file name's words that count in its precision
    qsizetype stemHits = 0;
    for (qsizetype i = 0; i < stems; ++i) {
        const quint64 m = stemMask(i);
        const bool generic = isGeneric(i);
        inStem |= m;
        stemHits += m ? 1 : 0;
        specific = specific || (m && !generic);
        named += generic && !m ? 0 : 1;
    }
    if (!specific)
        return 0.0;
    const quint64 inFolders = folderMask();
    double score = 0;
    double counted = 0; // the counted words' weights
    int position = 0;   // of the next counted word
    for (qsizetype j = 0; j < std::min<qsizetype>(queryWords.size(), 64); ++j) {
        const quint64 bit = quint64(1) << j;
        const bool project = projectMask & bit;
        const double weight = project ? 1.0 : 1.0 / (1.0 + positionDecay * position++);
        counted += project ? 0 : weight;
        if (inStem & bit) {
            score += weight;
            if (matched)
                *matched << queryWords.at(j);
        } else if (!project && (inFolders & bit)) {
            score += 0.5 * weight;
            if (matched)
                *matched << queryWords.at(j);
        }
    }
    // A file name with words the query does not use names it less well: SqlMapper.cs before
    // SqlMapper.DapperRow.cs for "SqlMapper" (generic words such as "utils" do not count).
    const double precision = named > 0 ? double(stemHits) / named : 1.0;
    return std::min(1.0, score / std::max(1.0, counted)) * (0.75 + 0.25 * precision);
}

} // namespace

PathQuery::PathQuery(const QStringList &queryWords, const PathWordIndex *index, bool wholeStems)
    : m_words(queryWords)
    , m_index(index)
    , m_wholeStems(wholeStems)
{
}

quint64 PathQuery::matchMask(const QString &pathWord) const
{
    quint64 m = 0;
    for (qsizetype j = 0; j < std::min<qsizetype>(m_words.size(), 64); ++j) {
        const bool match = m_wholeStems ? m_words.at(j) == pathWord : wordsMatch(m_words.at(j), pathWord);
        m |= match ? quint64(1) << j : 0;
    }
    return m;
}

quint64 PathQuery::mask(const QString &pathWord) const
{
    auto it = m_masks.find(pathWord);
    if (it == m_masks.end())
        it = m_masks.insert(pathWord, matchMask(pathWord));
    return *it;
}

quint64 PathQuery::wordMask(int word) const
{
    if (m_wordMasks.empty())
        m_wordMasks.resize(size_t(m_index->wordCount()));
    std::optional<quint64> &m = m_wordMasks[size_t(word)];
    if (!m)
        m = matchMask(m_index->word(word));
    return *m;
}

quint64 PathQuery::folderMask(int folder) const
{
    auto it = m_folderMasks.find(folder);
    if (it == m_folderMasks.end()) {
        quint64 m = 0;
        for (int w : m_index->folderWords(folder))
            m |= wordMask(w);
        it = m_folderMasks.insert(folder, m);
    }
    return *it;
}

quint64 PathQuery::folderMask(const PathWords &words) const
{
    quint64 m = 0;
    for (const QString &w : words.folders)
        m |= mask(w);
    return m;
}

quint64 PathQuery::folderMask(qint64 fileId, const QString &path) const
{
    if (const PathWordIndex::Words *words = m_index ? m_index->find(fileId) : nullptr)
        return folderMask(words->folder);
    return folderMask(pathWords(path));
}

quint64 PathQuery::maskOfWords(const QSet<QString> &queryWords) const
{
    quint64 m = 0;
    for (qsizetype j = 0; j < std::min<qsizetype>(m_words.size(), 64); ++j)
        m |= queryWords.contains(m_words.at(j)) ? quint64(1) << j : 0;
    return m;
}

double PathQuery::score(const PathWords &words, QStringList *matched, quint64 projectMask, double positionDecay) const
{
    return combinedScore(
        m_words, words.stem.size(), [&](qsizetype i) { return mask(words.stem.at(i)); },
        [&](qsizetype i) { return words.isGenericStem(i); }, [&] { return folderMask(words); }, matched,
        projectMask, positionDecay);
}

double PathQuery::score(qint64 fileId, const QString &path, QStringList *matched, quint64 projectMask,
                        double positionDecay) const
{
    const PathWordIndex::Words *words = m_index ? m_index->find(fileId) : nullptr;
    if (!words)
        return score(pathWords(path), matched, projectMask, positionDecay);
    return combinedScore(
        m_words, words->stem.size(), [&](qsizetype i) { return wordMask(words->stem.at(i)); },
        [&](qsizetype i) { return i < 64 && (words->genericStem >> i) & 1; },
        [&] { return folderMask(words->folder); }, matched, projectMask, positionDecay);
}

double pathMatchScore(const QStringList &queryWords, const PathWords &words, QStringList *matched,
                      const QSet<QString> &projectWords, double positionDecay)
{
    const PathQuery query(queryWords);
    return query.score(words, matched, query.maskOfWords(projectWords), positionDecay);
}

const PathWordIndex::Words *PathWordIndex::find(qint64 fileId) const
{
    const auto it = m_words.constFind(fileId);
    return it != m_words.cend() ? &*it : nullptr;
}

PathWordIndex PathWordIndex::load(const FileStore &files)
{
    PathWordIndex index;
    QHash<QString, int> numbers; // word -> its number
    auto number = [&](const QString &w) {
        auto it = numbers.find(w);
        if (it == numbers.end()) {
            it = numbers.insert(w, int(index.m_vocabulary.size()));
            index.m_vocabulary << w;
        }
        return *it;
    };
    struct Folder
    {
        FolderWords words;
        int number = 0;
    };
    QHash<QString, Folder> folders; // by the folder's path
    const QHash<QString, FileRecord> all = files.all();
    for (const FileRecord &f : all) {
        if (f.isDir || (f.status != FileStatus::Indexed && f.status != FileStatus::ParseError))
            continue;
        index.m_paths.insert(f.id, f.path);
        const QString name = f.path.section(u'/', -1);
        const qsizetype dot = name.indexOf(u'.', 1);
        index.m_byStem[dot > 0 ? name.left(dot) : name].append(f.id);
        const auto [folderPath, fileName] = folderAndName(f.path);
        const QString folderKey = folderPath.toString();
        auto folder = folders.find(folderKey);
        if (folder == folders.end()) {
            Folder made{RepoLens::folderWords(folderPath), int(index.m_folders.size())};
            QList<int> words;
            for (const QString &w : std::as_const(made.words.words))
                words << number(w);
            index.m_folders << words;
            folder = folders.insert(folderKey, made);
        }
        PathWords pw;
        addFileName(pw, fileName, folder->words);
        Words words{{}, folder->number, pw.genericStem};
        QSet<int> seen;
        for (const QString &w : std::as_const(pw.stem)) {
            const int n = number(w);
            words.stem << n;
            if (!seen.contains(n) && !isGenericPathWord(w)) {
                seen.insert(n);
                index.m_filesByWord[n].append(f.id);
            }
        }
        index.m_words.insert(f.id, words);
    }
    for (auto it = index.m_filesByWord.cbegin(); it != index.m_filesByWord.cend(); ++it)
        index.m_nameWords.append({index.m_vocabulary.at(it.key()), it.key()});
    std::sort(index.m_nameWords.begin(), index.m_nameWords.end());
    for (auto it = index.m_byStem.begin(); it != index.m_byStem.end(); ++it)
        std::sort(it->begin(), it->end(), [&index](qint64 a, qint64 b) { return index.m_paths.value(a) < index.m_paths.value(b); });
    return index;
}

QList<qint64> PathWordIndex::filesNamedBy(const QStringList &queryWords) const
{
    QList<qint64> out;
    auto addRange = [&](const QString &from, const std::function<bool(const QString &)> &inRange,
                        const QString &q) {
        auto it = std::lower_bound(m_nameWords.cbegin(), m_nameWords.cend(), qMakePair(from, 0));
        for (; it != m_nameWords.cend() && inRange(it->first); ++it) {
            if (wordsMatch(q, it->first))
                out += m_filesByWord.value(it->second);
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
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
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
    const PathWordIndex &index = ctx.caches.pathWords();
    const bool wholeStems = ctx.query.nameQuery && ctx.tuning.pathNameExact;
    const PathQuery query(words, &index, wholeStems);
    // Words in the folders of most candidate files name the project, not a place in it.
    quint64 projectMask = 0;
    if (ctx.tuning.pathCommon > 0) {
        QHash<QString, qint64> files; // path -> its file id (the cache of path words is by id)
        for (const Candidate &c : std::as_const(ctx.candidates))
            files.insert(c.path, c.fileId);
        QVarLengthArray<int, 16> inFolders(std::min<qsizetype>(words.size(), 64), 0);
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            const quint64 m = query.folderMask(it.value(), it.key());
            for (qsizetype j = 0; j < inFolders.size(); ++j)
                inFolders[j] += (m >> j) & 1;
        }
        for (qsizetype j = 0; j < inFolders.size(); ++j) {
            if (inFolders.at(j) > ctx.tuning.pathCommon * files.size())
                projectMask |= quint64(1) << j;
        }
    }
    // Files the query names that no generator found: their best-named chunk joins.
    QSet<qint64> candidateFiles;
    for (const Candidate &c : std::as_const(ctx.candidates))
        candidateFiles.insert(c.fileId);
    QList<QPair<double, qint64>> missing;
    for (qint64 file : index.filesNamedBy(words)) {
        if (candidateFiles.contains(file))
            continue;
        const double share = query.score(file, index.path(file), nullptr, projectMask, ctx.tuning.pathPosition);
        if (share >= ctx.tuning.pathAddShare)
            missing.append({-share, file});
    }
    std::sort(missing.begin(), missing.end());
    QList<qint64> added;
    for (qsizetype i = 0; i < std::min<qsizetype>(missing.size(), ctx.tuning.pathAddFiles); ++i) {
        const QList<ChunkRecord> chunks = ctx.store.chunks().headersOfFile(missing.at(i).second);
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
            const double share = query.score(c.fileId, c.path, &matched, projectMask, ctx.tuning.pathPosition);
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
