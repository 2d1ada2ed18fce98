#include "grepmatcher.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <algorithm>

namespace RepoLens {

class GrepMatcher::Private
{
public:
    pcre2_code *code = nullptr;
    bool jit = false;
    bool skipsLines = false;

    ~Private() { pcre2_code_free(code); }
};

GrepMatcher::GrepMatcher()
    : d(std::make_unique<Private>())
{
}

GrepMatcher::~GrepMatcher() = default;

namespace {

// A literal as an expression: ASCII punctuation escaped, everything else as it is.
QString escapedLiteral(const QString &text)
{
    QString out;
    out.reserve(text.size() * 2);
    for (QChar c : text) {
        const char16_t u = c.unicode();
        const bool plain = (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9')
                           || u == u'_' || u >= 0x80;
        if (!plain)
            out += u'\\';
        out += c;
    }
    return out;
}

// Whether an expression matches the same way in a line and in a text that goes on past the line
// (GrepMatcher::skipsLines): nothing in it looks at where the subject starts or ends, looks
// around its match, or keeps what it took (atomic, possessive). Character classes hold nothing
// of that kind; unknown group syntax is taken as unsafe.
bool matchesWithinLine(const QString &p)
{
    bool quantified = false; // the character before was a quantifier (a '+' now is possessive)
    for (qsizetype i = 0; i < p.size(); ++i) {
        const char16_t c = p.at(i).unicode();
        const bool wasQuantified = quantified;
        quantified = false;
        if (c == u'\\') {
            if (i + 1 >= p.size())
                return false;
            const char16_t e = p.at(++i).unicode();
            if (e == u'A' || e == u'z' || e == u'Z' || e == u'G' || e == u'K' || e == u'Q' || e == u'E')
                return false;
            continue;
        }
        if (c == u'[') {
            // to the closing ']' (a ']' first in the class, after an optional '^', is literal)
            qsizetype j = i + 1;
            if (j < p.size() && p.at(j) == u'^')
                ++j;
            if (j < p.size() && p.at(j) == u']')
                ++j;
            for (; j < p.size() && p.at(j) != u']'; ++j) {
                if (p.at(j) == u'\\')
                    ++j;
                else if (p.at(j) == u'[' && j + 1 < p.size() && p.at(j + 1) == u':')
                    j = std::max(j, p.indexOf(QStringLiteral(":]"), j + 2) + 1); // [:alpha:]
            }
            if (j >= p.size())
                return false;
            i = j;
            continue;
        }
        if (c == u'^' || c == u'$')
            return false;
        if (c == u'+' && wasQuantified)
            return false; // possessive
        if (c == u'*' || c == u'+' || c == u'?' || c == u'}') {
            quantified = c != u'?' || !wasQuantified; // ("a+?" is lazy, and a '+' after it possessive)
            continue;
        }
        if (c == u'(' && i + 1 < p.size() && (p.at(i + 1) == u'*'))
            return false; // a verb
        if (c == u'(' && i + 1 < p.size() && p.at(i + 1) == u'?') {
            const QStringView rest = QStringView(p).mid(i + 2);
            if (rest.startsWith(u':'))
                continue;
            // named groups: (?<name> (?P<name> (?'name'
            const QStringView name = rest.startsWith(u'P') ? rest.mid(1) : rest;
            if ((name.startsWith(u'<') || name.startsWith(u'\'')) && name.size() > 1 && name.at(1).isLetter())
                continue;
            // option settings: (?i) (?-i) (?i:
            qsizetype k = 0;
            while (k < rest.size() && (rest.at(k).isLetter() || rest.at(k) == u'-' || rest.at(k) == u'^'))
                ++k;
            if (k > 0 && k < rest.size() && (rest.at(k) == u')' || rest.at(k) == u':'))
                continue;
            return false; // look-arounds, atomic groups, conditions, comments, recursion
        }
    }
    return true;
}

} // namespace

bool GrepMatcher::skipsLines() const
{
    return d->skipsLines;
}

Result<std::shared_ptr<const GrepMatcher>> GrepMatcher::compile(const QString &pattern, bool regex, bool caseSensitive,
                                                                bool word)
{
    QString expr = regex ? pattern : escapedLiteral(pattern);
    qsizetype shift = 0;
    if (word) {
        expr = QStringLiteral("\\b(?:") + expr + QStringLiteral(")\\b");
        shift = 5;
    }
    const QByteArray utf8 = expr.toUtf8();
    uint32_t options = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF;
    if (!caseSensitive)
        options |= PCRE2_CASELESS;
    int errorCode = 0;
    PCRE2_SIZE errorOffset = 0;
    pcre2_code *code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(utf8.constData()), PCRE2_SIZE(utf8.size()), options,
                                     &errorCode, &errorOffset, nullptr);
    if (!code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(errorCode, message, sizeof message);
        // The offset in characters of what the caller wrote.
        const qsizetype at = QString::fromUtf8(utf8.left(qsizetype(errorOffset))).size() - shift;
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("pattern: not a valid regular expression: %1 at offset %2")
                             .arg(QString::fromUtf8(reinterpret_cast<const char *>(message)))
                             .arg(std::clamp<qsizetype>(at, 0, pattern.size())));
    }
    std::shared_ptr<GrepMatcher> matcher(new GrepMatcher);
    matcher->d->code = code;
    matcher->d->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    matcher->d->skipsLines = !regex || matchesWithinLine(pattern);
    return std::shared_ptr<const GrepMatcher>(std::move(matcher));
}

class GrepMatcher::Session::Private
{
public:
    const GrepMatcher &matcher;
    pcre2_match_data *data = nullptr;
    pcre2_match_context *context = nullptr;
    pcre2_jit_stack *stack = nullptr;

    explicit Private(const GrepMatcher &m)
        : matcher(m)
    {
        data = pcre2_match_data_create_from_pattern(m.d->code, nullptr);
        context = pcre2_match_context_create(nullptr);
        pcre2_set_match_limit(context, kGrepMatchLimit);
        pcre2_set_depth_limit(context, 100000);
        pcre2_set_heap_limit(context, 64 * 1024); // KiB
        if (m.d->jit) {
            stack = pcre2_jit_stack_create(32 * 1024, 1024 * 1024, nullptr);
            if (stack)
                pcre2_jit_stack_assign(context, nullptr, stack);
        }
    }
    ~Private()
    {
        pcre2_jit_stack_free(stack);
        pcre2_match_context_free(context);
        pcre2_match_data_free(data);
    }
};

GrepMatcher::Session::Session(const GrepMatcher &matcher)
    : d(std::make_unique<Private>(matcher))
{
}

GrepMatcher::Session::~Session() = default;

bool GrepMatcher::Session::skipsLines() const
{
    return d->matcher.skipsLines();
}

GrepMatcher::Session::Outcome GrepMatcher::Session::find(const char *line, qsizetype length, qsizetype from,
                                                         qsizetype *start, qsizetype *end)
{
    if (!d->data || !d->context)
        return Outcome::GaveUp;
    const int rc = pcre2_match(d->matcher.d->code, reinterpret_cast<PCRE2_SPTR>(line), PCRE2_SIZE(length),
                               PCRE2_SIZE(from), 0, d->data, d->context);
    if (rc == PCRE2_ERROR_NOMATCH)
        return Outcome::NoMatch;
    if (rc < 0)
        return Outcome::GaveUp; // match, depth, heap or JIT stack limit
    const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(d->data);
    *start = qsizetype(ovector[0]);
    *end = qsizetype(ovector[1]);
    if (*end < *start) // \K in a lookahead can report an end before the start
        *end = *start;
    return Outcome::Match;
}

} // namespace RepoLens
