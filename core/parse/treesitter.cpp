#include "treesitter_p.h"

#include "grammars.h"
#include "grammartable_p.h"
#include "querytable_p.h"

#include "core/base/logging.h"

#include <QCryptographicHash>
#include <QMutex>

#include <cstring>
#include <map>

namespace RepoLens::TreeSitter {

const TSLanguage *grammar(LanguageId id)
{
    if (!isTreeSitterLanguage(id))
        return nullptr;
    const QByteArray name = languageName(id).toUtf8();
    for (const auto &entry : Generated::kGrammars) {
        if (name == entry.language)
            return entry.entry();
    }
    return nullptr;
}

Query::~Query()
{
    if (m_query)
        ts_query_delete(m_query);
}

int Query::captureIndex(const char *name) const
{
    for (int i = 0; i < m_captureNames.size(); ++i) {
        if (m_captureNames.at(i) == name)
            return i;
    }
    return -1;
}

std::unique_ptr<Query> Query::compile(LanguageId id, const QByteArray &text, QString *error)
{
    const TSLanguage *language = grammar(id);
    if (!language) {
        if (error)
            *error = QStringLiteral("no grammar for %1").arg(languageName(id));
        return {};
    }
    uint32_t errorOffset = 0;
    TSQueryError errorType = TSQueryErrorNone;
    TSQuery *raw = ts_query_new(language, text.constData(), static_cast<uint32_t>(text.size()),
                                &errorOffset, &errorType);
    if (!raw) {
        if (error) {
            const QByteArray before = text.left(errorOffset);
            const int line = int(before.count('\n')) + 1;
            *error = QStringLiteral("query error %1 at line %2: %3")
                         .arg(int(errorType))
                         .arg(line)
                         .arg(QString::fromUtf8(text.mid(errorOffset, 40)));
        }
        return {};
    }
    std::unique_ptr<Query> query(new Query);
    query->m_query = raw;
    query->readCapturesAndPredicates();
    return query;
}

void Query::readCapturesAndPredicates()
{
    const uint32_t captures = ts_query_capture_count(m_query);
    for (uint32_t i = 0; i < captures; ++i) {
        uint32_t len = 0;
        const char *name = ts_query_capture_name_for_id(m_query, i, &len);
        m_captureNames.append(QByteArray(name, len));
    }
    const uint32_t patterns = ts_query_pattern_count(m_query);
    m_predicates.resize(patterns);
    for (uint32_t p = 0; p < patterns; ++p) {
        uint32_t stepCount = 0;
        const TSQueryPredicateStep *steps = ts_query_predicates_for_pattern(m_query, p, &stepCount);
        // Split into predicates at Done steps.
        uint32_t begin = 0;
        for (uint32_t i = 0; i <= stepCount; ++i) {
            if (i < stepCount && steps[i].type != TSQueryPredicateStepTypeDone)
                continue;
            const uint32_t n = i - begin;
            const TSQueryPredicateStep *s = steps + begin;
            begin = i + 1;
            if (n == 0)
                continue;
            if (auto pred = predicateFrom(m_query, s, n))
                m_predicates[p].append(std::move(*pred));
        }
    }
}

std::optional<Query::Predicate> Query::predicateFrom(const TSQuery *raw, const TSQueryPredicateStep *s, uint32_t n)
{
    if (s[0].type != TSQueryPredicateStepTypeString)
        return std::nullopt;
    uint32_t len = 0;
    const char *opName = ts_query_string_value_for_id(raw, s[0].value_id, &len);
    QByteArray op(opName, len);
    if (op.endsWith('!'))
        return std::nullopt; // directive, not a filter
    if (n < 2 || s[1].type != TSQueryPredicateStepTypeCapture)
        return std::nullopt;
    Predicate pred;
    pred.capture = s[1].value_id;
    if (op.startsWith("not-")) {
        pred.negated = true;
        op = op.mid(4);
    }
    if (op.startsWith("any-") && op != "any-of?") {
        pred.any = true;
        op = op.mid(4);
    }
    auto stringArg = [&](uint32_t k) {
        uint32_t l = 0;
        const char *v = ts_query_string_value_for_id(raw, s[k].value_id, &l);
        return QByteArray(v, l);
    };
    if (op == "eq?") {
        if (n < 3)
            return std::nullopt;
        pred.op = Predicate::Eq;
        if (s[2].type == TSQueryPredicateStepTypeCapture) {
            pred.compareCapture = true;
            pred.otherCapture = s[2].value_id;
        } else {
            pred.literal = stringArg(2);
        }
    } else if (op == "match?" || op == "lua-match?") {
        if (n < 3 || s[2].type != TSQueryPredicateStepTypeString)
            return std::nullopt;
        pred.op = Predicate::Match;
        pred.regex = std::make_shared<QRegularExpression>(QString::fromUtf8(stringArg(2)),
                                                          QRegularExpression::DontCaptureOption);
        if (!pred.regex->isValid()) {
            qCWarning(lcParse) << "invalid #match? regex" << stringArg(2);
            return std::nullopt;
        }
        pred.regex->optimize();
    } else if (op == "any-of?") {
        pred.op = Predicate::AnyOf;
        for (uint32_t k = 2; k < n; ++k) {
            if (s[k].type == TSQueryPredicateStepTypeString)
                pred.set.append(stringArg(k));
        }
    } else {
        return std::nullopt; // unknown predicate (e.g. #is?): treated as holding
    }
    return pred;
}

bool Query::predicatesHold(const TSQueryMatch &match, const char *source, uint32_t sourceLength) const
{
    if (match.pattern_index >= uint32_t(m_predicates.size()))
        return true;
    const auto &preds = m_predicates.at(match.pattern_index);
    if (preds.isEmpty())
        return true;
    auto textOf = [&](TSNode node) {
        const uint32_t start = std::min(ts_node_start_byte(node), sourceLength);
        const uint32_t end = std::min(ts_node_end_byte(node), sourceLength);
        return QByteArrayView(source + start, qsizetype(end - start));
    };
    for (const Predicate &pred : preds) {
        bool sawCapture = false;
        bool anyHolds = false;
        bool allHold = true;
        for (uint16_t c = 0; c < match.capture_count; ++c) {
            if (match.captures[c].index != pred.capture)
                continue;
            sawCapture = true;
            const QByteArrayView text = textOf(match.captures[c].node);
            bool holds = false;
            switch (pred.op) {
            case Predicate::Eq:
                if (pred.compareCapture) {
                    for (uint16_t d = 0; d < match.capture_count; ++d) {
                        if (match.captures[d].index == pred.otherCapture
                            && textOf(match.captures[d].node) == text) {
                            holds = true;
                            break;
                        }
                    }
                } else {
                    holds = text == QByteArrayView(pred.literal);
                }
                break;
            case Predicate::Match:
                holds = pred.regex->match(QString::fromUtf8(text)).hasMatch();
                break;
            case Predicate::AnyOf:
                for (const QByteArray &candidate : pred.set) {
                    if (text == QByteArrayView(candidate)) {
                        holds = true;
                        break;
                    }
                }
                break;
            }
            if (pred.negated)
                holds = !holds;
            anyHolds = anyHolds || holds;
            allHold = allHold && holds;
        }
        if (!sawCapture)
            continue; // optional capture absent: the predicate does not apply
        if (pred.any ? !anyHolds : !allHold)
            return false;
    }
    return true;
}

namespace {

// The query text without the top-level pattern that holds `offset` (parentheses and brackets
// counted outside strings and `;` comments).
QByteArray withoutPatternAt(const QByteArray &text, int offset)
{
    // `[(comment) (shebang)] @comment` with shebang unknown: only that alternative goes (the
    // error offset points at the node's name or at its parenthesis)
    if (offset < text.size() && text.at(offset) == '(')
        ++offset;
    if (offset > 0 && text.at(offset - 1) == '(') {
        QList<int> open; // positions of the brackets open at offset - 1
        bool quoted = false;
        for (int i = 0; i < offset - 1; ++i) {
            const char c = text.at(i);
            if (quoted) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    quoted = false;
            } else if (c == '"') {
                quoted = true;
            } else if (c == ';') {
                while (i < text.size() && text.at(i) != '\n')
                    ++i;
            } else if (c == '(' || c == '[') {
                open.append(i);
            } else if ((c == ')' || c == ']') && !open.isEmpty()) {
                open.removeLast();
            }
        }
        const int close = int(text.indexOf(')', offset));
        const int nested = int(text.indexOf('(', offset));
        if (!open.isEmpty() && text.at(open.last()) == '[' && close > 0
            && (nested < 0 || nested > close)) // a plain (node), nothing nested
            return text.left(offset - 1) + text.mid(close + 1);
    }
    int depth = 0;
    int patternStart = -1;
    bool inString = false;
    for (int i = 0; i < text.size(); ++i) {
        const char c = text.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == ';') {
            while (i < text.size() && text.at(i) != '\n')
                ++i;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        if (c == '(' || c == '[') {
            if (depth == 0)
                patternStart = i;
            ++depth;
        } else if ((c == ')' || c == ']') && depth > 0) {
            --depth;
            if (depth == 0 && patternStart >= 0 && patternStart <= offset) {
                // the pattern goes on with captures and quantifiers after its closing bracket
                int end = i + 1;
                while (end < text.size() && text.at(end) != '\n' && text.at(end) != '(' && text.at(end) != '[')
                    ++end;
                if (offset < end)
                    return text.left(patternStart) + text.mid(end);
            }
        }
    }
    return text;
}

} // namespace

const Query *Query::get(LanguageId id, QueryKind kind)
{
    static QMutex mutex;
    static std::map<std::pair<int, int>, std::unique_ptr<Query>> cache;
    static std::map<std::pair<int, int>, bool> failed;
    const auto key = std::make_pair(int(id), int(kind));
    QMutexLocker lock(&mutex);
    if (const auto it = cache.find(key); it != cache.end())
        return it->second.get();
    if (failed.count(key))
        return nullptr;
    const QByteArray name = languageName(id).toUtf8();
    for (const auto &entry : Generated::kQueries) {
        if (name != entry.language)
            continue;
        const char *text = kind == QueryKind::Tags ? entry.tags : entry.highlights;
        if (!text || !*text)
            break;
        QString error;
        QByteArray source(text);
        auto query = compile(id, source, &error);
        // A highlight query written for a sibling grammar (OCaml's for its interface grammar,
        // C's under Objective-C's) may name a node this grammar lacks: drop those patterns.
        for (int dropped = 0; !query && kind == QueryKind::Highlights && dropped < 64; ++dropped) {
            uint32_t offset = 0;
            TSQueryError type = TSQueryErrorNone;
            if (TSQuery *raw = ts_query_new(grammar(id), source.constData(), uint32_t(source.size()),
                                            &offset, &type))
                ts_query_delete(raw);
            if (type != TSQueryErrorNodeType && type != TSQueryErrorField
                && type != TSQueryErrorStructure)
                break;
            const QByteArray stripped = withoutPatternAt(source, int(offset));
            if (stripped.size() == source.size())
                break;
            qCDebug(lcParse, "%s highlights: dropped a pattern this grammar cannot match (%s)",
                    name.constData(), qPrintable(error));
            source = stripped;
            query = compile(id, source, &error);
        }
        if (!query) {
            qCWarning(lcParse, "%s %s query failed to compile: %s", name.constData(),
                      kind == QueryKind::Tags ? "tags" : "highlights", qPrintable(error));
            break;
        }
        const Query *result = query.get();
        cache.emplace(key, std::move(query));
        return result;
    }
    failed[key] = true;
    return nullptr;
}

} // namespace RepoLens::TreeSitter

namespace RepoLens {

QString treeSitterCoreVersion()
{
    return QString::fromLatin1(Generated::kTreeSitterCoreVersion);
}

int treeSitterMinAbi()
{
    return TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION;
}

int treeSitterMaxAbi()
{
    return TREE_SITTER_LANGUAGE_VERSION;
}

QString parserFingerprint()
{
    // Raise when the chunker's steps change what they make from the same tree.
    constexpr int kChunkerRevision = 2;
    static const QString fingerprint = [] {
        QCryptographicHash hash(QCryptographicHash::Sha1);
        hash.addData(QByteArray::number(kChunkerRevision));
        hash.addData(QByteArrayView(Generated::kTreeSitterCoreVersion));
        for (const auto &entry : Generated::kGrammars) {
            hash.addData(QByteArrayView(entry.package));
            hash.addData(QByteArrayView(entry.version));
        }
        for (const auto &entry : Generated::kQueries)
            hash.addData(QByteArrayView(entry.tags));
        return QString::fromLatin1(hash.result().toHex().left(16));
    }();
    return fingerprint;
}

QList<GrammarInfo> checkGrammars()
{
    QList<GrammarInfo> result;
    for (const auto &entry : Generated::kGrammars) {
        GrammarInfo info;
        info.language = languageFromName(QString::fromLatin1(entry.language));
        info.package = QString::fromLatin1(entry.package);
        info.version = QString::fromLatin1(entry.version);
        const TSLanguage *language = entry.entry();
        info.abiVersion = language ? int(ts_language_abi_version(language)) : 0;
        info.compatible = info.abiVersion >= treeSitterMinAbi() && info.abiVersion <= treeSitterMaxAbi();
        if (!info.compatible) {
            info.problem = QStringLiteral("grammar ABI %1 outside the core's supported range %2..%3")
                               .arg(info.abiVersion)
                               .arg(treeSitterMinAbi())
                               .arg(treeSitterMaxAbi());
        }
        result.append(info);
    }
    return result;
}

} // namespace RepoLens
