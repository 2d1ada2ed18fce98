// Runs the real repolens-cli binary on a fixture folder: index, search (text, JSON, batch),
// refs, status, and the error paths (missing folder, bad usage, a query with no words, an
// unknown filter, status of a folder never indexed); a repository whose file names and code
// carry terminal escapes.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void indexThenStatus();
    void searchJson();
    void searchTextGroupedByFile();
    void searchBatch();
    void searchFilters();
    void refs();
    void retrieval();
    void errors();
    void reindexIsIncremental();
    void indexingSettingsApply();
    void unknownFiltersAreRejected();
    void statusNeverStartsAnIndex();
    void controlCharactersAreEscaped();
    void nonUtf8FolderNames();
    void withholdShowsWhatWouldBeSent();
    void guiHelpWithoutADisplay();
    void commandHelp();
    void progressIsPlainWithoutATerminal();
    void statusGroupsReasonsByMessage();
    void refsNarrowedByQualifiedName();
    void grep();
    void staticModelSetting();
    void firstTenDoNotDependOnTop();

private:
    struct Run
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    Run cli(const QStringList &args, const QByteArray &input = {});
    static void writeIn(const QString &root, const QString &rel, const QByteArray &content);
    void write(const QString &rel, const QByteArray &content);

    QTemporaryDir m_root;
    QTemporaryDir m_data;
    QTemporaryDir m_config; // XDG_CONFIG_HOME of the CLI runs: never the user's settings
};

tst_Cli::Run tst_Cli::cli(const QStringList &args, const QByteArray &input)
{
    QProcess p;
    p.setProgram(QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"));
    p.setArguments(QStringList{QStringLiteral("--data-dir"), m_data.path()} + args);
    p.start();
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(120000);
    return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
               p.readAllStandardError()};
}

void tst_Cli::write(const QString &rel, const QByteArray &content)
{
    const QString path = m_root.filePath(rel);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

void tst_Cli::writeIn(const QString &root, const QString &rel, const QByteArray &content)
{
    const QString path = root + u'/' + rel;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
}

void tst_Cli::initTestCase()
{
    qputenv("XDG_CONFIG_HOME", m_config.path().toLocal8Bit());
    write(QStringLiteral("pkg/adapters.py"),
          "class HTTPAdapter:\n    \"\"\"Transport adapter.\"\"\"\n\n"
          "    def send(self, request, timeout=None):\n"
          "        conn = self.get_connection(request.url, proxies=None)\n"
          "        return conn.urlopen(request)\n\n"
          "    def get_connection(self, url, proxies=None):\n"
          "        return proxy_manager_for(url)\n\n\n"
          "def proxy_manager_for(url):\n    return ProxyManager(url)\n");
    write(QStringLiteral("pkg/sessions.py"),
          "from .adapters import HTTPAdapter\n\n\nclass Session:\n"
          "    def mount(self):\n        self.adapter = HTTPAdapter()\n\n"
          "    def request(self, method, url):\n        return self.adapter.send(url)\n");
    write(QStringLiteral("src/format.cc"),
          "#include \"format.h\"\n\nnamespace fmt {\nint format_float(double value, int precision) {\n"
          "  return snprintf_float(value, precision);\n}\n}  // namespace fmt\n");
    write(QStringLiteral("README.md"), "# Demo\n\nA demo of proxies and adapters.\n");
    write(QStringLiteral(".gitignore"), "build/\n");
    write(QStringLiteral("build/generated.py"), "def ignored(): pass\n");
    write(QStringLiteral(".env"), "API_KEY=secret\n");
    write(QStringLiteral("blob.py"), QByteArray("\x00\x01\x02binary", 9));
}

void tst_Cli::indexThenStatus()
{
    const Run index = cli({QStringLiteral("index"), m_root.path()});
    QVERIFY2(index.code == 0, index.err.constData());
    QVERIFY(index.err.contains("indexed 5 files"));
    QVERIFY2(index.err.contains("with builtin-lsa1-"), index.err.constData()); // vectors built too
    const Run status = cli({QStringLiteral("status"), m_root.path(), QStringLiteral("--json")});
    QCOMPARE(status.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(status.out).object();
    const QJsonObject statuses = obj.value(QStringLiteral("statuses")).toObject();
    QCOMPARE(statuses.value(QStringLiteral("indexed")).toObject().value(QStringLiteral("files")).toInt(), 5);
    const QJsonObject ignored = statuses.value(QStringLiteral("ignored")).toObject().value(QStringLiteral("reasons")).toObject();
    QCOMPARE(ignored.value(QStringLiteral(".gitignore:1: build/")).toInt(), 1);
    QVERIFY(ignored.keys().join(u'|').contains(QLatin1String("built-in: secrets")));
    QCOMPARE(statuses.value(QStringLiteral("binary")).toObject().value(QStringLiteral("files")).toInt(), 1);
    const Run text = cli({QStringLiteral("status"), m_root.path()});
    QVERIFY(text.out.contains("indexed"));
    QVERIFY(text.out.contains(".gitignore:1: build/"));
}

void tst_Cli::searchJson()
{
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager"),
                       QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("3")});
    QCOMPARE(r.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(obj.value(QStringLiteral("query")).toString(), QStringLiteral("proxy manager"));
    const QJsonArray results = obj.value(QStringLiteral("results")).toArray();
    QVERIFY(!results.isEmpty() && results.size() <= 3);
    const QJsonObject top = results.first().toObject();
    QCOMPARE(top.value(QStringLiteral("path")).toString(), QStringLiteral("pkg/adapters.py"));
    QCOMPARE(top.value(QStringLiteral("symbol")).toString(), QStringLiteral("proxy_manager_for"));
    QCOMPARE(top.value(QStringLiteral("kind")).toString(), QStringLiteral("function"));
    QCOMPARE(top.value(QStringLiteral("start_line")).toInt(), 12);
    QCOMPARE(top.value(QStringLiteral("end_line")).toInt(), 13);
    QVERIFY(top.value(QStringLiteral("scores")).toObject().contains(QStringLiteral("bm25")));
}

void tst_Cli::searchTextGroupedByFile()
{
    const QStringList args{QStringLiteral("search"), m_root.path(), QStringLiteral("send a request through the adapter")};
    const Run json = cli(args + QStringList{QStringLiteral("--json")});
    QCOMPARE(json.code, 0);
    QStringList ranked; // "rank path:start-end" in rank order
    QStringList paths;
    const QJsonArray results = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("results")).toArray();
    for (const QJsonValue &v : results) {
        const QJsonObject o = v.toObject();
        paths << o.value(QStringLiteral("path")).toString();
        ranked << QStringLiteral("%1 %2:%3-%4")
                      .arg(ranked.size() + 1)
                      .arg(paths.last())
                      .arg(o.value(QStringLiteral("start_line")).toInt())
                      .arg(o.value(QStringLiteral("end_line")).toInt());
    }
    // the ranks interleave the files (else grouping changes nothing and the test proves nothing)
    QVERIFY2(paths.size() >= 4 && paths.at(0) != paths.at(1) && paths.indexOf(paths.at(0), 1) > 1, qPrintable(paths.join(u' ')));

    const Run text = cli(args);
    QCOMPARE(text.code, 0);
    const QStringList lines = QString::fromUtf8(text.out).split(u'\n');
    const qsizetype files = QSet<QString>(paths.cbegin(), paths.cend()).size();
    QCOMPARE(lines.first().section(u'(', 0, 0), QStringLiteral("%1 results in %2 files ").arg(paths.size()).arg(files));
    // files in the order of their best result, each file's results in rank order, the ranks kept;
    // a blank line before each file, none between the results of one file
    static const QRegularExpression hitLine(QStringLiteral("^(\\d+)\\. (\\S+):(\\d+)-(\\d+)  "));
    QStringList shown;
    QStringList expected;
    QSet<QString> done;
    for (const QString &path : std::as_const(paths)) {
        if (done.contains(path))
            continue;
        done.insert(path);
        for (const QString &r : std::as_const(ranked)) {
            if (r.section(u' ', 1).section(u':', 0, 0) == path)
                expected << r;
        }
    }
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QRegularExpressionMatch m = hitLine.match(lines.at(i));
        if (!m.hasMatch())
            continue;
        const bool newFile = shown.isEmpty() || shown.last().section(u' ', 1).section(u':', 0, 0) != m.captured(2);
        QCOMPARE(lines.at(i - 1).isEmpty(), newFile);
        shown << QStringLiteral("%1 %2:%3-%4").arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
    }
    QCOMPARE(shown, expected);
    QVERIFY(shown != ranked);
}

void tst_Cli::searchBatch()
{
    // a line that is a JSON string is one query of several lines (a pasted traceback); one that
    // only starts like one is searched as written
    const QByteArray report = R"("Proxy settings are lost\n\nTraceback (most recent call last):\n  File \"/usr/lib/python3/site-packages/pkg/adapters.py\", line 12, in proxy_manager_for\n    return manager\nKeyError: 'http'")";
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("--json"), QStringLiteral("--batch")},
                      "format float precision\nget_connection\nthe\n" + report + "\n\"get_connection\n");
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    const QJsonObject pasted = QJsonDocument::fromJson(lines.at(3)).object();
    QCOMPARE(pasted.value(QStringLiteral("query")).toString().count(u'\n'), 5);
    QVERIFY2(pasted.value(QStringLiteral("route")).toString().startsWith(QLatin1String("bug report")),
             qPrintable(pasted.value(QStringLiteral("route")).toString()));
    QCOMPARE(pasted.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("path")).toString(),
             QStringLiteral("pkg/adapters.py"));
    QCOMPARE(QJsonDocument::fromJson(lines.at(4)).object().value(QStringLiteral("query")).toString(),
             QStringLiteral("\"get_connection"));
    const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
    QCOMPARE(first.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("symbol")).toString(),
             QStringLiteral("fmt.format_float"));
    const QJsonObject second = QJsonDocument::fromJson(lines.at(1)).object();
    QCOMPARE(second.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("symbol")).toString(),
             QStringLiteral("HTTPAdapter.get_connection"));
    // an identifier-like query is routed to symbol lookup (+ BM25)
    QVERIFY2(second.value(QStringLiteral("route")).toString().contains(QLatin1String("symbol")),
             qPrintable(second.value(QStringLiteral("route")).toString()));
}

void tst_Cli::searchFilters()
{
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("adapter lang:python -path:pkg/sessions.py"),
                       QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(obj.value(QStringLiteral("filters")).toString(), QStringLiteral("lang:python -path:pkg/sessions.py"));
    const QJsonArray results = obj.value(QStringLiteral("results")).toArray();
    QVERIFY(!results.isEmpty());
    for (const QJsonValue &v : results)
        QCOMPARE(v.toObject().value(QStringLiteral("path")).toString(), QStringLiteral("pkg/adapters.py"));
}

void tst_Cli::refs()
{
    const Run r = cli({QStringLiteral("refs"), m_root.path(), QStringLiteral("HTTPAdapter"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out).object();
    const QJsonArray defs = obj.value(QStringLiteral("definitions")).toArray();
    QCOMPARE(defs.size(), 1);
    QCOMPARE(defs.first().toObject().value(QStringLiteral("path")).toString(), QStringLiteral("pkg/adapters.py"));
    QCOMPARE(defs.first().toObject().value(QStringLiteral("line")).toInt(), 1);
    const QJsonArray uses = obj.value(QStringLiteral("usages")).toArray();
    QCOMPARE(uses.size(), 1); // HTTPAdapter() in Session.mount (the import names the module)
    const QJsonObject use = uses.first().toObject();
    QCOMPARE(use.value(QStringLiteral("path")).toString(), QStringLiteral("pkg/sessions.py"));
    QCOMPARE(use.value(QStringLiteral("line")).toInt(), 6);
    QCOMPARE(use.value(QStringLiteral("in")).toString(), QStringLiteral("Session.mount"));
    QCOMPARE(use.value(QStringLiteral("resolved")).toBool(), true);
    // the line that imports it by name holds it as text (the graph records the module)
    const QJsonArray textMatches = obj.value(QStringLiteral("text_matches")).toArray();
    QCOMPARE(textMatches.size(), 1);
    QCOMPARE(textMatches.first().toObject().value(QStringLiteral("path")).toString(), QStringLiteral("pkg/sessions.py"));
    QCOMPARE(textMatches.first().toObject().value(QStringLiteral("line")).toInt(), 1);

    const Run text = cli({QStringLiteral("refs"), m_root.path(), QStringLiteral("send")});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains("pkg/adapters.py:4:9  method"));
    QVERIFY(text.out.contains("pkg/sessions.py:9:"));

    // an attribute: no definition, no reference, but the lines that use it, member accesses
    // first (then the docstring's word, though its file comes first in path order)
    const Run attribute = cli({QStringLiteral("refs"), m_root.path(), QStringLiteral("adapter")});
    QCOMPARE(attribute.code, 0);
    QVERIFY2(attribute.out.contains("Text matches (3): lines that hold the word adapter where the reference graph "
                                    "records nothing"),
             attribute.out.constData());
    QVERIFY2(attribute.out.contains("  pkg/sessions.py:6:14  self.adapter = HTTPAdapter()\n"
                                    "  pkg/sessions.py:9:21  return self.adapter.send(url)\n"
                                    "  pkg/adapters.py:2:18  \"\"\"Transport adapter.\"\"\"\n"),
             attribute.out.constData());
}

void tst_Cli::errors()
{
    const Run missing = cli({QStringLiteral("index"), m_root.filePath(QStringLiteral("nope"))});
    QCOMPARE(missing.code, 1);
    QVERIFY(missing.err.contains("no such folder"));
    const Run file = cli({QStringLiteral("index"), m_root.filePath(QStringLiteral("README.md"))});
    QCOMPARE(file.code, 1);
    QVERIFY(file.err.contains("not a folder"));
    const Run usage = cli({QStringLiteral("frobnicate")});
    QCOMPARE(usage.code, 2);
    const Run badOption = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("x"), QStringLiteral("--top")});
    QCOMPARE(badOption.code, 2);
    const Run empty = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("!!!")});
    QCOMPARE(empty.code, 1);
    QVERIFY(empty.err.contains("no searchable words"));
    const Run nothing = cli({QStringLiteral("refs"), m_root.path(), QStringLiteral("NoSuchName")});
    QCOMPARE(nothing.code, 1);
}

void tst_Cli::retrieval()
{
    // the index step built built-in vectors: hybrid route, vector scores in the JSON
    const Run hybrid = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager for a url"),
                            QStringLiteral("--json")});
    QCOMPARE(hybrid.code, 0);
    const QJsonObject h = QJsonDocument::fromJson(hybrid.out).object();
    QCOMPARE(h.value(QStringLiteral("route")).toString(), QStringLiteral("hybrid"));
    QCOMPARE(h.value(QStringLiteral("vector_coverage")).toDouble(), 1.0);
    const QJsonObject scores = h.value(QStringLiteral("results")).toArray().first().toObject().value(QStringLiteral("scores")).toObject();
    for (const char *key : {"bm25", "vector", "vector_rank", "symbol", "prior", "graph", "rerank", "final"})
        QVERIFY2(scores.contains(QLatin1String(key)), key);
    const Run keyword = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager for a url"),
                             QStringLiteral("--json"), QStringLiteral("--no-vectors")});
    QCOMPARE(QJsonDocument::fromJson(keyword.out).object().value(QStringLiteral("route")).toString(), QStringLiteral("keyword"));
    // graph questions are answered exhaustively from the references
    const Run callers = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("who calls proxy_manager_for"),
                             QStringLiteral("--json"), QStringLiteral("--top"), QStringLiteral("1")});
    const QJsonObject c = QJsonDocument::fromJson(callers.out).object();
    QCOMPARE(c.value(QStringLiteral("route")).toString(), QStringLiteral("graph:callers"));
    QVERIFY(c.value(QStringLiteral("exhaustive")).toBool());
    QStringList symbols;
    for (const QJsonValue &v : c.value(QStringLiteral("results")).toArray())
        symbols << v.toObject().value(QStringLiteral("symbol")).toString();
    QCOMPARE(symbols, (QStringList{QStringLiteral("proxy_manager_for"), QStringLiteral("HTTPAdapter.get_connection")}));
    // re-ranking: flag and persisted setting
    const Run reranked = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager for a url"),
                              QStringLiteral("--json"), QStringLiteral("--rerank")});
    QVERIFY(QJsonDocument::fromJson(reranked.out).object().value(QStringLiteral("route")).toString().endsWith(QLatin1String("+rerank")));
    QCOMPARE(cli({QStringLiteral("search"), m_root.path(), QStringLiteral("x"), QStringLiteral("--rerank=sideways")}).code, 2);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("rerank"), QStringLiteral("local")}).code, 0);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("rerank")}).out.trimmed(), QByteArray("local"));
    const Run persisted = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager for a url"), QStringLiteral("--json")});
    QVERIFY(QJsonDocument::fromJson(persisted.out).object().value(QStringLiteral("route")).toString().endsWith(QLatin1String("+rerank")));
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("rerank"), QStringLiteral("off")}).code, 0);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("nonsense"), QStringLiteral("1")}).code, 2);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("embed.url"), QStringLiteral("ftp://x")}).code, 2);
    // the vector benchmark runs on the fixture's vectors
    const Run bench = cli({QStringLiteral("bench-vectors"), m_root.path(), QStringLiteral("--queries"), QStringLiteral("20")});
    QVERIFY2(bench.code == 0, bench.err.constData());
    QVERIFY(bench.out.contains("recall@10"));
}

void tst_Cli::reindexIsIncremental()
{
    const Run again = cli({QStringLiteral("index"), m_root.path()});
    QCOMPARE(again.code, 0);
    QVERIFY2(again.err.contains("indexed 0 files (6 unchanged"), again.err.constData());
    write(QStringLiteral("pkg/sessions.py"), "def brand_new_function():\n    pass\n");
    QFile::remove(m_root.filePath(QStringLiteral("README.md")));
    const Run changed = cli({QStringLiteral("index"), m_root.path()});
    QVERIFY2(changed.err.contains("indexed 1 files (4 unchanged, 1 removed"), changed.err.constData());
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("brand_new_function"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("results")).toArray().size(), 1);
}

// index.ignore and index.size_cap are the app's Indexing settings: `config` sets them, and
// `index` honours them like the app does.
void tst_Cli::indexingSettingsApply()
{
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("index.size_cap"), QStringLiteral("3")}).code, 2);
    const Run bad = cli({QStringLiteral("config"), QStringLiteral("index.ignore"), QStringLiteral("**")});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("would ignore every file"), bad.err.constData());
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("index.ignore"), QStringLiteral("src/;*.md")}).code, 0);
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("index.size_cap"), QStringLiteral("64K")}).code, 0);
    const Run shown = cli({QStringLiteral("config")});
    QVERIFY2(shown.out.contains("index.ignore = src/;*.md\n"), shown.out.constData());
    QVERIFY(shown.out.contains("index.size_cap = 65536\n"));
    // The app reads the same file (QSettings "RepoLens"/"repolens", group "indexing").
    QFile conf(m_config.filePath(QStringLiteral("RepoLens/repolens.conf")));
    QVERIFY(conf.open(QIODevice::ReadOnly));
    const QByteArray text = conf.readAll();
    QVERIFY2(text.contains("[indexing]") && text.contains("size_cap=65536"), text.constData());

    write(QStringLiteral("big.py"), QByteArray("x = 1\n").repeated(12000)); // 72 KB
    const Run index = cli({QStringLiteral("index"), m_root.path()});
    QVERIFY2(index.code == 0, index.err.constData());
    const Run status = cli({QStringLiteral("status"), m_root.path(), QStringLiteral("--json")});
    const QJsonObject statuses = QJsonDocument::fromJson(status.out).object().value(QStringLiteral("statuses")).toObject();
    const QJsonObject ignored = statuses.value(QStringLiteral("ignored")).toObject().value(QStringLiteral("reasons")).toObject();
    QVERIFY2(ignored.value(QStringLiteral("settings: src/")).toInt() == 1, status.out.constData());
    QCOMPARE(statuses.value(QStringLiteral("too-large")).toObject().value(QStringLiteral("files")).toInt(), 1);
    const Run gone = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("format_float"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(gone.out).object().value(QStringLiteral("results")).toArray().size(), 0);
}

// Filters lang:klingon and kind:nothing used to be ignored, searching without the filter.
void tst_Cli::unknownFiltersAreRejected()
{
    Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("adapter lang:klingon")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("unknown language 'klingon' in lang: (one of python java"), r.err.constData());
    r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("adapter kind:nothing")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("unknown kind 'nothing' in kind: (one of function method"), r.err.constData());
    r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("adapter kind:nothing"), QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    const QJsonObject obj = QJsonDocument::fromJson(r.out).object();
    QVERIFY(obj.value(QStringLiteral("error")).toString().contains(QLatin1String("unknown kind 'nothing'")));
    QVERIFY(obj.value(QStringLiteral("results")).toArray().isEmpty());
    // Known ones (and aliases) still work.
    QCOMPARE(cli({QStringLiteral("search"), m_root.path(), QStringLiteral("adapter lang:py kind:class")}).code, 0);
}

// `status` on a folder with no index used to index it first, silently.
void tst_Cli::statusNeverStartsAnIndex()
{
    QTemporaryDir fresh;
    writeIn(fresh.path(), QStringLiteral("a.py"), "def a():\n    pass\n");
    const QString before = QDir(m_data.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).join(u',');
    Run r = cli({QStringLiteral("status"), fresh.path()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("not indexed yet"), r.err.constData());
    QVERIFY(r.out.contains("Database: none"));
    r = cli({QStringLiteral("status"), fresh.path(), QStringLiteral("--json")});
    QCOMPARE(r.code, 1);
    QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("indexed")).toBool(true), false);
    // Nothing was created in the data folder.
    QCOMPARE(QDir(m_data.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).join(u','), before);
}

// File names and code with ESC / OSC sequences or newlines reached the terminal raw
// (a repository could clear the screen, set the window title, forge result lines).
void tst_Cli::controlCharactersAreEscaped()
{
    QTemporaryDir hostile; // (not src/: indexingSettingsApply leaves index.ignore = src/)
    const QString evil = QStringLiteral("code/evil\x1b]0;pwned\x07.py");
    const QString forged = QStringLiteral("code/forged\n1. fake.py:1-1  function ok.py");
    writeIn(hostile.path(), evil, "def clear_screen():\n    return \"\x1b[2J\x1b[H\"\n");
    writeIn(hostile.path(), forged, "def forged_name():\n    return clear_screen()\n");
    QVERIFY(QFile::link(QStringLiteral("nowhere\x1b[0m"), hostile.filePath(QStringLiteral("code/link\x1b[31m"))));
    QCOMPARE(cli({QStringLiteral("index"), hostile.path(), QStringLiteral("--no-vectors")}).code, 0);

    const auto checkClean = [](const Run &r, const char *what) {
        for (const QByteArray &stream : {r.out, r.err}) {
            for (char c : stream) {
                if ((uchar(c) < 0x20 && c != '\n' && c != '\t') || uchar(c) == 0x7f)
                    QFAIL(qPrintable(QStringLiteral("%1: control character 0x%2 in the output")
                                         .arg(QLatin1String(what))
                                         .arg(int(uchar(c)), 2, 16)));
            }
        }
        // No forged result line.
        for (const QByteArray &line : r.out.split('\n'))
            QVERIFY2(!line.startsWith("1. fake.py"), what);
    };
    Run r = cli({QStringLiteral("search"), hostile.path(), QStringLiteral("clear_screen"), QStringLiteral("--no-vectors")});
    QCOMPARE(r.code, 0);
    checkClean(r, "search");
    QVERIFY2(r.out.contains("code/evil\\x1b]0;pwned\\x07.py"), r.out.constData());
    QVERIFY2(r.out.contains("return \"\\x1b[2J\\x1b[H\""), r.out.constData());
    r = cli({QStringLiteral("symbols"), hostile.path()});
    QCOMPARE(r.code, 0);
    checkClean(r, "symbols");
    QVERIFY2(r.out.contains("code/forged\\n1. fake.py:1-1  function ok.py:1  function forged_name"), r.out.constData());
    r = cli({QStringLiteral("refs"), hostile.path(), QStringLiteral("clear_screen")});
    QCOMPARE(r.code, 0);
    checkClean(r, "refs");
    QVERIFY2(r.out.contains("code/forged\\n1. fake.py"), r.out.constData());
    r = cli({QStringLiteral("refs"), hostile.path(), QStringLiteral("no\x1b[2Jthing")});
    QCOMPARE(r.code, 1);
    checkClean(r, "refs (not found)");
    r = cli({QStringLiteral("status"), hostile.path()});
    QCOMPARE(r.code, 0);
    checkClean(r, "status");
    QVERIFY2(r.out.contains("broken symlink -> nowhere\\x1b[0m"), r.out.constData());
    // ask without a model prints the same names and code (its retrieval-only answer)
    r = cli({QStringLiteral("ask"), hostile.path(), QStringLiteral("what does clear_screen return")});
    QCOMPARE(r.code, 0);
    checkClean(r, "ask");
    QVERIFY2(r.out.contains("code/evil\\x1b]0;pwned\\x07.py"), r.out.constData());
    QVERIFY2(r.out.contains("return \"\\x1b[2J\\x1b[H\""), r.out.constData());
    // --json keeps the real characters (JSON escapes them).
    r = cli({QStringLiteral("search"), hostile.path(), QStringLiteral("clear_screen"), QStringLiteral("--json"),
             QStringLiteral("--no-vectors")});
    QCOMPARE(r.code, 0);
    QVERIFY(!r.out.contains('\x1b'));
    const QJsonArray results = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("results")).toArray();
    QVERIFY(!results.isEmpty());
    QCOMPARE(results.first().toObject().value(QStringLiteral("path")).toString(), evil);
}

// A folder whose name is not valid UTF-8 could not be indexed ("no such folder:
// …\uFFFD"), and the data folders of two such names were both mangled to U+FFFD: one index.
// The CLI gets the raw bytes here through a shell (QProcess would encode its arguments).
void tst_Cli::nonUtf8FolderNames()
{
    QTemporaryDir parent;
    QTemporaryDir data;
    const QByteArray base = QFile::encodeName(parent.path());
    for (const char *name : {"repo\xff", "repo\xfe"}) {
        const QByteArray dir = base + '/' + name;
        QVERIFY(::mkdir(dir.constData(), 0755) == 0);
        const QByteArray file = dir + "/mod.py";
        const QByteArray code = QByteArray("def only_in_") + (uchar(name[4]) == 0xff ? "ff" : "fe") + "():\n    pass\n";
        const int fd = ::open(file.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, code.constData(), size_t(code.size())), ssize_t(code.size()));
        ::close(fd);
    }
    const auto run = [&](const char *octal, const QStringList &args) {
        QProcess p;
        p.setWorkingDirectory(parent.path());
        QStringList shell = {QStringLiteral("-c"),
                             QStringLiteral("exec \"$0\" --data-dir \"$1\" \"$2\" \"$(printf 'repo\\%1')\" \"$3\"").arg(QLatin1String(octal)),
                             QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens-cli"), data.path()};
        shell += args;
        p.start(QStringLiteral("/bin/sh"), shell);
        p.waitForFinished(120000);
        return Run{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
                   p.readAllStandardError()};
    };
    for (const char *octal : {"377", "376"}) {
        const Run r = run(octal, {QStringLiteral("index"), QStringLiteral("--no-vectors")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("indexed 1 files"), r.err.constData());
    }
    // Two indexes, each with its own folder's code only.
    QCOMPARE(QDir(data.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 2);
    Run r = run("377", {QStringLiteral("symbols"), QString()});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("only_in_ff") && !r.out.contains("only_in_fe"), r.out.constData());
    r = run("376", {QStringLiteral("symbols"), QString()});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("only_in_fe") && !r.out.contains("only_in_ff"), r.out.constData());
    // The name is shown escaped, never as raw bytes.
    r = run("377", {QStringLiteral("status"), QString()});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("repo\\udcff"), r.out.constData());
}

// The withholding stage from the command line: where, and the text as it would be sent.
void tst_Cli::withholdShowsWhatWouldBeSent()
{
    QTemporaryDir dir;
    writeIn(dir.path(), QStringLiteral("deploy.sh"),
            "#!/bin/sh\nexport DB_PASSWORD=Kx82!mQz7\n"
            "curl -u ci:Tr0ub4dor3 https://nexus.internal/upload\necho \"done\\n\"\n");
    const QString file = dir.filePath(QStringLiteral("deploy.sh"));
    Run r = cli({QStringLiteral("withhold"), file});
    QCOMPARE(r.code, 0);
    QCOMPARE(QString::fromUtf8(r.out), QStringLiteral("%1:2  credential (credential-config-value)\n"
                                                      "%1:3  password option (curl-user)\n").arg(file));
    QVERIFY(r.err.contains("2 span(s) would be withheld in 1 file(s)"));
    r = cli({QStringLiteral("withhold"), file, QStringLiteral("--show")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QByteArray("#!/bin/sh\nexport DB_PASSWORD=[withheld: credential]\n"
                               "curl -u ci:[withheld: password option] https://nexus.internal/upload\necho \"done\\n\"\n"));
    r = cli({QStringLiteral("withhold"), file, QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonArray files = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(files.size(), 1);
    QCOMPARE(files.first().toObject().value(QStringLiteral("withheld")).toArray().size(), 2);
    QCOMPARE(cli({QStringLiteral("withhold"), dir.filePath(QStringLiteral("missing"))}).code, 1);
}

namespace {

void writeAt(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(content);
}

} // namespace

// `repolens --help` and `--version` answer without a window: no display needed, no abort,
// and the usage line names the program, not the path it was started from.
void tst_Cli::guiHelpWithoutADisplay()
{
    const QString gui = QStringLiteral(REPOLENS_BINARY_DIR "/app/repolens");
    if (!QFileInfo::exists(gui))
        QSKIP("the desktop app is not built");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE"})
        env.remove(QString::fromLatin1(name));
    for (const QString &option : {QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("--version")}) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(gui, {option});
        QVERIFY(p.waitForFinished(30000));
        const QByteArray out = p.readAllStandardOutput();
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, QByteArray(option.toUtf8() + ": " + err).constData());
        if (option == QLatin1String("--version")) {
            QVERIFY2(out.startsWith("repolens "), out.constData());
        } else {
            QVERIFY2(out.startsWith("Usage: repolens [options] [path]"), out.constData());
            QVERIFY(!out.contains(REPOLENS_BINARY_DIR));
            QVERIFY(out.contains("--self-test"));
        }
    }
}

// "search --help" is about search, not the list of every command.
void tst_Cli::commandHelp()
{
    const Run search = cli({QStringLiteral("search"), QStringLiteral("--help")});
    QCOMPARE(search.code, 0);
    QVERIFY2(search.out.startsWith("Usage: repolens-cli [--data-dir DIR] search DIR QUERY"), search.out.constData());
    QVERIFY(search.out.contains("--max-per-file"));
    QVERIFY(search.out.contains("Query filters"));
    QVERIFY(!search.out.contains("Commands:"));
    QVERIFY(!search.out.contains("bench-vectors"));
    const Run refs = cli({QStringLiteral("refs"), QStringLiteral("-h")});
    QVERIFY(refs.out.startsWith("Usage: repolens-cli [--data-dir DIR] refs DIR NAME"));
    const Run global = cli({QStringLiteral("--help")});
    QVERIFY(global.out.contains("Commands:"));
}

// Progress on a pipe or into a log: whole lines, no carriage returns, no padding.
void tst_Cli::progressIsPlainWithoutATerminal()
{
    cli({QStringLiteral("config"), QStringLiteral("index.ignore"), QString()}); // indexingSettingsApply set one
    QTemporaryDir root;
    for (int i = 0; i < 30; ++i)
        writeAt(root.filePath(QStringLiteral("m%1.py").arg(i)),
                QStringLiteral("def f%1(x):\n    return x + %1\n").arg(i).toUtf8());
    const Run r = cli({QStringLiteral("index"), root.path()});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY2(!r.err.contains('\r'), r.err.constData());
    QVERIFY2(!r.err.contains("          "), r.err.constData());
    QVERIFY(!r.err.contains("\033["));
    QVERIFY2(r.err.contains("vectors: fitting the built-in model\n"), r.err.constData());
}

// Reasons that differ only in a count are one line ("1-3 syntax error(s); ...").
void tst_Cli::statusGroupsReasonsByMessage()
{
    cli({QStringLiteral("config"), QStringLiteral("index.ignore"), QString()}); // indexingSettingsApply set one
    QTemporaryDir root;
    writeAt(root.filePath(QStringLiteral("one.py")), "def ok():\n    return 1\n\ndef bad(:\n    return 2\n");
    writeAt(root.filePath(QStringLiteral("two.py")), "def ok():\n    return 1\n\ndef bad(:\n    return 2\n\n\n"
                                                     "class C:\n    def m(self):\n        return )\n");
    writeAt(root.filePath(QStringLiteral("good.py")), "def fine():\n    return 0\n");
    QCOMPARE(cli({QStringLiteral("index"), root.path(), QStringLiteral("--no-vectors")}).code, 0);
    const Run json = cli({QStringLiteral("status"), root.path(), QStringLiteral("--json")});
    const QJsonObject reasons = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("statuses")).toObject()
                                    .value(QStringLiteral("indexed")).toObject().value(QStringLiteral("reasons")).toObject();
    QStringList distinct;
    for (const QString &k : reasons.keys()) {
        if (k.contains(QLatin1String("syntax error")))
            distinct << k;
    }
    QVERIFY2(distinct.size() == 2, qPrintable(distinct.join(u'|'))); // the JSON keeps them exact
    const Run text = cli({QStringLiteral("status"), root.path()});
    QStringList lines;
    for (const QByteArray &line : text.out.split('\n')) {
        if (line.contains("syntax error"))
            lines << QString::fromUtf8(line.trimmed());
    }
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines.first().startsWith(QStringLiteral("2  ")), qPrintable(lines.first()));
    QVERIFY2(QRegularExpression(QStringLiteral("\\d-\\d syntax error")).match(lines.first()).hasMatch(),
             qPrintable(lines.first()));
}

// `refs Flask.url_for` lists the method's usages, not those of the free function url_for.
void tst_Cli::refsNarrowedByQualifiedName()
{
    cli({QStringLiteral("config"), QStringLiteral("index.ignore"), QString()}); // indexingSettingsApply set one
    QTemporaryDir root;
    writeAt(root.filePath(QStringLiteral("src/flask/helpers.py")),
            "from .globals import current_app\n\n\ndef url_for(endpoint, **values):\n"
            "    return current_app.url_for(endpoint, **values)\n\n\ndef redirect_to(endpoint):\n"
            "    return url_for(endpoint)\n");
    writeAt(root.filePath(QStringLiteral("src/flask/app.py")),
            "class Flask:\n    def url_for(self, endpoint, **values):\n        return endpoint\n\n"
            "    def make_context(self):\n        return self.url_for(\"index\")\n");
    writeAt(root.filePath(QStringLiteral("src/flask/views.py")),
            "from .helpers import url_for\n\n\ndef index():\n    return url_for(\"index\")\n");
    QCOMPARE(cli({QStringLiteral("index"), root.path(), QStringLiteral("--no-vectors")}).code, 0);
    const Run method = cli({QStringLiteral("refs"), root.path(), QStringLiteral("Flask.url_for"), QStringLiteral("--json")});
    QCOMPARE(method.code, 0);
    const QJsonObject m = QJsonDocument::fromJson(method.out).object();
    QCOMPARE(m.value(QStringLiteral("definitions")).toArray().size(), 1);
    QStringList where;
    for (const QJsonValue &v : m.value(QStringLiteral("usages")).toArray())
        where << QStringLiteral("%1:%2").arg(v.toObject().value(QStringLiteral("path")).toString())
                     .arg(v.toObject().value(QStringLiteral("line")).toInt());
    QCOMPARE(where, QStringList({QStringLiteral("src/flask/app.py:6"), QStringLiteral("src/flask/helpers.py:5")}));
    QCOMPARE(m.value(QStringLiteral("other_definitions")).toInt(), 1);
    const Run text = cli({QStringLiteral("refs"), root.path(), QStringLiteral("Flask::url_for")});
    QVERIFY2(text.out.contains("Usages (2):"), text.out.constData());
    QVERIFY(text.out.contains("left out"));
    // the bare name: every usage of both
    const Run all = cli({QStringLiteral("refs"), root.path(), QStringLiteral("url_for"), QStringLiteral("--json")});
    const QJsonObject a = QJsonDocument::fromJson(all.out).object();
    QCOMPARE(a.value(QStringLiteral("definitions")).toArray().size(), 2);
    QVERIFY(a.value(QStringLiteral("usages")).toArray().size() >= 4);
}

// `grep DIR PATTERN`: lines from the grep index, like grep's output, escaped for the terminal;
// -i, -w, --regex, --glob, -C, --max-count, --json; exit 1 without a match, 2 for a bad pattern.
void tst_Cli::grep()
{
    QTemporaryDir repo;
    writeIn(repo.path(), QStringLiteral("app/main.py"),
            "import os\n\ndef main():\n    print('Hello, World')\n    return os.getcwd()\n\n\n"
            "def helper():\n    return 'hello again'\n");
    writeIn(repo.path(), QStringLiteral("app/util.txt"), "Hello there\nnothing\n");
    writeIn(repo.path(), QStringLiteral("docs/guide.md"), "# Guide\n\nSay hello.\n");
    writeIn(repo.path(), QStringLiteral("evil.txt"), "bell\x07 here: hello\x1b[2J\n");
    writeIn(repo.path(), QStringLiteral(".env"), "hello=secret\n"); // never searched
    QCOMPARE(cli({QStringLiteral("index"), repo.path(), QStringLiteral("--no-vectors")}).code, 0);
    auto grep = [&](QStringList args) {
        args.prepend(repo.path());
        args.prepend(QStringLiteral("grep"));
        return cli(args);
    };
    Run r = grep({QStringLiteral("hello")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QByteArray("app/main.py:9:    return 'hello again'\n"
                               "docs/guide.md:3:Say hello.\n"
                               "evil.txt:1:bell\\x07 here: hello\\x1b[2J\n"));
    r = grep({QStringLiteral("-i"), QStringLiteral("hello")});
    QCOMPARE(r.out, QByteArray("app/main.py:4:    print('Hello, World')\n"
                               "app/main.py:9:    return 'hello again'\n"
                               "app/util.txt:1:Hello there\n"
                               "docs/guide.md:3:Say hello.\n"
                               "evil.txt:1:bell\\x07 here: hello\\x1b[2J\n"));
    r = grep({QStringLiteral("--regex"), QStringLiteral("-w"), QStringLiteral("[Hh]el+o,?"), QStringLiteral("--glob"),
              QStringLiteral("app/**"), QStringLiteral("--glob"), QStringLiteral("*.md")});
    QCOMPARE(r.out, QByteArray("app/main.py:4:    print('Hello, World')\n"
                               "app/main.py:9:    return 'hello again'\n"
                               "app/util.txt:1:Hello there\n"
                               "docs/guide.md:3:Say hello.\n"));
    // context: groups that do not touch are separated by "--"
    r = grep({QStringLiteral("-C"), QStringLiteral("1"), QStringLiteral("return")});
    QCOMPARE(r.out, QByteArray("app/main.py-4-    print('Hello, World')\n"
                               "app/main.py:5:    return os.getcwd()\n"
                               "app/main.py-6-\n"
                               "--\n"
                               "app/main.py-8-def helper():\n"
                               "app/main.py:9:    return 'hello again'\n"));
    r = grep({QStringLiteral("-C2"), QStringLiteral("print")});
    QCOMPARE(r.out, QByteArray("app/main.py-2-\n"
                               "app/main.py-3-def main():\n"
                               "app/main.py:4:    print('Hello, World')\n"
                               "app/main.py-5-    return os.getcwd()\n"
                               "app/main.py-6-\n"));
    r = grep({QStringLiteral("hello"), QStringLiteral("--max-count"), QStringLiteral("1")});
    QCOMPARE(r.out, QByteArray("app/main.py:9:    return 'hello again'\n"));
    // --json: one object, the index narrowed the search
    r = grep({QStringLiteral("hello"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject obj = QJsonDocument::fromJson(r.out).object();
    const QJsonArray matches = obj.value(QStringLiteral("matches")).toArray();
    QCOMPARE(matches.size(), 3);
    QCOMPARE(matches.at(0).toObject(), (QJsonObject{{QStringLiteral("path"), QStringLiteral("app/main.py")},
                                                    {QStringLiteral("line"), 9},
                                                    {QStringLiteral("column"), 13},
                                                    {QStringLiteral("text"), QStringLiteral("    return 'hello again'")}}));
    QCOMPARE(matches.at(2).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("bell\x07 here: hello\x1b[2J"));
    QVERIFY(obj.value(QStringLiteral("narrowed")).toBool());
    QCOMPARE(obj.value(QStringLiteral("files_total")).toInt(), 4);
    QCOMPARE(obj.value(QStringLiteral("plan")).toString(), QStringLiteral("ell & hel & llo"));
    // nothing: exit 1; a pattern that starts with "-" after "--"
    r = grep({QStringLiteral("no such words")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    r = grep({QStringLiteral("--"), QStringLiteral("-C")});
    QCOMPARE(r.code, 1);
    // a bad expression, a missing pattern
    r = grep({QStringLiteral("--regex"), QStringLiteral("(hello")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("not a valid regular expression: missing closing parenthesis"), r.err.constData());
    r = cli({QStringLiteral("grep"), repo.path()});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("grep needs a folder and a pattern"), r.err.constData());
    r = grep({QStringLiteral("-C"), QStringLiteral("99"), QStringLiteral("x")});
    QCOMPARE(r.code, 2);
    const Run help = cli({QStringLiteral("grep"), QStringLiteral("--help")});
    QVERIFY2(help.out.startsWith("Usage: repolens-cli [--data-dir DIR] grep DIR PATTERN"), help.out.constData());
}

// `config embed.static DIR`: a folder that is not a model is refused with why and not saved;
// a model is described and used by the next `index` (vectors keyed by its content id) and by
// `search`; clearing it goes back to the built-in model, whose vectors were kept.
void tst_Cli::staticModelSetting()
{
    QTemporaryDir notAModel;
    const Run refused = cli({QStringLiteral("config"), QStringLiteral("embed.static"), notAModel.path()});
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains("is not a usable static embedding model"), refused.err.constData());
    QVERIFY2(refused.err.contains("config.json, tokenizer.json and model.safetensors expected"), refused.err.constData());
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("embed.static")}).out.trimmed(), QByteArray());

    const QString model = QStringLiteral(REPOLENS_TEST_DATA "/staticmodel/tiny-wordpiece");
    const Run set = cli({QStringLiteral("config"), QStringLiteral("embed.static"), model});
    QVERIFY2(set.code == 0, set.err.constData());
    QVERIFY2(set.out.contains("static model static1-8-") && set.out.contains("WordPiece tokenizer, 245 tokens, F32 table 245 x 8"),
             set.out.constData());
    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("embed.static")}).out.trimmed(), model.toUtf8());
    const Run indexed = cli({QStringLiteral("index"), m_root.path()});
    QVERIFY2(indexed.code == 0, indexed.err.constData());
    QVERIFY2(indexed.err.contains("with static1-8-"), indexed.err.constData());
    const Run found = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("proxy manager for a url"), QStringLiteral("--json")});
    QCOMPARE(found.code, 0);
    QCOMPARE(QJsonDocument::fromJson(found.out).object().value(QStringLiteral("vector_coverage")).toDouble(), 1.0);

    QCOMPARE(cli({QStringLiteral("config"), QStringLiteral("embed.static"), QString()}).code, 0);
    const Run back = cli({QStringLiteral("index"), m_root.path()});
    QVERIFY2(back.code == 0, back.err.constData());
    QVERIFY2(back.err.contains("with builtin-lsa1-"), back.err.constData());
}

// The first ten hits are the same whether ten or four hundred are asked for: the candidate pool
// does not grow with --top (a bigger pool moved the score range that the priors are sized by).
void tst_Cli::firstTenDoNotDependOnTop()
{
    QTemporaryDir many;
    for (int f = 0; f < 60; ++f) {
        QByteArray src;
        for (int d = 0; d < 8; ++d) {
            const QByteArray n = QByteArray::number(f * 8 + d);
            src += "def resolve_" + n + "(request):\n    \"\"\"Resolve the proxy of a request.\"\"\"\n";
            for (int line = 0; line < 1 + (f * 7 + d * 3) % 11; ++line)
                src += "    value_" + QByteArray::number(line) + " = request.proxy or request.url\n";
            src += "    return value_0\n\n\n";
        }
        writeIn(many.path(), (f % 5 == 0 ? QStringLiteral("tests/test_%1.py") : QStringLiteral("pkg/m%1.py")).arg(f), src);
    }
    QCOMPARE(cli({QStringLiteral("index"), many.path(), QStringLiteral("--no-vectors")}).code, 0);
    auto firstTen = [&](int top) {
        const Run r = cli({QStringLiteral("search"), many.path(), QStringLiteral("resolve the proxy of a request"),
                           QStringLiteral("--json"), QStringLiteral("--top"), QString::number(top)});
        QStringList out;
        const QJsonArray results = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("results")).toArray();
        for (qsizetype i = 0; i < std::min<qsizetype>(10, results.size()); ++i) {
            const QJsonObject o = results.at(i).toObject();
            out << QStringLiteral("%1:%2 %3").arg(o.value(QStringLiteral("path")).toString())
                       .arg(o.value(QStringLiteral("start_line")).toInt())
                       .arg(o.value(QStringLiteral("scores")).toObject().value(QStringLiteral("final")).toDouble(), 0, 'g', 17);
        }
        return out;
    };
    const QStringList ten = firstTen(10);
    QCOMPARE(ten.size(), 10);
    QCOMPARE(firstTen(400), ten);
}

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
