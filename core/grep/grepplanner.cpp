#include "grepplanner.h"

#include <algorithm>
#include <set>
#include <string>

namespace RepoLens {

// --- TrigramQuery ----------------------------------------------------------------------------

TrigramQuery TrigramQuery::of(Trigram t)
{
    TrigramQuery q;
    q.op = Op::Trigram;
    q.trigram = t;
    return q;
}

TrigramQuery TrigramQuery::allOf(std::vector<TrigramQuery> parts)
{
    std::vector<TrigramQuery> flat;
    for (TrigramQuery &p : parts) {
        if (p.op == Op::All)
            continue;
        if (p.op == Op::And) {
            for (TrigramQuery &c : p.children)
                flat.push_back(std::move(c));
        } else {
            flat.push_back(std::move(p));
        }
    }
    // Trigrams first, in order, each once; then the rest, each once.
    std::stable_sort(flat.begin(), flat.end(), [](const TrigramQuery &a, const TrigramQuery &b) {
        if ((a.op == Op::Trigram) != (b.op == Op::Trigram))
            return a.op == Op::Trigram;
        return a.op == Op::Trigram && a.trigram < b.trigram;
    });
    std::vector<TrigramQuery> unique;
    for (TrigramQuery &q : flat) {
        if (std::find(unique.cbegin(), unique.cend(), q) == unique.cend())
            unique.push_back(std::move(q));
    }
    if (unique.empty())
        return all();
    if (unique.size() == 1)
        return std::move(unique.front());
    TrigramQuery q;
    q.op = Op::And;
    q.children = std::move(unique);
    return q;
}

TrigramQuery TrigramQuery::anyOf(std::vector<TrigramQuery> parts)
{
    if (parts.empty())
        return all(); // no alternative known: no condition
    std::vector<TrigramQuery> flat;
    for (TrigramQuery &p : parts) {
        if (p.op == Op::All)
            return all();
        if (p.op == Op::Or) {
            for (TrigramQuery &c : p.children)
                flat.push_back(std::move(c));
        } else {
            flat.push_back(std::move(p));
        }
    }
    std::vector<TrigramQuery> unique;
    for (TrigramQuery &q : flat) {
        if (std::find(unique.cbegin(), unique.cend(), q) == unique.cend())
            unique.push_back(std::move(q));
    }
    // (a & b) | a is a: an alternative whose trigrams include another's adds nothing.
    std::vector<TrigramQuery> kept;
    for (size_t i = 0; i < unique.size(); ++i) {
        const std::vector<Trigram> mine = unique[i].op == Op::And || unique[i].op == Op::Trigram
                                              ? unique[i].trigrams()
                                              : std::vector<Trigram>{};
        bool implied = false;
        for (size_t j = 0; j < unique.size() && !mine.empty() && !implied; ++j) {
            if (i == j || unique[j].op != Op::Trigram)
                continue;
            implied = std::binary_search(mine.cbegin(), mine.cend(), unique[j].trigram) && unique[i].op == Op::And
                      && std::all_of(unique[i].children.cbegin(), unique[i].children.cend(),
                                     [](const TrigramQuery &c) { return c.op == Op::Trigram; });
        }
        if (!implied)
            kept.push_back(std::move(unique[i]));
    }
    if (kept.size() == 1)
        return std::move(kept.front());
    TrigramQuery q;
    q.op = Op::Or;
    q.children = std::move(kept);
    return q;
}

int TrigramQuery::nodeCount() const
{
    int n = 1;
    for (const TrigramQuery &c : children)
        n += c.nodeCount();
    return n;
}

std::vector<Trigram> TrigramQuery::trigrams() const
{
    std::vector<Trigram> out;
    std::vector<const TrigramQuery *> stack{this};
    while (!stack.empty()) {
        const TrigramQuery *q = stack.back();
        stack.pop_back();
        if (q->op == Op::Trigram)
            out.push_back(q->trigram);
        for (const TrigramQuery &c : q->children)
            stack.push_back(&c);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool TrigramQuery::matches(const std::vector<Trigram> &sorted) const
{
    switch (op) {
    case Op::All:
        return true;
    case Op::Trigram:
        return std::binary_search(sorted.cbegin(), sorted.cend(), trigram);
    case Op::And:
        return std::all_of(children.cbegin(), children.cend(), [&](const TrigramQuery &c) { return c.matches(sorted); });
    case Op::Or:
        return std::any_of(children.cbegin(), children.cend(), [&](const TrigramQuery &c) { return c.matches(sorted); });
    }
    return true;
}

QString trigramText(Trigram t)
{
    QString out;
    for (int shift = 16; shift >= 0; shift -= 8) {
        const uchar b = uchar(t >> shift);
        if (b >= 0x21 && b < 0x7f && b != '\\')
            out += QLatin1Char(char(b));
        else if (b == ' ')
            out += QLatin1String("\\s");
        else
            out += QStringLiteral("\\x%1").arg(uint(b), 2, 16, QLatin1Char('0'));
    }
    return out;
}

QString TrigramQuery::toString() const
{
    switch (op) {
    case Op::All:
        return QStringLiteral("*");
    case Op::Trigram:
        return trigramText(trigram);
    case Op::And:
    case Op::Or: {
        QStringList parts;
        for (const TrigramQuery &c : children)
            parts << (c.op == Op::And || c.op == Op::Or ? u'(' + c.toString() + u')' : c.toString());
        return parts.join(op == Op::And ? QLatin1String(" & ") : QLatin1String(" | "));
    }
    }
    return {};
}

bool TrigramQuery::operator==(const TrigramQuery &o) const
{
    return op == o.op && trigram == o.trigram && children == o.children;
}

// --- the analysis ------------------------------------------------------------------------------

namespace {

using Text = std::u32string;
using TextSet = std::set<Text>;

// Set sizes before information is folded into the trigram query (exact strings), into shorter
// prefixes and suffixes (affixes), or dropped (pairs across a concatenation).
constexpr size_t kMaxExact = 32;
constexpr size_t kMaxAffix = 32;
constexpr size_t kMaxBoundary = 64;
// Characters of a class that are expanded into alternatives; a larger class is "any character".
constexpr size_t kMaxClassChars = 32;
// A query larger than this is pruned (sound: an AND may lose parts, an OR becomes All).
constexpr int kMaxQueryNodes = 4000;

// The characters matched by case-insensitive PCRE2 (UTF + UCP) beside an ASCII letter's own
// two cases: U+212A KELVIN SIGN for k, U+017F LATIN SMALL LETTER LONG S for s
// (tst_grepplanner checks this against PCRE2 over every code point).
char32_t caselessPartner(char32_t lowerAscii)
{
    switch (lowerAscii) {
    case U'k':
        return U'\x212A';
    case U's':
        return U'\x017F';
    default:
        return 0;
    }
}

char32_t foldAscii(char32_t c)
{
    return c >= U'A' && c <= U'Z' ? c + 32 : c;
}

bool isAsciiLetter(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}

QByteArray utf8Of(const Text &t)
{
    return QString::fromUcs4(t.data(), qsizetype(t.size())).toUtf8();
}

// The trigrams of one string (all of them must occur), or All when it is shorter than three
// bytes.
TrigramQuery trigramsOfText(const Text &t)
{
    const QByteArray bytes = utf8Of(t);
    if (bytes.size() < 3)
        return TrigramQuery::all();
    std::vector<TrigramQuery> parts;
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    for (qsizetype i = 0; i + 2 < bytes.size(); ++i)
        parts.push_back(TrigramQuery::of(GrepStore::trigram(p[i], p[i + 1], p[i + 2])));
    return TrigramQuery::allOf(std::move(parts));
}

// One of the strings occurs.
TrigramQuery anyText(const TextSet &set)
{
    std::vector<TrigramQuery> alternatives;
    for (const Text &t : set) {
        TrigramQuery q = trigramsOfText(t);
        if (q.isAll())
            return TrigramQuery::all();
        alternatives.push_back(std::move(q));
    }
    return TrigramQuery::anyOf(std::move(alternatives));
}

TextSet cross(const TextSet &a, const TextSet &b)
{
    TextSet out;
    for (const Text &x : a) {
        for (const Text &y : b)
            out.insert(x + y);
    }
    return out;
}

TextSet heads(const TextSet &set, size_t n)
{
    TextSet out;
    for (const Text &t : set)
        out.insert(t.substr(0, n));
    return out;
}

TextSet tails(const TextSet &set, size_t n)
{
    TextSet out;
    for (const Text &t : set)
        out.insert(t.size() <= n ? t : t.substr(t.size() - n));
    return out;
}

// What is known of the strings a subexpression matches:
//   exact      (when known) a finite set holding every one of them
//   prefix     (otherwise) every one starts with one of these; at most two characters each,
//   suffix     the rest of what they said is in `query`
//   query      every one of them satisfies it
//   emptyable  it may match the empty string
struct Info
{
    bool emptyable = false;
    bool exactKnown = false;
    TextSet exact;
    TextSet prefix;
    TextSet suffix;
    TrigramQuery query;

    const TextSet &prefixes() const { return exactKnown ? exact : prefix; }
    const TextSet &suffixes() const { return exactKnown ? exact : suffix; }
    TrigramQuery exactQuery() const { return exactKnown ? anyText(exact) : TrigramQuery::all(); }
};

Info emptyString()
{
    Info i;
    i.emptyable = true;
    i.exactKnown = true;
    i.exact = {Text()};
    return i;
}

// Any single character, or any string at all (`emptyable`).
Info unknown(bool emptyable)
{
    Info i;
    i.emptyable = emptyable;
    i.prefix = {Text()};
    i.suffix = {Text()};
    return i;
}

Info characters(const std::set<char32_t> &chars)
{
    if (chars.empty() || chars.size() > kMaxClassChars)
        return unknown(false);
    Info i;
    i.exactKnown = true;
    for (char32_t c : chars)
        i.exact.insert(Text(1, c));
    return i;
}

// An unknown subexpression keeps at most two characters of its prefixes and suffixes: what
// they said goes into the query first.
void settle(Info &i)
{
    if (i.exactKnown)
        return;
    i.query = TrigramQuery::allOf({std::move(i.query), anyText(i.prefix), anyText(i.suffix)});
    auto shrink = [](TextSet &set, bool front) {
        for (size_t n = 2;; --n) {
            TextSet cut = front ? heads(set, n) : tails(set, n);
            if (cut.size() <= kMaxAffix || n == 0) {
                set = std::move(cut);
                return;
            }
        }
    };
    shrink(i.prefix, true);
    shrink(i.suffix, false);
}

TrigramQuery across(const TextSet &left, const TextSet &right)
{
    const TextSet ends = tails(left, 2);
    const TextSet starts = heads(right, 2);
    if (ends.size() * starts.size() > kMaxBoundary)
        return TrigramQuery::all();
    return anyText(cross(ends, starts));
}

Info concat(const Info &a, const Info &b)
{
    Info r;
    r.emptyable = a.emptyable && b.emptyable;
    if (a.exactKnown && b.exactKnown && a.exact.size() * b.exact.size() <= kMaxExact) {
        r.exactKnown = true;
        r.exact = cross(a.exact, b.exact);
        r.query = TrigramQuery::allOf({a.query, b.query});
        return r;
    }
    if (a.exactKnown) {
        const TextSet &next = b.prefixes();
        r.prefix = a.exact.size() * next.size() <= kMaxAffix ? cross(a.exact, next) : a.exact;
    } else {
        r.prefix = a.prefix;
    }
    if (b.exactKnown) {
        const TextSet &before = a.suffixes();
        r.suffix = before.size() * b.exact.size() <= kMaxAffix ? cross(before, b.exact) : b.exact;
    } else {
        r.suffix = b.suffix;
    }
    r.query = TrigramQuery::allOf({a.query, b.query, a.exactQuery(), b.exactQuery(),
                                   across(a.suffixes(), b.prefixes())});
    settle(r);
    return r;
}

Info alternate(const Info &a, const Info &b)
{
    Info r;
    r.emptyable = a.emptyable || b.emptyable;
    if (a.exactKnown && b.exactKnown) {
        TextSet both = a.exact;
        both.insert(b.exact.cbegin(), b.exact.cend());
        if (both.size() <= kMaxExact) {
            r.exactKnown = true;
            r.exact = std::move(both);
            r.query = TrigramQuery::anyOf({a.query, b.query});
            return r;
        }
    }
    r.prefix = a.prefixes();
    r.prefix.insert(b.prefixes().cbegin(), b.prefixes().cend());
    r.suffix = a.suffixes();
    r.suffix.insert(b.suffixes().cbegin(), b.suffixes().cend());
    r.query = TrigramQuery::anyOf({TrigramQuery::allOf({a.query, a.exactQuery()}),
                                   TrigramQuery::allOf({b.query, b.exactQuery()})});
    settle(r);
    return r;
}

Info optional(const Info &a)
{
    if (a.exactKnown && a.exact.size() < kMaxExact) {
        Info r = a;
        r.exact.insert(Text());
        r.emptyable = true;
        r.query = TrigramQuery::all(); // the empty string has no trigrams
        return r;
    }
    Info r = unknown(true);
    r.prefix = a.prefixes();
    r.prefix.insert(Text());
    r.suffix = a.suffixes();
    r.suffix.insert(Text());
    settle(r);
    return r;
}

Info oneOrMore(const Info &a)
{
    Info r;
    r.emptyable = a.emptyable;
    r.prefix = a.prefixes();
    r.suffix = a.suffixes();
    r.query = TrigramQuery::allOf({a.query, a.exactQuery()});
    settle(r);
    return r;
}

// a{min,max} (max < 0: unbounded), read as at most three copies of a followed by a* when more
// may follow: a superset, so its conditions hold for every match.
Info repeat(const Info &a, int min, int max)
{
    if (min == 0) {
        if (max == 0)
            return emptyString();
        if (max == 1)
            return optional(a);
        return unknown(true);
    }
    if (min == 1 && max < 0)
        return oneOrMore(a);
    const int copies = std::min(min, 3);
    Info r = a;
    for (int i = 1; i < copies; ++i)
        r = concat(r, a);
    if (max < 0 || max > copies)
        r = concat(r, unknown(true));
    return r;
}

// A recursive-descent reader of PCRE2 patterns that computes Info as it goes. It never
// guesses: a construct whose meaning or extent it does not know for certain sets `failed`,
// and the whole pattern is then planned as All.
class Analyzer
{
public:
    Analyzer(QStringView pattern, bool caseless)
        : m_text(pattern.toString().toStdU32String())
        , m_caseless(caseless)
    {
    }

    Info run()
    {
        Info i = alternation();
        if (!m_failed && m_pos != m_text.size())
            fail(QStringLiteral("an unbalanced ')'"));
        return i;
    }
    bool failed() const { return m_failed; }
    QString failure() const { return m_failure; }

    // A literal character as the matcher compares it.
    Info literal(char32_t c) const
    {
        if (!m_caseless)
            return characters({foldAscii(c)});
        if (c >= 0x80)
            return unknown(false); // its case partners are not modelled
        std::set<char32_t> chars{foldAscii(c)};
        if (isAsciiLetter(c)) {
            if (const char32_t partner = caselessPartner(foldAscii(c)))
                chars.insert(partner);
        }
        return characters(chars);
    }

private:
    const std::u32string m_text;
    size_t m_pos = 0;
    bool m_caseless = false;
    bool m_failed = false;
    QString m_failure;

    bool atEnd() const { return m_pos >= m_text.size(); }
    char32_t peek(size_t ahead = 0) const { return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : 0; }
    char32_t next() { return atEnd() ? 0 : m_text[m_pos++]; }
    bool accept(char32_t c)
    {
        if (peek() != c || atEnd())
            return false;
        ++m_pos;
        return true;
    }
    Info fail(const QString &why)
    {
        if (!m_failed) {
            m_failed = true;
            m_failure = why;
        }
        m_pos = m_text.size();
        return unknown(true);
    }

    Info alternation()
    {
        Info r = sequence();
        while (!m_failed && accept(U'|'))
            r = alternate(r, sequence());
        return r;
    }

    Info sequence()
    {
        Info r = emptyString();
        while (!m_failed && !atEnd() && peek() != U'|' && peek() != U')')
            r = concat(r, quantified());
        return r;
    }

    // A quantifier at m_pos: {n}, {n,}, {n,m} exactly as PCRE2 10.42 reads them.
    bool braceQuantifier(int *min, int *max)
    {
        size_t p = m_pos;
        if (p >= m_text.size() || m_text[p] != U'{')
            return false;
        ++p;
        auto number = [&](int *out) {
            const size_t start = p;
            qint64 v = 0;
            while (p < m_text.size() && m_text[p] >= U'0' && m_text[p] <= U'9') {
                v = std::min<qint64>(v * 10 + (m_text[p] - U'0'), 1 << 20);
                ++p;
            }
            *out = int(v);
            return p > start;
        };
        int lo = 0;
        int hi = 0;
        if (!number(&lo))
            return false;
        if (p < m_text.size() && m_text[p] == U'}') {
            hi = lo;
        } else if (p < m_text.size() && m_text[p] == U',') {
            ++p;
            if (!number(&hi))
                hi = -1;
            if (p >= m_text.size() || m_text[p] != U'}')
                return false;
        } else {
            return false;
        }
        m_pos = p + 1;
        *min = lo;
        *max = hi;
        return true;
    }

    // A '{' that is not a quantifier is a literal for PCRE2 10.42; one that only spaces or a
    // missing lower bound keep from being one may be a quantifier for other versions.
    bool braceMayBeQuantifier() const
    {
        for (size_t p = m_pos + 1; p < m_text.size(); ++p) {
            const char32_t c = m_text[p];
            if (c == U'}')
                return p > m_pos + 1;
            if (!((c >= U'0' && c <= U'9') || c == U',' || c == U' ' || c == U'\t'))
                return false;
        }
        return false;
    }

    Info quantified()
    {
        Info a = atom();
        for (int count = 0; !m_failed; ++count) {
            int min = 0;
            int max = 0;
            if (peek() == U'*') {
                ++m_pos;
                max = -1;
            } else if (peek() == U'+') {
                ++m_pos;
                min = 1;
                max = -1;
            } else if (peek() == U'?') {
                ++m_pos;
                max = 1;
            } else if (peek() == U'{' && braceQuantifier(&min, &max)) {
            } else {
                if (peek() == U'{' && braceMayBeQuantifier())
                    return fail(QStringLiteral("a '{' that may be a quantifier"));
                return a;
            }
            if (count > 0)
                return fail(QStringLiteral("a quantifier after a quantifier"));
            if (max >= 0 && max < min)
                return fail(QStringLiteral("a quantifier {n,m} with m < n"));
            // lazy or possessive: the same strings (or fewer)
            if (peek() == U'?' || peek() == U'+')
                ++m_pos;
            a = repeat(a, min, max);
        }
        return a;
    }

    Info atom()
    {
        const char32_t c = next();
        switch (c) {
        case U'(':
            return group();
        case U'[':
            return characterClass();
        case U'.':
            return unknown(false);
        case U'^':
        case U'$':
            return emptyString();
        case U'\\':
            return escape();
        case U'{':
            --m_pos;
            if (braceMayBeQuantifier())
                return fail(QStringLiteral("a '{' that may be a quantifier"));
            ++m_pos;
            return literal(c);
        case U'*':
        case U'+':
        case U'?':
            return fail(QStringLiteral("a quantifier without an item"));
        default:
            return literal(c);
        }
    }

    // Reads up to `')'` of a group whose content is parsed for its extent only.
    Info groupBody()
    {
        const bool saved = m_caseless;
        Info inner = alternation();
        m_caseless = saved;
        if (!accept(U')'))
            return fail(QStringLiteral("an unclosed group"));
        return inner;
    }

    bool readName(char32_t close)
    {
        const size_t start = m_pos;
        while (!atEnd() && peek() != close) {
            const char32_t c = peek();
            if (!(c == U'_' || (c >= U'0' && c <= U'9') || isAsciiLetter(c) || c >= 0x80))
                return false;
            ++m_pos;
        }
        if (atEnd() || m_pos == start)
            return false;
        ++m_pos;
        return true;
    }

    Info group()
    {
        if (peek() == U'*')
            return fail(QStringLiteral("a verb or an alpha assertion (*...)"));
        if (!accept(U'?'))
            return groupBody();
        const char32_t c = next();
        switch (c) {
        case U':':
        case U'|':
        case U'>':
            return groupBody();
        case U'=':
        case U'!':
            groupBody();
            return emptyString();
        case U'<':
            if (accept(U'=') || accept(U'!')) {
                groupBody();
                return emptyString();
            }
            if (!readName(U'>'))
                return fail(QStringLiteral("a group name"));
            return groupBody();
        case U'\'':
            if (!readName(U'\''))
                return fail(QStringLiteral("a group name"));
            return groupBody();
        case U'P':
            if (accept(U'<')) {
                if (!readName(U'>'))
                    return fail(QStringLiteral("a group name"));
                return groupBody();
            }
            if (accept(U'=')) {
                if (!readName(U')'))
                    return fail(QStringLiteral("a back-reference"));
                return unknown(true);
            }
            return fail(QStringLiteral("a subroutine call (?P>...)"));
        case U'#':
            while (!atEnd() && peek() != U')')
                ++m_pos;
            if (!accept(U')'))
                return fail(QStringLiteral("an unclosed comment"));
            return emptyString();
        default:
            --m_pos;
            return flags();
        }
    }

    // (?i) (?-i) (?i:...) (?^) and the other option letters.
    Info flags()
    {
        bool caseless = m_caseless;
        bool negate = false;
        if (accept(U'^')) {
            caseless = false;
        }
        for (;;) {
            const char32_t c = next();
            switch (c) {
            case U'i':
                caseless = !negate;
                break;
            case U'm':
            case U'n':
            case U's':
            case U'J':
            case U'U':
                break;
            case U'-':
                if (negate)
                    return fail(QStringLiteral("option letters"));
                negate = true;
                break;
            case U')':
                m_caseless = caseless; // to the end of the enclosing group
                return emptyString();
            case U':': {
                const bool saved = m_caseless;
                m_caseless = caseless;
                Info inner = alternation();
                m_caseless = saved;
                if (!accept(U')'))
                    return fail(QStringLiteral("an unclosed group"));
                return inner;
            }
            default:
                // x (extended syntax), conditionals, recursion, callouts, ...
                return fail(QStringLiteral("the group (?%1").arg(QString::fromUcs4(&c, 1)));
            }
        }
    }

    // \Q...\E: literal characters up to \E or the end.
    Info quoted()
    {
        Info r = emptyString();
        while (!atEnd()) {
            if (peek() == U'\\' && peek(1) == U'E') {
                m_pos += 2;
                break;
            }
            r = concat(r, literal(next()));
        }
        return r;
    }

    static int hexValue(char32_t c)
    {
        if (c >= U'0' && c <= U'9')
            return int(c - U'0');
        if (c >= U'a' && c <= U'f')
            return int(c - U'a' + 10);
        if (c >= U'A' && c <= U'F')
            return int(c - U'A' + 10);
        return -1;
    }

    // A character given by code: \x{..}, \xhh, \o{..}, \0oo. 0 with `ok` false on trouble.
    char32_t codedCharacter(char32_t kind, bool *ok)
    {
        *ok = true;
        quint32 v = 0;
        if (kind == U'x') {
            if (accept(U'{')) {
                int digits = 0;
                while (!atEnd() && hexValue(peek()) >= 0 && digits < 8) {
                    v = v * 16 + quint32(hexValue(next()));
                    ++digits;
                }
                if (!accept(U'}') || digits == 0)
                    *ok = false;
            } else {
                int digits = 0;
                for (; digits < 2 && !atEnd() && hexValue(peek()) >= 0; ++digits)
                    v = v * 16 + quint32(hexValue(next()));
                if (digits == 0)
                    *ok = false; // what a bare \x means is not worth guessing
            }
        } else if (kind == U'o') {
            if (!accept(U'{')) {
                *ok = false;
                return 0;
            }
            int digits = 0;
            while (!atEnd() && peek() >= U'0' && peek() <= U'7' && digits < 11) {
                v = v * 8 + quint32(next() - U'0');
                ++digits;
            }
            if (!accept(U'}') || digits == 0)
                *ok = false;
        } else { // \0 and up to two more octal digits
            for (int i = 0; i < 2 && peek() >= U'0' && peek() <= U'7'; ++i)
                v = v * 8 + quint32(next() - U'0');
        }
        if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
            *ok = false;
        return char32_t(v);
    }

    // The escapes that stand for one known character everywhere.
    static char32_t simpleEscape(char32_t c)
    {
        switch (c) {
        case U'a':
            return 7;
        case U'e':
            return 27;
        case U'f':
            return 12;
        case U'n':
            return 10;
        case U'r':
            return 13;
        case U't':
            return 9;
        default:
            return 0;
        }
    }

    static bool isClassEscape(char32_t c)
    {
        switch (c) {
        case U'd':
        case U'D':
        case U's':
        case U'S':
        case U'w':
        case U'W':
        case U'h':
        case U'H':
        case U'v':
        case U'V':
            return true;
        default:
            return false;
        }
    }

    bool skipPropertyName()
    {
        if (accept(U'{')) {
            while (!atEnd() && peek() != U'}')
                ++m_pos;
            return accept(U'}');
        }
        return !atEnd() && (next(), true);
    }

    Info escape()
    {
        if (atEnd())
            return fail(QStringLiteral("a trailing backslash"));
        const char32_t c = next();
        if (const char32_t s = simpleEscape(c))
            return literal(s);
        if (isClassEscape(c))
            return unknown(false);
        switch (c) {
        case U'Q':
            return quoted();
        case U'E':
            return emptyString();
        case U'b':
        case U'B':
        case U'A':
        case U'z':
        case U'Z':
        case U'G':
        case U'K':
            return emptyString();
        case U'x':
        case U'o':
        case U'0': {
            bool ok = false;
            const char32_t v = codedCharacter(c, &ok);
            if (!ok)
                return fail(QStringLiteral("a character code"));
            return literal(v);
        }
        case U'p':
        case U'P':
            if (!skipPropertyName())
                return fail(QStringLiteral("a property name"));
            return unknown(false);
        case U'N':
            if (peek() == U'{')
                return fail(QStringLiteral("\\N{...}"));
            return unknown(false);
        case U'R':
        case U'X':
            return unknown(false);
        case U'c':
            if (atEnd())
                return fail(QStringLiteral("\\c at the end"));
            next();
            return unknown(false);
        case U'g':
            if (peek() == U'<' || peek() == U'\'')
                return fail(QStringLiteral("a subroutine call \\g<...>"));
            if (accept(U'{')) {
                while (!atEnd() && peek() != U'}')
                    ++m_pos;
                if (!accept(U'}'))
                    return fail(QStringLiteral("a back-reference"));
                return unknown(true);
            }
            accept(U'+') || accept(U'-');
            if (!(peek() >= U'0' && peek() <= U'9'))
                return fail(QStringLiteral("a back-reference"));
            while (peek() >= U'0' && peek() <= U'9' && !atEnd())
                ++m_pos;
            return unknown(true);
        case U'k': {
            const char32_t open = next();
            const char32_t close = open == U'<' ? U'>' : open == U'\'' ? U'\'' : open == U'{' ? U'}' : 0;
            if (!close || !readName(close))
                return fail(QStringLiteral("a back-reference"));
            return unknown(true);
        }
        default:
            break;
        }
        if (c >= U'1' && c <= U'9') {
            // A back-reference or an octal character: every digit that follows is taken, and
            // the whole is any text.
            while (peek() >= U'0' && peek() <= U'9' && !atEnd())
                ++m_pos;
            return unknown(true);
        }
        if (c < 0x80 && (isAsciiLetter(c) || (c >= U'0' && c <= U'9')))
            return fail(QStringLiteral("the escape \\%1").arg(QChar(char16_t(c))));
        return literal(c); // \. \\ \( \{ and every other non-alphanumeric character
    }

    // One member of a class that stands for a known character (or a class escape: unknown).
    // Returns false when the class cannot be modelled.
    bool classMember(char32_t *out, bool *unknownMember)
    {
        const char32_t c = next();
        if (c != U'\\') {
            *out = c;
            return true;
        }
        if (atEnd())
            return false;
        const char32_t e = next();
        if (const char32_t s = simpleEscape(e)) {
            *out = s;
            return true;
        }
        if (e == U'b') {
            *out = 8;
            return true;
        }
        if (isClassEscape(e)) {
            *unknownMember = true;
            *out = 0;
            return true;
        }
        if (e == U'p' || e == U'P') {
            *unknownMember = true;
            *out = 0;
            return skipPropertyName();
        }
        if (e == U'x' || e == U'o') {
            bool ok = false;
            *out = codedCharacter(e, &ok);
            return ok;
        }
        if (e >= U'0' && e <= U'7') {
            // octal (at most three digits in a class)
            quint32 v = quint32(e - U'0');
            for (int i = 0; i < 2 && peek() >= U'0' && peek() <= U'7'; ++i)
                v = v * 8 + quint32(next() - U'0');
            *out = char32_t(v);
            return true;
        }
        if (e == U'E') {
            *out = 0;
            *unknownMember = true; // cannot be a character; let the caller stay safe
            return false;
        }
        if (e < 0x80 && (isAsciiLetter(e) || (e >= U'0' && e <= U'9')))
            return false; // \Q in a class, \N, \R, \X, ...
        *out = e;
        return true;
    }

    Info characterClass()
    {
        const bool negated = accept(U'^');
        std::set<char32_t> chars;
        bool unknownMember = false;
        bool first = true;
        qint64 total = 0;
        for (;;) {
            if (atEnd())
                return fail(QStringLiteral("an unclosed class"));
            if (peek() == U']' && !first) {
                ++m_pos;
                break;
            }
            first = false;
            if (peek() == U'[' && (peek(1) == U':' || peek(1) == U'.' || peek(1) == U'=')) {
                if (peek(1) != U':')
                    return fail(QStringLiteral("a POSIX collating element"));
                // [:name:] or [:^name:]
                size_t p = m_pos + 2;
                if (p < m_text.size() && m_text[p] == U'^')
                    ++p;
                const size_t start = p;
                while (p < m_text.size() && m_text[p] >= U'a' && m_text[p] <= U'z')
                    ++p;
                if (p == start || p + 1 >= m_text.size() || m_text[p] != U':' || m_text[p + 1] != U']')
                    return fail(QStringLiteral("a POSIX class"));
                m_pos = p + 2;
                unknownMember = true;
                continue;
            }
            char32_t lo = 0;
            bool memberUnknown = false;
            if (!classMember(&lo, &memberUnknown))
                return fail(QStringLiteral("a class member"));
            if (memberUnknown) {
                unknownMember = true;
                continue;
            }
            if (peek() == U'-' && peek(1) != U']' && m_pos + 1 < m_text.size()) {
                ++m_pos;
                if (peek() == U'[')
                    return fail(QStringLiteral("a range to a POSIX class"));
                char32_t hi = 0;
                bool hiUnknown = false;
                if (!classMember(&hi, &hiUnknown) || hiUnknown || hi < lo)
                    return fail(QStringLiteral("a class range"));
                total += qint64(hi - lo) + 1;
                if (total > qint64(kMaxClassChars) * 2) {
                    unknownMember = true;
                    continue;
                }
                for (char32_t x = lo; x <= hi; ++x)
                    chars.insert(x);
                continue;
            }
            chars.insert(lo);
            ++total;
        }
        if (negated || unknownMember)
            return unknown(false);
        std::set<char32_t> folded;
        for (char32_t c : chars) {
            if (m_caseless && c >= 0x80)
                return unknown(false);
            folded.insert(foldAscii(c));
            if (m_caseless && isAsciiLetter(c)) {
                if (const char32_t partner = caselessPartner(foldAscii(c)))
                    folded.insert(partner);
            }
        }
        return characters(folded);
    }
};

// Sound pruning of an oversized query: an OR becomes All, an AND keeps a prefix of its parts.
TrigramQuery pruned(TrigramQuery q, int *budget)
{
    *budget -= 1;
    if (q.op == TrigramQuery::Op::Or) {
        int cost = q.nodeCount();
        if (cost > *budget)
            return TrigramQuery::all();
        *budget -= cost - 1;
        return q;
    }
    if (q.op == TrigramQuery::Op::And) {
        std::vector<TrigramQuery> kept;
        for (TrigramQuery &c : q.children) {
            if (*budget <= 0)
                break;
            kept.push_back(pruned(std::move(c), budget));
        }
        return TrigramQuery::allOf(std::move(kept));
    }
    return q;
}

GrepPlan finish(const Info &info, const QString &emptyReason)
{
    GrepPlan plan;
    plan.query = TrigramQuery::allOf({info.query, info.exactQuery(), info.exactKnown ? TrigramQuery::all() : anyText(info.prefix),
                                      info.exactKnown ? TrigramQuery::all() : anyText(info.suffix)});
    if (plan.query.nodeCount() > kMaxQueryNodes) {
        int budget = kMaxQueryNodes;
        plan.query = pruned(std::move(plan.query), &budget);
    }
    if (plan.query.isAll())
        plan.reason = emptyReason;
    return plan;
}

} // namespace

GrepPlan planLiteral(QStringView text, bool caseSensitive)
{
    Analyzer chars(QStringView(), !caseSensitive);
    Info info = emptyString();
    for (char32_t c : text.toString().toStdU32String())
        info = concat(info, chars.literal(c));
    return finish(info, QStringLiteral("the text is shorter than three characters"));
}

GrepPlan planRegex(QStringView pattern, bool caseSensitive)
{
    Analyzer analyzer(pattern, !caseSensitive);
    const Info info = analyzer.run();
    if (analyzer.failed()) {
        GrepPlan plan;
        plan.reason = QStringLiteral("the planner does not model %1").arg(analyzer.failure());
        return plan;
    }
    return finish(info, QStringLiteral("the expression requires no three characters in a row"));
}

} // namespace RepoLens
