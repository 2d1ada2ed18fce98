#include "treesitter_p.h"

#include "grammars.h"
#include "grammartable_p.h"
#include "querytable_p.h"

#include "core/base/logging.h"

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
    const uint32_t captures = ts_query_capture_count(raw);
    for (uint32_t i = 0; i < captures; ++i) {
        uint32_t len = 0;
        const char *name = ts_query_capture_name_for_id(raw, i, &len);
        query->m_captureNames.append(QByteArray(name, len));
    }
    const uint32_t patterns = ts_query_pattern_count(raw);
    query->m_predicates.resize(patterns);
    for (uint32_t p = 0; p < patterns; ++p) {
        uint32_t stepCount = 0;
        const TSQueryPredicateStep *steps = ts_query_predicates_for_pattern(raw, p, &stepCount);
        // Split into predicates at Done steps.
        uint32_t begin = 0;
        for (uint32_t i = 0; i <= stepCount; ++i) {
            if (i < stepCount && steps[i].type != TSQueryPredicateStepTypeDone)
                continue;
            const uint32_t n = i - begin;
            if (n == 0) {
                begin = i + 1;
                continue;
            }
            const TSQueryPredicateStep *s = steps + begin;
            begin = i + 1;
            if (s[0].type != TSQueryPredicateStepTypeString)
                continue;
            uint32_t len = 0;
            const char *opName = ts_query_string_value_for_id(raw, s[0].value_id, &len);
            QByteArray op(opName, len);
            if (op.endsWith('!'))
                continue; // directive, not a filter
            if (n < 2 || s[1].type != TSQueryPredicateStepTypeCapture)
                continue;
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
                    continue;
                pred.op = Predicate::Eq;
                if (s[2].type == TSQueryPredicateStepTypeCapture) {
                    pred.compareCapture = true;
                    pred.otherCapture = s[2].value_id;
                } else {
                    pred.literal = stringArg(2);
                }
            } else if (op == "match?" || op == "lua-match?") {
                if (n < 3 || s[2].type != TSQueryPredicateStepTypeString)
                    continue;
                pred.op = Predicate::Match;
                pred.regex = std::make_shared<QRegularExpression>(
                    QString::fromUtf8(stringArg(2)), QRegularExpression::DontCaptureOption);
                if (!pred.regex->isValid()) {
                    qCWarning(lcParse) << "invalid #match? regex" << stringArg(2);
                    continue;
                }
                pred.regex->optimize();
            } else if (op == "any-of?") {
                pred.op = Predicate::AnyOf;
                for (uint32_t k = 2; k < n; ++k) {
                    if (s[k].type == TSQueryPredicateStepTypeString)
                        pred.set.append(stringArg(k));
                }
            } else {
                continue; // unknown predicate (e.g. #is?): treated as holding
            }
            query->m_predicates[p].append(std::move(pred));
        }
    }
    return query;
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
        auto query = compile(id, QByteArray(text), &error);
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
