// What a pasted bug report says about the code (core/search/reportanalysis.h): traceback frames
// in every format the route reads, paths made comparable with the index's, and when a query is
// a report at all.

#include "core/search/reportanalysis.h"

#include <QTest>

using namespace RepoLens;

class tst_ReportAnalysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void framesOfEveryFormat_data();
    void framesOfEveryFormat();
    void normalizedPaths_data();
    void normalizedPaths();
    void reportOrQuestion();
    void namesMessagesAndProse();
    void titleAndPackageListings();
    void runnerBanners();
};

using Frames = QList<ReportSignals::Frame>;

QString describe(const Frames &frames)
{
    QStringList out;
    for (const auto &f : frames)
        out << QStringLiteral("%1:%2 %3").arg(f.path).arg(f.line).arg(f.function);
    return out.join(u'|');
}

void tst_ReportAnalysis::framesOfEveryFormat_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("frames");
    QTest::newRow("python") << QStringLiteral(
        "Traceback (most recent call last):\n"
        "  File \"/usr/lib/python3.11/site-packages/flask/app.py\", line 2190, in wsgi_app\n"
        "    response = self.full_dispatch_request()\n"
        "  File \"C:\\Users\\me\\venv\\Lib\\site-packages\\flask\\ctx.py\", line 12, in push\n"
        "KeyError: 'x'\n")
        << QStringLiteral("/usr/lib/python3.11/site-packages/flask/app.py:2190 wsgi_app|"
                          "C:/Users/me/venv/Lib/site-packages/flask/ctx.py:12 push");
    QTest::newRow("java") << QStringLiteral(
        "Exception in thread \"main\" java.lang.IllegalStateException: closed\n"
        "\tat com.google.gson.stream.JsonReader.peek(JsonReader.java:420)\n"
        "\tat com.google.gson.Gson.fromJson(Gson.java:1005)\n")
        << QStringLiteral("com/google/gson/stream/JsonReader.java:420 JsonReader.peek|com/google/gson/Gson.java:1005 Gson.fromJson");
    QTest::newRow("go") << QStringLiteral(
        "panic: runtime error: invalid memory address\n\n"
        "goroutine 1 [running]:\n"
        "github.com/gin-gonic/gin.(*Context).Next(...)\n"
        "\t/home/me/go/pkg/mod/github.com/gin-gonic/gin@v1.9.0/context.go:174 +0x2b\n")
        << QStringLiteral("/home/me/go/pkg/mod/github.com/gin-gonic/gin@v1.9.0/context.go:174 Next");
    QTest::newRow("ipython 7") << QStringLiteral(
        "TypeError                                 Traceback (most recent call last)\n"
        "~/code/seaborn/seaborn/axisgrid.py in map_diag(self, func, **kwargs)\n"
        "   1439 plot_kwargs.setdefault(\"hue_order\", self._hue_order)\n")
        << QStringLiteral("~/code/seaborn/seaborn/axisgrid.py:0 map_diag");
    // IPython 8 writes "File PATH:LINE, in FUNCTION(ARGS)"
    QTest::newRow("ipython 8") << QStringLiteral(
        "TypeError                                 Traceback (most recent call last)\n"
        "File ~/code/seaborn/seaborn/_core/plot.py:1252, in Plotter._setup_scales(self, p, common, layers)\n"
        "-> 1252     self._scales[var] = scale._setup(var_df[var], prop)\n"
        "File ~/code/seaborn/seaborn/_core/scales.py:351, in ContinuousBase._setup(self, data, prop, axis)\n"
        "--> 351 b = forward(vmax) - forward(vmin)\n")
        << QStringLiteral("~/code/seaborn/seaborn/_core/plot.py:1252 Plotter._setup_scales|"
                          "~/code/seaborn/seaborn/_core/scales.py:351 ContinuousBase._setup");
}

void tst_ReportAnalysis::framesOfEveryFormat()
{
    QFETCH(QString, text);
    QFETCH(QString, frames);
    QCOMPARE(describe(analyzeReport(text).frames), frames);
}

void tst_ReportAnalysis::normalizedPaths_data()
{
    QTest::addColumn<QString>("written");
    QTest::addColumn<QString>("normalized");
    QTest::newRow("site-packages") << QStringLiteral("/usr/lib/python3.11/site-packages/flask/app.py")
                                   << QStringLiteral("flask/app.py");
    QTest::newRow("windows") << QStringLiteral("C:\\Users\\me\\venv\\Lib\\site-packages\\flask\\ctx.py")
                             << QStringLiteral("flask/ctx.py");
    QTest::newRow("relative") << QStringLiteral("./src/flask/app.py") << QStringLiteral("src/flask/app.py");
}

void tst_ReportAnalysis::normalizedPaths()
{
    QFETCH(QString, written);
    QFETCH(QString, normalized);
    QCOMPARE(normalizeReportedPath(written), normalized);
}

void tst_ReportAnalysis::reportOrQuestion()
{
    QVERIFY(!looksLikeReport(QStringLiteral("where are proxies resolved")));
    QVERIFY(!looksLikeReport(QStringLiteral("how does the session merge environment settings with request settings")));
    QVERIFY(looksLikeReport(QStringLiteral("it fails\n```\nTraceback (most recent call last):\n"
                                           "  File \"a.py\", line 1, in <module>\n```\n")));
    QString words;
    for (int i = 0; i < 60; ++i)
        words += QStringLiteral("word%1 ").arg(i);
    QVERIFY(looksLikeReport(words));
    // more than 40 words, whatever separates them and however many times
    QString forty = QStringLiteral("  ");
    for (int i = 0; i < 40; ++i)
        forty += QStringLiteral("w%1%2").arg(i).arg(i % 3 == 0 ? QStringLiteral("\n\t ") : QStringLiteral(" "));
    QVERIFY(!looksLikeReport(forty));
    QVERIFY(looksLikeReport(forty + QStringLiteral("w40")));
    QVERIFY(!looksLikeReport(forty + QStringLiteral("   \n")));
}

void tst_ReportAnalysis::namesMessagesAndProse()
{
    const ReportSignals s = analyzeReport(QStringLiteral(
        "`Session.resolve_redirects` drops the proxy when `rebuild_proxies` runs.\n"
        "from requests.sessions import Session\n"
        "It raises \"Proxy-Authorization header missing after redirect\" on every call to "
        "rebuild_proxies in requests/sessions.py.\n"
        "See tests/test_sessions.py: it says otherwise.\n"));
    QVERIFY2(s.qualified.contains(QStringLiteral("Session.resolve_redirects")), qPrintable(s.qualified.join(u',')));
    // a frame's function is the frame's mention, not a qualified name besides
    const ReportSignals jvm = analyzeReport(QStringLiteral(
        "Gson.fromJson fails on a closed reader\n"
        "\tat com.google.gson.stream.JsonReader.peek(JsonReader.java:420)\n"));
    QCOMPARE(jvm.qualified, QStringList{QStringLiteral("Gson.fromJson")});
    // the function an exception message names ("RST.__init__() got an unexpected keyword argument")
    const ReportSignals raised = analyzeReport(QStringLiteral(
        "Please support header rows\r\n```\r\nTraceback (most recent call last):\r\n"
        "  File \"/usr/lib/python3/dist-packages/astropy/io/ascii/core.py\", line 1719, in _get_writer\r\n"
        "    writer = Writer(**writer_kwargs)\r\n"
        "TypeError: RST.__init__() got an unexpected keyword argument 'header_rows'\r\n```\r\n"));
    QVERIFY2(raised.qualified.contains(QStringLiteral("RST.__init__")), qPrintable(raised.qualified.join(u',')));
    QCOMPARE(raised.calledWrongly, QStringList{QStringLiteral("RST.__init__")});
    QCOMPARE(analyzeReport(QStringLiteral("TypeError: f() takes 2 positional arguments but 3 were given\n"
                                          "TypeError: Foo.bar() missing 1 required positional argument: 'x'\n"
                                          "TypeError: f() takes 2 positional arguments but 3 were given\n"))
                 .calledWrongly,
             QStringList({QStringLiteral("f"), QStringLiteral("Foo.bar")}));
    QVERIFY(analyzeReport(QStringLiteral("TypeError: 'NoneType' object is not callable\n")).calledWrongly.isEmpty());
    QVERIFY2(s.modules.contains(QStringLiteral("requests.sessions")), qPrintable(s.modules.join(u',')));
    // at the end of a sentence, and before a colon
    QCOMPARE(s.paths, QStringList({QStringLiteral("requests/sessions.py"), QStringLiteral("tests/test_sessions.py")}));
    QStringList ids;
    for (const auto &p : s.identifiers)
        ids << QStringLiteral("%1x%2").arg(p.first).arg(p.second);
    QVERIFY2(ids.contains(QStringLiteral("rebuild_proxiesx2")), qPrintable(ids.join(u',')));
    QVERIFY2(s.messages.contains(QStringLiteral("Proxy-Authorization header missing after redirect")),
             qPrintable(s.messages.join(u'|')));
    // a message pasted as a block quote; not a console's prompt, a short quote or a quoted line
    // of code in a block
    const ReportSignals quoted = analyzeReport(QStringLiteral(
        "Skipping a module fails\r\nThis issues this error:\r\n\r\n"
        ">Using pytest.skip outside of a test is not allowed. To decorate a test function\r\n\r\n"
        "> works for me\r\n>>> skip(msg=\"x\") or something longer\r\n"
        "```\r\n>       assert foo == (3 + 2) * (6 + 9) and bar\r\n```\r\n"));
    QCOMPARE(quoted.messages,
             QStringList{QStringLiteral("Using pytest.skip outside of a test is not allowed. To decorate a test function")});
}

// The title is the first line when it reads as one; package listings leave the text.
void tst_ReportAnalysis::titleAndPackageListings()
{
    QCOMPARE(reportTitle(QStringLiteral("\n  Color mapping fails with boolean data\nbody")),
             QStringLiteral("Color mapping fails with boolean data"));
    QCOMPARE(reportTitle(QStringLiteral("Traceback (most recent call last):\n  File \"a.py\", line 1")), QString());
    QCOMPARE(reportTitle(QStringLiteral("```python\nimport x\n```")), QString());
    QCOMPARE(reportTitle(QStringLiteral("  File \"/x/app.py\", line 3, in run")), QString());
    QCOMPARE(reportTitle(QStringLiteral("x = 1")), QString()); // no words
    const QString report = QStringLiteral(
        "str() on the raises context\nPytest 4.6.2, macOS 10.14.5\n```\n"
        "Package            Version  Location\n"
        "------------------ -------- --------\n"
        "apipkg             1.5\n"
        "attrs              19.1.0\n"
        "boto3              1.9.51\n"
        "more-itertools     7.0.0\n"
        "numpy==1.15.0\n"
        "```\nthe end\n");
    QCOMPARE(withoutPackageListings(report),
             QStringLiteral("str() on the raises context\nPytest 4.6.2, macOS 10.14.5\n```\n```\nthe end\n"));
    // show_versions(): "name: version" and "name: None"
    QCOMPARE(withoutPackageListings(QStringLiteral("update loses chunks\ncommit: None\npython: 3.8.3 (default, Jul  2 2020)\n"
                                                   "xarray: 0.16.0\npandas: 1.0.5\nzarr: None\nafter\n")),
             QStringLiteral("update loses chunks\nafter\n"));
    // a fenced block that is mostly a listing is an environment dump: its machine lines go too
    QCOMPARE(withoutPackageListings(QStringLiteral(
                 "update loses chunks\r\n```\r\ncommit: None\r\npython-bits: 64\r\nOS: Darwin\r\nmachine: x86_64\r\n"
                 "byteorder: little\r\nLANG: en_US.UTF-8\r\n\r\nxarray: 0.16.0\r\npandas: 1.0.5\r\nnumpy: 1.18.5\r\n"
                 "zarr: None\r\n```\r\nthe chunks: gone\r\n```python\r\nmachine: x86_64\r\n```\r\n")),
             QStringLiteral("update loses chunks\r\n```\r\n```\r\nthe chunks: gone\r\n```python\r\nmachine: x86_64\r\n```\r\n"));
    // five assignments of numbers are code: only their own lines go
    QCOMPARE(withoutPackageListings(QStringLiteral("fit diverges\n```python\na = 0.5\nb = 1.5\nc = 2.5\nd = 3.5\ne = 4.5\n"
                                                   "fit(a, b, c, d, e)\n```\n")),
             QStringLiteral("fit diverges\n```python\nfit(a, b, c, d, e)\n```\n"));
    // four lines are not a listing
    const QString few = QStringLiteral("a 1.0\nb 2.0\nc 3.0\nd 4.0\n");
    QCOMPARE(withoutPackageListings(few), few);
}

void tst_ReportAnalysis::runnerBanners()
{
    // pytest's section banners lose their words, the runs and every other line stay
    QCOMPARE(withoutRunnerBanners(QStringLiteral(
                 "Module imported twice\n```\n"
                 "=================== test session starts ===================\r\n"
                 "tests/unit/test_commands.py E\n"
                 ">>>>>>>>>>>>>>>>>>>>>> traceback >>>>>>>>>>>>>>>>>>>>>>\n"
                 "E       AttributeError: type object 'Logger' has no attribute 'store'\n"
                 ">>>>>>>>>> PDB post_mortem (IO-capturing turned off) >>>>>>>>>>\n"
                 "________________ test_show_wrong_path ________________\n"
                 "  ---------- Captured stdout call ----------\n"
                 "===== 1 failed in 0.03s ======\n```\n")),
             QStringLiteral("Module imported twice\n```\n"
                            "==========\r\n"
                            "tests/unit/test_commands.py E\n"
                            ">>>>>>>>>>\n"
                            "E       AttributeError: type object 'Logger' has no attribute 'store'\n"
                            ">>>>>>>>>>\n"
                            "__________\n"
                            "  ----------\n"
                            "==========\n```\n"));
    // not banners: runs of different characters, too short a run, a heading, a rule, code
    const QString kept = QStringLiteral("===== mixed >>>>>\n### Expected behaviour ###\n==== four ====\n"
                                        "==========\n# ===== config =====\nx = a ===== b\n");
    QCOMPARE(withoutRunnerBanners(kept), kept);
}

QTEST_GUILESS_MAIN(tst_ReportAnalysis)
#include "tst_reportanalysis.moc"
