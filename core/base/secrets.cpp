#include "secrets.h"

#include "logging.h"

#include "secretrules_p.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace RepoLens {

namespace {

enum ValueCheck : quint8 {
    CheckPlaceholder = 1 << 0,
    CheckIdentifier = 1 << 1,
    CheckRandom = 1 << 2,
};

struct Rule
{
    QString id;
    QString kind;
    QRegularExpression re;
    QList<int> secretGroups; // capture indices named "secret"
    QStringList keywords;    // lower case
    QList<QList<quint16>> keywordPairs; // each keyword's character pairs (pairKey), in order
    QStringList covers;
    quint8 checks = 0;
    int minLength = 0;
    double minEntropy = 0;
    int minClasses = 0;
};

// Two adjacent characters as one of 65,536 keys (exact for Latin-1; others may share a key,
// which only lets a few more texts past the keyword filter to the real search).
inline quint16 pairKey(QChar a, QChar b)
{
    return quint16((a.unicode() & 0xff) << 8 | (b.unicode() & 0xff));
}

// Which character pairs a text holds: a keyword with a pair the text lacks is not in it, so
// most keyword searches end here (a rule table has a hundred keywords, a text few of them).
class CharPairs
{
public:
    explicit CharPairs(QStringView text)
    {
        for (qsizetype i = 0; i + 1 < text.size(); ++i) {
            const quint16 k = pairKey(text[i], text[i + 1]);
            m_bits[k >> 6] |= quint64(1) << (k & 63);
        }
    }
    bool mayContain(const QList<quint16> &pairs) const
    {
        return std::all_of(pairs.cbegin(), pairs.cend(),
                           [this](quint16 k) { return m_bits[k >> 6] & (quint64(1) << (k & 63)); });
    }

private:
    std::array<quint64, 1024> m_bits{};
};

double entropyPerChar(QStringView s)
{
    if (s.isEmpty())
        return 0;
    QHash<QChar, int> counts;
    for (QChar c : s)
        ++counts[c];
    double h = 0;
    for (int n : std::as_const(counts)) {
        const double p = double(n) / double(s.size());
        h -= p * std::log2(p);
    }
    return h;
}

int characterClasses(QStringView s)
{
    bool lower = false, upper = false, digit = false;
    for (QChar c : s) {
        const char16_t u = c.unicode();
        lower = lower || (u >= u'a' && u <= u'z');
        upper = upper || (u >= u'A' && u <= u'Z');
        digit = digit || (u >= u'0' && u <= u'9');
    }
    return int(lower) + int(upper) + int(digit);
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

// Words that make up placeholder values: "your_api_key_here", "CHANGE_ME", "<token>",
// "dummy-secret", "changeit".
const QSet<QString> &placeholderWords()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const char *w :
             {"your",     "my",       "our",      "the",         "a",         "an",       "here",
              "there",    "change",   "changeme", "changeit",    "me",        "it",       "example",
              "examples", "sample",   "dummy",    "fake",        "test",      "testing",  "tests",
              "placeholder", "redacted", "removed", "hidden",    "masked",    "secret",   "secrets",
              "password", "passwd",   "pass",     "pwd",         "passphrase", "token",   "tokens",
              "key",      "keys",     "api",      "apikey",      "value",     "values",   "foo",
              "bar",      "baz",      "qux",      "todo",        "fixme",     "insert",   "enter",
              "put",      "replace",  "with",     "this",        "that",      "none",     "null",
              "nil",      "undefined", "empty",   "default",     "demo",      "mock",     "stub",
              "some",     "any",      "string",   "str",         "text",      "user",     "username",
              "name",     "access",   "refresh",  "id",          "type",      "field",    "header",
              "param",    "bearer",   "auth",     "credential",  "credentials", "private", "public",
              "client",   "set",      "get",      "new",         "old",       "goes",     "xxx",
              "tbd",      "unknown",  "invalid",  "wrong",       "bad",       "good",     "correct",
              "secure",   "random",   "generated", "generate",   "env",       "environment", "var",
              "variable", "config",   "setting",  "settings",    "required",  "optional", "missing",
              "not",      "no",       "real",     "actual",      "valid",     "expired",  "revoked",
              "local",    "dev",      "development", "staging",  "prod",      "production", "s3cr3t",
              "hunter",   "letmein",  "admin",    "root",        "guest",     "sk",       "pk",
              "abc",      "abcd",     "abcdef",   "qwerty",      "asdf",      "aws",      "db",
              "database", "app",      "service",  "webhook",     "url",       "oauth",    "basic",    "x"}) {
            s.insert(QString::fromLatin1(w));
        }
        return s;
    }();
    return words;
}

bool isSequentialOrRepeatedDigits(QStringView digits)
{
    if (digits.size() <= 3)
        return true;
    bool ascending = true, repeated = true;
    for (qsizetype i = 1; i < digits.size(); ++i) {
        ascending = ascending && digits[i].unicode() == digits[i - 1].unicode() + 1;
        repeated = repeated && digits[i] == digits[i - 1];
    }
    return ascending || repeated;
}

// Every alphabetic run of the value (split at non-letters and camelCase) is a placeholder word
// or a run of x's, and every digit run is short or a sequence: "your_api_key_here",
// "changeme123", "XXXXXXXX", "<YOUR-TOKEN>".
bool isMadeOfPlaceholderWords(QStringView value)
{
    const QSet<QString> &vocabulary = placeholderWords();
    bool sawWord = false;
    qsizetype i = 0;
    while (i < value.size()) {
        const QChar c = value[i];
        if (c.isLetter()) {
            qsizetype j = i + 1;
            // A camelCase boundary ends a word: "yourApiKey" -> your, api, key.
            while (j < value.size() && value[j].isLetter()
                   && !(value[j].isUpper() && value[j - 1].isLower())) {
                ++j;
            }
            const QString word = value.sliced(i, j - i).toString().toLower();
            const bool xs = word.size() >= 3 && word.count(u'x') == word.size();
            if (!xs && !vocabulary.contains(word))
                return false;
            sawWord = true;
            i = j;
        } else if (c.isDigit()) {
            qsizetype j = i + 1;
            while (j < value.size() && value[j].isDigit())
                ++j;
            if (!isSequentialOrRepeatedDigits(value.sliced(i, j - i)))
                return false;
            i = j;
        } else {
            ++i;
        }
    }
    return sawWord;
}

bool containsAny(QStringView text, std::initializer_list<const char *> needles,
                 Qt::CaseSensitivity cs = Qt::CaseInsensitive)
{
    for (const char *n : needles) {
        if (text.contains(QLatin1StringView(n), cs))
            return true;
    }
    return false;
}

// Values that are not secrets: placeholders, references to something else, code, prose.
bool isPlaceholderOrReference(QStringView value)
{
    const QStringView v = value.trimmed();
    if (v.size() < 4)
        return true;
    if (v.startsWith(u"[withheld"))
        return true;
    // References and templates: $VAR ${VAR} $(cmd) %VAR% %(name)s {{ var }} #{var} <token>
    // @Value !vault *alias &anchor [section]
    static const QString refStarts = QStringLiteral("$%<{[!*&@(");
    if (refStarts.contains(v.front()))
        return true;
    if (containsAny(v, {"${", "{{", "#{", "$(", "%(", "%s", "{}", "{0}", "%d"}, Qt::CaseSensitive))
        return true;
    if (v.endsWith(u'>') || v.endsWith(u'}'))
        return true;
    // Code: calls, indexing, member access, scope.
    if (containsAny(v, {"(", ")", "::", "->", "[", "]"}, Qt::CaseSensitive))
        return true;
    if (containsAny(v, {"environ", "getenv", "process.env", "ENV[", "System.getProperty",
                        "Environment.Get", "secrets.", "vault:", "keyring."}))
        return true;
    // Prose (labels, messages, prompts) and the end of a statement.
    for (QChar c : v) {
        if (c.isSpace())
            return true;
    }
    if (v.endsWith(u';') || v.endsWith(u','))
        return true;
    // Dotted names (self.password, settings.API_KEY, config.db.pass).
    static const QRegularExpression dotted(
        QStringLiteral("^[A-Za-z_][A-Za-z0-9_]+(?:\\.[A-Za-z_][A-Za-z0-9_]*)+$"));
    if (dotted.match(v).hasMatch())
        return true;
    // SCREAMING_SNAKE names of constants or environment variables ("DB_PASSWORD").
    static const QRegularExpression constant(QStringLiteral("^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$"));
    if (constant.match(v).hasMatch())
        return true;
    // Keywords and type names (annotations such as `password: str`).
    static const QSet<QString> words = [] {
        QSet<QString> s;
        for (const char *w :
             {"none", "null", "nil", "true", "false", "yes", "no", "on", "off", "undefined",
              "self", "this", "str", "string", "int", "integer", "bool", "boolean", "bytes",
              "byte[]", "char[]", "object", "any", "number", "secretstr", "optional", "required",
              "sensitive", "nullable", "redacted", "masked", "hidden", "omitted", "notset",
              // HTTP auth schemes ("Basic " + ...) and permissions (GitHub Actions id-token: write)
              "basic", "bearer", "digest", "negotiate", "read", "write", "read-write", "readonly",
              "missing", "unset", "empty", "blank", "inherit", "auto", "prompt", "ask", "file"}) {
            s.insert(QString::fromLatin1(w));
        }
        return s;
    }();
    if (words.contains(v.toString().toLower()))
        return true;
    // File paths and URLs.
    if (v.startsWith(u"./") || v.startsWith(u"../") || v.startsWith(u"~/")
        || (v.startsWith(u'/') && !v.startsWith(u"//")) || v.contains(QLatin1StringView("://")))
        return true;
    static const QRegularExpression fileName(
        QStringLiteral("^[\\w./\\\\-]+\\.(?:pem|key|crt|cer|p12|pfx|jks|json|ya?ml|txt|env|ini|"
                       "conf|cfg|properties|toml|xml|gpg|asc|der|keystore)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (fileName.match(v).hasMatch())
        return true;
    // One or two different characters: "********", "xxxxxxxx", "........", "abababab".
    QSet<QChar> distinct;
    for (QChar c : v) {
        distinct.insert(c);
        if (distinct.size() > 2)
            break;
    }
    if (distinct.size() <= 2)
        return true;
    if (isMadeOfPlaceholderWords(v))
        return true;
    // Short all-digit values: ports, counts, timeouts.
    if (v.size() < 8 && std::all_of(v.begin(), v.end(), [](QChar c) { return c.isDigit(); }))
        return true;
    return false;
}

// Letters only, in parts (camelCase, '_', '-', '.') of two or more letters that each have a
// vowel: "ClearTextPassword", "user_profile", "created_at" are names, not random keys.
bool isMadeOfWords(QStringView value)
{
    static const QRegularExpression lettersOnly(QStringLiteral("^[A-Za-z]+(?:[_.-][A-Za-z]+)*$"));
    if (!lettersOnly.match(value).hasMatch())
        return false;
    static const QString vowels = QStringLiteral("aeiouyAEIOUY");
    qsizetype i = 0;
    while (i < value.size()) {
        if (!value[i].isLetter()) {
            ++i;
            continue;
        }
        qsizetype j = i + 1;
        while (j < value.size() && value[j].isLetter() && !(value[j].isUpper() && value[j - 1].isLower()))
            ++j;
        const QStringView part = value.sliced(i, j - i);
        if (part.size() < 2 || std::none_of(part.begin(), part.end(), [](QChar c) { return vowels.contains(c); }))
            return false;
        i = j;
    }
    return true;
}

// A bare identifier that occurs again elsewhere in the text is a variable being passed
// around (`password=db_password` with db_password defined above), not a literal secret.
bool isIdentifierUsedElsewhere(QStringView text, qsizetype offset, QStringView value)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!identifier.match(value).hasMatch())
        return false;
    qsizetype from = 0;
    for (;;) {
        const qsizetype at = text.indexOf(value, from);
        if (at < 0)
            return false;
        from = at + 1;
        if (at == offset)
            continue;
        const bool startOk = at == 0 || !isWordChar(text[at - 1]);
        const qsizetype end = at + value.size();
        const bool endOk = end >= text.size() || !isWordChar(text[end]);
        if (startOk && endOk)
            return true;
    }
}

// A rule as written: its id, its fields in order, the line it starts on.
struct RawRule
{
    QString id;
    QList<QPair<QString, QString>> fields;
    int line = 0;
};

// The rule table as written: its macros and rules, continuation lines joined.
struct RuleSource
{
    QHash<QString, QString> macros;
    QList<RawRule> raw;
};

Error ruleTextError(const QString &message, int line)
{
    return makeError(ErrorCode::Parse, message, QStringLiteral("secret rules, line %1").arg(line));
}

// Reads the rule table's lines: "@define NAME = text", "[rule-id]", "field = value", comments,
// and indented continuation lines (patterns and macros continue without a break, word lists
// with a space).
Result<RuleSource> readRuleText(QStringView text)
{
    RuleSource out;
    QString *continued = nullptr;
    bool continuedVerbatim = false;
    int lineNumber = 0;
    for (QStringView line : text.split(u'\n')) {
        ++lineNumber;
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (!line.isEmpty() && (line.front() == u' ' || line.front() == u'\t')
            && !line.trimmed().isEmpty() && !line.trimmed().startsWith(u'#')) {
            if (!continued)
                return ruleTextError(QStringLiteral("continuation line without a field"), lineNumber);
            if (!continuedVerbatim)
                *continued += u' ';
            *continued += line.trimmed();
            continue;
        }
        const QStringView trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(u'#')) {
            if (trimmed.isEmpty())
                continued = nullptr;
            continue;
        }
        if (trimmed.startsWith(QLatin1StringView("@define "))) {
            const QStringView def = trimmed.sliced(8);
            const qsizetype eq = def.indexOf(u'=');
            if (eq <= 0)
                return ruleTextError(QStringLiteral("@define needs NAME = text"), lineNumber);
            const QString name = def.first(eq).trimmed().toString();
            out.macros.insert(name, def.sliced(eq + 1).trimmed().toString());
            continued = &out.macros[name];
            continuedVerbatim = true;
            continue;
        }
        if (trimmed.startsWith(u'[') && trimmed.endsWith(u']')) {
            RawRule r;
            r.id = trimmed.sliced(1, trimmed.size() - 2).trimmed().toString();
            r.line = lineNumber;
            out.raw.append(r);
            continued = nullptr;
            continue;
        }
        const qsizetype eq = trimmed.indexOf(u'=');
        if (eq <= 0 || out.raw.isEmpty())
            return ruleTextError(QStringLiteral("expected [rule-id], field = value or @define"), lineNumber);
        out.raw.last().fields.append({trimmed.first(eq).trimmed().toString(),
                                      trimmed.sliced(eq + 1).trimmed().toString()});
        continued = &out.raw.last().fields.last().second;
        continuedVerbatim = out.raw.last().fields.last().first == u"pattern";
    }
    return out;
}

// "{NAME}" replaced by the macro's text; macros may use earlier macros (8 rounds at most).
QString expandRuleMacros(QString s, const QHash<QString, QString> &macros)
{
    for (int round = 0; round < 8 && s.contains(u'{'); ++round) {
        bool changed = false;
        for (auto it = macros.cbegin(); it != macros.cend(); ++it) {
            const QString ref = u'{' + it.key() + u'}';
            if (s.contains(ref)) {
                s.replace(ref, it.value());
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    return s;
}

// Several alternatives may each name their group "secret": PCRE2 would need (?J), which
// QRegularExpression does not support, so they become secret, secret_2, ...
QString numberSecretGroups(QString pattern)
{
    static const QString group = QStringLiteral("(?<secret>");
    int n = 0;
    for (qsizetype at = pattern.indexOf(group); at >= 0; at = pattern.indexOf(group, at + 1)) {
        if (++n > 1)
            pattern.insert(at + group.size() - 1, u'_' + QString::number(n));
    }
    return pattern;
}

// One rule from its fields: kind, pattern (macros expanded, compiled), keywords, covers,
// value checks, minimum length / entropy / character classes; "note" is documentation.
Result<Rule> buildRule(const RawRule &r, const QHash<QString, QString> &macros)
{
    const auto fail = [&r](const QString &message) { return ruleTextError(message, r.line); };
    Rule rule;
    rule.id = r.id;
    QString pattern;
    for (const auto &[key, value] : r.fields) {
        if (key == u"kind") {
            rule.kind = value;
        } else if (key == u"pattern") {
            pattern = expandRuleMacros(value, macros);
        } else if (key == u"keywords") {
            for (const QString &k : value.split(u' ', Qt::SkipEmptyParts)) {
                rule.keywords << k.toLower();
                QList<quint16> pairs;
                for (qsizetype i = 0; i + 1 < rule.keywords.last().size(); ++i)
                    pairs << pairKey(rule.keywords.last()[i], rule.keywords.last()[i + 1]);
                rule.keywordPairs << pairs;
            }
        } else if (key == u"covers") {
            rule.covers = value.split(u' ', Qt::SkipEmptyParts);
        } else if (key == u"value-check") {
            for (const QString &c : value.split(u' ', Qt::SkipEmptyParts)) {
                if (c == u"placeholder")
                    rule.checks |= CheckPlaceholder;
                else if (c == u"identifier")
                    rule.checks |= CheckIdentifier | CheckPlaceholder;
                else if (c == u"random")
                    rule.checks |= CheckRandom;
                else
                    return fail(QStringLiteral("rule '%1': unknown value-check '%2'").arg(r.id, c));
            }
        } else if (key == u"min-length") {
            rule.minLength = value.toInt();
        } else if (key == u"min-entropy") {
            rule.minEntropy = value.toDouble();
        } else if (key == u"min-classes") {
            rule.minClasses = value.toInt();
        } else if (key != u"note") {
            return fail(QStringLiteral("rule '%1': unknown field '%2'").arg(r.id, key));
        }
    }
    if (rule.kind.isEmpty() || pattern.isEmpty())
        return fail(QStringLiteral("rule '%1' needs a kind and a pattern").arg(r.id));
    rule.re = QRegularExpression(numberSecretGroups(pattern));
    if (!rule.re.isValid()) {
        return fail(QStringLiteral("rule '%1': %2 at offset %3")
                        .arg(r.id, rule.re.errorString())
                        .arg(rule.re.patternErrorOffset()));
    }
    rule.re.optimize();
    const QStringList names = rule.re.namedCaptureGroups();
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (names.at(i) == u"secret" || names.at(i).startsWith(QLatin1StringView("secret_")))
            rule.secretGroups.append(int(i));
    }
    return rule;
}

// The rule table's text format (see the header of secretrules.conf).
Result<QList<Rule>> parseRules(QStringView text)
{
    auto source = readRuleText(text);
    if (!source)
        return source.error();
    QList<Rule> rules;
    QSet<QString> ids;
    static const QRegularExpression idShape(QStringLiteral("^[a-z0-9]+(?:-[a-z0-9]+)*$"));
    for (const RawRule &r : std::as_const(source->raw)) {
        if (!idShape.match(r.id).hasMatch())
            return ruleTextError(QStringLiteral("bad rule id '%1'").arg(r.id), r.line);
        if (ids.contains(r.id))
            return ruleTextError(QStringLiteral("rule '%1' is defined twice").arg(r.id), r.line);
        ids.insert(r.id);
        auto rule = buildRule(r, source->macros);
        if (!rule)
            return rule.error();
        rules.append(std::move(*rule));
    }
    return rules;
}

int lineAt(QStringView text, qsizetype offset, int *lastLine, qsizetype *lastOffset)
{
    // Incremental: offsets are asked for in increasing order most of the time.
    if (offset < *lastOffset) {
        *lastLine = 1;
        *lastOffset = 0;
    }
    *lastLine += int(text.sliced(*lastOffset, offset - *lastOffset).count(u'\n'));
    *lastOffset = offset;
    return *lastLine;
}

} // namespace

class SecretRules::Private
{
public:
    QList<Rule> rules;
};

SecretRules::SecretRules() : d(std::make_shared<Private>()) {}
SecretRules::~SecretRules() = default;
SecretRules::SecretRules(const SecretRules &) = default;
SecretRules &SecretRules::operator=(const SecretRules &) = default;
SecretRules::SecretRules(SecretRules &&) noexcept = default;
SecretRules &SecretRules::operator=(SecretRules &&) noexcept = default;

const SecretRules &SecretRules::builtIn()
{
    static const SecretRules table = [] {
        auto parsed = parse(QString::fromUtf8(Generated::kSecretRules));
        if (!parsed) {
            // A broken table is a build mistake (tst_secrets catches it): withhold nothing
            // rather than crash, and say so loudly.
            qCCritical(lcBase) << "secret rules:" << parsed.error().toString();
            return SecretRules();
        }
        return *parsed;
    }();
    return table;
}

Result<SecretRules> SecretRules::parse(QStringView text)
{
    auto rules = parseRules(text);
    if (!rules)
        return rules.error();
    SecretRules table;
    auto p = std::make_shared<Private>();
    p->rules = std::move(*rules);
    table.d = std::move(p);
    return table;
}

QList<SecretRules::RuleInfo> SecretRules::rules() const
{
    QList<RuleInfo> out;
    for (const Rule &r : d->rules)
        out.append(RuleInfo{r.id, r.kind, r.covers});
    return out;
}

QList<SecretFinding> SecretRules::find(QStringView text, const QString &ruleId) const
{
    QList<SecretFinding> out;
    if (text.isEmpty())
        return out;
    const QString lower = text.toString().toLower();
    const auto pairs = std::make_unique<CharPairs>(lower);
    for (const Rule &rule : d->rules) {
        if (!ruleId.isEmpty() && rule.id != ruleId)
            continue;
        if (!rule.keywords.isEmpty()) {
            bool found = false;
            for (qsizetype i = 0; !found && i < rule.keywords.size(); ++i)
                found = pairs->mayContain(rule.keywordPairs.at(i)) && lower.contains(rule.keywords.at(i));
            if (!found)
                continue;
        }
        QRegularExpressionMatchIterator it = rule.re.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            int group = 0;
            for (int g : rule.secretGroups) {
                if (m.capturedStart(g) >= 0) {
                    group = g;
                    break;
                }
            }
            const qsizetype start = m.capturedStart(group);
            const QStringView secret = m.capturedView(group);
            if (secret.trimmed().isEmpty())
                continue;
            if ((rule.checks & CheckPlaceholder) && isPlaceholderOrReference(secret))
                continue;
            if ((rule.checks & CheckIdentifier) && isIdentifierUsedElsewhere(text, start, secret))
                continue;
            if ((rule.checks & CheckRandom) && isMadeOfWords(secret))
                continue;
            if (rule.minLength > 0 && secret.size() < rule.minLength)
                continue;
            if (rule.minEntropy > 0 && entropyPerChar(secret) < rule.minEntropy)
                continue;
            if (rule.minClasses > 0 && characterClasses(secret) < rule.minClasses)
                continue;
            SecretFinding f;
            f.rule = rule.id;
            f.kind = rule.kind;
            f.offset = int(start);
            f.length = int(secret.size());
            out.append(f);
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const SecretFinding &a, const SecretFinding &b) {
        return a.offset != b.offset ? a.offset < b.offset : a.length > b.length;
    });
    int line = 1;
    qsizetype lineOffset = 0;
    for (SecretFinding &f : out) {
        f.line = lineAt(text, f.offset, &line, &lineOffset);
        f.endLine = f.line + int(text.sliced(f.offset, f.length).count(u'\n'));
    }
    return out;
}

QString withheldMarker(const QString &kind)
{
    return QStringLiteral("[withheld: ") + kind + u']';
}

QString WithheldText::describe(int firstLine) const
{
    QStringList parts;
    for (const SecretFinding &s : spans) {
        const int from = firstLine + s.line - 1;
        const int to = firstLine + s.endLine - 1;
        parts << (to > from ? QStringLiteral("lines %1-%2 (%3)").arg(from).arg(to).arg(s.kind)
                            : QStringLiteral("line %1 (%2)").arg(from).arg(s.kind));
    }
    return parts.join(QStringLiteral("; "));
}

WithheldText withholdSecrets(QStringView text, const SecretRules &rules)
{
    WithheldText out;
    const QList<SecretFinding> found = rules.find(text);
    if (found.isEmpty()) {
        out.text = text.toString();
        return out;
    }
    // Merge overlapping spans; the first (then longest) names the kind.
    for (const SecretFinding &f : found) {
        if (!out.spans.isEmpty()) {
            SecretFinding &last = out.spans.last();
            if (f.offset < last.offset + last.length) {
                const int end = std::max(last.offset + last.length, f.offset + f.length);
                last.length = end - last.offset;
                last.endLine = std::max(last.endLine, f.endLine);
                continue;
            }
        }
        out.spans.append(f);
    }
    QString result;
    result.reserve(text.size());
    qsizetype at = 0;
    for (const SecretFinding &s : std::as_const(out.spans)) {
        result += text.sliced(at, s.offset - at);
        result += withheldMarker(s.kind);
        // Keep the line breaks so that line numbers after the span stay right.
        const qsizetype breaks = text.sliced(s.offset, s.length).count(u'\n');
        if (breaks > 0)
            result += QString(breaks, u'\n');
        at = s.offset + s.length;
    }
    result += text.sliced(at);
    out.text = std::move(result);
    return out;
}

QList<SecretFinding> findSecrets(QStringView text, int maxFindings)
{
    QList<SecretFinding> found = SecretRules::builtIn().find(text);
    if (maxFindings >= 0 && found.size() > maxFindings)
        found.resize(maxFindings);
    return found;
}

} // namespace RepoLens
