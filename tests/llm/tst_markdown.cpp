// Markdown from the model rendered to safe HTML: structure, code blocks through the hook,
// citations through the hook, and nothing from raw HTML or images ever interpreted or loaded.

#include "core/llm/markdown.h"

#include <QRandomGenerator>
#include <QTest>

using namespace RepoLens;

class tst_Markdown : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void blocks_data();
    void blocks();
    void rawHtmlIsText();
    void imagesAreNeverLoaded();
    void onlyHttpLinks();
    void codeBlocksGoThroughTheHook();
    void unclosedFenceWhileStreaming();
    void citationsGoThroughTheHook();
    void underscoresInPathsAreNotEmphasis();
    void deepNestingIsBounded();
    void garbageDoesNotCrash();
};

void tst_Markdown::blocks_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("html");
    QTest::newRow("paragraphs") << QStringLiteral("one\ntwo\n\nthree") << QStringLiteral("<p>one two</p><p>three</p>");
    QTest::newRow("hard break") << QStringLiteral("one  \ntwo") << QStringLiteral("<p>one<br/>two</p>");
    QTest::newRow("heading") << QStringLiteral("## Title ##\ntext") << QStringLiteral("<h4>Title</h4><p>text</p>");
    QTest::newRow("emphasis") << QStringLiteral("**bold** *it* ~~gone~~ ***both***")
                              << QStringLiteral("<p><b>bold</b> <i>it</i> <s>gone</s> <b><i>both</i></b></p>");
    QTest::newRow("inline code") << QStringLiteral("use `a < b` here") << QStringLiteral("<p>use <code>a &lt; b</code> here</p>");
    QTest::newRow("list") << QStringLiteral("- a\n- b\n  - c\n- d")
                          << QStringLiteral("<ul><li>a</li><li>b<ul><li>c</li></ul></li><li>d</li></ul>");
    QTest::newRow("ordered") << QStringLiteral("3. x\n4. y") << QStringLiteral("<ol start=\"3\"><li>x</li><li>y</li></ol>");
    QTest::newRow("quote") << QStringLiteral("> quoted\n> more") << QStringLiteral("<blockquote><p>quoted more</p></blockquote>");
    QTest::newRow("rule") << QStringLiteral("a\n\n---\n\nb") << QStringLiteral("<p>a</p><hr/><p>b</p>");
    QTest::newRow("table") << QStringLiteral("| a | b |\n|---|:-:|\n| 1 | `x|y` |")
                           << QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr><th>a</th><th>b</th></tr>"
                                             "<tr><td>1</td><td><code>x|y</code></td></tr></table>");
    QTest::newRow("escapes") << QStringLiteral("\\*not\\* 1 < 2 & 3") << QStringLiteral("<p>*not* 1 &lt; 2 &amp; 3</p>");
}

void tst_Markdown::blocks()
{
    QFETCH(QString, markdown);
    QFETCH(QString, html);
    MarkdownHooks hooks;
    hooks.detectCitations = false;
    QCOMPARE(renderMarkdown(markdown, hooks).html, html);
}

void tst_Markdown::rawHtmlIsText()
{
    const QString md = QStringLiteral("<script>alert(1)</script>\n\n<img src=\"http://evil/x.png\" onerror=\"x()\">\n\n"
                                      "Hello <b>world</b> <a href=\"javascript:x()\">click</a>\n\n"
                                      "<div style=\"background:url(http://evil/t.png)\">block</div>");
    const QString html = renderMarkdown(md).html;
    QVERIFY(!html.contains(QStringLiteral("<script")));
    QVERIFY(!html.contains(QStringLiteral("<img")));
    QVERIFY(!html.contains(QStringLiteral("<div")));
    QVERIFY(!html.contains(QStringLiteral("<a href=\"javascript")));
    QVERIFY(!html.contains(QStringLiteral("<b>world")));
    QVERIFY(html.contains(QStringLiteral("&lt;script&gt;alert(1)&lt;/script&gt;")));
    QVERIFY(html.contains(QStringLiteral("&lt;b&gt;world&lt;/b&gt;")));
}

void tst_Markdown::imagesAreNeverLoaded()
{
    const QString html = renderMarkdown(QStringLiteral("![diagram](https://tracker.example/pixel.png) and ![](http://x/y.gif)")).html;
    QVERIFY(!html.contains(QStringLiteral("<img")));
    QVERIFY(!html.contains(QStringLiteral("tracker.example")));
    QVERIFY(html.contains(QStringLiteral("[image: diagram]")));
    QVERIFY(html.contains(QStringLiteral("[image: no description]")));
}

void tst_Markdown::onlyHttpLinks()
{
    const QString html = renderMarkdown(QStringLiteral("[docs](https://qt.io/x?a=1&b=2) [bad](javascript:alert(1)) "
                                                       "[file](file:///etc/passwd) <https://auto.link/>"))
                             .html;
    QVERIFY(html.contains(QStringLiteral("<a href=\"https://qt.io/x?a=1&amp;b=2\">docs</a>")));
    QVERIFY(html.contains(QStringLiteral("<a href=\"https://auto.link/\">")));
    QVERIFY(!html.contains(QStringLiteral("javascript")) || !html.contains(QStringLiteral("href=\"javascript")));
    QVERIFY(!html.contains(QStringLiteral("href=\"file:")));
}

void tst_Markdown::codeBlocksGoThroughTheHook()
{
    MarkdownHooks hooks;
    QStringList seen;
    hooks.codeBlock = [&](int index, const MarkdownCodeBlock &block) -> QString {
        seen << QStringLiteral("%1:%2:%3").arg(index).arg(block.language, block.code);
        return QStringLiteral("<pre>CODE%1</pre>").arg(index);
    };
    const MarkdownResult r = renderMarkdown(QStringLiteral("Intro\n```python title\ndef f():\n    return '<x>'\n```\n"
                                                           "- item\n\n  ~~~\n  nested\n  ~~~\n"),
                                            hooks);
    QCOMPARE(seen.size(), 2);
    QCOMPARE(seen.at(0), QStringLiteral("0:python:def f():\n    return '<x>'"));
    QCOMPARE(seen.at(1), QStringLiteral("1::nested"));
    QCOMPARE(r.codeBlocks.size(), 2);
    QVERIFY(r.codeBlocks.at(0).closed);
    QVERIFY(r.html.contains(QStringLiteral("<pre>CODE0</pre>")));
    // default rendering escapes
    QVERIFY(renderMarkdown(QStringLiteral("```\n<b>x</b>\n```")).html.contains(QStringLiteral("&lt;b&gt;x&lt;/b&gt;")));
}

void tst_Markdown::unclosedFenceWhileStreaming()
{
    const MarkdownResult r = renderMarkdown(QStringLiteral("Text\n```cpp\nint main() {\n"));
    QCOMPARE(r.codeBlocks.size(), 1);
    QVERIFY(!r.codeBlocks.first().closed);
    QCOMPARE(r.codeBlocks.first().code, QStringLiteral("int main() {\n"));
}

void tst_Markdown::citationsGoThroughTheHook()
{
    MarkdownHooks hooks;
    QStringList seen;
    hooks.citation = [&](const CitationMatch &m, const QString &text, bool inCode) -> QString {
        seen << text + (inCode ? QStringLiteral("(code)") : QString());
        return QStringLiteral("<a href=\"cite:%1\">%2</a>").arg(m.offset).arg(text.toHtmlEscaped());
    };
    const MarkdownResult r = renderMarkdown(
        QStringLiteral("See [1] and `src/a.py:3-4`, also **src/b.py:9**.\n\n```\nnot[2]\n```"), hooks);
    QCOMPARE(seen, (QStringList{QStringLiteral("[1]"), QStringLiteral("src/a.py:3-4(code)"), QStringLiteral("src/b.py:9")}));
    QCOMPARE(r.citations, 3);
    QVERIFY(r.html.contains(QStringLiteral("<b><a href=")));
}

void tst_Markdown::underscoresInPathsAreNotEmphasis()
{
    MarkdownHooks hooks;
    hooks.citation = [](const CitationMatch &, const QString &text, bool) -> QString { return QStringLiteral("{") + text + u'}'; };
    const QString html = renderMarkdown(QStringLiteral("in my_pkg/some_module_name.py:12 and snake_case_name"), hooks).html;
    QCOMPARE(html, QStringLiteral("<p>in {my_pkg/some_module_name.py:12} and snake_case_name</p>"));
}

void tst_Markdown::deepNestingIsBounded()
{
    QString md;
    for (int i = 0; i < 500; ++i)
        md += QStringLiteral("> ");
    md += QStringLiteral("deep");
    QString list;
    for (int i = 0; i < 300; ++i)
        list += QString(i * 2, u' ') + QStringLiteral("- x\n");
    QVERIFY(renderMarkdown(md).html.contains(QStringLiteral("deep")));
    QVERIFY(!renderMarkdown(list).html.isEmpty());
    QVERIFY(!renderMarkdown(QString(5000, u'*')).html.isEmpty());
    QVERIFY(!renderMarkdown(QString(3000, u'[')).html.isEmpty());
}

void tst_Markdown::garbageDoesNotCrash()
{
    QRandomGenerator rng(3);
    const QString alphabet = QStringLiteral("*_~`[]()<>!#>-|:\\ \n1.abc/\u00e9");
    for (int round = 0; round < 1500; ++round) {
        QString s;
        const int n = int(rng.bounded(120));
        for (int i = 0; i < n; ++i)
            s += alphabet.at(rng.bounded(int(alphabet.size())));
        const QString html = renderMarkdown(s).html;
        QVERIFY(!html.contains(QStringLiteral("<img")));
        QVERIFY(!html.contains(QStringLiteral("<script")));
    }
}

QTEST_GUILESS_MAIN(tst_Markdown)
#include "tst_markdown.moc"
