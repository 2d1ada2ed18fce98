// The withholding stage and its rule table (core/base/secretrules.conf), checked against a
// corpus of our own (tests/data/secrets/corpus.txt): every rule has positive and negative
// examples, a positive must be found by its rule and withheld exactly where the example marks
// it, a negative must not lose a single character. The table covers every rule of gitleaks'
// default configuration (tests/data/secrets/gitleaks-rule-ids.txt).

#include "core/base/ignorerules.h"
#include "core/base/secrets.h"

#include <QFile>
#include <QSet>
#include <QTest>

using namespace RepoLens;

namespace {

constexpr char16_t kOpen = u'\u27e6';
constexpr char16_t kClose = u'\u27e7';

struct Example
{
    QString rule;
    bool positive = true;
    QString text;                 // markers removed
    QList<QPair<int, int>> marks; // [start, end) in text
    int line = 0;                 // of its header in the corpus
};

QString readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QList<Example> loadCorpus()
{
    const QString all = readFile(QStringLiteral(REPOLENS_TEST_DATA "/secrets/corpus.txt"));
    QList<Example> out;
    const QStringList lines = all.split(u'\n');
    Example *current = nullptr;
    QStringList body;
    const auto finish = [&] {
        if (!current)
            return;
        QString raw = body.join(u'\n');
        if (raw.endsWith(u'\n'))
            raw.chop(1);
        int open = -1;
        for (QChar c : std::as_const(raw)) {
            if (c == kOpen) {
                open = int(current->text.size());
            } else if (c == kClose) {
                current->marks.append({open, int(current->text.size())});
                open = -1;
            } else {
                current->text += c;
            }
        }
        body.clear();
    };
    for (int i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        if (line.startsWith(QLatin1String("=== "))) {
            finish();
            const QStringList parts = line.split(u' ', Qt::SkipEmptyParts);
            Example e;
            e.positive = parts.value(1) == u"+";
            e.rule = parts.value(2);
            e.line = i + 1;
            out.append(e);
            current = &out.last();
            continue;
        }
        if (current)
            body << line;
    }
    finish();
    return out;
}

QString show(const QString &text, const QList<SecretFinding> &spans)
{
    QString out;
    int at = 0;
    for (const SecretFinding &s : spans) {
        out += text.mid(at, s.offset - at) + QChar(kOpen) + text.mid(s.offset, s.length) + QChar(kClose)
               + QStringLiteral("{%1}").arg(s.rule);
        at = s.offset + s.length;
    }
    return out + text.mid(at);
}

} // namespace

class tst_Secrets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void builtInTableIsTheSourceFile();
    void everyRuleHasPositiveAndNegativeExamples();
    void corpus_data();
    void corpus();
    void withholdingIsIdempotent();
    void coversGitleaksDefaultRules();
    void keepsLineNumbers();
    void describesWhereTextWasWithheld();
    void badTablesAreRejected_data();
    void badTablesAreRejected();

private:
    QList<Example> m_corpus;
};

void tst_Secrets::initTestCase()
{
    m_corpus = loadCorpus();
    QVERIFY(m_corpus.size() > 100);
    QVERIFY(SecretRules::builtIn().rules().size() > 50);
}

void tst_Secrets::builtInTableIsTheSourceFile()
{
    const QString text = readFile(QStringLiteral(REPOLENS_SOURCE_DIR "/core/base/secretrules.conf"));
    QVERIFY(!text.isEmpty());
    const auto parsed = SecretRules::parse(text);
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().toString()));
    QStringList fromFile, builtIn;
    for (const auto &r : parsed->rules())
        fromFile << r.id;
    for (const auto &r : SecretRules::builtIn().rules())
        builtIn << r.id;
    QCOMPARE(builtIn, fromFile);
}

void tst_Secrets::everyRuleHasPositiveAndNegativeExamples()
{
    QSet<QString> ids;
    for (const auto &r : SecretRules::builtIn().rules())
        ids.insert(r.id);
    QHash<QString, int> positives, negatives;
    for (const Example &e : std::as_const(m_corpus)) {
        QVERIFY2(ids.contains(e.rule), qPrintable(QStringLiteral("corpus line %1: no rule '%2'").arg(e.line).arg(e.rule)));
        ++(e.positive ? positives : negatives)[e.rule];
        if (e.positive)
            QVERIFY2(!e.marks.isEmpty(), qPrintable(QStringLiteral("corpus line %1: nothing marked").arg(e.line)));
        else
            QVERIFY2(e.marks.isEmpty(), qPrintable(QStringLiteral("corpus line %1: a negative is marked").arg(e.line)));
    }
    QStringList missing;
    for (const QString &id : std::as_const(ids)) {
        if (positives.value(id) == 0)
            missing << id + QStringLiteral(" (positive)");
        if (negatives.value(id) == 0)
            missing << id + QStringLiteral(" (negative)");
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
}

void tst_Secrets::corpus_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_corpus.size(); ++i) {
        const Example &e = m_corpus.at(i);
        QTest::newRow(qPrintable(QStringLiteral("%1 %2 (line %3)").arg(e.positive ? u'+' : u'-').arg(e.rule).arg(e.line)))
            << i;
    }
}

void tst_Secrets::corpus()
{
    QFETCH(int, index);
    const Example &e = m_corpus.at(index);
    const WithheldText result = withholdSecrets(e.text);
    if (!e.positive) {
        QVERIFY2(!result.isWithheld(), qPrintable(show(e.text, result.spans)));
        QCOMPARE(result.text, e.text);
        return;
    }
    // The rule itself finds (part of) what is marked...
    const QList<SecretFinding> own = SecretRules::builtIn().find(e.text, e.rule);
    bool overlaps = false;
    for (const SecretFinding &f : own) {
        for (const auto &[start, end] : e.marks)
            overlaps = overlaps || (f.offset < end && start < f.offset + f.length);
    }
    QVERIFY2(overlaps, qPrintable(QStringLiteral("rule %1 found: %2").arg(e.rule, show(e.text, own))));
    // ...and the whole stage withholds exactly what is marked.
    QList<QPair<int, int>> spans;
    for (const SecretFinding &s : result.spans)
        spans.append({s.offset, s.offset + s.length});
    QVERIFY2(spans == e.marks, qPrintable(show(e.text, result.spans)));
    for (const auto &[start, end] : e.marks)
        QVERIFY(!result.text.contains(e.text.mid(start, end - start)));
}

void tst_Secrets::withholdingIsIdempotent()
{
    for (const Example &e : std::as_const(m_corpus)) {
        const WithheldText once = withholdSecrets(e.text);
        const WithheldText twice = withholdSecrets(once.text);
        QVERIFY2(!twice.isWithheld(), qPrintable(QStringLiteral("line %1: %2").arg(e.line).arg(show(once.text, twice.spans))));
    }
}

void tst_Secrets::coversGitleaksDefaultRules()
{
    QSet<QString> covered;
    for (const auto &r : SecretRules::builtIn().rules()) {
        for (const QString &id : r.covers)
            covered.insert(id);
    }
    const QStringList lines = readFile(QStringLiteral(REPOLENS_TEST_DATA "/secrets/gitleaks-rule-ids.txt")).split(u'\n');
    QStringList uncovered;
    QSet<QString> listed;
    int ids = 0;
    for (const QString &line : lines) {
        if (line.trimmed().isEmpty() || line.startsWith(u'#'))
            continue;
        ++ids;
        const QString id = line.section(u' ', 0, 0);
        listed.insert(id);
        const qsizetype scanner = line.indexOf(QLatin1String("scanner:"));
        if (scanner >= 0) {
            // Files the scanner never reads: each example name is ignored by a built-in rule.
            for (const QString &name : line.mid(scanner + 8).split(u' ', Qt::SkipEmptyParts)) {
                const auto match = IgnoreRules::builtInMatch(name, false);
                QVERIFY2(match && match->ignored, qPrintable(name));
            }
            continue;
        }
        if (!covered.contains(id))
            uncovered << id;
    }
    QCOMPARE(ids, 222);
    QVERIFY2(uncovered.isEmpty(), qPrintable(uncovered.join(u' ')));
    // No typos in the covers lists.
    QStringList unknown;
    for (const QString &id : std::as_const(covered)) {
        if (!listed.contains(id))
            unknown << id;
    }
    QVERIFY2(unknown.isEmpty(), qPrintable(unknown.join(u' ')));
}

void tst_Secrets::keepsLineNumbers()
{
    const QString text = QStringLiteral("KEY = \"\"\"-----BEGIN RSA PRIVATE KEY-----\n"
                                        "MIIEowIBAAKCAQEAwJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY0123456789ab\n"
                                        "-----END RSA PRIVATE KEY-----\"\"\"\n"
                                        "\n"
                                        "def sign():\n"
                                        "    return KEY\n");
    const WithheldText w = withholdSecrets(text);
    QCOMPARE(w.text, QStringLiteral("KEY = \"\"\"[withheld: private key]\n\n\"\"\"\n\ndef sign():\n    return KEY\n"));
    QCOMPARE(w.text.count(u'\n'), text.count(u'\n'));
    QCOMPARE(w.spans.size(), 1);
    QCOMPARE(w.spans.first().line, 1);
    QCOMPARE(w.spans.first().endLine, 3);
    QCOMPARE(w.spans.first().kind, QStringLiteral("private key"));
}

void tst_Secrets::describesWhereTextWasWithheld()
{
    const WithheldText w = withholdSecrets(QStringLiteral("a = 1\nDB_PASSWORD = \"x9Tq!rL2wz\"\n"
                                                          "SLACK = \"https://hooks.slack.com/services/T0123ABCD/B0123ABCD/abcdefghijklmnopqrstuvwx\"\n"));
    QCOMPARE(w.spans.size(), 2);
    QCOMPARE(w.describe(10), QStringLiteral("line 11 (credential); line 12 (Slack webhook)"));
    QVERIFY(w.text.contains(QStringLiteral("DB_PASSWORD = \"[withheld: credential]\"")));
    QVERIFY(w.text.contains(QStringLiteral("https://hooks.slack.com/[withheld: Slack webhook]\"")));
    QVERIFY(!withholdSecrets(QString()).isWithheld());
}

void tst_Secrets::badTablesAreRejected_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("error");
    QTest::newRow("no kind") << QStringLiteral("[a]\npattern = x\n") << QStringLiteral("needs a kind");
    QTest::newRow("bad pattern") << QStringLiteral("[a]\nkind = k\npattern = (x\n") << QStringLiteral("rule 'a'");
    QTest::newRow("unknown field") << QStringLiteral("[a]\nkind = k\npattern = x\ncolour = red\n")
                                   << QStringLiteral("unknown field");
    QTest::newRow("twice") << QStringLiteral("[a]\nkind = k\npattern = x\n[a]\nkind = k\npattern = y\n")
                           << QStringLiteral("defined twice");
    QTest::newRow("bad check") << QStringLiteral("[a]\nkind = k\npattern = x\nvalue-check = maybe\n")
                               << QStringLiteral("unknown value-check");
}

void tst_Secrets::badTablesAreRejected()
{
    QFETCH(QString, table);
    QFETCH(QString, error);
    const auto parsed = SecretRules::parse(table);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().toString().contains(error), qPrintable(parsed.error().toString()));
    // A good one with macros and continuation lines.
    const auto good = SecretRules::parse(QStringLiteral("@define W = sec\n    ret\n[r]\nkind = k\npattern = {W}=(?<secret>\\d+)\n"));
    QVERIFY(good);
    const QList<SecretFinding> found = good->find(u"x secret=42 y");
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().offset, 9);
    QCOMPARE(found.first().length, 2);
}

QTEST_GUILESS_MAIN(tst_Secrets)
#include "tst_secrets.moc"
