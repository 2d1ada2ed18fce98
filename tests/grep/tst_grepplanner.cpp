// The planner: the trigram query of literals and expressions (exact plans), the constructs it
// does not model (no plan, with the reason), the case folding it relies on (checked against
// PCRE2 over every code point) and, most of all, soundness: a random expression's plan holds
// for every random line the expression matches.

#include "core/grep/grepmatcher.h"
#include "core/grep/grepplanner.h"

#include <QRandomGenerator>
#include <QTest>

#include <set>

using namespace RepoLens;
using namespace Qt::StringLiterals;

class tst_GrepPlanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void literals_data();
    void literals();
    void expressions_data();
    void expressions();
    void notModelled_data();
    void notModelled();
    void caseFoldingMatchesPcre2();
    void queryAlgebra();
    void randomExpressionsAreSound();
};

namespace {

QString plan(const QString &pattern, bool regex, bool caseSensitive = true)
{
    const GrepPlan p = regex ? planRegex(pattern, caseSensitive) : planLiteral(pattern, caseSensitive);
    return p.query.toString();
}

std::vector<Trigram> sortedTrigrams(const QByteArray &utf8)
{
    std::vector<Trigram> t = GrepStore::trigramsOf(utf8);
    std::sort(t.begin(), t.end());
    return t;
}

} // namespace

void tst_GrepPlanner::literals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<QString>("expected");
    QTest::newRow("word") << "hello" << true << "ell & hel & llo";
    QTest::newRow("folded") << "HeLLo" << true << "ell & hel & llo";
    QTest::newRow("punctuation") << "a.b(c)" << true << "(c) & .b( & a.b & b(c";
    QTest::newRow("space") << "x = 1" << true << "\\s=\\s & =\\s1 & x\\s=";
    QTest::newRow("short") << "ab" << true << "*";
    QTest::newRow("three") << "abc" << false << "abc";
    // case-insensitive k and s also match the Kelvin sign and the long s
    QTest::newRow("kelvin") << "kit" << false << "kit | (\\x84\\xaai & \\xaait & \\xe2\\x84\\xaa)";
    QTest::newRow("kelvin sensitive") << "kit" << true << "kit";
    QTest::newRow("utf-8") << "café" << true << "af\\xc3 & caf & f\\xc3\\xa9";
    // a non-ASCII letter is not modelled case-insensitively: any character there
    QTest::newRow("caseless utf-8") << "café" << false << "caf";
    QTest::newRow("repeated") << "aaaa" << true << "aaa";
}

void tst_GrepPlanner::literals()
{
    QFETCH(QString, text);
    QFETCH(bool, caseSensitive);
    QFETCH(QString, expected);
    QCOMPARE(plan(text, false, caseSensitive), expected);
}

void tst_GrepPlanner::expressions_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<bool>("caseSensitive");
    QTest::addColumn<QString>("expected");
    QTest::newRow("literal") << "hello" << true << "ell & hel & llo";
    QTest::newRow("alternatives") << "foo|bar" << true << "bar | foo";
    QTest::newRow("class") << "a[bc]d" << true << "abd | acd";
    QTest::newRow("range") << "v[0-2]x" << true << "v0x | v1x | v2x";
    QTest::newRow("gap") << "abc.*def" << true << "abc & def";
    QTest::newRow("plus") << "ab+c" << true << "*"; // "abc", "abbc": no trigram in common
    QTest::newRow("plus long") << "abc+def" << true << "abc & cde & def";
    QTest::newRow("optional") << "colou?r" << true << "(col & lor & olo) | (col & lou & olo & our)";
    QTest::newRow("counted") << "(ab){3}" << true << "aba & bab";
    QTest::newRow("counted range") << "x(ab){2,5}y" << true << "aba & bab & xab";
    QTest::newRow("star") << "\\w+" << true << "*";
    QTest::newRow("dot") << "a.c" << true << "*";
    QTest::newRow("anchors") << "^def \\w+\\(" << true << "def & ef\\s";
    QTest::newRow("word boundary") << "\\bfoo\\b" << true << "foo";
    QTest::newRow("group") << "(?:get|set)Value" << true
                           << "(alu & etv & get & lue & tva & val) | (alu & etv & lue & set & tva & val)";
    QTest::newRow("caseless") << "(?i)Abc" << true << "abc";
    QTest::newRow("caseless option") << "ABC" << false << "abc";
    QTest::newRow("caseless s") << "ab(?i)s" << true << "abs | (ab\\xc5 & b\\xc5\\xbf)";
    QTest::newRow("scoped caseless") << "(?i:a)s" << true << "*"; // two characters
    QTest::newRow("escapes") << "\\x41\\.\\x{62}c" << true << ".bc & a.b";
    QTest::newRow("quoted") << "\\Qa.b*\\E" << true << ".b* & a.b";
    QTest::newRow("lookahead ignored") << "abc(?=xyz)" << true << "abc";
    QTest::newRow("back-reference") << "(abc)\\1" << true << "abc";
    QTest::newRow("lazy and possessive") << "abc+?d*+e" << true << "abc";
    QTest::newRow("literal brace") << "ab{c" << true << "ab{ & b{c";
    QTest::newRow("nested alternatives") << "(a|b)(c|d)e" << true << "ace | ade | bce | bde";
    QTest::newRow("large class") << "[a-z]{3}" << true << "*";
    QTest::newRow("negated class") << "[^a]bc" << true << "*";
    QTest::newRow("named group") << "(?<n>foo)(?P<m>bar)" << true << "bar & foo & oba & oob";
    QTest::newRow("comment") << "fo(?#x)o" << true << "foo";
}

void tst_GrepPlanner::expressions()
{
    QFETCH(QString, pattern);
    QFETCH(bool, caseSensitive);
    QFETCH(QString, expected);
    QVERIFY2(GrepMatcher::compile(pattern, true, caseSensitive, false), qPrintable(pattern));
    QCOMPARE(plan(pattern, true, caseSensitive), expected);
}

void tst_GrepPlanner::notModelled_data()
{
    QTest::addColumn<QString>("pattern");
    QTest::addColumn<QString>("reason");
    QTest::newRow("extended") << "(?x) a b c" << "the planner does not model the group (?x";
    QTest::newRow("subroutine") << "(abc)\\g<1>" << "the planner does not model a subroutine call \\g<...>";
    QTest::newRow("recursion") << "abc(?R)?" << "the planner does not model the group (?R";
    QTest::newRow("conditional") << "(a)?(?(1)bcd|efg)" << "the planner does not model the group (?(";
    QTest::newRow("verb") << "(*UTF)abcdef" << "the planner does not model a verb or an alpha assertion (*...)";
    QTest::newRow("brace with a space") << "ab{ 2}cd" << "the planner does not model a '{' that may be a quantifier";
    QTest::newRow("brace without a minimum") << "abc{,2}" << "the planner does not model a '{' that may be a quantifier";
    QTest::newRow("no trigram") << "\\d+-\\d+" << "the expression requires no three characters in a row";
}

void tst_GrepPlanner::notModelled()
{
    QFETCH(QString, pattern);
    QFETCH(QString, reason);
    QVERIFY2(GrepMatcher::compile(pattern, true, true, false), qPrintable(pattern));
    const GrepPlan p = planRegex(pattern, true);
    QVERIFY(!p.narrowed());
    QCOMPARE(p.reason, reason);
}

void tst_GrepPlanner::caseFoldingMatchesPcre2()
{
    // Every code point (but surrogates) in one subject, separated by line-free spaces.
    QByteArray all;
    std::vector<qsizetype> starts;
    for (char32_t c = 1; c <= 0x10FFFF; ++c) {
        if ((c >= 0xD800 && c <= 0xDFFF) || c == U'\n')
            continue;
        starts.push_back(all.size());
        all += QString::fromUcs4(&c, 1).toUtf8();
    }
    auto codePointAt = [&](qsizetype at) {
        return QString::fromUtf8(all.mid(at, 4)).toUcs4().value(0);
    };
    // For each ASCII character: the code points case-insensitive PCRE2 matches it with. The
    // planner expands a letter into its two cases and the partner below, nothing else.
    for (char c = 0x21; c < 0x7f; ++c) {
        auto matcher = GrepMatcher::compile(QString(QLatin1Char(c)), false, false, false);
        QVERIFY(matcher);
        GrepMatcher::Session session(**matcher);
        std::set<uint> found;
        qsizetype from = 0;
        qsizetype start = 0;
        qsizetype end = 0;
        while (session.find(all.constData(), all.size(), from, &start, &end) == GrepMatcher::Session::Outcome::Match) {
            found.insert(codePointAt(start));
            from = end;
        }
        std::set<uint> expected{uint(uchar(c))};
        const char lower = QChar::fromLatin1(c).toLower().toLatin1();
        const char upper = QChar::fromLatin1(c).toUpper().toLatin1();
        expected.insert(uint(uchar(lower)));
        expected.insert(uint(uchar(upper)));
        if (lower == 'k')
            expected.insert(0x212A);
        if (lower == 's')
            expected.insert(0x017F);
        QCOMPARE(found, expected);
    }
}

void tst_GrepPlanner::queryAlgebra()
{
    const Trigram a = GrepStore::trigram('a', 'a', 'a');
    const Trigram b = GrepStore::trigram('b', 'b', 'b');
    const Trigram c = GrepStore::trigram('c', 'c', 'c');
    using Q = TrigramQuery;
    QVERIFY(Q::allOf({}).isAll());
    QVERIFY(Q::anyOf({Q::of(a), Q::all()}).isAll());
    QCOMPARE(Q::allOf({Q::of(b), Q::all(), Q::allOf({Q::of(a), Q::of(b)})}).toString(), QStringLiteral("aaa & bbb"));
    QCOMPARE(Q::anyOf({Q::of(a), Q::anyOf({Q::of(b), Q::of(a)})}).toString(), QStringLiteral("aaa | bbb"));
    // (a & b) | a is a
    QCOMPARE(Q::anyOf({Q::allOf({Q::of(a), Q::of(b)}), Q::of(a)}).toString(), QStringLiteral("aaa"));
    const Q q = Q::allOf({Q::of(a), Q::anyOf({Q::of(b), Q::of(c)})});
    QVERIFY(q.matches({a, c}));
    QVERIFY(!q.matches({a}));
    QVERIFY(!q.matches({b, c}));
    QCOMPARE(q.trigrams(), (std::vector<Trigram>{a, b, c}));
    QCOMPARE(q.nodeCount(), 5);
}

void tst_GrepPlanner::randomExpressionsAreSound()
{
    // Random expressions over a small alphabet (with the case partners in it) against random
    // lines of the same alphabet: whenever PCRE2 finds a match in a line, the plan holds for
    // the line's trigrams. (The index only drops files whose trigrams fail the plan, so this is
    // the property that makes it exact.)
    QRandomGenerator rng(20260311);
    const QStringList atoms = {u"a"_s, u"b"_s, u"k"_s, u"K"_s, u"s"_s, u"\u017f"_s, u"\u212a"_s, u"é"_s,
                               u"É"_s, u" "_s, u"."_s, u"\\w"_s, u"\\s"_s, u"[ab]"_s, u"[^a]"_s, u"[a-c]"_s,
                               u"[kK]"_s, u"\\b"_s, u"^"_s, u"$"_s, u"\\."_s, u"(?i)"_s, u"\\x{212a}"_s, u"\\d"_s};
    const QStringList letters = {u"a"_s, u"b"_s, u"c"_s, u"k"_s, u"K"_s, u"s"_s, u"S"_s, u"\u017f"_s,
                                 u"\u212a"_s, u"é"_s, u"É"_s, u" "_s, u"."_s, u"1"_s};
    std::function<QString(int)> expression = [&](int depth) -> QString {
        const int kind = int(rng.bounded(depth > 3 ? 4 : 9));
        switch (kind) {
        case 0:
        case 1:
        case 2:
            return atoms.at(int(rng.bounded(qsizetype(atoms.size()))));
        case 3: {
            QString s;
            for (int i = 0, n = 1 + int(rng.bounded(5)); i < n; ++i)
                s += QString(letters.at(int(rng.bounded(qsizetype(letters.size()))))).replace(u"."_s, u"\\."_s);
            return s;
        }
        case 4:
            return expression(depth + 1) + expression(depth + 1);
        case 5:
            return u"(?:"_s + expression(depth + 1) + u"|"_s + expression(depth + 1) + u")"_s;
        case 6: {
            static const QStringList quantifiers = {u"*"_s, u"+"_s, u"?"_s, u"{2}"_s, u"{1,3}"_s, u"{0,2}"_s,
                                                    u"{2,}"_s, u"+?"_s, u"*+"_s};
            return u"(?:"_s + expression(depth + 1) + u")"_s
                   + quantifiers.at(int(rng.bounded(qsizetype(quantifiers.size()))));
        }
        case 7:
            return u"(?i:"_s + expression(depth + 1) + u")"_s;
        default:
            return u"("_s + expression(depth + 1) + expression(depth + 1) + u")"_s;
        }
    };
    int matchedLines = 0;
    int narrowedPlans = 0;
    for (int round = 0; round < 3000; ++round) {
        const QString pattern = expression(0);
        const bool caseSensitive = rng.bounded(2) == 0;
        auto matcher = GrepMatcher::compile(pattern, true, caseSensitive, false);
        if (!matcher)
            continue;
        const GrepPlan p = planRegex(pattern, caseSensitive);
        narrowedPlans += p.narrowed() ? 1 : 0;
        GrepMatcher::Session session(**matcher);
        for (int l = 0; l < 40; ++l) {
            QString line;
            for (int i = 0, n = int(rng.bounded(12)); i < n; ++i)
                line += letters.at(int(rng.bounded(qsizetype(letters.size()))));
            const QByteArray utf8 = line.toUtf8();
            qsizetype start = 0;
            qsizetype end = 0;
            if (session.find(utf8.constData(), utf8.size(), 0, &start, &end) != GrepMatcher::Session::Outcome::Match)
                continue;
            ++matchedLines;
            if (!p.query.matches(sortedTrigrams(utf8)))
                QFAIL(qPrintable(u"unsound plan %1 for /%2/%3 on \"%4\""_s.arg(p.query.toString(), pattern,
                                                                                 caseSensitive ? QString() : u"i"_s,
                                                                                 line)));
        }
    }
    // the test means something: many matches, many plans that narrow
    QVERIFY2(matchedLines > 5000, qPrintable(QString::number(matchedLines)));
    QVERIFY2(narrowedPlans > 300, qPrintable(QString::number(narrowedPlans)));
}

QTEST_GUILESS_MAIN(tst_GrepPlanner)
#include "tst_grepplanner.moc"
