#include "chunkersteps_p.h"

#include "languagesyntax_p.h"

#include <QSet>

#include <algorithm>
#include <cctype>
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

// Where the last character of the code in s[begin, end) is, comments and blanks left out (-1:
// none).
qsizetype lastCodeIndex(const char *s, qsizetype begin, qsizetype end)
{
    qsizetype last = -1;
    for (qsizetype i = begin; i < end;) {
        const char c = s[i];
        if (c == '/' && i + 1 < end && s[i + 1] == '/')
            break;
        if (c == '/' && i + 1 < end && s[i + 1] == '*') {
            const qsizetype close = QByteArrayView(s + i + 2, end - i - 2).indexOf("*/");
            if (close < 0)
                break;
            i += 2 + close + 2;
            continue;
        }
        if (c == '"' || c == '\'') {
            ++i;
            while (i < end && s[i] != c)
                i += s[i] == '\\' ? 2 : 1;
            last = std::min(i, end - 1);
            ++i;
            continue;
        }
        if (c != ' ' && c != '\t' && c != '\r')
            last = i;
        ++i;
    }
    return last;
}

// `FMT_TYPE_CONSTANT(long long, long_long_type)`, `GMOCK_DECLARE_KIND_(bool, kBool)`: a
// macro's arguments that name types (a type keyword, two words, a pointer) or are empty, which
// the grammar cannot read as a call's.
bool argumentsNameTypes(QByteArrayView args)
{
    static const char *const typeKeywords[] = {
        "void", "bool", "char", "int", "short", "long", "float", "double", "signed", "unsigned",
        "wchar_t", "char8_t", "char16_t", "char32_t", "auto"};
    qsizetype from = 0;
    int depth = 0;
    for (qsizetype i = 0; i <= args.size(); ++i) {
        const char c = i < args.size() ? args[i] : ',';
        if (c == '(' || c == '<' || c == '[' || c == '{') {
            ++depth;
            continue;
        }
        if ((c == ')' || c == '>' || c == ']' || c == '}') && depth > 0) {
            --depth;
            continue;
        }
        if (c != ',' || depth > 0)
            continue;
        const QByteArrayView arg = args.sliced(from, i - from).trimmed();
        from = i + 1;
        if (arg.isEmpty() || arg.endsWith('*') || arg.endsWith('&'))
            return true;
        for (const char *keyword : typeKeywords) {
            if (arg == keyword)
                return true;
        }
        // names (`::` joins the parts of one) and blanks only, at least two names:
        // `unsigned char`, `const Char`
        int names = 0;
        bool plain = true;
        for (qsizetype k = 0; k < arg.size() && plain;) {
            if (arg[k] == ' ' || arg[k] == '\t') {
                ++k;
                continue;
            }
            if (!isWordChar(arg[k]) && !arg.sliced(k).startsWith("::")) {
                plain = false;
                break;
            }
            ++names;
            while (k < arg.size() && (isWordChar(arg[k]) || arg.sliced(k).startsWith("::")))
                k += arg[k] == ':' ? 2 : 1;
        }
        if (plain && names >= 2 && !(arg[0] >= '0' && arg[0] <= '9'))
            return true;
    }
    return false;
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
            m_codeStart = m_lineStart;
            if (m_inBlockComment) { // the rest of a /* ... */ comment: nothing to blank, no code
                const qsizetype close = QByteArrayView(m_s + m_lineStart, m_lineEnd - m_lineStart).indexOf("*/");
                if (close < 0) {
                    m_lineStart = m_lineEnd + 1;
                    continue;
                }
                m_inBlockComment = false;
                m_codeStart = m_lineStart + close + 2; // the code after the comment's end
            }
            readLine();
            m_lineStart = m_lineEnd + 1;
        }
        return m_changed ? m_out : m_text;
    }

private:
    // Where a macro-shaped word stands on its line: what comes before and after it.
    struct MacroUse
    {
        qsizetype start = 0;       // the word
        qsizetype end = 0;
        qsizetype macroEnd = 0;    // past its argument list when it has one on this line
        qsizetype next = 0;        // the first non-blank after that
        char prev = '\0';          // the character before it on the line ('\0': none)
        char prevCode = '\0';      // ... or, at the line's start, the previous code line's last
        QByteArrayView wordBefore; // the word right before it
        bool afterParenthesis = false; // a ')' right before wordBefore
        bool lineStarts = false;   // only indentation before it
        bool functionLike() const { return macroEnd != end; }
    };

    // One line: a preprocessor directive (maybe an #include to drop), or code whose
    // macro-shaped words are looked at; then what the line ends with, for the next one.
    void readLine()
    {
        const char *s = m_s;
        m_first = m_codeStart;
        while (m_first < m_lineEnd && (s[m_first] == ' ' || s[m_first] == '\t'))
            ++m_first;
        const bool directive = m_continuation || (m_first < m_lineEnd && s[m_first] == '#');
        m_last = m_lineEnd;
        while (m_last > m_lineStart && (s[m_last - 1] == ' ' || s[m_last - 1] == '\t' || s[m_last - 1] == '\r'))
            --m_last;
        m_continuation = directive && m_last > m_lineStart && s[m_last - 1] == '\\';
        // the code's end, a comment after it left out
        m_codeEnd = directive ? m_last : lastCodeIndex(s, m_first, m_lineEnd) + 1;
        // `#include "list.h"` inside an initializer (a table filled from a header) derails the
        // grammar for the rest of the file: the line goes
        if (directive && !m_continuation && std::strchr(",{(", m_prevLineEnd) && m_prevLineEnd != '\0'
            && QByteArrayView(s + m_first, m_last - m_first).startsWith("#include")) {
            blank(m_first, m_last);
        }
        if (!directive)
            readCode();
        if (directive)
            m_prevLineEnd = '#';
        else if (const qsizetype code = lastCodeIndex(m_out.constData(), m_first, m_lineEnd); code >= 0)
            m_prevLineEnd = m_out.at(code); // comment lines do not count, nor a comment after the
                                            // code, nor what was blanked
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
            i = word(i, end);
        }
    }

    // A word at [i, end): a functional cast to rewrite, a numbered attribute, a macro-shaped
    // word to look at, or nothing to do. Returns where the line's scan goes on.
    qsizetype word(qsizetype i, qsizetype end)
    {
        if (const qsizetype next = functionalCast(i, end); next >= 0)
            return next;
        if (const qsizetype next = numberedAttribute(i, end); next >= 0)
            return next;
        return isMacroShaped(QByteArrayView(m_s + i, end - i)) ? macroWord(i, end) : end;
    }

    // `unsigned(size) << shift`: the grammar knows functional casts to `int`, not to
    // `unsigned`, `long`, `short` or `signed`; `int` with blanks reads the same (not
    // `unsigned long(x)`). -1 when the word at [i, end) is no such type before a '('.
    qsizetype functionalCast(qsizetype i, qsizetype end)
    {
        const char *s = m_s;
        const QByteArrayView word(s + i, end - i);
        if (end >= m_lineEnd || s[end] != '(' || !isIntegerTypeWord(word))
            return -1;
        qsizetype p = i;
        while (p > m_lineStart && (s[p - 1] == ' ' || s[p - 1] == '\t'))
            --p;
        qsizetype q = p;
        while (q > m_lineStart && isWordChar(s[q - 1]))
            --q;
        if (isIntegerTypeWord(QByteArrayView(s + q, p - q)))
            return end;
        blank(i + 3, end);
        m_out[i] = 'i';
        m_out[i + 1] = 'n';
        m_out[i + 2] = 't';
        return end;
    }

    static bool isIntegerTypeWord(QByteArrayView word)
    {
        return word == "unsigned" || word == "signed" || word == "long" || word == "short";
    }

    // `static void printflike(3, 4)` with the function's name on the next line: an attribute
    // macro (numbers for arguments) between the type and the name, blanked. -1 when the word
    // at [i, end) is none.
    qsizetype numberedAttribute(qsizetype i, qsizetype end)
    {
        const char *s = m_s;
        if (isMacroShaped(QByteArrayView(s + i, end - i)) || end >= m_lineEnd || s[end] != '(' || i <= m_first)
            return -1;
        qsizetype close = end + 1;
        while (close < m_lineEnd && (std::isdigit(uchar(s[close])) || s[close] == ',' || s[close] == ' '))
            ++close;
        qsizetype p = i;
        while (p > m_first && (s[p - 1] == ' ' || s[p - 1] == '\t'))
            --p;
        const bool afterType = p > m_first && (isWordChar(s[p - 1]) || s[p - 1] == '*');
        const bool numbers = close > end + 1 && close < m_lineEnd && s[close] == ')';
        const bool lineEnds = numbers && lastCodeIndex(s, close, m_lineEnd) == close;
        const qsizetype next = m_lineEnd + 1;
        qsizetype nameEnd = next;
        while (nameEnd < m_n && isWordChar(s[nameEnd]))
            ++nameEnd;
        if (!afterType || !lineEnds || nameEnd == next || nameEnd >= m_n || s[nameEnd] != '(')
            return -1;
        blank(i, close + 1);
        return close + 1;
    }

    // A macro-shaped word at [i, end): blanked (with its arguments) where it is an attribute,
    // a SFINAE constraint or a keyword-like macro, NS_ENUM made an enum; left alone where it
    // is a call or a declaration. Returns where the line's scan goes on.
    qsizetype macroWord(qsizetype i, qsizetype end)
    {
        const char *s = m_s;
        const QByteArrayView word(s + i, end - i);
        MacroUse use;
        use.start = i;
        use.end = end;
        // before: nothing, a word, or a ')' (not `::`, `.`, `->`, an operator)
        qsizetype before = i;
        while (before > m_lineStart && (s[before - 1] == ' ' || s[before - 1] == '\t'))
            --before;
        use.prev = before > m_lineStart ? s[before - 1] : '\0';
        use.lineStarts = i == m_first;
        use.prevCode = use.lineStarts ? m_prevLineEnd : use.prev; // across the line break
        use.macroEnd = end;
        qsizetype j = end;
        while (j < m_lineEnd && (s[j] == ' ' || s[j] == '\t'))
            ++j;
        if (j < m_lineEnd && s[j] == '(' && (use.prevCode == ',' || use.prevCode == '<') && inTemplateParameters(i)) {
            if (const qsizetype next = blankTemplateConstraint(i, j); next >= 0)
                return next;
        }
        if (j == end && j < m_lineEnd && s[j] == '(' && isObjcEnumMacro(word)) {
            if (const qsizetype next = objcEnumToEnum(i, j); next >= 0)
                return next;
        }
        qsizetype wordStart = before;
        while (wordStart > m_lineStart && isWordChar(s[wordStart - 1]))
            --wordStart;
        use.wordBefore = QByteArrayView(s + wordStart, before - wordStart);
        qsizetype beforeWordBefore = wordStart;
        while (beforeWordBefore > m_lineStart && (s[beforeWordBefore - 1] == ' ' || s[beforeWordBefore - 1] == '\t'))
            --beforeWordBefore;
        use.afterParenthesis = beforeWordBefore > m_lineStart && s[beforeWordBefore - 1] == ')';
        // `if FMT_CONSTEXPR20 (cond)`: a keyword-like macro, not a call
        if (use.wordBefore == "if") {
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
            use.macroEnd = k + 1;
            j = use.macroEnd;
            while (j < m_lineEnd && (s[j] == ' ' || s[j] == '\t'))
                ++j;
        }
        use.next = j;
        if (isAttribute(use))
            blank(i, use.macroEnd);
        return use.macroEnd;
    }

    // Whether a macro (with its arguments) stands where an attribute or a keyword-like macro
    // does, not a call or a declaration.
    bool isAttribute(const MacroUse &use) const
    {
        const char *s = m_s;
        const qsizetype j = use.next;
        const char prev = use.prev;
        const char prevCode = use.prevCode;
        const QByteArrayView wordBefore = use.wordBefore;
        const bool functionLike = use.functionLike();
        const bool okBefore =
            use.lineStarts || isWordChar(prev) || prev == ')' || prev == '>' || prev == '*' || prev == '&';
        // alone on a line, not as the last item of a list or an expression going on
        const bool lineAlone = use.lineStarts && j >= m_codeEnd && std::strchr(";{}#/*:)>", m_prevLineEnd) != nullptr;
        const bool beforeWord = j < m_lineEnd && (isWordChar(s[j]) || s[j] == '~') && !(s[j] >= '0' && s[j] <= '9');
        const bool beforeEnd = (j < m_lineEnd && (s[j] == ';' || s[j] == '{')) || (j >= m_codeEnd && prev == ')');
        if (okBefore && (lineAlone || beforeWord) && (!functionLike || beforeWord))
            return true;
        // after a declarator, before its body or `;`, also on a line of its own:
        // `void f() const\n    GTEST_LOCK_EXCLUDED_(mu) {`
        const bool afterTag = wordBefore == "struct" || wordBefore == "class" || wordBefore == "union"
                              || wordBefore == "enum";
        // (not `return FMT_BUILTIN_CLZ(n);`: an expression)
        const bool afterKeyword = wordBefore == "return" || wordBefore == "throw" || wordBefore == "case"
                                  || wordBefore == "co_return" || wordBefore == "co_yield" || wordBefore == "goto";
        // (nor `int RUN_ALL_TESTS() {`: a function of that name), or after an Objective-C
        // parameter's name: `error:(NSError *)error API_X(...);`
        const bool afterQualifier = wordBefore == "const" || wordBefore == "override" || wordBefore == "final"
                                    || wordBefore == "noexcept" || wordBefore == "volatile" || use.afterParenthesis;
        if ((prevCode == ')'
             || (isWordChar(prevCode) && !afterTag && !afterKeyword && functionLike && (use.lineStarts || afterQualifier)))
            && beforeEnd)
            return true;
        // after a parameter's name: `value(unsigned char x FMT_BUILTIN)`, but not the name
        // itself (`template <bool IS_CONSTEXPR, typename T>`)
        if (isWordChar(prev) && !afterTag && !isTypeKeyword(wordBefore) && j < m_lineEnd && (s[j] == ')' || s[j] == ','))
            return true;
        // `FMT_TRY {`: a keyword-like macro starting a statement before its block, and
        // `} FMT_CATCH(...) {` after the block it continues
        if (!functionLike && j < m_lineEnd && s[j] == '{' && (prevCode == ';' || prevCode == '{' || prevCode == '}'))
            return true;
        if (functionLike && j < m_lineEnd && s[j] == '{' && !use.lineStarts && prev == '}')
            return true;
        // Objective-C: `- (id)initWithHost:(NSString *)host NS_DESIGNATED_INITIALIZER;`
        if (isWordChar(prev) && beforeEnd && (s[m_first] == '-' || s[m_first] == '+'))
            return true;
        // `FOO(x)` alone without a semicolon (FMT_PRAGMA_CLANG(...), Q_DECLARE_METATYPE(T))
        // goes; `FOO(x);` is a call or declaration macro the grammar reads fine (the `;` keeps
        // it from counting as alone)
        if (functionLike && lineAlone)
            return true;
        // `FMT_TYPE_CONSTANT(long long, long_long_type);` starting a line: arguments that name
        // types are no call the grammar can read (the `;` stays: an empty declaration)
        return functionLike && use.lineStarts && j < m_lineEnd && s[j] == ';'
               && argumentsNameTypes(QByteArrayView(s + use.end + 1, use.macroEnd - use.end - 2));
    }

    // A parameter's type or `typename`, which a macro-shaped name follows as the parameter's
    // name, not as an attribute.
    static bool isTypeKeyword(QByteArrayView word)
    {
        return word == "bool" || word == "char" || word == "int" || word == "short" || word == "long"
               || word == "unsigned" || word == "signed" || word == "float" || word == "double" || word == "auto"
               || word == "typename" || word == "size_t";
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
    qsizetype m_codeStart = 0; // where the line's code starts (after the end of a block comment)
    qsizetype m_first = 0;     // first non-blank of the line's code
    qsizetype m_last = 0;      // end of the line without trailing blanks
    qsizetype m_codeEnd = 0;   // end of the line's code, a trailing comment left out
    bool m_continuation = false; // inside a multi-line preprocessor directive
    char m_prevLineEnd = '\0';   // last character of the previous line with code
    bool m_inBlockComment = false;
};

} // namespace

QByteArray blankAttributeMacros(const QByteArray &text)
{
    return MacroBlanker(text).run();
}

namespace {

// One preprocessor directive, over its continuation lines.
struct PreprocessorDirective
{
    int firstLine = 0; // index into the line table
    int lastLine = 0;
    QByteArrayView keyword; // "ifndef", "define", "endif", ...
    QByteArrayView rest;    // the first line after the keyword
};

// `__attribute__((x))`, `[[nodiscard]]`, `__declspec(dllexport)`, `FMT_INLINE`,
// `API_AVAILABLE(ios(10))`: a line of attributes and nothing else (comments aside).
bool isAttributeOnlyLine(QByteArrayView line)
{
    line = line.trimmed();
    if (const qsizetype comment = line.indexOf("//"); comment >= 0)
        line = line.first(comment).trimmed();
    qsizetype i = 0;
    bool any = false;
    while (i < line.size()) {
        if (line[i] == ' ' || line[i] == '\t') {
            ++i;
            continue;
        }
        if (line.sliced(i).startsWith("[[")) {
            const qsizetype close = line.indexOf("]]", i + 2);
            if (close < 0)
                return false;
            i = close + 2;
            any = true;
            continue;
        }
        qsizetype end = i;
        while (end < line.size() && isWordChar(line[end]))
            ++end;
        const QByteArrayView word = line.sliced(i, end - i);
        if (word != "__attribute__" && word != "__declspec" && !isMacroShaped(word))
            return false;
        i = end;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i < line.size() && line[i] == '(') { // its balanced arguments
            int depth = 0;
            for (; i < line.size(); ++i) {
                if (line[i] == '(')
                    ++depth;
                else if (line[i] == ')' && --depth == 0)
                    break;
            }
            if (depth != 0)
                return false;
            ++i;
        }
        any = true;
    }
    return any || line.isEmpty();
}

// simplifyPreprocessor() over one text: its lines, its directives (each over its continuation
// lines), then the shapes made harmless one after the other on a copy of the text.
class PreprocessorSimplifier
{
public:
    explicit PreprocessorSimplifier(const QByteArray &text)
        : m_text(text)
        , m_out(text)
        , m_s(text.constData())
        , m_n(text.size())
    {
    }

    QByteArray run()
    {
        readLines();
        readDirectives();
        if (m_directives.empty())
            return m_text;
        m_handled.assign(m_directives.size(), 0);
        blankIncludeGuard();
        for (size_t d = 0; d < m_directives.size(); ++d) {
            const PreprocessorDirective &dir = m_directives[d];
            if (dir.keyword == "if" || dir.keyword == "elif")
                renameHeaderNames(dir);
            if (dir.lastLine > dir.firstLine)
                blankCommentsInDirective(dir);
            if (opens(dir.keyword))
                blankAttributeConditional(d);
        }
        for (const Conditional &c : conditionals()) {
            if (!m_handled[c.open])
                keepFirstBranch(c);
        }
        return m_changed ? m_out : m_text;
    }

private:
    struct Line
    {
        qsizetype start, end;
        bool commentOnly; // nothing but comments or blanks
    };

    // A conditional: its `#if`, `#elif` / `#else` and `#endif` (indexes of directives).
    struct Conditional
    {
        size_t open = 0;
        std::vector<size_t> branches; // #elif / #else
        size_t close = 0;
    };

    static bool opens(QByteArrayView keyword)
    {
        return keyword == "if" || keyword == "ifdef" || keyword == "ifndef";
    }

    static bool isBranch(QByteArrayView keyword)
    {
        return keyword == "else" || keyword == "elif" || keyword == "elifdef" || keyword == "elifndef";
    }

    static QByteArrayView firstWord(QByteArrayView rest)
    {
        qsizetype k = 0;
        while (k < rest.size() && isWordChar(rest[k]))
            ++k;
        return rest.first(k);
    }

    // The lines, and which hold nothing but comments or blanks.
    void readLines()
    {
        const char *s = m_s;
        bool inBlockComment = false;
        for (qsizetype start = 0; start < m_n;) {
            qsizetype end = start;
            while (end < m_n && s[end] != '\n')
                ++end;
            bool commentOnly = true;
            for (qsizetype i = start; i < end; ++i) {
                if (inBlockComment) {
                    if (s[i] == '*' && i + 1 < end && s[i + 1] == '/') {
                        inBlockComment = false;
                        ++i;
                    }
                    continue;
                }
                if (s[i] == '/' && i + 1 < end && s[i + 1] == '*') {
                    inBlockComment = true;
                    ++i;
                    continue;
                }
                if (s[i] == '/' && i + 1 < end && s[i + 1] == '/')
                    break;
                if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') {
                    commentOnly = false;
                    // a directive's own text; block comments in it are handled later
                    break;
                }
            }
            m_lines.push_back({start, end, commentOnly});
            start = end + 1;
        }
    }

    // The directives, each over its continuation lines, and which line belongs to which.
    void readDirectives()
    {
        const char *s = m_s;
        m_directiveOfLine.assign(m_lines.size(), -1);
        for (int l = 0; l < int(m_lines.size()); ++l) {
            qsizetype i = m_lines[size_t(l)].start;
            const qsizetype end = m_lines[size_t(l)].end;
            while (i < end && (s[i] == ' ' || s[i] == '\t'))
                ++i;
            if (m_lines[size_t(l)].commentOnly || i >= end || s[i] != '#')
                continue;
            ++i;
            while (i < end && (s[i] == ' ' || s[i] == '\t'))
                ++i;
            qsizetype k = i;
            while (k < end && isWordChar(s[k]))
                ++k;
            PreprocessorDirective d;
            d.firstLine = l;
            d.keyword = QByteArrayView(s + i, k - i);
            d.rest = QByteArrayView(s + k, end - k).trimmed();
            int last = l;
            while (continues(last) && last + 1 < int(m_lines.size()))
                ++last;
            d.lastLine = last;
            for (int m = l; m <= last; ++m)
                m_directiveOfLine[size_t(m)] = int(m_directives.size());
            m_directives.push_back(d);
            l = last;
        }
    }

    // Whether a line ends with a backslash: the directive goes on.
    bool continues(int line) const
    {
        const qsizetype start = m_lines[size_t(line)].start;
        qsizetype e = m_lines[size_t(line)].end;
        while (e > start && (m_s[e - 1] == ' ' || m_s[e - 1] == '\t' || m_s[e - 1] == '\r'))
            --e;
        return e > start && m_s[e - 1] == '\\';
    }

    // The include guard: `#ifndef X_H` `#define X_H` first, its `#endif` last, only comments
    // outside. An error anywhere inside would otherwise make the whole header one error.
    void blankIncludeGuard()
    {
        const PreprocessorDirective &guard = m_directives.front();
        const QByteArrayView name = guardName(guard);
        bool onlyCommentsAbove = true;
        for (int l = 0; l < guard.firstLine && onlyCommentsAbove; ++l)
            onlyCommentsAbove = m_lines[size_t(l)].commentOnly;
        if (name.isEmpty() || !onlyCommentsAbove || m_directives.size() < 3 || m_directives[1].keyword != "define"
            || firstWord(m_directives[1].rest) != name || m_directives.back().keyword != "endif")
            return;
        int depth = 0;
        size_t match = 0;
        for (size_t d = 0; d < m_directives.size(); ++d) {
            const QByteArrayView keyword = m_directives[d].keyword;
            if (opens(keyword)) {
                ++depth;
            } else if (depth == 1 && keyword != "endif" && keyword.startsWith("el")) {
                break; // `#else` of the guard: not a guard
            } else if (keyword == "endif" && --depth == 0) {
                match = d;
                break;
            }
        }
        bool onlyCommentsBelow = true;
        for (int l = m_directives.back().lastLine + 1; l < int(m_lines.size()) && onlyCommentsBelow; ++l)
            onlyCommentsBelow = m_lines[size_t(l)].commentOnly;
        if (match != m_directives.size() - 1 || !onlyCommentsBelow)
            return;
        blankLines(guard.firstLine, guard.lastLine);
        blankLines(m_directives[1].firstLine, m_directives[1].lastLine);
        blankLines(m_directives.back().firstLine, m_directives.back().lastLine);
        m_handled.front() = 1;
    }

    // The name an include guard's first directive tests: `#ifndef X_H`, `#if !defined(X_H)`
    // (empty: none).
    static QByteArrayView guardName(const PreprocessorDirective &guard)
    {
        if (guard.keyword == "ifndef")
            return firstWord(guard.rest);
        if (guard.keyword != "if" || !guard.rest.startsWith("!defined"))
            return {};
        QByteArrayView r = guard.rest.sliced(8).trimmed();
        if (r.startsWith('('))
            r = r.sliced(1).trimmed();
        return firstWord(r);
    }

    // `#if __has_include(<bit>)`, `FMT_HAS_INCLUDE("winapifamily.h")`,
    // `FMT_HAS_CPP_ATTRIBUTE(clang::lifetimebound)`: header names and scoped names are no
    // expressions the grammar knows; an identifier of the same length is.
    void renameHeaderNames(const PreprocessorDirective &dir)
    {
        const char *s = m_s;
        for (int m = dir.firstLine; m <= dir.lastLine; ++m) {
            const qsizetype end = m_lines[size_t(m)].end;
            for (qsizetype b = m_lines[size_t(m)].start; b < end; ++b) {
                if (s[b] == ':' && b + 2 < end && s[b + 1] == ':' && b > 0 && isWordChar(s[b - 1])
                    && isWordChar(s[b + 2])) {
                    m_out[b] = '_';
                    m_out[b + 1] = '_';
                    m_changed = true;
                    continue;
                }
                if (s[b] != '(')
                    continue;
                qsizetype open = b + 1;
                while (open < end && s[open] == ' ')
                    ++open;
                if (open >= end || (s[open] != '<' && s[open] != '"'))
                    continue;
                const char closing = s[open] == '<' ? '>' : '"';
                qsizetype close = open + 1;
                while (close < end
                       && (isWordChar(s[close]) || s[close] == '.' || s[close] == '/' || s[close] == '-'
                           || s[close] == '+'))
                    ++close;
                if (close >= end || s[close] != closing)
                    continue;
                for (qsizetype k = open; k <= close; ++k) {
                    if (!isWordChar(s[k]))
                        m_out[k] = '_';
                }
                m_changed = true;
            }
        }
    }

    // A comment inside a continued directive (a `#define` over several lines) derails it.
    void blankCommentsInDirective(const PreprocessorDirective &dir)
    {
        const char *s = m_s;
        for (int m = dir.firstLine; m <= dir.lastLine; ++m) {
            const qsizetype end = m_lines[size_t(m)].end;
            for (qsizetype b = m_lines[size_t(m)].start; b < end; ++b) {
                if (s[b] == '"' || s[b] == '\'') {
                    const char quote = s[b++];
                    while (b < end && s[b] != quote)
                        b += s[b] == '\\' ? 2 : 1;
                    continue;
                }
                if (s[b] != '/' || b + 1 >= end || s[b + 1] != '*')
                    continue;
                const qsizetype close = QByteArrayView(s + b + 2, end - b - 2).indexOf("*/");
                if (close < 0)
                    break;
                for (qsizetype k = b; k < b + 2 + close + 2; ++k)
                    m_out[k] = ' ';
                m_changed = true;
                b += 2 + close + 1;
            }
        }
    }

    // A conditional (opened by directive d) whose branches hold only attributes (`#if
    // FMT_GCC_VERSION` `__attribute__((always_inline))` `#endif` between a template's
    // parameters and its function): none of it is code the grammar needs.
    void blankAttributeConditional(size_t d)
    {
        const PreprocessorDirective &dir = m_directives[d];
        size_t e = d + 1;
        while (e < m_directives.size() && isBranch(m_directives[e].keyword))
            ++e;
        if (e >= m_directives.size() || m_directives[e].keyword != "endif")
            return;
        for (int l = dir.lastLine + 1; l < m_directives[e].firstLine; ++l) {
            if (m_directiveOfLine[size_t(l)] >= 0 || m_lines[size_t(l)].commentOnly)
                continue;
            if (!isAttributeOnlyLine(lineText(l)))
                return;
        }
        blankLines(dir.firstLine, m_directives[e].lastLine);
        for (size_t k = d; k <= e; ++k)
            m_handled[k] = 1;
    }

    // Every conditional, inner ones before the ones around them.
    std::vector<Conditional> conditionals() const
    {
        std::vector<Conditional> result;
        std::vector<Conditional> stack;
        for (size_t d = 0; d < m_directives.size(); ++d) {
            const QByteArrayView keyword = m_directives[d].keyword;
            if (opens(keyword)) {
                stack.push_back(Conditional{d, {}, 0});
            } else if (!stack.empty() && isBranch(keyword)) {
                stack.back().branches.push_back(d);
            } else if (!stack.empty() && keyword == "endif") {
                stack.back().close = d;
                result.push_back(stack.back());
                stack.pop_back();
            }
        }
        return result;
    }

    // A conditional with a branch that is no whole piece of code (`#ifdef X` `if (a) {`
    // `#else` `if (b) {` `#endif`, two headers of one method, `extern "C" {` alone): the
    // grammar cannot read its branches one after the other, so the first (live) branch stays
    // and the others go, as a compiler would see one configuration (`#if 0` keeps its
    // `#else`).
    void keepFirstBranch(const Conditional &c)
    {
        std::vector<size_t> markers{c.open};
        markers.insert(markers.end(), c.branches.begin(), c.branches.end());
        markers.push_back(c.close);
        // a conditional after an unfinished declaration (a method's header, then its body or
        // `;` in each branch) is no whole piece either
        const char above = codeEndAbove(m_directives[c.open].firstLine);
        bool whole = above == '\0' || std::strchr(";{}:,", above) != nullptr;
        for (size_t k = 0; k + 1 < markers.size() && whole; ++k)
            whole = isWhole(m_directives[markers[k]].lastLine + 1, m_directives[markers[k + 1]].firstLine - 1);
        if (whole)
            return;
        const PreprocessorDirective &open = m_directives[c.open];
        const size_t kept = open.keyword == "if" && firstWord(open.rest) == "0" && !c.branches.empty() ? 1 : 0;
        for (size_t k = 0; k + 1 < markers.size(); ++k) {
            blankLines(m_directives[markers[k]].firstLine, m_directives[markers[k]].lastLine);
            if (k != kept)
                blankLines(m_directives[markers[k]].lastLine + 1, m_directives[markers[k + 1]].firstLine - 1);
        }
        blankLines(m_directives[c.close].firstLine, m_directives[c.close].lastLine);
    }

    // Whether lines [first, last] (directives and comments aside) are whole: brackets
    // balanced, ending with `;`, `}` or `,`, or empty.
    bool isWhole(int first, int last) const
    {
        const char *s = m_s;
        int depth = 0;
        char lastCode = '\0';
        bool inComment = false;
        for (int l = first; l <= last; ++l) {
            if (m_directiveOfLine[size_t(l)] >= 0)
                continue;
            const qsizetype end = m_lines[size_t(l)].end;
            for (qsizetype b = m_lines[size_t(l)].start; b < end; ++b) {
                const char c = s[b];
                if (inComment) {
                    if (c == '*' && b + 1 < end && s[b + 1] == '/') {
                        inComment = false;
                        ++b;
                    }
                    continue;
                }
                if (c == '/' && b + 1 < end && s[b + 1] == '/')
                    break;
                if (c == '/' && b + 1 < end && s[b + 1] == '*') {
                    inComment = true;
                    ++b;
                    continue;
                }
                if (c == '"' || c == '\'') {
                    for (++b; b < end && s[b] != c;)
                        b += s[b] == '\\' ? 2 : 1;
                    lastCode = c;
                    continue;
                }
                if (c == '(' || c == '[' || c == '{')
                    ++depth;
                else if ((c == ')' || c == ']' || c == '}') && --depth < 0)
                    return false;
                if (c != ' ' && c != '\t' && c != '\r')
                    lastCode = c;
            }
        }
        return depth == 0 && (lastCode == '\0' || lastCode == ';' || lastCode == '}' || lastCode == ',');
    }

    // The last character of code above a line, directives and comments aside ('\0': none).
    char codeEndAbove(int line) const
    {
        for (int l = line - 1; l >= 0; --l) {
            if (m_directiveOfLine[size_t(l)] >= 0 || m_lines[size_t(l)].commentOnly)
                continue;
            const qsizetype code = lastCodeIndex(m_s, m_lines[size_t(l)].start, m_lines[size_t(l)].end);
            if (code >= 0)
                return m_s[code];
        }
        return '\0';
    }

    QByteArrayView lineText(int line) const
    {
        const Line &l = m_lines[size_t(line)];
        return QByteArrayView(m_s + l.start, l.end - l.start);
    }

    void blankLines(int first, int last)
    {
        for (int m = first; m <= last; ++m) {
            for (qsizetype b = m_lines[size_t(m)].start; b < m_lines[size_t(m)].end; ++b)
                m_out[b] = ' ';
        }
        m_changed = true;
    }

    const QByteArray &m_text;
    QByteArray m_out;
    const char *m_s;
    const qsizetype m_n;
    bool m_changed = false;
    std::vector<Line> m_lines;
    std::vector<PreprocessorDirective> m_directives;
    std::vector<int> m_directiveOfLine;  // index into m_directives, -1: none
    std::vector<char> m_handled;         // conditionals already dealt with (by their opening)
};

} // namespace

QByteArray simplifyPreprocessor(const QByteArray &text)
{
    return PreprocessorSimplifier(text).run();
}

QByteArray separateRustRawReferences(const QByteArray &text)
{
    QByteArray out = text;
    bool changed = false;
    const char *s = text.constData();
    const qsizetype n = text.size();
    for (qsizetype i = text.indexOf("&raw"); i >= 0; i = text.indexOf("&raw", i + 4)) {
        const qsizetype after = i + 4;
        if (after < n && isWordChar(s[after]))
            continue; // &rawness
        qsizetype next = after;
        while (next < n && (s[next] == ' ' || s[next] == '\t' || s[next] == '\n'))
            ++next;
        qsizetype end = next;
        while (end < n && isWordChar(s[end]))
            ++end;
        const QByteArrayView word(s + next, end - next);
        if (word == "const" || word == "mut")
            continue; // a raw borrow
        out[i + 1] = 'R';
        changed = true;
    }
    return changed ? out : text;
}

QByteArray blankDartClassModifiers(const QByteArray &text)
{
    QByteArray out = text;
    bool changed = false;
    const char *s = text.constData();
    const qsizetype n = text.size();
    auto wordAt = [&](qsizetype i) {
        qsizetype e = i;
        while (e < n && isWordChar(s[e]))
            ++e;
        return QByteArrayView(s + i, e - i);
    };
    auto isModifier = [](QByteArrayView w) {
        return w == "sealed" || w == "base" || w == "final" || w == "interface" || w == "mixin";
    };
    for (qsizetype i = 0; i < n;) {
        if (!isWordChar(s[i]) || (i > 0 && isWordChar(s[i - 1]))) {
            ++i;
            continue;
        }
        // a run of modifiers (and `abstract`) ending at `class`
        QByteArrayView w = wordAt(i);
        if (!isModifier(w) && w != "abstract") {
            i += std::max<qsizetype>(1, w.size());
            continue;
        }
        std::vector<std::pair<qsizetype, qsizetype>> modifiers;
        qsizetype k = i;
        while (isModifier(w) || w == "abstract") {
            if (isModifier(w))
                modifiers.emplace_back(k, w.size());
            k += w.size();
            while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n'))
                ++k;
            w = wordAt(k);
        }
        if (w == "class" && !modifiers.empty()) {
            for (const auto &[at, length] : modifiers) {
                for (qsizetype b = at; b < at + length; ++b)
                    out[b] = ' ';
            }
            changed = true;
        }
        i = std::max(k, i + 1);
    }
    return changed ? out : text;
}

QByteArray separateKotlinKeywordPrefixes(const QByteArray &text)
{
    // the words the scanner looks for at the start of a line (tree-sitter-kotlin 1.1.0)
    static const char *const keywords[] = {"else", "in", "instanceof", "get", "set",
                                           "constructor", "by", "as", "where"};
    QByteArray out = text;
    bool changed = false;
    const char *s = text.constData();
    const qsizetype n = text.size();
    for (qsizetype lineStart = 0; lineStart < n;) {
        qsizetype i = lineStart;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            ++i;
        for (const char *keyword : keywords) {
            const qsizetype length = qsizetype(std::strlen(keyword));
            if (i + length < n && QByteArrayView(s + i, length) == QByteArrayView(keyword)
                && (std::isdigit(uchar(s[i + length])) || s[i + length] == '_')) {
                out[i] = char(std::toupper(uchar(s[i])));
                changed = true;
                break;
            }
        }
        while (i < n && s[i] != '\n')
            ++i;
        lineStart = i + 1;
    }
    return changed ? out : text;
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
    // later lines that start with `#` (a conditional between a header and its body, a comment
    // line among the parameters) are no part of the signature
    QByteArray kept;
    if (sig.indexOf('#', 1) > 0) {
        for (qsizetype from = 0; from < sig.size();) {
            qsizetype to = sig.indexOf('\n', from);
            if (to < 0)
                to = sig.size();
            const QByteArrayView line = sig.sliced(from, to - from);
            if (from == 0 || !line.trimmed().startsWith('#')) {
                kept.append(line);
                kept.append('\n');
            }
            from = to + 1;
        }
        sig = kept;
    }
    QString s = QString::fromUtf8(sig).trimmed();
    if (s.endsWith(u':'))
        s.chop(1);
    s = s.simplified();
    if (s.endsWith(QLatin1String(" ;"))) // a blanked macro before it
        s.remove(s.size() - 2, 1);
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
    if (syntax.modulesAreDefinitions) {
        for (Def &def : defs) {
            if (def.moduleCapture && def.scopeOnly) {
                def.scopeSymbol = true;
                def.kind = ChunkKind::Module;
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
                                      const LineIndex &lines, ChunkCutter *cutter,
                                      QByteArrayView signatureSrc)
{
    if (signatureSrc.size() != src.size())
        signatureSrc = src;
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
        chunk.signature = signatureOf(def, signatureSrc);
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
        if (def.scopeOnly && !def.scopeSymbol)
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
