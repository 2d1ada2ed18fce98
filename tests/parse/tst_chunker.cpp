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

class tst_Chunker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void grammarsCompatible();
    void golden_data();
    void golden();
    void oversizeFunctionSplitKeepsEverything();
    void textWindowsCoverAllContent();
    void predicatesEvaluated();
    void deepNestingDoesNotCrash();
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
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.endsWith(QLatin1String(".ref")))
            files.append(path);
    }
    files.sort();
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
    LanguageId lang = languageForPath(path);
    if (HeaderLanguages::isHeader(path)) { // decided by the fixture folder, as the indexer does
        HeaderLanguages headers;
        const QFileInfo info(path);
        for (const QString &f : info.dir().entryList(QDir::Files))
            headers.addFile(f);
        lang = headers.languageOf(info.fileName());
    }
    if (lang == LanguageId::None)
        lang = LanguageId::PlainText;
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

QTEST_GUILESS_MAIN(tst_Chunker)
#include "tst_chunker.moc"
