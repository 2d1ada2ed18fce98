#include "query.h"

#include "core/store/codetokens.h"

#include <QRegularExpression>
#include <QSet>

namespace RepoLens {

bool isStopword(QStringView w)
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        const char *const list[] = {
            "a", "an", "the", "and", "or", "but", "if", "then", "else", "of", "to", "in", "on", "at",
            "by", "for", "with", "from", "into", "onto", "as", "is", "are", "was", "were", "be",
            "been", "being", "it", "its", "this", "that", "these", "those", "there", "here", "we",
            "you", "they", "he", "she", "i", "me", "my", "our", "your", "their", "them", "not",
            "no", "do", "does", "did", "done", "can", "could", "should", "would", "will", "shall",
            "may", "might", "must", "has", "have", "had", "so", "such", "than", "too", "very",
            "just", "also", "only", "some", "any", "all", "each", "every", "more", "most", "less",
            "when", "where", "which", "who", "whom", "whose", "what", "why", "how", "about",
            "over", "under", "via", "per", "out", "up", "down", "off", "again", "still", "yet",
            "now", "non", "vs", "etc", "eg", "ie", "let", "lets", "get", "gets",
            // commit / question boilerplate
            "fix", "fixes", "fixed", "fixing", "add", "adds", "added", "adding", "update",
            "updates", "updated", "remove", "removes", "removed", "use", "uses", "used", "using",
            "make", "makes", "made", "allow", "allows", "support", "supports", "change",
            "changes", "changed", "improve", "improves", "improved", "handle", "handles",
            "instead", "new", "old", "properly", "correctly", "issue", "bug", "minor", "small",
            "code", "file", "files", "function", "functions", "method", "methods", "class",
            "classes", "implement", "implemented", "implementation", "work", "works", "working",
            "avoid", "ensure", "prefer", "refactor", "cleanup", "clean", "misc", "tweak",
            "where's", "whats", "does", "defined", "define", "find", "show",
        };
        for (const char *entry : list)
            s.insert(QString::fromLatin1(entry));
        return s;
    }();
    return words.contains(w.toString());
}

bool SearchFilters::acceptsPath(const QString &path) const
{
    for (const QString &g : excludeGlobs) {
        if (globMatch(g, path))
            return false;
    }
    if (pathGlobs.isEmpty())
        return true;
    for (const QString &g : pathGlobs) {
        if (globMatch(g, path))
            return true;
    }
    return false;
}

QString SearchFilters::describe() const
{
    QStringList parts;
    for (LanguageId l : languages)
        parts << u"lang:" + languageName(l);
    for (const QString &g : pathGlobs)
        parts << u"path:" + g;
    for (const QString &g : excludeGlobs)
        parts << u"-path:" + g;
    for (ChunkKind k : kinds)
        parts << u"kind:" + chunkKindName(k);
    return parts.join(u' ');
}

namespace {

bool globMatchImpl(QStringView g, QStringView s)
{
    thread_local QHash<QString, QRegularExpression> cache;
    const QString key = g.toString();
    auto it = cache.find(key);
    if (it == cache.end()) {
        QString re;
        re.reserve(key.size() * 2 + 4);
        for (qsizetype i = 0; i < key.size(); ++i) {
            const QChar c = key.at(i);
            if (c == u'*') {
                if (i + 1 < key.size() && key.at(i + 1) == u'*') {
                    if (i + 2 < key.size() && key.at(i + 2) == u'/') {
                        re += QStringLiteral("(?:.*/)?");
                        i += 2;
                    } else {
                        re += QStringLiteral(".*");
                        ++i;
                    }
                } else {
                    re += QStringLiteral("[^/]*");
                }
            } else if (c == u'?') {
                re += QStringLiteral("[^/]");
            } else {
                re += QRegularExpression::escape(QString(c));
            }
        }
        if (cache.size() > 256)
            cache.clear();
        it = cache.insert(key, QRegularExpression(QRegularExpression::anchoredPattern(re)));
    }
    return it->match(s.toString()).hasMatch();
}

} // namespace

bool globMatch(QStringView glob, QStringView path)
{
    if (glob.isEmpty())
        return true;
    if (glob.endsWith(u'/'))
        return path.startsWith(glob) || globMatchImpl(QString(glob.toString() + u"**"), path);
    if (!glob.contains(u'/')) {
        const qsizetype slash = path.lastIndexOf(u'/');
        if (globMatchImpl(glob, slash >= 0 ? path.mid(slash + 1) : path))
            return true;
        // "tests" also matches the folder "tests/..." anywhere
        if (!glob.contains(u'*') && !glob.contains(u'?'))
        {
            const QString folder = glob.toString() + u'/';
            const QString inner = u'/' + folder;
            return path.startsWith(folder) || path.contains(inner);
        }
        return false;
    }
    if (glob.startsWith(QLatin1String("**/")) && globMatchImpl(glob.mid(3), path))
        return true;
    return globMatchImpl(glob, path) || globMatchImpl(QString(glob.toString() + u"/**"), path);
}

ParsedQuery parseQuery(const QString &raw)
{
    ParsedQuery q;
    q.raw = raw;
    QStringList kept;
    static const QRegularExpression ws(QStringLiteral("\\s+"));
    const QStringList words = raw.split(ws, Qt::SkipEmptyParts);
    for (const QString &w : words) {
        const bool negated = w.startsWith(u'-');
        const QString body = negated ? w.mid(1) : w;
        const qsizetype colon = body.indexOf(u':');
        if (colon > 0 && colon < body.size() - 1) {
            const QString key = body.left(colon).toLower();
            const QString value = body.mid(colon + 1);
            if (key == QLatin1String("lang") || key == QLatin1String("language")) {
                LanguageId id = languageFromName(value.toLower());
                if (id == LanguageId::None) {
                    static const QHash<QString, LanguageId> aliases = {
                        {QStringLiteral("py"), LanguageId::Python},
                        {QStringLiteral("c++"), LanguageId::Cpp},
                        {QStringLiteral("cxx"), LanguageId::Cpp},
                        {QStringLiteral("js"), LanguageId::JavaScript},
                        {QStringLiteral("ts"), LanguageId::TypeScript},
                        {QStringLiteral("rs"), LanguageId::Rust},
                        {QStringLiteral("golang"), LanguageId::Go},
                        {QStringLiteral("md"), LanguageId::Markdown},
                    };
                    id = aliases.value(value.toLower(), LanguageId::None);
                }
                if (id == LanguageId::None) {
                    QStringList known;
                    for (const LanguageInfo &l : allLanguages()) {
                        if (l.id != LanguageId::None)
                            known << l.name;
                    }
                    q.errors << QStringLiteral("unknown language '%1' in lang: (one of %2)").arg(value, known.join(u' '));
                }
                else
                    q.filters.languages << id;
                continue;
            }
            if (key == QLatin1String("path") || key == QLatin1String("file")) {
                (negated ? q.filters.excludeGlobs : q.filters.pathGlobs) << value;
                continue;
            }
            if (key == QLatin1String("kind")) {
                bool ok = false;
                const ChunkKind k = chunkKindFromName(value.toLower(), &ok);
                if (ok)
                    q.filters.kinds << k;
                else {
                    QStringList known;
                    for (int i = 0; i <= int(ChunkKind::Variable); ++i)
                        known << chunkKindName(ChunkKind(i));
                    q.errors << QStringLiteral("unknown kind '%1' in kind: (one of %2)").arg(value, known.join(u' '));
                }
                continue;
            }
        }
        kept << w;
    }
    q.text = kept.join(u' ');

    // identifiers as written: snake_case, camelCase, dotted/qualified names, `backticked`
    static const QRegularExpression identRe(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*(?:(?:\\.|::)[A-Za-z_][A-Za-z0-9_]*)*"));
    auto it = identRe.globalMatch(q.text);
    QSet<QString> seenIdent;
    while (it.hasNext()) {
        const QString token = it.next().captured(0);
        static const QRegularExpression qualifier(QStringLiteral("\\.|::"));
        const bool qualified = token.contains(u'.') || token.contains(QLatin1String("::"));
        const QStringList pieces = qualified ? token.split(qualifier) : QStringList{token};
        for (const QString &p : pieces) {
            if (p.size() < 2 || seenIdent.contains(p))
                continue;
            // (ASCII, as the pattern matched): an upper-case letter after the first, and a
            // lower-case one somewhere: camelCase, not a constant
            bool upperInside = false;
            bool lower = false;
            for (qsizetype i = 0; i < p.size(); ++i) {
                const char16_t c = p.at(i).unicode();
                upperInside = upperInside || (i > 0 && c >= u'A' && c <= u'Z');
                lower = lower || (c >= u'a' && c <= u'z');
            }
            const bool codeLike = qualified || p.contains(u'_') || (upperInside && lower);
            if (codeLike) {
                seenIdent.insert(p);
                q.identifiers << p;
            }
        }
    }
    static const QRegularExpression backtick(QStringLiteral("`([^`]+)`"));
    auto bt = backtick.globalMatch(q.text);
    while (bt.hasNext()) {
        const QString inner = bt.next().captured(1);
        auto idIt = identRe.globalMatch(inner);
        while (idIt.hasNext()) {
            QString token = idIt.next().captured(0);
            if (token.contains(u'.') || token.contains(QLatin1String("::")))
                token = token.section(u'.', -1).section(QStringLiteral("::"), -1);
            if (token.size() > 1 && !seenIdent.contains(token)) {
                seenIdent.insert(token);
                q.identifiers << token;
            }
        }
    }
    for (const QString &t : codeTerms(q.text, true)) {
        if (!isStopword(t))
            q.terms << t;
    }
    return q;
}

} // namespace RepoLens
