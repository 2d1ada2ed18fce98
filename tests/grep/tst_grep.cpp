// Grep from the index answers exactly what matching every searchable file answers. A corpus of
// real sources and hand-made edge cases (Unicode, case partners, CRLF, empty lines, a very long
// line, control bytes, Latin-1, UTF-16, files that must never be searched) is indexed by the
// real indexer; every pattern is answered by IndexGrep (paged) and by a brute-force scan with
// QRegularExpression, and the two lists must be equal. Then: freshness through the indexer's
// updates, damage and missing tables, paging across time-outs, progress and cancellation,
// hostile expressions, credentials.

#include "core/base/filestatus.h"
#include "core/grep/grep.h"
#include "core/grep/grepmatcher.h"
#include "core/grep/grepplanner.h"
#include "core/index/contentclassifier.h"
#include "core/index/indexer.h"
#include "core/search/query.h"
#include "core/store/indexstore.h"
#include "core/store/integrity.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace RepoLens;
using namespace Qt::StringLiterals;

class tst_Grep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void exactness_data();
    void exactness();
    void randomPatternsAreExact();
    void unsearchableFilesAreNeverSearched();
    void theIndexNarrows();
    void freshAfterUpdates();
    void pagingAcrossTimeouts();
    void progressAndCancellation();
    void hostileExpressionsEnd();
    void credentialsAreWithheld();
    void whichExpressionsSkipLines();
    void skippedLinesKeepLineNumbersAndContext();
    void damagedPostingsFallBackAndAreRebuilt();
    void badPatterns();

private:
    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QString m_db;
    QStringList m_lines; // corpus lines, for random patterns

    std::unique_ptr<IndexStore> reader() const
    {
        auto s = IndexStore::open(m_db, IndexStore::Mode::ReadOnly);
        if (!s)
            qFatal("%s", qPrintable(s.error().toString()));
        return std::move(*s);
    }
    bool index(const QStringList &changed = {}) const
    {
        Indexer indexer(m_root.path(), m_db);
        auto r = changed.isEmpty() ? indexer.run() : indexer.update(changed);
        if (!r)
            qWarning() << r.error().toString();
        return bool(r);
    }
    void write(const QString &rel, const QByteArray &bytes) const
    {
        const QString path = m_root.filePath(rel);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
    }
};

namespace {

struct Options
{
    bool regex = false;
    bool caseSensitive = true;
    bool word = false;
    QStringList globs;
};

// A file as the reference decodes it: searchable text or not, its lines without line breaks.
struct DecodedFile
{
    bool valid = false;
    QByteArray raw;
    LanguageId language = LanguageId::None;
    bool text = false;
    QStringList lines;
};

// path:line:column of every match, in path and line order.
using Answer = QStringList;

// The reference: every file the index says has text, read from disk, decoded as the indexer
// decodes, split into lines (a final line break ends the last line; a \r before a line break
// is not part of the line) and matched with QRegularExpression.
Answer bruteForce(const IndexStore &store, const QString &root, const QString &pattern, const Options &o)
{
    QString expr = o.regex ? pattern : QRegularExpression::escape(pattern);
    if (o.word)
        expr = u"\\b(?:"_s + expr + u")\\b"_s;
    QRegularExpression::PatternOptions flags = QRegularExpression::UseUnicodePropertiesOption;
    if (!o.caseSensitive)
        flags |= QRegularExpression::CaseInsensitiveOption;
    const QRegularExpression re(expr, flags);
    if (!re.isValid())
        qFatal("brute force: %s does not compile", qPrintable(pattern));
    QList<std::pair<QString, QStringList>> out;
    const QHash<QString, FileRecord> files = store.files().all();
    QStringList paths = files.keys();
    std::sort(paths.begin(), paths.end());
    Answer answer;
    for (const QString &path : std::as_const(paths)) {
        const FileRecord &f = files[path];
        if (f.isDir || (f.status != FileStatus::Indexed && f.status != FileStatus::ParseError))
            continue;
        if (!o.globs.isEmpty()
            && std::none_of(o.globs.cbegin(), o.globs.cend(), [&](const QString &g) { return globMatch(g, path); }))
            continue;
        QFile file(root + u'/' + path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        // Decoded once per content: the random rounds read the same files again and again.
        static QHash<QString, DecodedFile> decodedFiles;
        DecodedFile &decoded = decodedFiles[path];
        const QByteArray raw = file.readAll();
        if (!decoded.valid || decoded.raw != raw || decoded.language != f.language) {
            const ContentVerdict verdict = classifyContent(path, f.language, raw);
            decoded = DecodedFile{true, raw, f.language, verdict.status == FileStatus::Pending, {}};
            if (decoded.text) {
                const QString text = QString::fromUtf8(verdict.utf8);
                decoded.lines = text.split(u'\n');
                if (text.endsWith(u'\n') || text.isEmpty())
                    decoded.lines.removeLast();
                for (QString &line : decoded.lines) {
                    if (line.endsWith(u'\r'))
                        line.chop(1);
                }
            }
        }
        if (!decoded.text)
            continue;
        const QStringList &lines = decoded.lines;
        for (int i = 0; i < lines.size(); ++i) {
            const QString &line = lines.at(i);
            const QRegularExpressionMatch m = re.match(line);
            if (m.hasMatch())
                answer << u"%1:%2:%3"_s.arg(path).arg(i + 1).arg(m.capturedStart() + 1);
        }
    }
    return answer;
}

struct IndexAnswer
{
    Answer answer;
    bool narrowed = false;
    int pages = 0;
    int candidates = 0;
    int filesTotal = 0;
};

IndexAnswer fromIndex(const IndexStore &store, const QString &root, const QString &pattern, const Options &o,
                      int limit = 17)
{
    IndexAnswer out;
    GrepQuery q;
    q.pattern = pattern;
    q.regex = o.regex;
    q.caseSensitive = o.caseSensitive;
    q.word = o.word;
    q.pathGlobs = o.globs;
    q.limit = limit;
    q.timeoutMs = 60000;
    const IndexGrep grep;
    for (;;) {
        auto page = grep.grep(store, root, q, nullptr);
        if (!page)
            qFatal("index grep failed for %s: %s", qPrintable(pattern), qPrintable(page.error().toString()));
        if (out.pages == 0) {
            out.narrowed = page->narrowed;
            out.candidates = page->candidates;
            out.filesTotal = page->filesTotal;
        }
        ++out.pages;
        for (const GrepMatch &m : page->matches)
            out.answer << u"%1:%2:%3"_s.arg(m.path).arg(m.line).arg(m.column);
        if (!page->more)
            break;
        q.afterPath = page->resumePath;
        q.afterLine = page->resumeLine;
        if (out.pages > 100000)
            qFatal("paging does not end for %s", qPrintable(pattern));
    }
    return out;
}

QByteArray longLine()
{
    QByteArray line;
    int i = 0;
    while (line.size() < 200000) {
        line += "word" + QByteArray::number(i++) + ' ';
        if (i == 12000)
            line += "NEEDLE_IN_LONG_LINE ";
    }
    return line + "LAST_ON_LONG_LINE\n";
}

} // namespace

// A literal, and an expression that nothing in it ties to a line's start or end, can be looked
// for in the rest of a file at once (GrepMatcher::skipsLines); the others go line by line.
void tst_Grep::whichExpressionsSkipLines()
{
    const QList<std::pair<QString, bool>> regexes = {
        {u"GrepStore"_s, true},
        {u"Result<\\w+>"_s, true},
        {u"[^;]{3}\\d+"_s, true},
        {u"[]^$]x"_s, true},            // anchors' characters inside a class
        {u"[[:upper:]]{5}"_s, true},
        {u"(?:ab|cd)+?x"_s, true},       // lazy, not possessive
        {u"(?<name>ab)\\k<name>"_s, true},
        {u"(?i)grep"_s, true},
        {u"(?i:grep)Store"_s, true},
        {u"\\bint\\b"_s, true},
        {u"\\$\\^"_s, true},           // escaped anchors are characters
        {u"^$"_s, false},
        {u"\\s+$"_s, false},
        {u"a\\z"_s, false},
        {u"\\Aa"_s, false},
        {u"\\Gx"_s, false},
        {u"a\\Kb"_s, false},
        {u"\\QResult<\\E"_s, false},
        {u"(?<=Q)String"_s, false},
        {u"(?<!Q)String"_s, false},
        {u"String(?=\\()"_s, false},
        {u"String(?!\\()"_s, false},
        {u"(?>\\w+)\\("_s, false},
        {u"\\w++"_s, false},
        {u"a*+b"_s, false},
        {u"a?+b"_s, false},
        {u"a{2}+b"_s, false},
        {u"(*UTF)x"_s, false},
        {u"(a)?(?(1)b|c)"_s, false},
        {u"(?#note)x"_s, false},
    };
    for (const auto &[pattern, skips] : regexes) {
        auto m = GrepMatcher::compile(pattern, true, true, false);
        QVERIFY2(m, qPrintable(pattern));
        QVERIFY2((*m)->skipsLines() == skips, qPrintable(pattern));
    }
    for (const QString &literal : {u"^$"_s, u"(?<=x)"_s, u"a++"_s}) {
        auto m = GrepMatcher::compile(literal, false, false, true);
        QVERIFY(m);
        QVERIFY2((*m)->skipsLines(), qPrintable(literal));
    }
}

// Lines passed over in one search keep their numbers, and a match's context lines are the
// lines around it (fewer at the start and end of a file, a \r before a line break dropped), the
// same as line by line; a whole-text match across a line break is no match.
void tst_Grep::skippedLinesKeepLineNumbersAndContext()
{
    auto store = reader();
    GrepQuery q;
    q.pathGlobs = {u"context/**"_s};
    q.contextLines = 2;
    q.regex = true;
    struct Expected
    {
        int line;
        QStringList before;
        QStringList after;
    };
    const QList<Expected> expected = {
        {1, {}, {u"filler 2"_s, u"filler 3"_s}},
        {9, {u"filler 7"_s, u"filler 8"_s}, {u"MARKER ten"_s, u"filler 11"_s}},
        {10, {u"filler 8"_s, u"MARKER nine"_s}, {u"filler 11"_s, u"filler 12"_s}},
        {25, {u"filler 23"_s, u"filler 24"_s}, {}},
    };
    for (const QString &pattern : {u"MARK(ER)"_s, u"^MARKER"_s}) {
        q.pattern = pattern;
        QCOMPARE((*GrepMatcher::compile(pattern, true, true, false))->skipsLines(), !pattern.startsWith(u'^'));
        auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
        QVERIFY(page);
        QCOMPARE(page->matches.size(), expected.size());
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const GrepMatch &m = page->matches.at(i);
            QCOMPARE(m.path, u"context/sparse.txt"_s);
            QCOMPARE(m.line, expected.at(i).line);
            QCOMPARE(m.column, 1);
            QCOMPARE(m.before, expected.at(i).before);
            QCOMPARE(m.after, expected.at(i).after);
        }
    }
    q.contextLines = 0;
    q.pattern = u"nine\\s+MARKER"_s; // "nine\nMARKER" in the file, on no one line
    auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QCOMPARE(page->matches.size(), 0);
    q.pattern = u"filler \\d+\\s+filler"_s;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QCOMPARE(page->matches.size(), 0);
}

void tst_Grep::initTestCase()
{
    QVERIFY(m_root.isValid() && m_data.isValid());
    // Real sources: the store, grep and search layers and the docs of this repository.
    int copied = 0;
    for (const QString &dir : {u"core/store"_s, u"core/grep"_s, u"core/search"_s, u"docs"_s}) {
        QDirIterator it(QStringLiteral(REPOLENS_SOURCE_DIR "/") + dir, QDir::Files);
        while (it.hasNext()) {
            const QString from = it.next();
            QFile f(from);
            QVERIFY(f.open(QIODevice::ReadOnly));
            write(dir + u'/' + QFileInfo(from).fileName(), f.readAll());
            ++copied;
        }
    }
    QVERIFY(copied > 40);
    // Edge cases.
    write(u"unicode/de.txt"_s, "Gr\xc3\xb6\xc3\x9f""e Stra\xc3\x9f""e \xc3\x84\xc3\x96\xc3\x9c \xc3\xa4\xc3\xb6\xc3\xbc\n"
                               "Kelvin: 273 \xe2\x84\xaa and 300 K\n"
                               "long s: \xc5\xbftate of the art\n"
                               "STATE in capitals, state in small\n");
    write(u"unicode/greek.txt"_s, QStringLiteral("Σίσυφος σοφός ΣΟΦΟΣ\nλόγος Λόγος\n").toUtf8());
    write(u"unicode/cjk.md"_s, QStringLiteral("# 中文测试\n\n日本語のテキスト 한국어 텍스트\n").toUtf8());
    write(u"unicode/emoji.txt"_s, QStringLiteral("rocket \U0001F680 launch \U0001F680\U0001F680\nzwj \U0001F469\u200D\U0001F4BB coder\n").toUtf8());
    write(u"unicode/combining.txt"_s, QStringLiteral("caf\u0065\u0301 and caf\u00e9\n").toUtf8());
    write(u"crlf/win.txt"_s, "first line\r\nsecond line\r\n\r\nlast line\r\n");
    write(u"crlf/mixed.txt"_s, "alpha\r\nbeta\ngamma\r\ninner\rcarriage return\n\r\n");
    write(u"edge/empty.txt"_s, "");
    write(u"edge/blank.txt"_s, "\n\n\n");
    write(u"edge/nonl.txt"_s, "no newline at the end");
    write(u"edge/tabs.txt"_s, "\tindented\twith tabs\t\n  spaces  \n");
    write(u"long/line.txt"_s, "before\n" + longLine() + "after\n");
    write(u"enc/latin1.txt"_s, "caf\xe9 na\xefve r\xe9sum\xe9 \xa9 2024\n");
    write(u"enc/bom.txt"_s, "\xef\xbb\xbf" "bom first line\nsecond\n");
    {
        QByteArray utf16("\xff\xfe", 2);
        const QString text = u"utf sixteen text\nzweite Zeile \u00fc\n"_s;
        utf16.append(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
        write(u"enc/utf16.txt"_s, utf16);
    }
    write(u"enc/controls.txt"_s, "tab\there \x01\x02 bell\x07 escape\x1b[31mred\x1b[0m\n");
    write(u"src/settings.py"_s, "GITHUB_TOKEN = \"ghp_Zq8Lm2Vx9Ty4Bn6Kw1Hs3Jd7Fg5Rc0PaXeU9\"\n"
                               "print('token used')\n"
                               "KEY = '''-----BEGIN RSA PRIVATE KEY-----\n"
                               "MIIEowIBAAKCAQEAzq4l5sHqNq0V1hPpkyZc3QxVbX2mTjYyJqK6qAvs1dOtQjR5\n"
                               "-----END RSA PRIVATE KEY-----'''\n");
    // Few matching lines far apart, line breaks of both kinds, no final line break.
    {
        QByteArray sparse;
        for (int i = 1; i <= 25; ++i) {
            const QByteArray text = i == 1    ? QByteArray("MARKER first")
                                    : i == 9  ? QByteArray("MARKER nine")
                                    : i == 10 ? QByteArray("MARKER ten")
                                    : i == 25 ? QByteArray("MARKER last")
                                              : "filler " + QByteArray::number(i);
            sparse += text + (i == 25 ? "" : i == 5 || i == 8 ? "\r\n" : "\n");
        }
        write(u"context/sparse.txt"_s, sparse);
    }
    // Never searchable: ignored, a secret file, binary, too large, generated.
    write(u".gitignore"_s, "ignored/\n");
    write(u"ignored/words.txt"_s, "zanzibar in an ignored folder\n");
    write(u".env"_s, "API_KEY=zanzibar\n");
    write(u"bin.dat"_s, QByteArray("zanzibar\0\0\0binary", 17));
    write(u"huge.txt"_s, QByteArray(1100 * 1024, 'x') + "\nzanzibar\n");
    write(u"min.js"_s, "var zanzibar=1;" + QByteArray(30000, 'a') + "\n");
    m_db = IndexStore::databasePath(m_data.path(), m_root.path());
    QVERIFY(index());
    // every file the grep index knows has its postings after a full run
    auto store = reader();
    const GrepIndexStats stats = store->grep().stats();
    QVERIFY(stats.searchable > 60);
    QCOMPARE(stats.unindexed, 0);
    QVERIFY(stats.segments >= 1 && stats.postings > 10000);
    // the corpus lines, for random patterns
    for (const QString &rel : {u"core/store/grepstore.cpp"_s, u"core/search/searcher.cpp"_s, u"docs/architecture.md"_s,
                               u"unicode/de.txt"_s, u"unicode/greek.txt"_s, u"crlf/mixed.txt"_s}) {
        QFile f(m_root.filePath(rel));
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const QString &l : QString::fromUtf8(f.readAll()).split(u'\n')) {
            if (l.trimmed().size() >= 6)
                m_lines << l;
        }
    }
}

void tst_Grep::exactness_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("regex");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<bool>("word");
    QTest::addColumn<QStringList>("globs");
    struct Row
    {
        const char *name;
        QString pattern;
        bool regex;
        bool caseSensitive;
        bool word;
        QStringList globs;
    };
    const QList<Row> rows = {
        {"literal", u"return"_s, false, true, false, {}},
        {"literal caseless", u"RETURN"_s, false, false, false, {}},
        {"literal word", u"int"_s, false, true, true, {}},
        {"template", u"Result<void>"_s, false, true, false, {}},
        {"punctuation", u"QStringLiteral(\""_s, false, true, false, {}},
        {"include", u"#include <"_s, false, true, false, {}},
        {"two letters", u"if"_s, false, true, false, {}},
        {"one letter word", u"K"_s, false, true, true, {}},
        {"absent", u"no such text anywhere 31337"_s, false, true, false, {}},
        {"only in unsearchable files", u"zanzibar"_s, false, false, false, {}},
        {"umlauts", u"Größe"_s, false, true, false, {}},
        {"umlauts caseless", u"GRÖSSE"_s, false, false, false, {}},
        {"sharp s", u"straße"_s, false, false, false, {}},
        {"kelvin sign", u"\u212A"_s, false, true, false, {}},
        {"kelvin caseless", u"273 k"_s, false, false, false, {}},
        {"long s caseless", u"STATE"_s, false, false, false, {}},
        {"long s sensitive", u"state"_s, false, true, false, {}},
        {"greek caseless", u"ΣΟΦΟΣ"_s, false, false, false, {}},
        {"greek", u"λόγος"_s, false, true, false, {}},
        {"cjk", u"日本語"_s, false, true, false, {}},
        {"emoji", u"\U0001F680\U0001F680"_s, false, true, false, {}},
        {"zwj", u"\u200D"_s, false, true, false, {}},
        {"combining", u"e\u0301"_s, false, true, false, {}},
        {"precomposed", u"café"_s, false, true, false, {}},
        {"latin-1", u"résumé"_s, false, true, false, {}},
        {"copyright", u"© 2024"_s, false, true, false, {}},
        {"utf-16", u"zweite Zeile ü"_s, false, true, false, {}},
        {"bom", u"bom first"_s, false, true, false, {}},
        {"crlf line", u"second line"_s, false, true, false, {}},
        {"inner carriage return", u"inner\rcarriage"_s, false, true, false, {}},
        {"tab", u"\twith"_s, false, true, false, {}},
        {"control bytes", u"\x01\x02 bell"_s, false, true, false, {}},
        {"escape sequence", u"\x1b[31mred"_s, false, true, false, {}},
        {"long line middle", u"NEEDLE_IN_LONG_LINE"_s, false, true, false, {}},
        {"long line end", u"LAST_ON_LONG_LINE"_s, false, true, false, {}},
        {"no newline", u"at the end"_s, false, true, false, {}},
        {"glob md", u"the"_s, false, true, false, {u"*.md"_s}},
        {"glob folder", u"Result"_s, false, true, false, {u"core/grep/**"_s}},
        {"globs", u"line"_s, false, true, false, {u"crlf/*.txt"_s, u"edge/"_s}},
        {"regex literal", u"GrepStore"_s, true, true, false, {}},
        {"empty lines", u"^$"_s, true, true, false, {}},
        {"every line", u"^"_s, true, true, false, {u"edge/**"_s, u"crlf/**"_s}},
        {"empty match", u"x*"_s, true, true, false, {u"unicode/**"_s}},
        {"dot star", u".*"_s, true, true, false, {u"enc/**"_s}},
        {"word regex", u"\\bstate\\b"_s, true, false, false, {}},
        {"alternatives", u"GrepStore|GrepPlan|IndexGrep"_s, true, true, false, {}},
        {"class", u"Trigram[sQ]"_s, true, true, false, {}},
        {"optional", u"colou?r"_s, true, false, false, {}},
        {"counted", u"(ab){2}"_s, true, true, false, {}},
        {"template regex", u"Result<\\w+>"_s, true, true, false, {}},
        {"upper run", u"[A-Z]{3,}_[A-Z]+"_s, true, true, false, {}},
        {"digits", u"\\d{4}"_s, true, true, false, {}},
        {"unicode property", u"\\p{Han}+"_s, true, true, false, {}},
        {"kelvin escape", u"\\x{212A}"_s, true, true, false, {}},
        {"caseless k", u"(?i)273 k"_s, true, true, false, {}},
        {"posix class", u"[[:upper:]]{5}"_s, true, true, false, {}},
        {"quoted", u"\\QResult<\\E"_s, true, true, false, {}},
        {"std", u"std::(vector|unique_ptr)<"_s, true, true, false, {}},
        {"lookbehind", u"(?<=Q)String"_s, true, true, false, {}},
        {"comment line", u"^\\s*//"_s, true, true, false, {}},
        {"trailing space", u"\\s+$"_s, true, true, false, {}},
        {"int word", u"\\bint\\b"_s, true, true, false, {}},
        {"accents", u"[éè]"_s, true, true, false, {}},
        {"accents caseless", u"(?i)É"_s, true, true, false, {}},
        {"rockets", u"\U0001F680+"_s, true, true, false, {}},
        {"control range", u"[\\x01-\\x08]"_s, true, true, false, {}},
        {"escape byte", u"\\x{1b}\\[31m"_s, true, true, false, {}},
        {"back-reference", u"(\\w)\\1\\1"_s, true, true, false, {}},
        {"scoped caseless", u"(?i:grep)Store"_s, true, true, false, {}},
        {"flags mid-group", u"(Ab(?i)c|DEF)"_s, true, true, false, {}},
        {"lazy", u"return .+?;"_s, true, true, false, {}},
        {"long line regex", u"word1200\\d "_s, true, true, false, {}},
        {"carriage return regex", u"\\r"_s, true, true, false, {}},
        {"brace literal", u"ab{c"_s, true, true, false, {}},
        {"whole-word regex", u"Trigram|trigram"_s, true, true, true, {}},
        {"caseless word", u"result"_s, false, false, true, {u"core/**"_s}},
        {"not narrowed", u"[a-z]{3}\\d{2}"_s, true, true, false, {}},
        // whole-text matches that cross a line break send the search to lines that do not match
        {"across lines", u";\\s+\\}"_s, true, true, false, {}},
        {"negated class across lines", u"[^{};]{120}"_s, true, true, false, {}},
        {"named group", u"(?<what>Grep)Store"_s, true, true, false, {}},
        // line by line: possessive, atomic, anchored
        {"possessive", u"\\w++\\("_s, true, true, false, {u"core/grep/**"_s}},
        {"atomic", u"(?>\\w+)\\("_s, true, true, false, {u"core/grep/**"_s}},
        {"anchored return", u"^\\s*return\\b"_s, true, true, false, {u"core/grep/**"_s}},
    };
    for (const Row &r : rows)
        QTest::newRow(r.name) << r.pattern << r.regex << r.caseSensitive << r.word << r.globs;
}

void tst_Grep::exactness()
{
    QFETCH(QString, pattern);
    QFETCH(bool, regex);
    QFETCH(bool, caseSensitive);
    QFETCH(bool, word);
    QFETCH(QStringList, globs);
    auto store = reader();
    const Options o{regex, caseSensitive, word, globs};
    const Answer expected = bruteForce(*store, m_root.path(), pattern, o);
    const IndexAnswer got = fromIndex(*store, m_root.path(), pattern, o);
    if (got.answer != expected) {
        for (qsizetype i = 0; i < std::max(got.answer.size(), expected.size()); ++i) {
            if (got.answer.value(i) != expected.value(i)) {
                qWarning() << "first difference at" << i << ": index" << got.answer.value(i) << "brute force"
                           << expected.value(i);
                break;
            }
        }
    }
    QCOMPARE(got.answer.size(), expected.size());
    QCOMPARE(got.answer, expected);
}

void tst_Grep::randomPatternsAreExact()
{
    // Patterns cut from the corpus (so that most of them match), as literals and as
    // expressions with wildcards, classes, alternatives and repetitions mixed in.
    QRandomGenerator rng(4242);
    auto store = reader();
    int narrowed = 0;
    int matched = 0;
    int paged = 0; // rounds answered in more than one page
#if defined(__SANITIZE_THREAD__)
    const int rounds = 25; // the scan threads meet the same way every round; the ci tree runs 100
#else
    const int rounds = 100;
#endif
    for (int round = 0; round < rounds; ++round) {
        const QString line = m_lines.at(int(rng.bounded(qsizetype(m_lines.size()))));
        const int length = 3 + int(rng.bounded(10));
        const int start = int(rng.bounded(std::max(1, int(line.size()) - length)));
        const QString piece = line.mid(start, length);
        Options o;
        o.caseSensitive = rng.bounded(3) != 0;
        o.word = rng.bounded(6) == 0;
        o.regex = rng.bounded(2) == 0;
        QString pattern = piece;
        if (o.regex) {
            pattern.clear();
            for (QChar c : piece) {
                switch (rng.bounded(12)) {
                case 0:
                    pattern += u'.';
                    break;
                case 1:
                    pattern += QRegularExpression::escape(QString(c)) + u'?';
                    break;
                case 2:
                    pattern += u"[" + QRegularExpression::escape(QString(c)) + u"xy]";
                    break;
                case 3:
                    pattern += u"\\w*"_s;
                    break;
                case 4:
                    pattern += u"(?:" + QRegularExpression::escape(QString(c)) + u"|zq)";
                    break;
                case 5:
                    pattern += QRegularExpression::escape(QString(c)) + u"+";
                    break;
                default:
                    pattern += QRegularExpression::escape(QString(c));
                }
            }
        }
        const Answer expected = bruteForce(*store, m_root.path(), pattern, o);
        // Pages of a random size, at most kMaxPages of them: every page is a new search, and a
        // pattern that matches most lines took over a thousand pages of a few lines each (most
        // of this test's time). Its pages are larger now and still end at random places.
        constexpr int kMaxPages = 40;
        const int limit = std::max(1 + int(rng.bounded(40)), int(expected.size() / kMaxPages) + 1);
        const IndexAnswer got = fromIndex(*store, m_root.path(), pattern, o, limit);
        if (got.answer != expected)
            QFAIL(qPrintable(u"/%1/ (regex %2, case %3, word %4): %5 matches from the index, %6 by brute force"_s
                                 .arg(pattern)
                                 .arg(o.regex)
                                 .arg(o.caseSensitive)
                                 .arg(o.word)
                                 .arg(got.answer.size())
                                 .arg(expected.size())));
        narrowed += got.narrowed ? 1 : 0;
        matched += expected.isEmpty() ? 0 : 1;
        paged += got.pages > 1 ? 1 : 0;
    }
    QVERIFY2(narrowed > rounds / 2, qPrintable(QString::number(narrowed)));
    QVERIFY2(paged > rounds / 4, qPrintable(QString::number(paged)));
    QVERIFY2(matched > rounds / 2, qPrintable(QString::number(matched)));
}

void tst_Grep::unsearchableFilesAreNeverSearched()
{
    auto store = reader();
    for (const bool regex : {false, true}) {
        const IndexAnswer got = fromIndex(*store, m_root.path(), u"zanzibar"_s, Options{regex, false, false, {}});
        QVERIFY2(got.answer.isEmpty(), qPrintable(got.answer.join(u", "_s)));
    }
    // not even a scan of everything reads them
    const IndexAnswer all = fromIndex(*store, m_root.path(), u"zan.ibar"_s, Options{true, true, false, {}});
    QVERIFY(all.answer.isEmpty());
    const QHash<QString, FileRecord> files = store->files().all();
    QCOMPARE(files.value(u".env"_s).status, FileStatus::Ignored);
    QCOMPARE(files.value(u"bin.dat"_s).status, FileStatus::Binary);
    QCOMPARE(files.value(u"huge.txt"_s).status, FileStatus::TooLarge);
    QCOMPARE(files.value(u"min.js"_s).status, FileStatus::Generated);
}

void tst_Grep::theIndexNarrows()
{
    auto store = reader();
    const int total = store->grep().searchableCount();
    // a selective literal reads a handful of files
    const IndexAnswer needle = fromIndex(*store, m_root.path(), u"NEEDLE_IN_LONG_LINE"_s, Options{});
    QVERIFY(needle.narrowed);
    QCOMPARE(needle.candidates, 1);
    QCOMPARE(needle.filesTotal, total);
    QCOMPARE(needle.answer, (QStringList{u"long/line.txt:2:"_s + QString::number(longLine().indexOf("NEEDLE") + 1)}));
    const IndexAnswer regex = fromIndex(*store, m_root.path(), u"Grep(Store|Plan)::\\w+"_s, Options{true, true, false, {}});
    QVERIFY(regex.narrowed);
    // (an AND stops narrowing below 17 candidates: reading them is cheaper)
    QVERIFY2(regex.candidates <= 16 && regex.candidates * 4 < total, qPrintable(QString::number(regex.candidates)));
    QVERIFY(!regex.answer.isEmpty());
    // caseless k also reads the file with the Kelvin sign
    const IndexAnswer kelvin = fromIndex(*store, m_root.path(), u"273 K"_s, Options{false, false, false, {}});
    QVERIFY(kelvin.narrowed);
    QCOMPARE(kelvin.answer, (QStringList{u"unicode/de.txt:2:9"_s}));
    // what no trigram narrows reads every file
    const IndexAnswer all = fromIndex(*store, m_root.path(), u"\\d{6}x"_s, Options{true, true, false, {}});
    QVERIFY(!all.narrowed);
    QCOMPARE(all.candidates, total);
}

void tst_Grep::freshAfterUpdates()
{
    const QString token = u"FRESHTOKEN_4711"_s;
    {
        auto store = reader();
        QVERIFY(fromIndex(*store, m_root.path(), token, Options{}).answer.isEmpty());
    }
    // A saved file: found at once (it is unindexed, so every search reads it).
    QFile f(m_root.filePath(u"edge/tabs.txt"_s));
    QVERIFY(f.open(QIODevice::Append));
    f.write("added " + token.toUtf8() + " here\n");
    f.close();
    QVERIFY(index({u"edge/tabs.txt"_s}));
    {
        auto store = reader();
        QCOMPARE(store->grep().stats().unindexed, 1);
        const IndexAnswer got = fromIndex(*store, m_root.path(), token, Options{});
        QCOMPARE(got.answer, (QStringList{u"edge/tabs.txt:3:7"_s}));
        QVERIFY(got.narrowed);
    }
    // Enough changed files: their postings are written; the old text's postings are only
    // candidates now, verified away.
    QStringList changed;
    for (int i = 0; i < 70; ++i) {
        const QString rel = u"batch/file%1.txt"_s.arg(i);
        write(rel, "batch file " + QByteArray::number(i) + (i == 33 ? " OLDTOKEN_0815\n" : "\n"));
        changed << rel;
    }
    QVERIFY(index(changed));
    {
        auto store = reader();
        QCOMPARE(store->grep().stats().unindexed, 0);
        const IndexAnswer got = fromIndex(*store, m_root.path(), token, Options{});
        QCOMPARE(got.answer, (QStringList{u"edge/tabs.txt:3:7"_s}));
        QCOMPARE(got.candidates, 1);
        QCOMPARE(fromIndex(*store, m_root.path(), u"OLDTOKEN_0815"_s, Options{}).answer,
                 (QStringList{u"batch/file33.txt:1:15"_s}));
    }
    write(u"batch/file33.txt"_s, "REWRITTEN_9931\n");
    QVERIFY(index({u"batch/file33.txt"_s}));
    {
        auto store = reader();
        QVERIFY(fromIndex(*store, m_root.path(), u"OLDTOKEN_0815"_s, Options{}).answer.isEmpty());
        QCOMPARE(fromIndex(*store, m_root.path(), u"REWRITTEN_9931"_s, Options{}).answer,
                 (QStringList{u"batch/file33.txt:1:1"_s}));
    }
    // Deleted, and turned binary: gone.
    QVERIFY(QFile::remove(m_root.filePath(u"batch/file34.txt"_s)));
    write(u"batch/file35.txt"_s, QByteArray("batch file 35\0\0binary now", 25));
    QVERIFY(index({u"batch/file34.txt"_s, u"batch/file35.txt"_s}));
    {
        auto store = reader();
        const IndexAnswer got = fromIndex(*store, m_root.path(), u"batch file 3"_s, Options{});
        QCOMPARE(got.answer.size(), 8); // file3 and 30..39 but 33 (rewritten), 34 (deleted), 35 (binary)
        QVERIFY(!got.answer.contains(u"batch/file34.txt:1:1"_s));
        QVERIFY(!got.answer.contains(u"batch/file35.txt:1:1"_s));
        QCOMPARE(got.answer, bruteForce(*store, m_root.path(), u"batch file 3"_s, Options{}));
        QCOMPARE(store->files().file(u"batch/file35.txt"_s)->status, FileStatus::Binary);
    }
    // A full run leaves nothing unindexed and the answers as they were.
    QVERIFY(index());
    auto store = reader();
    QCOMPARE(store->grep().stats().unindexed, 0);
    QCOMPARE(fromIndex(*store, m_root.path(), token, Options{}).answer, (QStringList{u"edge/tabs.txt:3:7"_s}));
}

void tst_Grep::pagingAcrossTimeouts()
{
    // A time budget so short that pages end inside the scan: the pages still add up to the
    // whole answer, in order, without a line twice.
    auto store = reader();
    GrepQuery q;
    q.pattern = u"[a-z]{3}\\d{2}"_s;
    q.regex = true;
    q.limit = 1000;
    q.timeoutMs = 1;
    q.threads = 2;
    Answer answer;
    int pages = 0;
    int timedOut = 0;
    for (;;) {
        auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
        QVERIFY(page);
        ++pages;
        timedOut += page->timedOut ? 1 : 0;
        for (const GrepMatch &m : page->matches)
            answer << u"%1:%2:%3"_s.arg(m.path).arg(m.line).arg(m.column);
        if (!page->more)
            break;
        q.afterPath = page->resumePath;
        q.afterLine = page->resumeLine;
        QVERIFY(pages < 100000);
    }
    QVERIFY2(timedOut > 0, qPrintable(QString::number(pages)));
    QCOMPARE(answer, bruteForce(*store, m_root.path(), q.pattern, Options{true, true, false, {}}));
}

void tst_Grep::progressAndCancellation()
{
    auto store = reader();
    const int total = store->grep().searchableCount();
    GrepQuery q;
    q.pattern = u"\\d{9}z"_s;
    q.regex = true;
    QList<std::pair<int, int>> seen;
    q.progress = [&](int done, int all) { seen.append({done, all}); };
    auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QVERIFY(!page->narrowed);
    QCOMPARE(page->filesSearched, total);
    QVERIFY(!seen.isEmpty());
    QCOMPARE(seen.last(), std::make_pair(total, total));
    // Stop: the scan ends with Cancelled
    std::atomic_bool cancel{false};
    q.progress = [&](int, int) { cancel = true; };
    q.threads = 1;
    auto stopped = IndexGrep().grep(*store, m_root.path(), q, &cancel);
    QVERIFY(!stopped);
    QCOMPARE(stopped.error().code, ErrorCode::Cancelled);
}

void tst_Grep::hostileExpressionsEnd()
{
    write(u"hostile/aaa.txt"_s, QByteArray(40, 'a') + "b\n" + QByteArray(40, 'a') + "b\n");
    QVERIFY(index({u"hostile/aaa.txt"_s}));
    auto store = reader();
    GrepQuery q;
    q.pattern = u"(a+)+$"_s;
    q.regex = true;
    q.pathGlobs = {u"hostile/**"_s};
    auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QCOMPARE(page->matches.size(), 0);
    QCOMPARE(page->linesGivenUp, 2);
}

void tst_Grep::credentialsAreWithheld()
{
    auto store = reader();
    GrepQuery q;
    q.withholdSecrets = true;
    q.pathGlobs = {u"src/settings.py"_s};
    // a match only inside a credential is no match, and is counted
    q.pattern = u"ghp_"_s;
    auto page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QCOMPARE(page->matches.size(), 0);
    QCOMPARE(page->matchesNotShown, 1);
    QCOMPARE(page->withheld, 0);
    // the line that names it shows it withheld, the match marked in the text shown
    q.pattern = u"GITHUB_TOKEN"_s;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(page);
    QCOMPARE(page->matches.size(), 1);
    const GrepMatch &named = page->matches.first();
    QCOMPARE(named.text, u"GITHUB_TOKEN = \"[withheld: GitHub token]\""_s);
    QCOMPARE(named.text.mid(named.matchStart, named.matchLength), u"GITHUB_TOKEN"_s);
    QCOMPARE(named.column, 1);
    QCOMPARE(page->withheld, 1);
    QCOMPARE(page->matchesNotShown, 0);
    // a pattern around the secret still matches the withheld line; one that reaches into it not
    q.pattern = u"TOKEN = \""_s;
    QCOMPARE(IndexGrep().grep(*store, m_root.path(), q, nullptr)->matches.size(), 1);
    q.pattern = u"TOKEN = \"gh"_s;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QCOMPARE(page->matches.size(), 0);
    QCOMPARE(page->matchesNotShown, 1);
    // the middle of a private key is recognised because the whole file is judged
    q.pattern = u"AKCAQEAzq4l5"_s;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QCOMPARE(page->matches.size(), 0);
    QCOMPARE(page->matchesNotShown, 1);
    // context lines that hold withheld text are shown withheld, and their spans are counted
    q.pattern = u"print('token"_s;
    q.contextLines = 2;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QCOMPARE(page->matches.size(), 1);
    QCOMPARE(page->matches.first().before, (QStringList{u"GITHUB_TOKEN = \"[withheld: GitHub token]\""_s}));
    QCOMPARE(page->matches.first().after.size(), 2);
    QVERIFY2(!page->matches.first().after.join(u'\n').contains(u"MIIE"_s), qPrintable(page->matches.first().after.join(u'\n')));
    QCOMPARE(page->withheld, 2);
    // without withholding (the desktop app, this machine only) they are text like any other
    q.withholdSecrets = false;
    q.contextLines = 0;
    q.pattern = u"AKCAQEAzq4l5"_s;
    page = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QCOMPARE(page->matches.size(), 1);
    QCOMPARE(page->matchesNotShown, 0);
}

void tst_Grep::damagedPostingsFallBackAndAreRebuilt()
{
    {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(m_db.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "UPDATE grep_postings SET ids = x'ffff'", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    {
        auto store = reader();
        const IndexAnswer got = fromIndex(*store, m_root.path(), u"GrepStore"_s, Options{});
        QVERIFY(!got.narrowed); // every file was read: still the exact answer
        QCOMPARE(got.answer, bruteForce(*store, m_root.path(), u"GrepStore"_s, Options{}));
        QVERIFY(Damage::reason(m_db));
    }
    // The next writer rebuilds the index, grep's postings with it.
    Indexer indexer(m_root.path(), m_db);
    auto report = indexer.run();
    QVERIFY(report);
    QVERIFY(!report->corruptMovedTo.isEmpty());
    auto store = reader();
    const IndexAnswer again = fromIndex(*store, m_root.path(), u"GrepStore"_s, Options{});
    QVERIFY(again.narrowed);
    QCOMPARE(again.answer, bruteForce(*store, m_root.path(), u"GrepStore"_s, Options{}));
}

void tst_Grep::badPatterns()
{
    auto store = reader();
    GrepQuery q;
    q.regex = true;
    q.pattern = u"(unclosed"_s;
    auto r = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
    QVERIFY2(r.error().message.startsWith(u"pattern: not a valid regular expression: missing closing parenthesis"_s),
             qPrintable(r.error().message));
    q.pattern = QString(kMaxGrepPatternChars + 1, u'a');
    r = IndexGrep().grep(*store, m_root.path(), q, nullptr);
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::InvalidArgument);
    q.pattern.clear();
    QCOMPARE(IndexGrep().grep(*store, m_root.path(), q, nullptr).error().code, ErrorCode::InvalidArgument);
}

QTEST_GUILESS_MAIN(tst_Grep)
#include "tst_grep.moc"
