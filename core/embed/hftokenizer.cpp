#include "hftokenizer.h"

#include <QChar>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace RepoLens {

namespace {

using U32 = std::u32string;

U32 toU32(QStringView s)
{
    U32 out;
    out.reserve(size_t(s.size()));
    for (char32_t c : s.toUcs4())
        out.push_back(c);
    return out;
}

QString fromU32(const U32 &s)
{
    return QString::fromUcs4(s.data(), qsizetype(s.size()));
}

// Rust's char::is_whitespace (the Unicode White_Space property), which the tokenizers library
// uses for splitting, stripping and the BERT normalizer.
bool hfIsWhitespace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0d) || c == 0x20 || c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a)
           || c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

bool hfIsOther(char32_t c)
{
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
        return true;
    default:
        return false;
    }
}

bool hfIsControl(char32_t c)
{
    if (c == u'\t' || c == u'\n' || c == u'\r')
        return false;
    return hfIsOther(c);
}

bool hfIsPunctuation(char32_t c)
{
    if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126))
        return true;
    switch (QChar::category(c)) {
    case QChar::Punctuation_Connector:
    case QChar::Punctuation_Dash:
    case QChar::Punctuation_Open:
    case QChar::Punctuation_Close:
    case QChar::Punctuation_InitialQuote:
    case QChar::Punctuation_FinalQuote:
    case QChar::Punctuation_Other:
        return true;
    default:
        return false;
    }
}

bool hfIsChinese(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
           || (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF)
           || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

bool hfIsWordChar(char32_t c)
{
    if (c == u'_')
        return true;
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Mark_NonSpacing:
    case QChar::Mark_SpacingCombining:
    case QChar::Mark_Enclosing:
    case QChar::Number_DecimalDigit:
    case QChar::Punctuation_Connector:
        return true;
    default:
        return false;
    }
}

// Rust's char::to_lowercase: the full mapping; U+0130 is the one character whose lowercase is
// two characters.
void hfLowercase(U32 &s)
{
    U32 out;
    out.reserve(s.size());
    for (char32_t c : s) {
        if (c == 0x130) {
            out.push_back(u'i');
            out.push_back(0x307);
        } else {
            out.push_back(c < 0x80 ? (c >= u'A' && c <= u'Z' ? c + 32 : c) : QChar::toLower(c));
        }
    }
    s.swap(out);
}

void hfNormalizeForm(U32 &s, QString::NormalizationForm form)
{
    bool ascii = true;
    for (char32_t c : s) {
        if (c >= 0x80) {
            ascii = false;
            break;
        }
    }
    if (!ascii)
        s = toU32(fromU32(s).normalized(form));
}

void hfDropNonSpacingMarks(U32 &s)
{
    s.erase(std::remove_if(s.begin(), s.end(), [](char32_t c) { return c >= 0x300 && QChar::category(c) == QChar::Mark_NonSpacing; }),
            s.end());
}

void hfStripWhitespace(U32 &s, bool left, bool right)
{
    size_t b = 0, e = s.size();
    if (left)
        while (b < e && hfIsWhitespace(s[b]))
            ++b;
    if (right)
        while (e > b && hfIsWhitespace(s[e - 1]))
            --e;
    s = s.substr(b, e - b);
}

// A trie over code points: one hash map of (node, character) -> child for the whole trie.
class CodeTrie
{
public:
    CodeTrie() { m_value.push_back(-1); }

    void add(const U32 &key, int value)
    {
        if (key.empty())
            return;
        qint64 node = 0;
        for (char32_t c : key) {
            const quint64 edge = quint64(node) << 21 | (c & 0x1fffff);
            auto it = m_edges.find(edge);
            if (it == m_edges.end()) {
                it = m_edges.emplace(edge, qint32(m_value.size())).first;
                m_value.push_back(-1);
            }
            node = it->second;
        }
        m_value[size_t(node)] = value;
    }
    // The child of a node, -1 when none.
    qint32 child(qint32 node, char32_t c) const
    {
        const auto it = m_edges.find(quint64(node) << 21 | (c & 0x1fffff));
        return it == m_edges.end() ? -1 : it->second;
    }
    int value(qint32 node) const { return m_value[size_t(node)]; }
    bool empty() const { return m_edges.empty(); }

    // Calls f(end, value) for every key that is a prefix of s[begin..], shortest first.
    template<typename F>
    void prefixes(const U32 &s, size_t begin, F &&f) const
    {
        qint32 node = 0;
        for (size_t i = begin; i < s.size(); ++i) {
            node = child(node, s[i]);
            if (node < 0)
                return;
            if (m_value[size_t(node)] >= 0)
                f(i + 1, m_value[size_t(node)]);
        }
    }

private:
    std::unordered_map<quint64, qint32> m_edges;
    std::vector<qint32> m_value;
};

struct TextPiece
{
    U32 text;
    bool atOrigin = false; // starts at the first character of the input text
};

class Normalizer
{
public:
    virtual ~Normalizer() = default;
    virtual void apply(U32 &s) const = 0;
};

class PreTokenizer
{
public:
    virtual ~PreTokenizer() = default;
    virtual void split(std::vector<TextPiece> &pieces) const = 0;
};

class SequenceNormalizer : public Normalizer
{
public:
    std::vector<std::unique_ptr<Normalizer>> parts;
    void apply(U32 &s) const override
    {
        for (const auto &p : parts)
            p->apply(s);
    }
};

class BertNormalizer : public Normalizer
{
public:
    bool cleanText = true;
    bool chineseChars = true;
    bool stripAccents = true;
    bool lowercase = true;
    void apply(U32 &s) const override
    {
        if (cleanText) {
            U32 out;
            out.reserve(s.size());
            for (char32_t c : s) {
                if (c == 0 || c == 0xfffd || hfIsControl(c))
                    continue;
                out.push_back(hfIsWhitespace(c) ? char32_t(u' ') : c);
            }
            s.swap(out);
        }
        if (chineseChars) {
            U32 out;
            out.reserve(s.size());
            for (char32_t c : s) {
                if (hfIsChinese(c)) {
                    out.push_back(u' ');
                    out.push_back(c);
                    out.push_back(u' ');
                } else {
                    out.push_back(c);
                }
            }
            s.swap(out);
        }
        if (stripAccents) {
            hfNormalizeForm(s, QString::NormalizationForm_D);
            hfDropNonSpacingMarks(s);
        }
        if (lowercase)
            hfLowercase(s);
    }
};

class LowercaseNormalizer : public Normalizer
{
public:
    void apply(U32 &s) const override { hfLowercase(s); }
};

class FormNormalizer : public Normalizer
{
public:
    QString::NormalizationForm form = QString::NormalizationForm_C;
    void apply(U32 &s) const override { hfNormalizeForm(s, form); }
};

class StripAccentsNormalizer : public Normalizer
{
public:
    void apply(U32 &s) const override { hfDropNonSpacingMarks(s); }
};

class StripNormalizer : public Normalizer
{
public:
    bool left = true;
    bool right = true;
    void apply(U32 &s) const override { hfStripWhitespace(s, left, right); }
};

class ReplaceNormalizer : public Normalizer
{
public:
    U32 literal;
    QRegularExpression regex;
    bool isRegex = false;
    U32 content;
    void apply(U32 &s) const override
    {
        if (isRegex) {
            QString q = fromU32(s);
            q.replace(regex, fromU32(content));
            s = toU32(q);
            return;
        }
        if (s.find(literal) == U32::npos)
            return;
        U32 out;
        size_t at = 0;
        for (;;) {
            const size_t hit = s.find(literal, at);
            if (hit == U32::npos)
                break;
            out.append(s, at, hit - at);
            out += content;
            at = hit + literal.size();
        }
        out.append(s, at, U32::npos);
        s.swap(out);
    }
};

class PrependNormalizer : public Normalizer
{
public:
    U32 prefix;
    void apply(U32 &s) const override
    {
        if (!s.empty())
            s = prefix + s;
    }
};

class SequencePreTokenizer : public PreTokenizer
{
public:
    std::vector<std::unique_ptr<PreTokenizer>> parts;
    void split(std::vector<TextPiece> &pieces) const override
    {
        for (const auto &p : parts)
            p->split(pieces);
    }
};

// Splits every piece at characters: `drop` ones are removed, `isolate` ones become pieces of
// their own, runs of the rest stay together.
template<typename Drop, typename Isolate>
void splitPieces(std::vector<TextPiece> &pieces, Drop &&drop, Isolate &&isolate)
{
    std::vector<TextPiece> out;
    for (TextPiece &p : pieces) {
        U32 cur;
        size_t curStart = 0;
        auto flush = [&] {
            if (!cur.empty())
                out.push_back({std::move(cur), p.atOrigin && curStart == 0});
            cur.clear();
        };
        for (size_t i = 0; i < p.text.size(); ++i) {
            const char32_t c = p.text[i];
            if (drop(c)) {
                flush();
            } else if (isolate(c)) {
                flush();
                out.push_back({U32(1, c), p.atOrigin && i == 0});
            } else {
                if (cur.empty())
                    curStart = i;
                cur.push_back(c);
            }
        }
        flush();
    }
    pieces.swap(out);
}

class BertPreTokenizer : public PreTokenizer
{
public:
    void split(std::vector<TextPiece> &pieces) const override { splitPieces(pieces, hfIsWhitespace, hfIsPunctuation); }
};

class WhitespaceSplitPreTokenizer : public PreTokenizer
{
public:
    void split(std::vector<TextPiece> &pieces) const override
    {
        splitPieces(pieces, hfIsWhitespace, [](char32_t) { return false; });
    }
};

// `\w+|[^\w\s]+`: runs of word characters and runs of other non-space characters.
class WhitespacePreTokenizer : public PreTokenizer
{
public:
    void split(std::vector<TextPiece> &pieces) const override
    {
        std::vector<TextPiece> out;
        for (TextPiece &p : pieces) {
            size_t i = 0;
            while (i < p.text.size()) {
                const char32_t c = p.text[i];
                if (hfIsWhitespace(c)) {
                    ++i;
                    continue;
                }
                const bool word = hfIsWordChar(c);
                size_t j = i + 1;
                while (j < p.text.size() && !hfIsWhitespace(p.text[j]) && hfIsWordChar(p.text[j]) == word)
                    ++j;
                out.push_back({p.text.substr(i, j - i), p.atOrigin && i == 0});
                i = j;
            }
        }
        pieces.swap(out);
    }
};

class MetaspacePreTokenizer : public PreTokenizer
{
public:
    enum class Prepend { Always, First, Never };
    char32_t replacement = 0x2581;
    Prepend prepend = Prepend::Always;
    bool splitPieces = true;
    void split(std::vector<TextPiece> &pieces) const override
    {
        std::vector<TextPiece> out;
        for (TextPiece &p : pieces) {
            for (char32_t &c : p.text) {
                if (c == u' ')
                    c = replacement;
            }
            if (!p.text.empty() && p.text.front() != replacement
                && (prepend == Prepend::Always || (prepend == Prepend::First && p.atOrigin)))
                p.text.insert(p.text.begin(), replacement);
            if (!splitPieces) {
                if (!p.text.empty())
                    out.push_back(std::move(p));
                continue;
            }
            // split before each replacement character, keeping it with what follows
            size_t start = 0;
            for (size_t i = 1; i <= p.text.size(); ++i) {
                if (i == p.text.size() || p.text[i] == replacement) {
                    out.push_back({p.text.substr(start, i - start), p.atOrigin && start == 0});
                    start = i;
                }
            }
        }
        pieces.swap(out);
    }
};

QString jsonKind(const QJsonObject &o)
{
    return o.value(QLatin1String("type")).toString();
}

Result<std::unique_ptr<Normalizer>> parseNormalizer(const QJsonObject &o, int depth)
{
    if (depth > 8)
        return makeError(ErrorCode::Unsupported, QStringLiteral("tokenizer normalizers nested too deeply"));
    const QString kind = jsonKind(o);
    if (kind == QLatin1String("Sequence")) {
        auto seq = std::make_unique<SequenceNormalizer>();
        for (const QJsonValue &v : o.value(QLatin1String("normalizers")).toArray()) {
            if (!v.isObject())
                return makeError(ErrorCode::Parse, QStringLiteral("a tokenizer normalizer is not an object"));
            auto part = parseNormalizer(v.toObject(), depth + 1);
            if (!part)
                return part.error();
            seq->parts.push_back(std::move(*part));
        }
        return std::unique_ptr<Normalizer>(std::move(seq));
    }
    if (kind == QLatin1String("BertNormalizer")) {
        auto n = std::make_unique<BertNormalizer>();
        n->cleanText = o.value(QLatin1String("clean_text")).toBool(true);
        n->chineseChars = o.value(QLatin1String("handle_chinese_chars")).toBool(true);
        n->lowercase = o.value(QLatin1String("lowercase")).toBool(true);
        const QJsonValue strip = o.value(QLatin1String("strip_accents"));
        n->stripAccents = strip.isBool() ? strip.toBool() : n->lowercase;
        return std::unique_ptr<Normalizer>(std::move(n));
    }
    if (kind == QLatin1String("Lowercase"))
        return std::unique_ptr<Normalizer>(std::make_unique<LowercaseNormalizer>());
    if (kind == QLatin1String("StripAccents"))
        return std::unique_ptr<Normalizer>(std::make_unique<StripAccentsNormalizer>());
    static const struct
    {
        const char *name;
        QString::NormalizationForm form;
    } kForms[] = {{"NFC", QString::NormalizationForm_C}, {"NFD", QString::NormalizationForm_D},
                  {"NFKC", QString::NormalizationForm_KC}, {"NFKD", QString::NormalizationForm_KD}};
    for (const auto &f : kForms) {
        if (kind == QLatin1String(f.name)) {
            auto n = std::make_unique<FormNormalizer>();
            n->form = f.form;
            return std::unique_ptr<Normalizer>(std::move(n));
        }
    }
    if (kind == QLatin1String("Strip")) {
        auto n = std::make_unique<StripNormalizer>();
        n->left = o.value(QLatin1String("strip_left")).toBool(true);
        n->right = o.value(QLatin1String("strip_right")).toBool(true);
        return std::unique_ptr<Normalizer>(std::move(n));
    }
    if (kind == QLatin1String("Replace")) {
        auto n = std::make_unique<ReplaceNormalizer>();
        const QJsonObject pattern = o.value(QLatin1String("pattern")).toObject();
        n->content = toU32(o.value(QLatin1String("content")).toString());
        if (pattern.contains(QLatin1String("String"))) {
            n->literal = toU32(pattern.value(QLatin1String("String")).toString());
            if (n->literal.empty())
                return makeError(ErrorCode::Unsupported, QStringLiteral("a Replace normalizer with an empty pattern"));
        } else if (pattern.contains(QLatin1String("Regex"))) {
            n->isRegex = true;
            n->regex = QRegularExpression(pattern.value(QLatin1String("Regex")).toString(),
                                          QRegularExpression::UseUnicodePropertiesOption);
            if (!n->regex.isValid())
                return makeError(ErrorCode::Parse,
                                 QStringLiteral("a Replace normalizer's regular expression is invalid: %1").arg(n->regex.errorString()));
        } else {
            return makeError(ErrorCode::Parse, QStringLiteral("a Replace normalizer without a pattern"));
        }
        return std::unique_ptr<Normalizer>(std::move(n));
    }
    if (kind == QLatin1String("Prepend")) {
        auto n = std::make_unique<PrependNormalizer>();
        n->prefix = toU32(o.value(QLatin1String("prepend")).toString());
        return std::unique_ptr<Normalizer>(std::move(n));
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("unsupported tokenizer normalizer '%1'").arg(kind));
}

Result<std::unique_ptr<PreTokenizer>> parsePreTokenizer(const QJsonObject &o, int depth)
{
    if (depth > 8)
        return makeError(ErrorCode::Unsupported, QStringLiteral("tokenizer pre-tokenizers nested too deeply"));
    const QString kind = jsonKind(o);
    if (kind == QLatin1String("Sequence")) {
        auto seq = std::make_unique<SequencePreTokenizer>();
        for (const QJsonValue &v : o.value(QLatin1String("pretokenizers")).toArray()) {
            if (!v.isObject())
                return makeError(ErrorCode::Parse, QStringLiteral("a tokenizer pre-tokenizer is not an object"));
            auto part = parsePreTokenizer(v.toObject(), depth + 1);
            if (!part)
                return part.error();
            seq->parts.push_back(std::move(*part));
        }
        return std::unique_ptr<PreTokenizer>(std::move(seq));
    }
    if (kind == QLatin1String("BertPreTokenizer"))
        return std::unique_ptr<PreTokenizer>(std::make_unique<BertPreTokenizer>());
    if (kind == QLatin1String("WhitespaceSplit"))
        return std::unique_ptr<PreTokenizer>(std::make_unique<WhitespaceSplitPreTokenizer>());
    if (kind == QLatin1String("Whitespace"))
        return std::unique_ptr<PreTokenizer>(std::make_unique<WhitespacePreTokenizer>());
    if (kind == QLatin1String("Metaspace")) {
        auto m = std::make_unique<MetaspacePreTokenizer>();
        const U32 rep = toU32(o.value(QLatin1String("replacement")).toString(QStringLiteral("\u2581")));
        if (rep.size() != 1)
            return makeError(ErrorCode::Unsupported, QStringLiteral("a Metaspace replacement that is not one character"));
        m->replacement = rep.front();
        const QString scheme = o.value(QLatin1String("prepend_scheme")).toString();
        if (scheme == QLatin1String("first"))
            m->prepend = MetaspacePreTokenizer::Prepend::First;
        else if (scheme == QLatin1String("never"))
            m->prepend = MetaspacePreTokenizer::Prepend::Never;
        else if (scheme.isEmpty() && !o.value(QLatin1String("add_prefix_space")).toBool(true))
            m->prepend = MetaspacePreTokenizer::Prepend::Never;
        m->splitPieces = o.value(QLatin1String("split")).toBool(true);
        return std::unique_ptr<PreTokenizer>(std::move(m));
    }
    return makeError(ErrorCode::Unsupported, QStringLiteral("unsupported tokenizer pre-tokenizer '%1'").arg(kind));
}

} // namespace

class HfTokenizer::Private
{
public:
    Model model = Model::WordPiece;
    std::unique_ptr<Normalizer> normalizer;
    std::unique_ptr<PreTokenizer> preTokenizer;
    std::vector<U32> tokens;          // by id ("" when unused)
    std::unordered_map<U32, int> ids; // the model's vocabulary (not the added tokens)
    int unkId = -1;
    int medianLength = 0;

    // WordPiece
    CodeTrie wordStart;        // every token
    CodeTrie wordContinuation; // tokens with the continuation prefix, without it
    int maxWordChars = 100;

    // Unigram
    CodeTrie pieces;
    std::vector<double> scores; // by id
    double unkScore = 0;
    bool byteFallback = false;

    // added tokens
    CodeTrie addedRaw;
    CodeTrie addedNormalized;

    void wordPiece(const U32 &word, std::vector<int> &out) const
    {
        if (word.size() > size_t(maxWordChars)) {
            if (unkId >= 0)
                out.push_back(unkId);
            return;
        }
        const size_t before = out.size();
        size_t start = 0;
        while (start < word.size()) {
            int found = -1;
            size_t end = start;
            (start == 0 ? wordStart : wordContinuation).prefixes(word, start, [&](size_t e, int id) {
                found = id;
                end = e;
            });
            if (found < 0) {
                out.resize(before);
                if (unkId >= 0)
                    out.push_back(unkId);
                return;
            }
            out.push_back(found);
            start = end;
        }
    }

    void unigram(const U32 &s, std::vector<int> &out) const
    {
        const size_t n = s.size();
        if (n == 0)
            return;
        struct Node
        {
            double score = 0;
            qint64 start = -1;
            int id = -1;
        };
        std::vector<Node> best(n + 1);
        for (size_t at = 0; at < n; ++at) {
            const double here = best[at].score;
            bool single = false;
            pieces.prefixes(s, at, [&](size_t end, int id) {
                const double candidate = here + scores[size_t(id)];
                Node &target = best[end];
                if (target.start < 0 || candidate > target.score)
                    target = {candidate, qint64(at), id};
                if (end == at + 1)
                    single = true;
            });
            if (!single) {
                const double candidate = here + unkScore;
                Node &target = best[at + 1];
                if (target.start < 0 || candidate > target.score)
                    target = {candidate, qint64(at), unkId};
            }
        }
        // back from the end: strings, with consecutive unknowns fused into one
        std::vector<std::pair<size_t, size_t>> spans; // [begin, end) in reverse order
        std::vector<bool> unknown;
        size_t end = n;
        while (end > 0) {
            const Node &node = best[end];
            const size_t begin = size_t(node.start);
            // an unknown character: the unknown token's id, or none when the model has no
            // unknown token (then the piece is looked up whole, as bytes, or dropped)
            const bool isUnk = node.id < 0 || node.id == unkId;
            if (isUnk && !unknown.empty() && unknown.back())
                spans.back().first = begin;
            else {
                spans.emplace_back(begin, end);
                unknown.push_back(isUnk);
            }
            end = begin;
        }
        for (size_t i = spans.size(); i-- > 0;) {
            const auto [b, e] = spans[i];
            if (!unknown[i]) {
                out.push_back(best[e].id);
                continue;
            }
            const U32 text = s.substr(b, e - b);
            const auto it = ids.find(text);
            if (it != ids.end()) {
                out.push_back(it->second);
                continue;
            }
            if (byteFallback && appendBytes(text, out))
                continue;
            if (unkId >= 0)
                out.push_back(unkId);
        }
    }

    bool appendBytes(const U32 &text, std::vector<int> &out) const
    {
        const QByteArray utf8 = fromU32(text).toUtf8();
        std::vector<int> bytes;
        for (char c : utf8) {
            const QString hex = QString::number(quint8(c), 16).toUpper().rightJustified(2, u'0');
            const auto it = ids.find(toU32(QString(QStringLiteral("<0x") + hex + u'>')));
            if (it == ids.end())
                return false;
            bytes.push_back(it->second);
        }
        out.insert(out.end(), bytes.begin(), bytes.end());
        return true;
    }

    // Splits at added tokens, leftmost-longest: (text, -1) pieces and (token, id) pieces.
    static void splitAdded(const CodeTrie &trie, const U32 &s, std::vector<std::pair<U32, int>> &out)
    {
        if (trie.empty()) {
            out.emplace_back(s, -1);
            return;
        }
        size_t plain = 0, i = 0;
        while (i < s.size()) {
            int id = -1;
            size_t end = i;
            trie.prefixes(s, i, [&](size_t e, int v) {
                id = v;
                end = e;
            });
            if (id < 0) {
                ++i;
                continue;
            }
            if (i > plain)
                out.emplace_back(s.substr(plain, i - plain), -1);
            out.emplace_back(U32(), id);
            i = plain = end;
        }
        if (plain < s.size())
            out.emplace_back(s.substr(plain), -1);
    }
};

HfTokenizer::HfTokenizer()
    : d(std::make_unique<Private>())
{
}

HfTokenizer::~HfTokenizer() = default;

HfTokenizer::Model HfTokenizer::model() const
{
    return d->model;
}

int HfTokenizer::unknownId() const
{
    return d->unkId;
}

int HfTokenizer::vocabularySize() const
{
    return int(d->tokens.size());
}

QString HfTokenizer::token(int id) const
{
    return id >= 0 && size_t(id) < d->tokens.size() ? fromU32(d->tokens[size_t(id)]) : QString();
}

int HfTokenizer::medianTokenLength() const
{
    return d->medianLength;
}

Result<std::unique_ptr<HfTokenizer>> HfTokenizer::fromJson(const QByteArray &json, qint64 maxBytes)
{
    if (json.size() > maxBytes)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("tokenizer.json too large (%1 bytes)").arg(json.size()));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return makeError(ErrorCode::Parse, QStringLiteral("tokenizer.json is not a JSON object: %1").arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    const QJsonObject model = root.value(QLatin1String("model")).toObject();
    QString kind = model.value(QLatin1String("type")).toString();
    if (kind.isEmpty() && model.contains(QLatin1String("continuing_subword_prefix")) && model.value(QLatin1String("vocab")).isObject())
        kind = QStringLiteral("WordPiece");
    std::unique_ptr<HfTokenizer> t(new HfTokenizer);
    Private &p = *t->d;
    // ids are bounded so that a hostile file cannot make the token table huge
    constexpr int kMaxId = 16 * 1024 * 1024;
    auto setToken = [&](int id, const U32 &text) {
        if (size_t(id) >= p.tokens.size())
            p.tokens.resize(size_t(id) + 1);
        p.tokens[size_t(id)] = text;
    };
    if (kind == QLatin1String("WordPiece")) {
        p.model = Model::WordPiece;
        const QJsonObject vocab = model.value(QLatin1String("vocab")).toObject();
        if (vocab.isEmpty())
            return makeError(ErrorCode::Parse, QStringLiteral("the WordPiece vocabulary is missing or empty"));
        const U32 prefix = toU32(model.value(QLatin1String("continuing_subword_prefix")).toString(QStringLiteral("##")));
        const QJsonValue maxChars = model.value(QLatin1String("max_input_chars_per_word"));
        p.maxWordChars = maxChars.isDouble() ? int(std::clamp(maxChars.toDouble(), 0.0, 1e6)) : 100;
        for (auto it = vocab.begin(); it != vocab.end(); ++it) {
            const double v = it.value().toDouble(-1);
            if (!(v >= 0 && v < kMaxId) || std::floor(v) != v)
                return makeError(ErrorCode::Parse, QStringLiteral("a WordPiece token id is not a small non-negative integer"),
                                 it.key());
            const int id = int(v);
            const U32 text = toU32(it.key());
            p.ids[text] = id;
            setToken(id, text);
            p.wordStart.add(text, id);
            if (!prefix.empty() && text.size() > prefix.size() && text.compare(0, prefix.size(), prefix) == 0)
                p.wordContinuation.add(text.substr(prefix.size()), id);
        }
        const auto unk = p.ids.find(toU32(model.value(QLatin1String("unk_token")).toString(QStringLiteral("[UNK]"))));
        p.unkId = unk == p.ids.end() ? -1 : unk->second;
    } else if (kind == QLatin1String("Unigram")) {
        p.model = Model::Unigram;
        const QJsonArray vocab = model.value(QLatin1String("vocab")).toArray();
        if (vocab.isEmpty() || vocab.size() >= kMaxId)
            return makeError(ErrorCode::Parse, QStringLiteral("the Unigram vocabulary is missing, empty or too large"));
        p.scores.resize(size_t(vocab.size()));
        double minScore = std::numeric_limits<double>::infinity();
        for (qsizetype i = 0; i < vocab.size(); ++i) {
            const QJsonArray entry = vocab.at(i).toArray();
            if (entry.size() != 2 || !entry.at(0).isString() || !entry.at(1).isDouble())
                return makeError(ErrorCode::Parse, QStringLiteral("a Unigram vocabulary entry is not [piece, score]"),
                                 QString::number(i));
            const U32 text = toU32(entry.at(0).toString());
            const double score = entry.at(1).toDouble();
            if (!std::isfinite(score))
                return makeError(ErrorCode::Parse, QStringLiteral("a Unigram score is not a finite number"), QString::number(i));
            p.scores[size_t(i)] = score;
            minScore = std::min(minScore, score);
            setToken(int(i), text);
            p.ids[text] = int(i); // a repeated piece: the last id wins, as in the tokenizers library
        }
        for (const auto &[text, id] : p.ids)
            p.pieces.add(text, id);
        p.unkScore = minScore - 10.0;
        const QJsonValue unk = model.value(QLatin1String("unk_id"));
        p.unkId = unk.isDouble() && unk.toDouble() >= 0 && unk.toDouble() < double(vocab.size()) ? int(unk.toDouble()) : -1;
        p.byteFallback = model.value(QLatin1String("byte_fallback")).toBool(false);
    } else {
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("unsupported tokenizer model '%1' (WordPiece and Unigram are supported)")
                             .arg(kind.isEmpty() ? QStringLiteral("?") : kind));
    }

    const QJsonValue normalizer = root.value(QLatin1String("normalizer"));
    if (normalizer.isObject()) {
        auto n = parseNormalizer(normalizer.toObject(), 0);
        if (!n)
            return n.error();
        p.normalizer = std::move(*n);
    } else if (!normalizer.isNull() && !normalizer.isUndefined()) {
        return makeError(ErrorCode::Parse, QStringLiteral("the tokenizer's normalizer is not an object"));
    }
    const QJsonValue pre = root.value(QLatin1String("pre_tokenizer"));
    if (pre.isObject()) {
        auto n = parsePreTokenizer(pre.toObject(), 0);
        if (!n)
            return n.error();
        p.preTokenizer = std::move(*n);
    } else if (!pre.isNull() && !pre.isUndefined()) {
        return makeError(ErrorCode::Parse, QStringLiteral("the tokenizer's pre_tokenizer is not an object"));
    }

    std::unordered_map<U32, int> vocabulary = p.ids; // model2vec's get_vocab(): the model's and the added tokens
    for (const QJsonValue &v : root.value(QLatin1String("added_tokens")).toArray()) {
        const QJsonObject a = v.toObject();
        const U32 content = toU32(a.value(QLatin1String("content")).toString());
        const double idValue = a.value(QLatin1String("id")).toDouble(-1);
        if (content.empty() || !(idValue >= 0 && idValue < kMaxId) || std::floor(idValue) != idValue)
            return makeError(ErrorCode::Parse, QStringLiteral("an added token without content or with a bad id"));
        const int id = int(idValue);
        if (a.value(QLatin1String("normalized")).toBool(false)) {
            // matched in the normalized text, so in its normalized form
            U32 normalized = content;
            if (p.normalizer)
                p.normalizer->apply(normalized);
            p.addedNormalized.add(normalized, id);
        } else {
            p.addedRaw.add(content, id);
        }
        if (size_t(id) >= p.tokens.size() || p.tokens[size_t(id)].empty())
            setToken(id, content);
        vocabulary[content] = id;
    }
    // model2vec: int(numpy.median(len(token) for token in the vocabulary))
    std::vector<size_t> lengths;
    lengths.reserve(vocabulary.size());
    for (const auto &entry : vocabulary)
        lengths.push_back(entry.first.size());
    std::sort(lengths.begin(), lengths.end());
    if (!lengths.empty()) {
        const size_t mid = lengths.size() / 2;
        p.medianLength = lengths.size() % 2 ? int(lengths[mid]) : int((lengths[mid - 1] + lengths[mid]) / 2.0);
    }
    return t;
}

std::vector<int> HfTokenizer::encode(const QString &text, int maxTokens) const
{
    return encode(toU32(text), maxTokens);
}

std::vector<int> HfTokenizer::encode(const std::u32string &text, int maxTokens) const
{
    std::vector<int> out;
    auto full = [&] { return maxTokens >= 0 && out.size() >= size_t(maxTokens); };
    std::vector<std::pair<U32, int>> raw;
    Private::splitAdded(d->addedRaw, text, raw);
    bool atOrigin = true;
    for (auto &[segment, addedId] : raw) {
        if (full())
            break;
        if (addedId >= 0) {
            out.push_back(addedId);
            atOrigin = false;
            continue;
        }
        if (d->normalizer)
            d->normalizer->apply(segment);
        std::vector<std::pair<U32, int>> parts;
        Private::splitAdded(d->addedNormalized, segment, parts);
        for (auto &[part, id] : parts) {
            if (full())
                break;
            if (id >= 0) {
                out.push_back(id);
                atOrigin = false;
                continue;
            }
            std::vector<TextPiece> words;
            words.push_back({std::move(part), atOrigin});
            atOrigin = false;
            if (d->preTokenizer)
                d->preTokenizer->split(words);
            for (const TextPiece &w : words) {
                if (full())
                    break;
                if (w.text.empty())
                    continue;
                if (d->model == Model::WordPiece)
                    d->wordPiece(w.text, out);
                else
                    d->unigram(w.text, out);
            }
        }
    }
    if (maxTokens >= 0 && out.size() > size_t(maxTokens))
        out.resize(size_t(maxTokens));
    return out;
}

} // namespace RepoLens
