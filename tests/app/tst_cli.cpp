// Runs the real repolens-cli binary on a fixture folder: index, search (text, JSON, batch),
// refs, status, and the error paths (missing folder, bad usage, a query with no words).

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class tst_Cli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void indexThenStatus();
    void searchJson();
    void searchBatch();
    void searchFilters();
    void refs();
    void retrieval();
    void errors();
    void reindexIsIncremental();
    void indexingSettingsApply();
    void guiHelpWithoutADisplay();
    void commandHelp();
    void progressIsPlainWithoutATerminal();
    void statusGroupsReasonsByMessage();
    void refsNarrowedByQualifiedName();

private:
    struct Run
    {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };
    Run cli(const QStringList &args, const QByteArray &input = {});
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

void tst_Cli::searchBatch()
{
    const Run r = cli({QStringLiteral("search"), m_root.path(), QStringLiteral("--json"), QStringLiteral("--batch")},
                      "format float precision\nget_connection\nthe\n");
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 3);
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

    const Run text = cli({QStringLiteral("refs"), m_root.path(), QStringLiteral("send")});
    QCOMPARE(text.code, 0);
    QVERIFY(text.out.contains("pkg/adapters.py:4:9  method"));
    QVERIFY(text.out.contains("pkg/sessions.py:9:"));
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

QTEST_GUILESS_MAIN(tst_Cli)
#include "tst_cli.moc"
