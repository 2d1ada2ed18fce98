// Golden-file tests for the chunker: every file under tests/data/chunker/<lang>/ is parsed and
// its dump compared with <file>.ref. Refresh after a deliberate change with
// scripts/update-golden (sets REPOLENS_UPDATE_GOLDEN=1).

#include "core/parse/chunker.h"
#include "core/parse/grammars.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace RepoLens;
using namespace Qt::StringLiterals;

namespace {

// A fixture's language as the indexer decides it: by name, `.h` by the fixture folder,
// scripts without an extension by their shebang.
LanguageId fixtureLanguage(const QString &path, const QByteArray &text)
{
    LanguageId lang = languageForPath(path);
    if (HeaderLanguages::isHeader(path)) {
        HeaderLanguages headers;
        const QFileInfo info(path);
        for (const QString &f : info.dir().entryList(QDir::Files))
            headers.addFile(f);
        lang = headers.languageOf(info.fileName());
    }
    if (lang == LanguageId::None)
        lang = languageForShebang(text);
    if (lang == LanguageId::None)
        lang = LanguageId::PlainText;
    return lang;
}

QStringList chunkerFixtures()
{
    const QString root = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.endsWith(QLatin1String(".ref")))
            files.append(path);
    }
    files.sort();
    return files;
}

} // namespace

class tst_Chunker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void grammarsCompatible();
    void golden_data();
    void golden();
    void outline_data();
    void outline();
    void outlineForEveryLanguage();
    void oversizeFunctionSplitKeepsEverything();
    void textWindowsCoverAllContent();
    void predicatesEvaluated();
    void deepNestingDoesNotCrash();
    void swiftOperatorsAfterAnExpression();
};

void tst_Chunker::grammarsCompatible()
{
    const QList<GrammarInfo> grammars = checkGrammars();
    QCOMPARE(grammars.size(), 25); // 23 languages; TypeScript and OCaml have two grammars each
    for (const GrammarInfo &g : grammars) {
        QVERIFY2(g.compatible, qPrintable(g.package + u": " + g.problem));
        QVERIFY(g.abiVersion >= 14);
    }
}

void tst_Chunker::golden_data()
{
    QTest::addColumn<QString>("path");
    const QString root = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    const QStringList files = chunkerFixtures();
    QVERIFY(!files.isEmpty());
    for (const QString &f : std::as_const(files))
        QTest::newRow(qPrintable(QDir(root).relativeFilePath(f))) << f;
}

void tst_Chunker::golden()
{
    QFETCH(QString, path);
    QFile in(path);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray text = in.readAll();
    const LanguageId lang = fixtureLanguage(path, text);
    ChunkerOptions options;
    options.maxLines = 40; // small budget so the fixtures exercise splitting
    options.maxBytes = 2000;
    Chunker chunker(options);
    const QString dump = dumpParseResult(chunker.parse(lang, text));
    const QString refPath = path + QStringLiteral(".ref");
    if (qEnvironmentVariableIsSet("REPOLENS_UPDATE_GOLDEN")) {
        QFile out(refPath);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(dump.toUtf8());
        return;
    }
    QFile ref(refPath);
    QVERIFY2(ref.open(QIODevice::ReadOnly), qPrintable(u"missing golden file " + refPath));
    const QString expected = QString::fromUtf8(ref.readAll());
    if (dump != expected) {
        const QStringList a = dump.split(u'\n');
        const QStringList b = expected.split(u'\n');
        for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
            const QString la = a.value(i), lb = b.value(i);
            if (la != lb)
                QFAIL(qPrintable(QStringLiteral("line %1 differs:\n  actual:   %2\n  expected: %3")
                                     .arg(i + 1)
                                     .arg(la, lb)));
        }
    }
}

// The outline (Symbols panel, Go to Symbol in File) of every fixture of a parsed language: every
// definition the parse finds, with the same kind, qualified name and position, nested as the
// chunks are; namespaces and modules that only qualify names are entries of their own.
void tst_Chunker::outline_data()
{
    QTest::addColumn<QString>("path");
    const QString root = QStringLiteral(REPOLENS_TEST_DATA "/chunker");
    for (const QString &f : chunkerFixtures()) {
        QFile in(f);
        if (in.open(QIODevice::ReadOnly) && isTreeSitterLanguage(fixtureLanguage(f, in.readAll())))
            QTest::newRow(qPrintable(QDir(root).relativeFilePath(f))) << f;
    }
}

void tst_Chunker::outline()
{
    QFETCH(QString, path);
    QFile in(path);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const QByteArray text = in.readAll();
    const LanguageId lang = fixtureLanguage(path, text);
    Chunker chunker;
    const QList<OutlineItem> items = chunker.outline(lang, text);
    const ParseResult parsed = chunker.parse(lang, text);
    QVERIFY2(!parsed.symbols.isEmpty(), qPrintable(path));
    QStringList fromOutline;
    for (int i = 0; i < items.size(); ++i) {
        const OutlineItem &o = items.at(i);
        QVERIFY2(o.parent < i, qPrintable(o.name)); // parents first
        if (o.parent >= 0) {
            const OutlineItem &p = items.at(o.parent);
            QVERIFY2(p.startLine <= o.startLine && p.endLine >= o.endLine,
                     qPrintable(o.qualifiedName + u" is not inside " + p.qualifiedName));
            QVERIFY2(o.qualifiedName.startsWith(p.qualifiedName + u'.'),
                     qPrintable(o.qualifiedName + u" under " + p.qualifiedName));
        }
        QVERIFY2(o.line >= o.startLine && o.line <= o.endLine, qPrintable(o.qualifiedName));
        if (!o.scope)
            fromOutline << QStringLiteral("%1 %2 at %3:%4").arg(chunkKindName(o.kind), o.qualifiedName).arg(o.line).arg(o.column);
    }
    QStringList fromParse;
    for (const Symbol &s : parsed.symbols)
        fromParse << QStringLiteral("%1 %2 at %3:%4").arg(chunkKindName(s.kind), s.qualifiedName).arg(s.line).arg(s.column);
    QCOMPARE(fromOutline, fromParse);
    // Nested as the chunks are: the definition whose chunk holds this one's chunk (or holds
    // this definition itself: fields in a class skeleton, a class inside a function) is one of
    // the entries around it.
    int k = 0;
    for (int i = 0; i < items.size(); ++i) {
        if (items.at(i).scope)
            continue;
        const Symbol &sym = parsed.symbols.at(k++);
        QString container;
        if (sym.chunk >= 0) {
            const Chunk &c = parsed.chunks.at(sym.chunk);
            if (c.qualifiedName != sym.qualifiedName)
                container = c.qualifiedName;
            else if (c.parent >= 0)
                container = parsed.chunks.at(c.parent).qualifiedName;
        }
        QStringList around;
        for (int p = items.at(i).parent; p >= 0; p = items.at(p).parent) {
            if (!items.at(p).scope)
                around << items.at(p).qualifiedName;
        }
        QVERIFY2(container.isEmpty() ? true : around.contains(container),
                 qPrintable(sym.qualifiedName + u": its chunk is in " + container + u", the outline has it under \""
                            + around.join(u" < ") + u'"'));
    }
}

// Every language with a grammar has a fixture whose outline is not empty.
void tst_Chunker::outlineForEveryLanguage()
{
    QSet<LanguageId> covered;
    Chunker chunker;
    for (const QString &f : chunkerFixtures()) {
        QFile in(f);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray text = in.readAll();
        const LanguageId lang = fixtureLanguage(f, text);
        if (isTreeSitterLanguage(lang) && !chunker.outline(lang, text).isEmpty())
            covered.insert(lang);
    }
    QStringList missing;
    for (const LanguageInfo &info : allLanguages()) {
        if (info.treeSitter && !covered.contains(info.id))
            missing << info.name;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(u"no outline for: "_s + missing.join(u", ")));
    QCOMPARE(covered.size(), 25); // 23 languages; TypeScript/TSX and OCaml/its interfaces are two each
}

void tst_Chunker::oversizeFunctionSplitKeepsEverything()
{
    QByteArray src = "def big(a, b):\n    \"\"\"Doc.\"\"\"\n";
    for (int i = 0; i < 300; ++i)
        src += "    x" + QByteArray::number(i) + " = call_" + QByteArray::number(i) + "(a, b)\n";
    src += "    return a\n";
    ChunkerOptions options;
    options.maxLines = 50;
    Chunker chunker(options);
    const ParseResult r = chunker.parse(LanguageId::Python, src);
    QVERIFY(r.chunks.size() >= 7);
    int expectedLine = 1;
    for (const Chunk &c : r.chunks) {
        QCOMPARE(c.name, QStringLiteral("big"));
        QCOMPARE(c.signature, QStringLiteral("def big(a, b)"));
        QCOMPARE(c.partCount, r.chunks.size());
        QCOMPARE(c.startLine, expectedLine);
        QVERIFY(c.endLine - c.startLine + 1 <= 50);
        expectedLine = c.endLine + 1;
    }
    QCOMPARE(expectedLine - 1, r.lineCount);
    // every call is a reference, attributed to the part holding it
    QCOMPARE(r.refs.size(), 300);
    for (const Reference &ref : r.refs) {
        const Chunk &c = r.chunks.at(ref.chunk);
        QVERIFY(ref.line >= c.startLine && ref.line <= c.endLine);
    }
}

void tst_Chunker::textWindowsCoverAllContent()
{
    QByteArray md = "# Title\n\nIntro text.\n\n## Install\n\nRun it.\n```\n# not a heading\n```\n## Usage\nUse it.\n";
    const ParseResult r = chunkText(LanguageId::Markdown, md, ChunkerOptions{});
    QCOMPARE(r.chunks.size(), 3);
    QCOMPARE(r.chunks.at(0).name, QStringLiteral("Title"));
    QCOMPARE(r.chunks.at(1).name, QStringLiteral("Install"));
    QCOMPARE(r.chunks.at(1).endLine, 10);
    QCOMPARE(r.chunks.at(2).name, QStringLiteral("Usage"));
    QCOMPARE(r.chunks.at(2).text, QStringLiteral("## Usage\nUse it.\n"));

    // a single 100 KB line is cut into byte windows, nothing lost
    QByteArray longLine(100000, 'a');
    ChunkerOptions options;
    const ParseResult t = chunkText(LanguageId::PlainText, longLine, options);
    qsizetype total = 0;
    for (const Chunk &c : t.chunks)
        total += c.endByte - c.startByte;
    QCOMPARE(total, longLine.size());
}

void tst_Chunker::predicatesEvaluated()
{
    // The Python query only records module-level ALL_CAPS assignments (#match?).
    Chunker chunker;
    const ParseResult r = chunker.parse(LanguageId::Python,
                                        "MAX_SIZE = 10\nlower = 3\nclass A:\n    pass\n");
    QStringList names;
    for (const Symbol &s : r.symbols)
        names << s.name;
    QCOMPARE(names, QStringList({QStringLiteral("MAX_SIZE"), QStringLiteral("A")}));
}

void tst_Chunker::deepNestingDoesNotCrash()
{
    QByteArray src = "x = ";
    for (int i = 0; i < 5000; ++i)
        src += '[';
    for (int i = 0; i < 5000; ++i)
        src += ']';
    src += "\n";
    QByteArray deepDefs;
    for (int i = 0; i < 500; ++i)
        deepDefs += QByteArray(i * 1, ' ') + "def f" + QByteArray::number(i) + "():\n";
    deepDefs += QByteArray(500, ' ') + "pass\n";
    Chunker chunker;
    const ParseResult a = chunker.parse(LanguageId::Python, src);
    QVERIFY(!a.chunks.isEmpty());
    const ParseResult b = chunker.parse(LanguageId::Python, deepDefs);
    QCOMPARE(b.symbols.size(), 500);
}

// `b!`, `try!`, `as!`: the Swift scanner tests its token bits with a 64-bit mask (it shifted an
// int by up to 32 places: undefined behaviour, an abort under UBSan on most Swift files).
void tst_Chunker::swiftOperatorsAfterAnExpression()
{
    const QByteArray src = "func load(_ path: String) -> Data {\n"
                           "    let url = URL(string: path)!\n"
                           "    let data = try! Data(contentsOf: url)\n"
                           "    return (data as! NSData) as Data\n"
                           "}\n";
    Chunker chunker;
    const ParseResult r = chunker.parse(LanguageId::Swift, src);
    QCOMPARE(r.syntaxErrors, 0);
    QCOMPARE(r.symbols.size(), 1);
    QCOMPARE(r.symbols.first().name, u"load"_s);
    QStringList calls;
    for (const Reference &ref : r.refs)
        calls << ref.name;
    QVERIFY2(calls.contains(u"URL"_s) && calls.contains(u"Data"_s), qPrintable(calls.join(u", ")));
}

QTEST_GUILESS_MAIN(tst_Chunker)
#include "tst_chunker.moc"
