#include "chunkersteps_p.h"

#include "languagesyntax_p.h"

#include <QSet>

#include <algorithm>
#include <cstring>
#include <ctime>

namespace RepoLens::ChunkerSteps {

namespace {

bool isIdentifierChar(QChar ch)
{
    return ch.isLetterOrNumber() || ch == u'_' || ch == u'$';
}

} // namespace

LineIndex::LineIndex(QByteArrayView text)
{
    m_starts.push_back(0);
    const char *data = text.data();
    const qsizetype size = text.size();
    for (qsizetype i = 0; i < size; ++i) {
        if (data[i] == '\n' && i + 1 < size)
            m_starts.push_back(int(i + 1));
    }
    m_size = int(size);
}

int LineIndex::lineOf(int byte) const
{
    const auto it = std::upper_bound(m_starts.begin(), m_starts.end(), byte);
    return int(it - m_starts.begin());
}

void splitQualifiedName(QString text, QString *qualifier, QString *name)
{
    text = text.simplified();
    // an operator of its own (OCaml's <?>, Haskell's <$>): no scopes, no template arguments
    if (std::none_of(text.cbegin(), text.cend(),
                     [](QChar c) { return c.isLetterOrNumber() || c == u'_'; })) {
        qualifier->clear();
        *name = text;
        return;
    }
    // Drop template arguments so "Foo<T>::bar" gives "Foo", and spaces except between two
    // words ("operator bool", "operator new").
    QString plain;
    plain.reserve(text.size());
    int depth = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text.at(i);
        // '<' after "operator" is the operator itself (operator<, operator<<, operator<=>)
        if (ch == u'<' && !plain.endsWith(QLatin1String("operator"))
            && !plain.endsWith(QLatin1String("operator<")))
            ++depth;
        else if (ch == u'>' && depth > 0)
            --depth;
        else if (depth == 0 && ch != u' ')
            plain.append(ch);
        else if (depth == 0 && !plain.isEmpty() && isIdentifierChar(plain.back())
                 && i + 1 < text.size() && isIdentifierChar(text.at(i + 1)))
            plain.append(ch);
    }
    plain.replace(QLatin1String("::"), QLatin1String("."));
    plain.replace(u'\\', u'.'); // PHP namespaces: App\Http\Kernel
    if (plain.startsWith(u'.'))
        plain.remove(0, 1);
    // "operator" as a word of its own starting a component (not "cooperator", "operator_id")
    qsizetype op = -1;
    for (qsizetype i = plain.indexOf(QLatin1String("operator")); i >= 0;
         i = plain.indexOf(QLatin1String("operator"), i + 1)) {
        const qsizetype after = i + 8;
        if ((i == 0 || plain.at(i - 1) == u'.')
            && (after == plain.size() || plain.at(after) == u' '
                || !isIdentifierChar(plain.at(after)))) {
            op = i;
            break;
        }
    }
    if (op >= 0) {
        *qualifier = op > 0 ? plain.left(op - 1) : QString();
        QString opName = plain.mid(op);
        opName.replace(u'.', QLatin1String("::")); // operator std::string
        if (opName.startsWith(QLatin1String("operator()")))
            opName.truncate(10);
        else if (const qsizetype paren = opName.indexOf(u'('); paren > 8)
            opName.truncate(paren); // conversion operator: drop "() const"
        *name = opName;
        return;
    }
    const qsizetype dot = plain.lastIndexOf(u'.');
    *qualifier = dot > 0 ? plain.left(dot) : QString();
    *name = dot > 0 ? plain.mid(dot + 1) : plain;
}

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// FMT_API, NS_ASSUME_NONNULL_BEGIN, __BEGIN_DECLS, Q_OBJECT: upper case with an underscore and
// at least two letters.
bool isMacroShaped(QByteArrayView word)
{
    if (word.size() < 4)
        return false;
    int letters = 0;
    bool underscore = false;
    for (char c : word) {
        if (c >= 'A' && c <= 'Z')
            ++letters;
        else if (c == '_')
            underscore = true;
        else if (c < '0' || c > '9')
            return false;
    }
    return letters >= 2 && underscore && !(word[0] >= '0' && word[0] <= '9');
}

} // namespace

namespace {

// blankAttributeMacros() over one text: line by line, with what the previous code line ended
// with, a copy of the text being blanked.
class MacroBlanker
{
public:
    explicit MacroBlanker(const QByteArray &text)
        : m_text(text)
        , m_out(text)
        , m_s(text.constData())
        , m_n(text.size())
    {
    }

    QByteArray run()
    {
        while (m_lineStart < m_n) {
            m_lineEnd = m_lineStart;
            while (m_lineEnd < m_n && m_s[m_lineEnd] != '\n')
                ++m_lineEnd;
            if (m_inBlockComment) { // the rest of a /* ... */ comment: nothing to blank, no code
                const qsizetype close = QByteArrayView(m_s + m_lineStart, m_lineEnd - m_lineStart).indexOf("*/");
                if (close < 0) {
                    m_lineStart = m_lineEnd + 1;
                    continue;
                }
                m_inBlockComment = false;
            }
            readLine();
            m_lineStart = m_lineEnd + 1;
        }
        return m_changed ? m_out : m_text;
    }

private:
    // One line: a preprocessor directive (maybe an #include to drop), or code whose
    // macro-shaped words are looked at; then what the line ends with, for the next one.
    void readLine()
    {
        const char *s = m_s;
        m_first = m_lineStart;
        while (m_first < m_lineEnd && (s[m_first] == ' ' || s[m_first] == '\t'))
            ++m_first;
        const bool directive = m_continuation || (m_first < m_lineEnd && s[m_first] == '#');
        m_last = m_lineEnd;
        while (m_last > m_lineStart && (s[m_last - 1] == ' ' || s[m_last - 1] == '\t' || s[m_last - 1] == '\r'))
            --m_last;
        m_continuation = directive && m_last > m_lineStart && s[m_last - 1] == '\\';
        // `#include "list.h"` inside an initializer (a table filled from a header) derails the
        // grammar for the rest of the file: the line goes
        if (directive && !m_continuation && std::strchr(",{(", m_prevLineEnd) && m_prevLineEnd != '\0'
            && QByteArrayView(s + m_first, m_last - m_first).startsWith("#include")) {
            blank(m_first, m_last);
        }
        if (!directive)
            readCode();
        const QByteArrayView code(s + m_first, std::max<qsizetype>(0, m_last - m_first));
        if (directive)
            m_prevLineEnd = '#';
        else if (m_last > m_first && !code.startsWith("//") && !code.startsWith("/*") && !code.startsWith("*"))
            m_prevLineEnd = s[m_last - 1]; // comment lines do not count
    }

    // The code of a line, past comments and literals, word by word.
    void readCode()
    {
        const char *s = m_s;
        for (qsizetype i = m_first; i < m_lineEnd;) {
            if (s[i] == '/' && i + 1 < m_lineEnd && s[i + 1] == '/')
                break; // the rest is a comment
            if (s[i] == '/' && i + 1 < m_lineEnd && s[i + 1] == '*') {
                const qsizetype close = QByteArrayView(s + i + 2, m_lineEnd - i - 2).indexOf("*/");
                if (close < 0) {
                    m_inBlockComment = true;
                    break;
                }
                i += 2 + close + 2;
                continue;
            }
            if (s[i] == '"' || s[i] == '\'') { // skip a literal on this line
                const char quote = s[i++];
                while (i < m_lineEnd && s[i] != quote)
                    i += s[i] == '\\' ? 2 : 1;
                ++i;
                continue;
            }
            if (!isWordChar(s[i]) || (i > m_lineStart && isWordChar(s[i - 1]))) {
                ++i;
                continue;
            }
            qsizetype end = i;
            while (end < m_lineEnd && isWordChar(s[end]))
                ++end;
            i = isMacroShaped(QByteArrayView(s + i, end - i)) ? macroWord(i, end) : end;
        }
    }

    // A macro-shaped word at [i, end): blanked (with its arguments) where it is an attribute,
    // a SFINAE constraint or a keyword-like macro, NS_ENUM made an enum; left alone where it
    // is a call or a declaration. Returns where the line's scan goes on.
    qsizetype macroWord(qsizetype i, qsizetype end)
    {
        const char *s = m_s;
        const QByteArrayView word(s + i, end - i);
        // before: nothing, a word, or a ')' (not `::`, `.`, `->`, an operator)
        qsizetype before = i;
        while (before > m_lineStart && (s[before - 1] == ' ' || s[before - 1] == '\t'))
            --before;
        const char prev = before > m_lineStart ? s[before - 1] : '\0';
        const bool lineStarts = i == m_first; // only indentation before the macro
        const bool okBefore = lineStarts || isWordChar(prev) || prev == ')' || prev == '>' || prev == '*' || prev == '&';
        qsizetype macroEnd = end;
        qsizetype j = end;
        while (j < m_lineEnd && (s[j] == ' ' || s[j] == '\t'))
            ++j;
        const char prevCode = i == m_first ? m_prevLineEnd : prev; // across the line break
        if (j < m_lineEnd && s[j] == '(' && (prevCode == ',' || prevCode == '<') && inTemplateParameters(i)) {
            if (const qsizetype next = blankTemplateConstraint(i, j); next >= 0)
                return next;
        }
        if (j == end && j < m_lineEnd && s[j] == '(' && isObjcEnumMacro(word)) {
            if (const qsizetype next = objcEnumToEnum(i, j); next >= 0)
                return next;
        }
        // `if FMT_CONSTEXPR20 (cond)`: a keyword-like macro, not a call
        qsizetype wordStart = before;
        while (wordStart > m_lineStart && isWordChar(s[wordStart - 1]))
            --wordStart;
        const QByteArrayView wordBefore(s + wordStart, before - wordStart);
        if (wordBefore == "if") {
            blank(i, end);
            return end;
        }
        if (j == end && j < m_lineEnd && s[j] == '(') { // FOO(...), not FOO (...)
            int depth = 0;
            qsizetype k = j;
            for (; k < m_lineEnd; ++k) {
                if (s[k] == '(')
                    ++depth;
                else if (s[k] == ')' && --depth == 0)
                    break;
            }
            if (k >= m_lineEnd) // arguments go on: leave it
                return end;
            macroEnd = k + 1;
            j = macroEnd;
            while (j < m_lineEnd && (s[j] == ' ' || s[j] == '\t'))
                ++j;
        }
        // alone on a line, not as the last item of a list or an expression going on
        const bool lineAlone = lineStarts && j >= m_last && std::strchr(";{}#/*:)>", m_prevLineEnd) != nullptr;
        const bool beforeWord = j < m_lineEnd && (isWordChar(s[j]) || s[j] == '~') && !(s[j] >= '0' && s[j] <= '9');
        const bool beforeEnd = (j < m_lineEnd && (s[j] == ';' || s[j] == '{')) || (j >= m_last && prev == ')');
        const bool functionLike = macroEnd != end;
        bool attribute = false;
        if (okBefore && (lineAlone || beforeWord))
            attribute = !functionLike || beforeWord;
        // after a declarator, before its body or `;`, also on a line of its own:
        // `void f() const\n    GTEST_LOCK_EXCLUDED_(mu) {`
        const bool afterTag = wordBefore == "struct" || wordBefore == "class" || wordBefore == "union"
                              || wordBefore == "enum";
        if ((prevCode == ')' || (isWordChar(prevCode) && !afterTag && functionLike)) && beforeEnd)
            attribute = true;
        // after a parameter's name: `value(unsigned char x FMT_BUILTIN)`
        if (isWordChar(prev) && !afterTag && j < m_lineEnd && (s[j] == ')' || s[j] == ','))
            attribute = true;
        // Objective-C: `- (id)initWithHost:(NSString *)host NS_DESIGNATED_INITIALIZER;`
        if (isWordChar(prev) && beforeEnd && (s[m_first] == '-' || s[m_first] == '+'))
            attribute = true;
        // `FOO(x)` alone without a semicolon (FMT_PRAGMA_CLANG(...), Q_DECLARE_METATYPE(T))
        // goes; `FOO(x);` is a call or declaration macro the grammar reads fine (the `;` keeps
        // it from counting as alone)
        if (functionLike && lineAlone)
            attribute = true;
        if (attribute)
            blank(i, macroEnd);
        return macroEnd;
    }

    // "template <" before position i, with no statement or block boundary between (at most
    // 600 bytes back).
    bool inTemplateParameters(qsizetype i) const
    {
        const char *s = m_s;
        for (qsizetype b = i - 1; b >= 0 && b > i - 600; --b) {
            if (s[b] == ';' || s[b] == '{' || s[b] == '}')
                return false;
            if (s[b] == '<') {
                qsizetype w = b;
                while (w > 0 && (s[w - 1] == ' ' || s[w - 1] == '\t'))
                    --w;
                if (w >= 8 && QByteArrayView(s + w - 8, 8) == "template")
                    return true;
            }
        }
        return false;
    }

    // A SFINAE macro among template parameters (`template <typename T, FMT_ENABLE_IF(a > b)>`):
    // its `>` and `==` derail the grammar, an unnamed `int` parameter of the same length does
    // not. Its arguments (from the '(' at j) may span lines. Returns where the scan goes on,
    // -1 when its arguments do not close before a `>` or `,`.
    qsizetype blankTemplateConstraint(qsizetype i, qsizetype j)
    {
        const char *s = m_s;
        int depth = 0;
        qsizetype k = j;
        for (; k < m_n && k < j + 600; ++k) {
            if (s[k] == '(')
                ++depth;
            else if (s[k] == ')' && --depth == 0)
                break;
        }
        qsizetype after = k + 1;
        while (after < m_n && (s[after] == ' ' || s[after] == '\t' || s[after] == '\n'))
            ++after;
        if (k >= m_n || depth != 0 || after >= m_n || (s[after] != '>' && s[after] != ','))
            return -1;
        for (qsizetype b = i; b <= k; ++b) {
            if (m_out[b] != '\n')
                m_out[b] = ' ';
        }
        m_out[i] = 'i';
        m_out[i + 1] = 'n';
        m_out[i + 2] = 't';
        m_changed = true;
        return k + 1; // the arguments may have gone on past this line
    }

    static bool isObjcEnumMacro(QByteArrayView word)
    {
        return word == "NS_ENUM" || word == "NS_OPTIONS" || word == "NS_CLOSED_ENUM" || word == "NS_ERROR_ENUM"
               || word == "CF_ENUM" || word == "CF_OPTIONS";
    }

    // Objective-C's `typedef NS_ENUM(NSInteger, State) {` (the '(' at j) becomes
    // `enum State {`, its name in place. -1 when the arguments are not `(type, name)` on
    // this line.
    qsizetype objcEnumToEnum(qsizetype i, qsizetype j)
    {
        const char *s = m_s;
        const qsizetype close = m_text.indexOf(')', j);
        const qsizetype comma = m_text.indexOf(',', j);
        if (close <= j || close >= m_lineEnd || comma <= j || comma >= close)
            return -1;
        for (qsizetype k = i; k <= close; ++k)
            m_out[k] = ' ';
        // and `typedef` before it: the enum is named, not aliased
        qsizetype w = i;
        while (w > m_lineStart && (s[w - 1] == ' ' || s[w - 1] == '\t'))
            --w;
        if (w - 7 >= m_lineStart && QByteArrayView(s + w - 7, 7) == "typedef"
            && (w - 7 == m_lineStart || !isWordChar(s[w - 8]))) {
            for (qsizetype k = w - 7; k < w; ++k)
                m_out[k] = ' ';
        }
        m_out[i] = 'e';
        m_out[i + 1] = 'n';
        m_out[i + 2] = 'u';
        m_out[i + 3] = 'm';
        // the name keeps its place: "State" between the comma and ')'
        for (qsizetype k = comma + 1; k < close; ++k)
            m_out[k] = s[k];
        m_changed = true;
        return close + 1;
    }

    void blank(qsizetype from, qsizetype to)
    {
        for (qsizetype k = from; k < to; ++k)
            m_out[k] = ' ';
        m_changed = true;
    }

    const QByteArray &m_text;
    QByteArray m_out;
    const char *m_s;
    const qsizetype m_n;
    bool m_changed = false;
    qsizetype m_lineStart = 0;
    qsizetype m_lineEnd = 0;
    qsizetype m_first = 0;     // first non-blank of the line
    qsizetype m_last = 0;      // end of the line without trailing blanks
    bool m_continuation = false; // inside a multi-line preprocessor directive
    char m_prevLineEnd = '\0';   // last character of the previous line with code
    bool m_inBlockComment = false;
};

} // namespace

QByteArray blankAttributeMacros(const QByteArray &text)
{
    return MacroBlanker(text).run();
}

bool isClosingOnlyLine(QByteArrayView line)
{
    line = line.trimmed();
    if (line.isEmpty())
        return true;
    qsizetype i = 0;
    while (i < line.size() && (line[i] == '}' || line[i] == ')' || line[i] == ']' || line[i] == ';'
                               || line[i] == ',' || line[i] == ' ' || line[i] == '\t'))
        ++i;
    if (i == line.size())
        return true;
    return i > 0 && line.sliced(i).trimmed().startsWith("//");
}

QString signatureOf(const Def &def, QByteArrayView src)
{
    const int sigEnd = def.bodyStart >= 0 ? def.bodyStart : def.nodeEnd;
    // first line only when there is no body (declarations) or the header is huge
    QByteArrayView sig = src.sliced(def.nodeStart, sigEnd - def.nodeStart);
    if (def.bodyStart < 0) {
        const qsizetype nl = sig.indexOf('\n');
        if (nl >= 0)
            sig = sig.first(nl);
    }
    QString s = QString::fromUtf8(sig).trimmed();
    if (s.endsWith(u':'))
        s.chop(1);
    s = s.simplified();
    if (s.size() > 400)
        s = s.left(400) + QStringLiteral(" …");
    return s;
}

QByteArray skeletonOf(const std::vector<Def> &defs, int index, QByteArrayView src,
                      const LineIndex &lines)
{
    const Def &def = defs[size_t(index)];
    QByteArray skeleton;
    int pos = def.start;
    // keep the first line's indentation so nested skeletons read right
    for (int b = lines.lineStart(lines.lineOf(def.start)); b < def.start; ++b) {
        if (src[b] != ' ' && src[b] != '\t') {
            skeleton.clear();
            break;
        }
        skeleton.append(src[b]);
    }
    for (int j = index + 1; j < int(defs.size()) && defs[size_t(j)].nodeStart < def.nodeEnd; ++j) {
        const Def &member = defs[size_t(j)];
        // direct members only (skipping scopes)
        int p = member.parent;
        while (p >= 0 && p != index && defs[size_t(p)].scopeOnly)
            p = defs[size_t(p)].parent;
        if (p != index || member.symbolOnly || member.bodyStart < 0 || member.bodyStart < pos)
            continue;
        skeleton.append(src.sliced(pos, member.bodyStart - pos));
        const bool braces = src[member.bodyStart] == '{';
        skeleton.append(braces ? "{ … }" : "…");
        pos = member.bodyEnd;
    }
    skeleton.append(src.sliced(pos, def.end - pos));
    return skeleton;
}

void nestDefinitions(std::vector<Def> *defsIn)
{
    std::vector<Def> &defs = *defsIn;
    std::vector<int> order(defs.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (defs[size_t(a)].nodeStart != defs[size_t(b)].nodeStart)
            return defs[size_t(a)].nodeStart < defs[size_t(b)].nodeStart;
        return defs[size_t(a)].nodeEnd > defs[size_t(b)].nodeEnd;
    });
    std::vector<Def> sorted;
    sorted.reserve(defs.size());
    for (int i : order)
        sorted.push_back(std::move(defs[size_t(i)]));
    defs = std::move(sorted);
    std::vector<int> stack;
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        while (!stack.empty() && defs[size_t(stack.back())].nodeEnd < def.nodeEnd)
            stack.pop_back();
        def.parent = stack.empty() ? -1 : stack.back();
        stack.push_back(i);
    }
}

void mergeClauses(std::vector<Def> *defsIn)
{
    std::vector<Def> &defs = *defsIn;
    // index of the next definition after i that is not inside i
    auto nextSibling = [&](int i) {
        int j = i + 1;
        while (j < int(defs.size()) && defs[size_t(j)].nodeStart < defs[size_t(i)].nodeEnd)
            ++j;
        return j;
    };
    bool merged = false;
    std::vector<char> gone(defs.size(), 0);
    for (int i = 0; i < int(defs.size()); ++i) {
        if (gone[size_t(i)])
            continue;
        Def &first = defs[size_t(i)];
        for (int j = nextSibling(i); j < int(defs.size()); j = nextSibling(i)) {
            const Def &next = defs[size_t(j)];
            if (next.parent != first.parent || next.name != first.name || next.kind != first.kind
                || next.qualifier != first.qualifier)
                break;
            first.nodeEnd = std::max(first.nodeEnd, next.nodeEnd);
            first.end = std::max(first.end, next.end);
            if (next.bodyEnd > first.bodyEnd)
                first.bodyEnd = next.bodyEnd;
            if (first.doc.isEmpty())
                first.doc = next.doc;
            if (next.nameByte >= 0)
                first.clauseNameBytes.append(next.nameByte);
            first.clauseNameBytes.append(next.clauseNameBytes);
            gone[size_t(j)] = 1;
            merged = true; // what the later clause holds nests in the first one below
        }
    }
    if (!merged)
        return;
    std::vector<Def> kept;
    kept.reserve(defs.size());
    for (size_t i = 0; i < defs.size(); ++i) {
        if (!gone[i])
            kept.push_back(std::move(defs[i]));
    }
    defs = std::move(kept);
    nestDefinitions(&defs);
}

void qualifyDefinitions(std::vector<Def> *defsIn, const LanguageSyntax &syntax)
{
    std::vector<Def> &defs = *defsIn;
    if (syntax.modulesWithFunctionsAreContainers) {
        // A module holding functions directly is a container (a mixin); the rest stay scopes.
        for (const Def &def : defs) {
            if (def.parent >= 0 && isCallableKind(def.kind)) {
                Def &module = defs[size_t(def.parent)];
                if (module.moduleCapture && module.scopeOnly) {
                    module.scopeOnly = false;
                    module.kind = ChunkKind::Module;
                }
            }
        }
    }
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        int container = def.parent;
        bool insideCallable = false;
        for (int p = def.parent; p >= 0; p = defs[size_t(p)].parent) {
            if (isCallableKind(defs[size_t(p)].kind) && !defs[size_t(p)].scopeOnly) {
                insideCallable = true;
                break;
            }
        }
        while (container >= 0 && defs[size_t(container)].scopeOnly)
            container = defs[size_t(container)].parent;
        // a method of a class declared inside a function is still a method (symbol only)
        const bool inContainer = container >= 0 && isContainerKind(defs[size_t(container)].kind);
        const bool inModule = inContainer && defs[size_t(container)].kind == ChunkKind::Module;
        if (def.kind == ChunkKind::Function && inModule && syntax.moduleFunctionsStayFunctions) {
            // a function of an Elixir / OCaml / Julia module
        } else if (def.kind == ChunkKind::Function
            && (inContainer || (syntax.qualifiedFunctionIsMethod && !def.qualifier.isEmpty()))) {
            const QString owner = inContainer ? defs[size_t(container)].name
                                              : def.qualifier.section(u'.', -1);
            def.kind = ((syntax.constructorNamedAfterContainer && def.name == owner)
                        || syntax.isConstructorName(def.name))
                           ? ChunkKind::Constructor
                           : ChunkKind::Method;
        } else if (def.kind == ChunkKind::Method && syntax.isConstructorName(def.name)) {
            def.kind = ChunkKind::Constructor;
        }
        QString prefix;
        if (def.parent >= 0)
            prefix = defs[size_t(def.parent)].qualifiedName;
        if (!def.qualifier.isEmpty())
            prefix = prefix.isEmpty() ? def.qualifier : prefix + u'.' + def.qualifier;
        if (prefix.size() > 400)
            prefix = prefix.right(400);
        def.qualifiedName = prefix.isEmpty() ? def.name : prefix + u'.' + def.name;
        def.chunked = !def.scopeOnly && !insideCallable && !def.symbolOnly;
    }
}

ChunkCutter::ChunkCutter(QByteArrayView src, const LineIndex &lines,
                         const ChunkerOptions &options, QList<Chunk> *out)
    : m_src(src)
    , m_lines(lines)
    , m_maxLines(std::max(4, options.maxLines))
    , m_maxBytes(std::max(256, options.maxBytes))
    , m_out(out)
{
}

int ChunkCutter::withText(Chunk base, int startByte, int endByte, const QString &text)
{
    base.startByte = startByte;
    base.endByte = endByte;
    base.startLine = m_lines.lineOf(startByte);
    base.endLine = m_lines.lineOf(std::max(startByte, endByte - 1));
    base.text = text;
    m_out->append(base);
    return int(m_out->size()) - 1;
}

int ChunkCutter::cut(Chunk base, int startByte, int endByte)
{
    const int first = m_lines.lineOf(startByte);
    const int last = m_lines.lineOf(std::max(startByte, endByte - 1));
    base.startByte = startByte;
    base.endByte = endByte;
    base.startLine = first;
    base.endLine = last;
    const int firstIndex = int(m_out->size());
    if (last - first + 1 <= m_maxLines && endByte - startByte <= m_maxBytes) {
        base.text = QString::fromUtf8(m_src.sliced(startByte, endByte - startByte));
        m_out->append(base);
        return firstIndex;
    }
    // Split at line boundaries; a single over-long line is split by bytes.
    struct Part
    {
        int b, e;
    };
    std::vector<Part> parts;
    int cur = startByte;
    while (cur < endByte) {
        int e = cur;
        int count = 0;
        while (e < endByte) {
            const int lineEndByte = std::min(endByte, m_lines.lineEnd(m_lines.lineOf(e)));
            if (count > 0 && (count >= m_maxLines || lineEndByte - cur > m_maxBytes))
                break;
            e = lineEndByte;
            ++count;
        }
        // A tail of at most 3 closing lines ("}", "});") joins this part instead of
        // becoming a part of its own that says nothing.
        if (e < endByte && last - m_lines.lineOf(e) < 3 && endByte - e < 200) {
            bool closingOnly = true;
            for (int l = m_lines.lineOf(e); l <= last && closingOnly; ++l)
                closingOnly = isClosingOnlyLine(m_lines.slice(m_src, l, l));
            if (closingOnly)
                e = endByte;
        }
        if (e - cur > m_maxBytes) {
            // one huge line: cut at a UTF-8 boundary
            int cutAt = cur + m_maxBytes;
            while (cutAt > cur && (uchar(m_src[cutAt]) & 0xC0) == 0x80)
                --cutAt;
            e = cutAt > cur ? cutAt : cur + m_maxBytes;
        }
        parts.push_back({cur, e});
        cur = e;
    }
    if (parts.size() == 1) { // only a closing tail was over the budget
        base.text = QString::fromUtf8(m_src.sliced(startByte, endByte - startByte));
        m_out->append(base);
        return firstIndex;
    }
    for (size_t k = 0; k < parts.size(); ++k) {
        Chunk part = base;
        part.part = int(k) + 1;
        part.partCount = int(parts.size());
        part.startByte = parts[k].b;
        part.endByte = parts[k].e;
        part.startLine = m_lines.lineOf(parts[k].b);
        part.endLine = m_lines.lineOf(std::max(parts[k].b, parts[k].e - 1));
        part.text = QString::fromUtf8(m_src.sliced(parts[k].b, parts[k].e - parts[k].b));
        if (k > 0)
            part.doc.clear();
        m_out->append(part);
    }
    return firstIndex;
}

int ChunkCutter::skeletonParts(Chunk base, int startByte, int endByte, const QByteArray &skeleton)
{
    const int before = int(m_out->size());
    const QList<QByteArray> skLines = skeleton.split('\n');
    int emitted = 0;
    int index = 0;
    const int total = int((skLines.size() + m_maxLines - 1) / m_maxLines);
    while (emitted < skLines.size()) {
        const qsizetype n = std::min<qsizetype>(m_maxLines, skLines.size() - emitted);
        QByteArray piece;
        for (qsizetype k = 0; k < n; ++k) {
            piece.append(skLines.at(emitted + k).left(m_maxBytes / int(n) + 200));
            piece.append('\n');
        }
        Chunk part = base;
        part.part = ++index;
        part.partCount = total;
        part.text = QString::fromUtf8(piece);
        part.startByte = startByte;
        part.endByte = endByte;
        part.startLine = m_lines.lineOf(startByte);
        part.endLine = m_lines.lineOf(std::max(startByte, endByte - 1));
        if (index > 1)
            part.doc.clear();
        m_out->append(part);
        emitted += int(n);
    }
    return before;
}

std::vector<int> emitDefinitionChunks(std::vector<Def> *defsIn, QByteArrayView src,
                                      const LineIndex &lines, ChunkCutter *cutter)
{
    std::vector<Def> &defs = *defsIn;
    std::vector<int> defChunk(defs.size(), -1);
    for (int i = 0; i < int(defs.size()); ++i) {
        Def &def = defs[size_t(i)];
        if (!def.chunked)
            continue;
        Chunk chunk;
        chunk.kind = def.kind;
        chunk.name = def.name;
        chunk.qualifiedName = def.qualifiedName;
        chunk.signature = signatureOf(def, src);
        chunk.doc = def.doc.left(4000);
        for (int p = def.parent; p >= 0; p = defs[size_t(p)].parent) {
            if (defChunk[size_t(p)] >= 0) {
                chunk.parent = defChunk[size_t(p)];
                break;
            }
        }
        if (isContainerKind(def.kind) && def.bodyStart >= 0) {
            const QByteArray skeleton = skeletonOf(defs, i, src, lines);
            const int skeletonLines = int(skeleton.count('\n')) + 1;
            if (skeletonLines <= cutter->maxLines() && skeleton.size() <= cutter->maxBytes())
                defChunk[size_t(i)] = cutter->withText(chunk, def.start, def.end,
                                                       QString::fromUtf8(skeleton));
            else // too big even as a skeleton: the header plus member signatures, in parts
                defChunk[size_t(i)] = cutter->skeletonParts(chunk, def.start, def.end, skeleton);
        } else {
            defChunk[size_t(i)] = cutter->cut(chunk, def.start, def.end);
        }
        def.chunk = defChunk[size_t(i)];
    }
    return defChunk;
}

void collectSymbols(const std::vector<Def> &defs, const std::vector<int> &defChunk,
                    QList<Symbol> *symbols)
{
    for (int i = 0; i < int(defs.size()); ++i) {
        const Def &def = defs[size_t(i)];
        if (def.scopeOnly)
            continue;
        int chunk = defChunk[size_t(i)];
        for (int p = def.parent; chunk < 0 && p >= 0; p = defs[size_t(p)].parent)
            chunk = defChunk[size_t(p)];
        symbols->append(Symbol{def.kind, def.name, def.qualifiedName, def.nameLine,
                               def.nameColumn, chunk});
    }
}

void emitTopLevelCode(const std::vector<Def> &defs, QByteArrayView src, const LineIndex &lines,
                      int windowLines, ChunkCutter *cutter)
{
    const int lineCount = lines.lineCount();
    std::vector<char> covered(size_t(lineCount) + 2, 0);
    for (const Def &def : defs) {
        if (!def.chunked)
            continue;
        const int a = lines.lineOf(def.start);
        const int b = lines.lineOf(std::max(def.start, def.end - 1));
        for (int l = a; l <= b; ++l)
            covered[size_t(l)] = 1;
    }
    auto closingOnly = [&](int line) { return isClosingOnlyLine(lines.slice(src, line, line)); };
    int line = 1;
    while (line <= lineCount) {
        if (covered[size_t(line)]) {
            ++line;
            continue;
        }
        int runEnd = line;
        while (runEnd + 1 <= lineCount && !covered[size_t(runEnd + 1)])
            ++runEnd;
        // windows of windowLines at most, preferring blank-line boundaries
        int first = line;
        while (first <= runEnd) {
            while (first <= runEnd && closingOnly(first))
                ++first;
            if (first > runEnd)
                break;
            int last = std::min(runEnd, first + std::max(4, windowLines) - 1);
            if (last < runEnd) {
                for (int l = last; l > first + windowLines / 2; --l) {
                    if (lines.slice(src, l, l).trimmed().isEmpty()) {
                        last = l;
                        break;
                    }
                }
            }
            int trimmedLast = last;
            while (trimmedLast > first && closingOnly(trimmedLast))
                --trimmedLast;
            Chunk code;
            code.kind = ChunkKind::Code;
            cutter->cut(code, lines.lineStart(first),
                        std::min(int(src.size()), lines.lineEnd(trimmedLast)));
            first = last + 1;
        }
        line = runEnd + 1;
    }
}

void sortChunks(ParseResult *result)
{
    std::vector<int> idx(size_t(result->chunks.size()));
    for (size_t i = 0; i < idx.size(); ++i)
        idx[i] = int(i);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) {
        const Chunk &ca = result->chunks.at(a);
        const Chunk &cb = result->chunks.at(b);
        if (ca.startByte != cb.startByte)
            return ca.startByte < cb.startByte;
        if (ca.endByte != cb.endByte)
            return ca.endByte > cb.endByte;
        return ca.part < cb.part;
    });
    std::vector<int> newIndex(idx.size());
    QList<Chunk> sorted;
    sorted.reserve(result->chunks.size());
    for (size_t i = 0; i < idx.size(); ++i) {
        newIndex[size_t(idx[i])] = int(i);
        sorted.append(result->chunks.at(idx[i]));
    }
    for (Chunk &c : sorted) {
        if (c.parent >= 0)
            c.parent = newIndex[size_t(c.parent)];
    }
    for (Symbol &s : result->symbols) {
        if (s.chunk >= 0)
            s.chunk = newIndex[size_t(s.chunk)];
    }
    result->chunks = std::move(sorted);
}

void attachReferences(std::vector<RawRef> refs, const std::vector<Def> &defs,
                      const LineIndex &lines, ParseResult *result)
{
    // A definition's own name is not a reference to itself.
    QSet<int> defNameBytes;
    for (const Def &def : defs) {
        if (def.nameLine > 0)
            defNameBytes.insert(lines.lineStart(def.nameLine) + def.nameColumn - 1);
        for (int byte : def.clauseNameBytes)
            defNameBytes.insert(byte);
    }
    // A type use that is also a new/inherit/... reference is reported once, as the more
    // specific kind ("new Foo", not "new Foo" plus "type Foo").
    QSet<int> specificRefBytes;
    for (const RawRef &r : refs) {
        if (r.kind != RefKind::Type)
            specificRefBytes.insert(r.byte);
    }
    refs.erase(std::remove_if(refs.begin(), refs.end(),
                              [&](const RawRef &r) {
                                  return defNameBytes.contains(r.byte)
                                         || (r.kind == RefKind::Type
                                             && specificRefBytes.contains(r.byte));
                              }),
               refs.end());
    // Innermost chunk per line: paint bigger chunks first.
    const int lineCount = result->lineCount;
    std::vector<int> owner(size_t(lineCount) + 2, -1);
    std::vector<int> bySize(size_t(result->chunks.size()));
    for (size_t i = 0; i < bySize.size(); ++i)
        bySize[i] = int(i);
    std::stable_sort(bySize.begin(), bySize.end(), [&](int a, int b) {
        const Chunk &ca = result->chunks.at(a);
        const Chunk &cb = result->chunks.at(b);
        return (ca.endByte - ca.startByte) > (cb.endByte - cb.startByte);
    });
    for (int i : bySize) {
        const Chunk &c = result->chunks.at(i);
        if (c.part > 1 && isContainerKind(c.kind))
            continue;
        for (int l = c.startLine; l <= c.endLine && l <= lineCount; ++l)
            owner[size_t(l)] = i;
    }
    // top-level symbols without a chunk of their own (a Swift `let`, a Bash setting): the code
    // window holding them
    for (Symbol &sym : result->symbols) {
        if (sym.chunk < 0 && sym.line >= 1 && sym.line <= lineCount)
            sym.chunk = owner[size_t(sym.line)];
    }
    result->refs.reserve(qsizetype(refs.size()));
    std::sort(refs.begin(), refs.end(), [](const RawRef &a, const RawRef &b) {
        return a.byte < b.byte;
    });
    for (RawRef &r : refs) {
        Reference ref;
        ref.kind = r.kind;
        ref.name = std::move(r.name);
        ref.qualifier = std::move(r.qualifier);
        ref.line = r.line;
        ref.column = r.column;
        ref.chunk = r.line <= lineCount ? owner[size_t(r.line)] : -1;
        result->refs.append(std::move(ref));
    }
}

namespace {

qint64 threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

} // namespace

void ParseTimer::start()
{
    m_wall.start();
    m_cpuStartMs = threadCpuMs();
}

bool ParseTimer::over(qint64 limitMs) const
{
    return m_wall.elapsed() > limitMs && threadCpuMs() - m_cpuStartMs > limitMs;
}

} // namespace RepoLens::ChunkerSteps
