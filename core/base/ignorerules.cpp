#include "ignorerules.h"

#include "logging.h"
#include "paths.h"

#include <QFile>
#include <QHash>
#include <QMutex>
#include <QVarLengthArray>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace RepoLens {

namespace {

// ---------------------------------------------------------------------------------------------
// Glob matching with the semantics of git's wildmatch.c (WM_PATHNAME: '*' and '?' stop at '/',
// "**" between slashes crosses them and "**/" may match nothing; [...] sets with ranges, '!' or
// '^' negation and [:class:] names; '\' escapes), computed as a set of pattern positions over
// the text: O(pattern x text) time whatever the pattern. git's backtracking matcher is
// exponential in the number of '*' ("*a*a*a*a*a*a*a*a*b" against 60 characters took more than
// 15 s). tst_ignorerules compares the results with `git check-ignore` and with a
// backtracking reference on random patterns.

// [:name:] character classes, ASCII only (git's sane ctype). std::nullopt: unknown class name.
std::optional<bool> inCharacterClass(QByteArrayView name, uchar c)
{
    const bool upper = c >= 'A' && c <= 'Z';
    const bool lower = c >= 'a' && c <= 'z';
    const bool digit = c >= '0' && c <= '9';
    const bool alpha = upper || lower;
    const bool graph = c > 0x20 && c < 0x7f;
    if (name == "alnum")
        return alpha || digit;
    if (name == "alpha")
        return alpha;
    if (name == "blank")
        return c == ' ' || c == '\t';
    if (name == "cntrl")
        return c < 0x20 || c == 0x7f;
    if (name == "digit")
        return digit;
    if (name == "graph")
        return graph;
    if (name == "lower")
        return lower;
    if (name == "print")
        return graph || c == ' ';
    if (name == "punct")
        return graph && !alpha && !digit;
    if (name == "space")
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (name == "upper")
        return upper;
    if (name == "xdigit")
        return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    return std::nullopt;
}

// A bracket expression starting at pattern[open] ('['): whether byte c is in it, as git parses
// it. *end: the index of its closing ']'. false from *valid: git would abort the whole match
// there (no ']', a trailing '\', an unknown [:class:]), so the pattern never matches.
bool bracketContains(QByteArrayView pattern, qsizetype open, uchar c, qsizetype *end, bool *valid)
{
    const auto pat = [&](qsizetype i) -> uchar { return i < pattern.size() ? uchar(pattern[i]) : 0; };
    *valid = true;
    qsizetype p = open;
    uchar pCh = pat(++p);
    if (pCh == '^')
        pCh = '!';
    const bool negated = pCh == '!';
    if (negated)
        pCh = pat(++p);
    uchar prevCh = 0;
    bool matched = false;
    do {
        if (!pCh) {
            *valid = false;
            return false;
        }
        if (pCh == '\\') {
            pCh = pat(++p);
            if (!pCh) {
                *valid = false;
                return false;
            }
            if (c == pCh)
                matched = true;
        } else if (pCh == '-' && prevCh && pat(p + 1) && pat(p + 1) != ']') {
            pCh = pat(++p);
            if (pCh == '\\') {
                pCh = pat(++p);
                if (!pCh) {
                    *valid = false;
                    return false;
                }
            }
            if (c <= pCh && c >= prevCh)
                matched = true;
            pCh = 0; // a range cannot start another range
        } else if (pCh == '[' && pat(p + 1) == ':') {
            p += 2;
            const qsizetype nameStart = p;
            while ((pCh = pat(p)) != 0 && pCh != ']')
                ++p;
            if (!pCh) {
                *valid = false;
                return false;
            }
            const qsizetype nameLength = p - nameStart - 1;
            if (nameLength < 0 || pat(p - 1) != ':') {
                // No ":]": a plain '[' in the set.
                p = nameStart - 2;
                pCh = '[';
                if (c == pCh)
                    matched = true;
                continue;
            }
            const std::optional<bool> inClass = inCharacterClass(pattern.sliced(nameStart, nameLength), c);
            if (!inClass) {
                *valid = false;
                return false;
            }
            if (*inClass)
                matched = true;
            pCh = 0;
        } else if (c == pCh) {
            matched = true;
        }
    } while (prevCh = pCh, (pCh = pat(++p)) != ']');
    *end = p;
    return matched != negated;
}

} // namespace

namespace Glob {

// A glob compiled once (when its ignore file is read), matched many times: its tokens, read as
// git's dowild() reads the pattern, and what every match needs, checked before the set walk:
// a minimum length, the exact length when there is no star, the literal bytes it must end with.
class GlobProgram
{
public:
    // pathName: git's WM_PATHNAME ('*' and '?' stop at '/', "**" may cross it).
    GlobProgram(QByteArrayView pattern, bool pathName);

    bool matches(QByteArrayView text, qint64 *steps = nullptr) const;

private:
    enum class Kind : quint8 { Literal, Any, Set, Star, AnyStar };
    struct Token
    {
        Kind kind;
        uchar literal = 0;
        bool skipSlash = false; // "**/" may match nothing: also skip the '/' token after it
        qsizetype setStart = 0; // Set: index of its '['
    };
    bool compile();

    QByteArray m_pattern; // the bytes Set tokens point into
    bool m_pathName;
    bool m_valid = false; // false: it can never match
    bool m_hasStar = false;
    qsizetype m_minLength = 0; // bytes of text every match consumes at least
    QByteArray m_suffix;       // literal bytes every match ends with
    QVarLengthArray<Token, 16> m_tokens;
};

GlobProgram::GlobProgram(QByteArrayView pattern, bool pathName)
    : m_pattern(pattern.toByteArray()), m_pathName(pathName)
{
    m_valid = compile();
    if (!m_valid)
        return;
    const qsizetype k = m_tokens.size();
    const auto skippable = [&](qsizetype i) { // a '/' right after "**/": may match nothing
        return i > 0 && m_tokens[i - 1].skipSlash;
    };
    for (qsizetype i = 0; i < k; ++i) {
        const Kind kind = m_tokens[i].kind;
        if (kind == Kind::Star || kind == Kind::AnyStar)
            m_hasStar = true;
        else if (!skippable(i))
            ++m_minLength;
    }
    // The trailing literals after the last star consume the last bytes of any match.
    qsizetype first = k;
    while (first > 0 && m_tokens[first - 1].kind == Kind::Literal && !skippable(first - 1))
        --first;
    for (qsizetype i = first; i < k; ++i)
        m_suffix += char(m_tokens[i].literal);
}

// The pattern as tokens, read as git's dowild() reads it. false: it can never match.
bool GlobProgram::compile()
{
    const QByteArrayView pattern = m_pattern;
    const auto pat = [&](qsizetype i) -> uchar { return i < pattern.size() ? uchar(pattern[i]) : 0; };
    for (qsizetype p = 0; p < pattern.size(); ++p) {
        const uchar c = pat(p);
        if (c == 0)
            break; // git sees a C string
        switch (c) {
        case '\\':
            if (!pat(p + 1))
                return false; // a trailing backslash never matches
            m_tokens.append({Kind::Literal, pat(++p)});
            break;
        case '?':
            m_tokens.append({Kind::Any});
            break;
        case '[': {
            qsizetype end = p;
            bool valid = true;
            bracketContains(pattern, p, 0, &end, &valid);
            if (!valid)
                return false;
            Token t{Kind::Set};
            t.setStart = p;
            m_tokens.append(t);
            p = end;
            break;
        }
        case '*': {
            Token t{m_pathName ? Kind::Star : Kind::AnyStar};
            if (pat(p + 1) == '*') {
                const qsizetype prev = p - 1;
                while (pat(p + 1) == '*')
                    ++p;
                const uchar next = pat(p + 1);
                if (!m_pathName) {
                    t.kind = Kind::AnyStar;
                } else if ((prev < 0 || pat(prev) == '/')
                           && (next == 0 || next == '/' || (next == '\\' && pat(p + 2) == '/'))) {
                    t.kind = Kind::AnyStar;
                    t.skipSlash = next == '/';
                }
            }
            m_tokens.append(t);
            break;
        }
        default:
            m_tokens.append({Kind::Literal, c});
            break;
        }
    }
    return true;
}

bool GlobProgram::matches(QByteArrayView text, qint64 *steps) const
{
    if (steps)
        *steps = 0;
    if (!m_valid || text.size() < m_minLength || (!m_hasStar && text.size() != m_minLength)
        || !text.endsWith(QByteArrayView(m_suffix)))
        return false;
    const qsizetype k = m_tokens.size();
    // at[i]: the pattern is matched up to token i at the current text position; inside[i]: a
    // star at token i has consumed at least one character. "**/" may match nothing, but only
    // when entered, never after it consumed something (git: run(p + 1, t) before the loop).
    QVarLengthArray<char, 64> buffers[4];
    for (auto &b : buffers)
        b.resize(k + 1);
    char *at = buffers[0].data(), *inside = buffers[1].data();
    char *nextAt = buffers[2].data(), *nextInside = buffers[3].data();
    std::fill(at, at + k + 1, char(0));
    std::fill(inside, inside + k + 1, char(0));
    qint64 work = 0;
    const auto close = [&](char *a, const char *in) {
        // Forward edges only: one pass in order reaches the fixpoint.
        for (qsizetype i = 0; i < k; ++i) {
            const bool isStar = m_tokens[i].kind == Kind::Star || m_tokens[i].kind == Kind::AnyStar;
            if (!isStar || !(a[i] || in[i]))
                continue;
            ++work;
            a[i + 1] = 1; // the star ends here
            if (a[i] && m_tokens[i].skipSlash && i + 2 <= k)
                a[i + 2] = 1;
        }
    };
    at[0] = 1;
    close(at, inside);
    for (qsizetype t = 0; t < text.size(); ++t) {
        const uchar c = uchar(text[t]);
        const bool slash = c == '/';
        std::fill(nextAt, nextAt + k + 1, char(0));
        std::fill(nextInside, nextInside + k + 1, char(0));
        bool any = false;
        for (qsizetype i = 0; i < k; ++i) {
            if (!at[i] && !inside[i])
                continue;
            ++work;
            const Token &tok = m_tokens[i];
            switch (tok.kind) {
            case Kind::Literal:
                if (at[i] && c == tok.literal)
                    nextAt[i + 1] = any = 1;
                break;
            case Kind::Any:
                if (at[i] && !(m_pathName && slash))
                    nextAt[i + 1] = any = 1;
                break;
            case Kind::Set: {
                qsizetype end = 0;
                bool valid = true;
                if (at[i] && !(m_pathName && slash) && bracketContains(m_pattern, tok.setStart, c, &end, &valid))
                    nextAt[i + 1] = any = 1;
                break;
            }
            case Kind::Star:
                if (!slash)
                    nextInside[i] = any = 1;
                break;
            case Kind::AnyStar:
                nextInside[i] = any = 1;
                break;
            }
        }
        if (!any) {
            if (steps)
                *steps = work;
            return false;
        }
        close(nextAt, nextInside);
        std::swap(at, nextAt);
        std::swap(inside, nextInside);
    }
    if (steps)
        *steps = work;
    return at[k] != 0;
}

} // namespace Glob

bool wildMatch(QByteArrayView pattern, QByteArrayView text, bool pathName, qint64 *steps)
{
    return Glob::GlobProgram(pattern, pathName).matches(text, steps);
}

// A pattern's glob program, made when the pattern is read (GitIgnoreList::addPattern).
struct GitIgnoreList::CompiledGlob
{
    Glob::GlobProgram program;
};

namespace {

// ---------------------------------------------------------------------------------------------

enum PatternFlag : quint8 {
    Negative = 1 << 0,  // "!pattern"
    MustBeDir = 1 << 1, // "pattern/"
    NoDir = 1 << 2,     // no '/' inside: matched against the base name at any depth
    EndsWith = 1 << 3,  // "*literal"
};

// Longer lines are skipped: no real ignore file has them (matching costs pattern x path).
constexpr qsizetype kMaxPatternLength = 4096;

constexpr bool isGlobSpecial(uchar c)
{
    return c == '*' || c == '?' || c == '[' || c == '\\';
}
constexpr qint64 kMaxIgnoreFileSize = 16 * 1024 * 1024;

qsizetype literalLength(QByteArrayView pattern)
{
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        if (isGlobSpecial(uchar(pattern[i])))
            return i;
    }
    return pattern.size();
}

// git's trim_trailing_spaces(): unescaped trailing spaces go, "\ " stays.
void trimTrailingSpaces(QByteArray &line)
{
    qsizetype lastSpace = -1;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const char c = line.at(i);
        if (c == ' ') {
            if (lastSpace < 0)
                lastSpace = i;
        } else {
            if (c == '\\' && ++i >= line.size())
                return;
            lastSpace = -1;
        }
    }
    if (lastSpace >= 0)
        line.truncate(lastSpace);
}

// ---------------------------------------------------------------------------------------------
// Built-in ignores.

enum class BuiltInTarget : quint8 { Any, File, Dir };

struct BuiltInGroup
{
    const char *category;
    BuiltInTarget target;
    const char *patterns; // space-separated: "name", "*.ext", "*.suffix.ext", "prefix*"
};

// clang-format off
constexpr BuiltInGroup kBuiltInGroups[] = {
    {"VCS folder", BuiltInTarget::Any, ".git .hg .svn .bzr _darcs"},
    {"dependency folder", BuiltInTarget::Dir,
     "node_modules bower_components jspm_packages .venv venv .tox .nox"},
    {"cache folder", BuiltInTarget::Dir,
     "__pycache__ .mypy_cache .pytest_cache .ruff_cache .gradle .cache .parcel-cache "
     ".sass-cache .eslintcache"},
    {"build folder", BuiltInTarget::Dir, "dist .next .nuxt .svelte-kit *.egg-info"},
    {"IDE folder", BuiltInTarget::Dir, ".idea"},
    {"secrets", BuiltInTarget::File,
     ".env .env.* .envrc *.pem *.key *.p12 *.pfx id_rsa* id_dsa* id_ecdsa* id_ed25519* .netrc "
     ".pgpass credentials credentials.json *.keystore *.jks .npmrc .pypirc secrets.*"},
    {"lock file", BuiltInTarget::File,
     "package-lock.json npm-shrinkwrap.json yarn.lock pnpm-lock.yaml bun.lockb Cargo.lock "
     "poetry.lock Pipfile.lock uv.lock pdm.lock composer.lock Gemfile.lock go.sum flake.lock "
     "pubspec.lock Podfile.lock mix.lock packages.lock.json"},
    {"binary", BuiltInTarget::File,
     // images
     "*.png *.jpg *.jpeg *.gif *.bmp *.ico *.icns *.tif *.tiff *.webp *.avif *.heic *.heif "
     "*.psd *.xcf *.raw *.cr2 *.nef *.dng *.jxl *.exr *.hdr *.tga "
     // audio and video
     "*.mp3 *.wav *.flac *.ogg *.oga *.opus *.m4a *.aac *.wma *.aiff *.mid *.midi "
     "*.mp4 *.m4v *.mkv *.webm *.avi *.mov *.wmv *.flv *.mpg *.mpeg *.3gp "
     // archives and packages
     "*.zip *.tar *.gz *.tgz *.bz2 *.tbz2 *.xz *.txz *.zst *.7z *.rar *.lz *.lzma *.lz4 "
     "*.cab *.deb *.rpm *.dmg *.iso *.img *.apk *.aab *.ipa *.whl *.gem *.nupkg *.snap "
     // fonts
     "*.ttf *.otf *.woff *.woff2 *.eot *.pfb "
     // compiled code and libraries
     "*.so *.dll *.dylib *.a *.lib *.o *.obj *.ko *.exe *.msi *.class *.jar *.war *.ear "
     "*.pyc *.pyo *.pyd *.wasm *.dex *.beam *.elc *.pdb *.ilk *.exp *.gch *.pch "
     // documents
     "*.pdf *.doc *.docx *.xls *.xlsx *.ppt *.pptx *.odt *.ods *.odp *.pages "
     "*.numbers *.epub "
     // databases and data
     "*.sqlite *.sqlite3 *.db *.mdb *.accdb *.parquet *.arrow *.feather *.npy *.npz "
     "*.pkl *.pickle *.h5 *.hdf5 "
     // model weights
     "*.bin *.onnx *.pt *.pth *.safetensors *.ckpt *.pb *.tflite *.gguf *.ggml *.mlmodel "
     // 3D, design and misc
     "*.blend *.fbx *.glb *.stl *.swf *.sketch *.fig .DS_Store"},
    {"minified", BuiltInTarget::File, "*.min.js *.min.css *.map"},
};
// clang-format on

struct BuiltInTable
{
    struct Rule
    {
        QString text; // "built-in: secrets (*.pem)"
        BuiltInTarget target;
    };
    QList<Rule> rules;
    QHash<QByteArray, int> exact;
    QHash<QByteArray, int> extensions;                 // lower case, without the dot
    QList<std::pair<QByteArray, int>> suffixes;        // lower case, with the dot
    QList<std::pair<QByteArray, int>> prefixes;

    BuiltInTable()
    {
        for (const BuiltInGroup &group : kBuiltInGroups) {
            const QList<QByteArray> patterns = QByteArray(group.patterns).split(' ');
            for (const QByteArray &pattern : patterns) {
                if (pattern.isEmpty())
                    continue;
                const int index = int(rules.size());
                rules.append({QStringLiteral("built-in: ") + QLatin1String(group.category)
                                  + QStringLiteral(" (") + QString::fromLatin1(pattern) + u')',
                              group.target});
                if (pattern.startsWith("*.")) {
                    const QByteArray tail = pattern.mid(1);
                    if (tail.count('.') == 1) {
                        if (!extensions.contains(tail.mid(1)))
                            extensions.insert(tail.mid(1), index);
                    } else {
                        suffixes.append({tail, index});
                    }
                } else if (pattern.endsWith('*')) {
                    prefixes.append({pattern.chopped(1), index});
                } else {
                    exact.insert(pattern, index);
                }
            }
        }
    }

    bool applies(int index, bool isDir) const
    {
        switch (rules.at(index).target) {
        case BuiltInTarget::Any:
            return true;
        case BuiltInTarget::File:
            return !isDir;
        case BuiltInTarget::Dir:
            return isDir;
        }
        return false;
    }

    const QString *match(QByteArrayView name, bool isDir) const
    {
        if (name.isEmpty())
            return nullptr;
        const QByteArray key = QByteArray::fromRawData(name.data(), name.size());
        if (const auto it = exact.constFind(key); it != exact.cend() && applies(*it, isDir))
            return &rules.at(*it).text;
        for (const auto &[suffix, index] : suffixes) {
            if (name.size() >= suffix.size()
                && qstrnicmp(name.data() + name.size() - suffix.size(), suffix.constData(),
                             size_t(suffix.size())) == 0
                && applies(index, isDir)) {
                return &rules.at(index).text;
            }
        }
        for (const auto &[prefix, index] : prefixes) {
            if (name.startsWith(prefix) && applies(index, isDir))
                return &rules.at(index).text;
        }
        const qsizetype dot = name.lastIndexOf('.');
        if (dot < 0 || name.size() - dot - 1 > 16)
            return nullptr;
        QVarLengthArray<char, 16> lower;
        for (qsizetype i = dot + 1; i < name.size(); ++i) {
            const char c = name[i];
            lower.append(c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c);
        }
        const auto it = extensions.constFind(QByteArray::fromRawData(lower.data(), lower.size()));
        if (it != extensions.cend() && applies(*it, isDir))
            return &rules.at(*it).text;
        return nullptr;
    }
};

const BuiltInTable &builtInTable()
{
    static const BuiltInTable table;
    return table;
}

const QString &cmakeBuildDirRule()
{
    static const QString rule = QStringLiteral("built-in: build folder (CMakeCache.txt)");
    return rule;
}

// ---------------------------------------------------------------------------------------------
// File system helpers.

QByteArray joinPath(const QByteArray &dir, QByteArrayView name)
{
    QByteArray path;
    path.reserve(dir.size() + name.size() + 1);
    path.append(dir);
    if (!path.isEmpty() && !path.endsWith('/'))
        path.append('/');
    path.append(name.data(), name.size());
    return path;
}

QByteArray joinRelative(const QByteArray &dir, QByteArrayView name)
{
    return dir.isEmpty() ? name.toByteArray() : joinPath(dir, name);
}

// Reads a small regular file. Symlinks are not followed when noFollow is set (git refuses
// symlinked .gitignore files since 2.32); FIFOs and devices are never read, and O_NONBLOCK
// keeps opening one from blocking.
// path: absolute (dirFd AT_FDCWD) or relative to the open folder dirFd.
std::optional<QByteArray> readIgnoreFile(int dirFd, const QByteArray &path, bool noFollow)
{
    const int fd = ::openat(dirFd, path.constData(),
                            O_RDONLY | O_CLOEXEC | O_NONBLOCK | (noFollow ? O_NOFOLLOW : 0));
    if (fd < 0)
        return std::nullopt;
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxIgnoreFileSize) {
        ::close(fd);
        return std::nullopt;
    }
    QByteArray data(qsizetype(st.st_size), Qt::Uninitialized);
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::read(fd, data.data() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += n;
    }
    ::close(fd);
    data.truncate(done);
    return data;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// GitIgnoreList

GitIgnoreList GitIgnoreList::parse(QByteArrayView content, const QString &baseDir,
                                   const QString &sourceName)
{
    GitIgnoreList list;
    list.m_baseDir = baseDir;
    while (list.m_baseDir.endsWith(u'/'))
        list.m_baseDir.chop(1);
    while (list.m_baseDir.startsWith(u'/'))
        list.m_baseDir.remove(0, 1);
    list.m_base = list.m_baseDir.toUtf8();

    if (content.startsWith("\xEF\xBB\xBF"))
        content = content.sliced(3);
    int lineNumber = 1;
    qsizetype start = 0;
    while (start < content.size()) {
        const void *newline =
            std::memchr(content.data() + start, '\n', size_t(content.size() - start));
        const qsizetype end =
            newline ? static_cast<const char *>(newline) - content.data() : content.size();
        const QByteArrayView line = content.sliced(start, end - start);
        // As git: empty lines and comments are skipped before the CR of CRLF is removed.
        if (!line.isEmpty() && line.front() != '#')
            list.addPattern(line.toByteArray(), lineNumber, sourceName);
        ++lineNumber;
        start = end + 1;
    }
    return list;
}

GitIgnoreList GitIgnoreList::fromPatterns(const QStringList &patterns, const QString &sourceName)
{
    GitIgnoreList list;
    for (const QString &pattern : patterns) {
        if (!pattern.isEmpty() && !pattern.startsWith(u'#'))
            list.addPattern(pattern.toUtf8(), 0, sourceName);
    }
    return list;
}

void GitIgnoreList::addPattern(QByteArray line, int lineNumber, const QString &sourceName)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (const qsizetype nul = line.indexOf('\0'); nul >= 0)
        line.truncate(nul); // git sees a C string
    trimTrailingSpaces(line);
    if (line.isEmpty() || line.size() > kMaxPatternLength)
        return;

    Pattern pattern;
    const QString text = QString::fromUtf8(line);
    if (lineNumber > 0)
        pattern.rule =
            sourceName + u':' + QString::number(lineNumber) + QStringLiteral(": ") + text;
    else
        pattern.rule = sourceName + QStringLiteral(": ") + text;

    QByteArrayView body = line;
    if (body.front() == '!') {
        pattern.flags |= Negative;
        body = body.sliced(1);
    }
    if (!body.isEmpty() && body.back() == '/') {
        pattern.flags |= MustBeDir;
        body.chop(1);
    }
    if (!body.contains('/'))
        pattern.flags |= NoDir;
    pattern.literalLength = literalLength(body);
    if (body.startsWith('*') && literalLength(body.sliced(1)) == body.size() - 1)
        pattern.flags |= EndsWith;
    if (!(pattern.flags & NoDir) && body.startsWith('/')) {
        // Anchored: relative to the base folder either way.
        body = body.sliced(1);
        --pattern.literalLength;
    }
    pattern.glob = body.toByteArray();
    // What matches() hands to the glob matcher, compiled now rather than at every entry.
    const bool literal = pattern.literalLength == pattern.glob.size();
    if ((pattern.flags & NoDir) && !literal && !(pattern.flags & EndsWith)) {
        pattern.program = std::make_shared<const CompiledGlob>(CompiledGlob{Glob::GlobProgram(pattern.glob, false)});
    } else if (!(pattern.flags & NoDir) && !literal) {
        pattern.program = std::make_shared<const CompiledGlob>(
            CompiledGlob{Glob::GlobProgram(QByteArrayView(pattern.glob).sliced(pattern.literalLength), true)});
    }
    m_patterns.append(std::move(pattern));
}

bool GitIgnoreList::matches(const Pattern &pattern, QByteArrayView name,
                            QByteArrayView baseName) const
{
    const QByteArrayView glob = pattern.glob;
    if (pattern.flags & NoDir) {
        if (pattern.literalLength == glob.size())
            return baseName == glob;
        if (pattern.flags & EndsWith)
            return baseName.endsWith(glob.sliced(1));
        return pattern.program->program.matches(baseName);
    }
    // As git's match_pathname(): the literal prefix is compared first and the glob matcher
    // only sees the rest (which affects whether a "**" counts as one).
    const qsizetype prefix = pattern.literalLength;
    if (prefix > 0) {
        if (prefix > name.size() || std::memcmp(glob.data(), name.data(), size_t(prefix)) != 0)
            return false;
    }
    if (!pattern.program) // all literal: the prefix was everything
        return name.size() == glob.size();
    return pattern.program->program.matches(name.sliced(prefix));
}

std::optional<IgnoreMatch> GitIgnoreList::matchUtf8(QByteArrayView relPath, bool isDir) const
{
    if (m_patterns.isEmpty() || relPath.isEmpty())
        return std::nullopt;
    QByteArrayView name = relPath;
    if (!m_base.isEmpty()) {
        if (relPath.size() <= m_base.size() || relPath[m_base.size()] != '/'
            || !relPath.startsWith(m_base)) {
            return std::nullopt;
        }
        name = relPath.sliced(m_base.size() + 1);
    }
    const QByteArrayView baseName = relPath.sliced(relPath.lastIndexOf('/') + 1);
    for (auto it = m_patterns.crbegin(); it != m_patterns.crend(); ++it) {
        if ((it->flags & MustBeDir) && !isDir)
            continue;
        if (matches(*it, name, baseName))
            return IgnoreMatch{!(it->flags & Negative), it->rule};
    }
    return std::nullopt;
}

std::optional<IgnoreMatch> GitIgnoreList::match(QStringView relPath, bool isDir) const
{
    return matchUtf8(relPath.toUtf8(), isDir);
}

// ---------------------------------------------------------------------------------------------
// IgnoreRules

struct IgnoreConfig
{
    QStringList patterns;
    std::shared_ptr<const GitIgnoreList> settings; // null without extra patterns
    bool builtIns = true;
};

namespace {
struct DirIgnoreFiles
{
    std::shared_ptr<const GitIgnoreList> gitignore;
    std::shared_ptr<const GitIgnoreList> repolensignore;
    std::shared_ptr<const GitIgnoreList> infoExclude; // root only
    bool hasCMakeCache = false;
};
} // namespace

struct IgnoreRulesPrivate
{
    QString rootDir;
    QByteArray rootPath; // encoded for the file system

    QMutex mutex;
    std::shared_ptr<const IgnoreConfig> config = std::make_shared<IgnoreConfig>();
    QHash<QByteArray, std::shared_ptr<const DirIgnoreFiles>> dirs;

    std::shared_ptr<const IgnoreConfig> currentConfig()
    {
        QMutexLocker locker(&mutex);
        return config;
    }

    // listed: the folder is open (dirFd) and its listing says which of the files exist; null:
    // probe each one by its path from the root.
    std::shared_ptr<const DirIgnoreFiles> dirFiles(const QByteArray &relDir, int dirFd = -1,
                                                   const ListedIgnoreFiles *listed = nullptr)
    {
        {
            QMutexLocker locker(&mutex);
            if (const auto it = dirs.constFind(relDir); it != dirs.cend())
                return *it;
        }
        // Read outside the lock: concurrent loads of one folder are harmless.
        auto files = std::make_shared<const DirIgnoreFiles>(listed ? loadListed(relDir, dirFd, *listed)
                                                                   : load(relDir));
        QMutexLocker locker(&mutex);
        if (const auto it = dirs.constFind(relDir); it != dirs.cend())
            return *it;
        dirs.insert(relDir, files);
        return files;
    }

    std::shared_ptr<const GitIgnoreList> loadList(int dirFd, const QByteArray &path, bool noFollow,
                                                  const QByteArray &relDir,
                                                  const QString &sourceName) const
    {
        const std::optional<QByteArray> content = readIgnoreFile(dirFd, path, noFollow);
        if (!content)
            return nullptr;
        auto list = std::make_shared<const GitIgnoreList>(
            GitIgnoreList::parse(*content, QString::fromUtf8(relDir), sourceName));
        if (list->isEmpty())
            return nullptr;
        qCDebug(lcBase) << "ignore file" << sourceName << list->size() << "patterns";
        return list;
    }

    DirIgnoreFiles load(const QByteArray &relDir) const
    {
        DirIgnoreFiles files;
        const QByteArray absDir = relDir.isEmpty() ? rootPath : joinPath(rootPath, relDir);
        const QString prefix = relDir.isEmpty() ? QString() : QString::fromUtf8(relDir) + u'/';
        files.gitignore = loadList(AT_FDCWD, joinPath(absDir, ".gitignore"), true, relDir,
                                   prefix + QStringLiteral(".gitignore"));
        files.repolensignore = loadList(AT_FDCWD, joinPath(absDir, ".repolensignore"), true, relDir,
                                        prefix + IgnoreRules::ignoreFileName());
        if (relDir.isEmpty()) {
            files.infoExclude = loadList(AT_FDCWD, joinPath(absDir, ".git/info/exclude"), false, relDir,
                                         QStringLiteral(".git/info/exclude"));
        }
        struct stat st = {};
        files.hasCMakeCache =
            ::fstatat(AT_FDCWD, joinPath(absDir, "CMakeCache.txt").constData(), &st,
                      AT_SYMLINK_NOFOLLOW)
                == 0
            && S_ISREG(st.st_mode);
        return files;
    }

    // The same for a folder below the root that the caller has open and listed: only the files
    // the listing names are read, relative to the folder (no lookups from the root, none of
    // files that are not there).
    DirIgnoreFiles loadListed(const QByteArray &relDir, int dirFd, const ListedIgnoreFiles &listed) const
    {
        DirIgnoreFiles files;
        const QString prefix = QString::fromUtf8(relDir) + u'/';
        if (listed.gitignore)
            files.gitignore = loadList(dirFd, ".gitignore", true, relDir, prefix + QStringLiteral(".gitignore"));
        if (listed.repolensignore) {
            files.repolensignore = loadList(dirFd, ".repolensignore", true, relDir,
                                            prefix + IgnoreRules::ignoreFileName());
        }
        struct stat st = {};
        files.hasCMakeCache = listed.cmakeCache
                              && ::fstatat(dirFd, "CMakeCache.txt", &st, AT_SYMLINK_NOFOLLOW) == 0
                              && S_ISREG(st.st_mode);
        return files;
    }
};

IgnoreRules::IgnoreRules(const QString &rootDir) : d(std::make_shared<IgnoreRulesPrivate>())
{
    d->rootDir = rootDir;
    d->rootPath = encodePath(rootDir);
    while (d->rootPath.size() > 1 && d->rootPath.endsWith('/'))
        d->rootPath.chop(1);
}

IgnoreRules::~IgnoreRules() = default;

QString IgnoreRules::rootDir() const
{
    return d->rootDir;
}

void IgnoreRules::setExtraPatterns(const QStringList &patterns)
{
    QMutexLocker locker(&d->mutex);
    auto config = std::make_shared<IgnoreConfig>(*d->config);
    config->patterns = patterns;
    auto list = std::make_shared<const GitIgnoreList>(
        GitIgnoreList::fromPatterns(patterns, QStringLiteral("settings")));
    config->settings = list->isEmpty() ? nullptr : std::move(list);
    d->config = std::move(config);
}

QStringList IgnoreRules::extraPatterns() const
{
    return d->currentConfig()->patterns;
}

void IgnoreRules::setBuiltInsEnabled(bool enabled)
{
    QMutexLocker locker(&d->mutex);
    auto config = std::make_shared<IgnoreConfig>(*d->config);
    config->builtIns = enabled;
    d->config = std::move(config);
}

bool IgnoreRules::builtInsEnabled() const
{
    return d->currentConfig()->builtIns;
}

IgnoreScope IgnoreRules::rootScope() const
{
    IgnoreScope scope;
    scope.d = d;
    scope.m_config = d->currentConfig();
    const auto files = d->dirFiles(QByteArray());
    if (files->infoExclude)
        scope.m_gitLists.append(files->infoExclude);
    if (files->gitignore)
        scope.m_gitLists.append(files->gitignore);
    if (files->repolensignore)
        scope.m_userLists.append(files->repolensignore);
    return scope;
}

IgnoreMatch IgnoreRules::match(const QString &relPath, bool isDir) const
{
    const QByteArray path = relPath.toUtf8();
    QVarLengthArray<QByteArrayView, 16> parts;
    qsizetype start = 0;
    while (start <= path.size()) {
        qsizetype end = path.indexOf('/', start);
        if (end < 0)
            end = path.size();
        const QByteArrayView part = QByteArrayView(path).sliced(start, end - start);
        if (!part.isEmpty() && part != ".")
            parts.append(part);
        start = end + 1;
    }
    if (parts.isEmpty())
        return {};
    IgnoreScope scope = rootScope();
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        IgnoreMatch parent = scope.match(parts[i], true);
        if (parent.ignored)
            return parent;
        scope = scope.descend(parts[i]);
    }
    return scope.match(parts.back(), isDir);
}

void IgnoreRules::invalidate(const QString &relDir)
{
    QByteArray key = relDir.toUtf8();
    while (key.endsWith('/'))
        key.chop(1);
    while (key.startsWith('/'))
        key.remove(0, 1);
    QMutexLocker locker(&d->mutex);
    d->dirs.remove(key);
}

void IgnoreRules::invalidateAll()
{
    QMutexLocker locker(&d->mutex);
    d->dirs.clear();
}

std::optional<IgnoreMatch> IgnoreRules::builtInMatch(QStringView name, bool isDir)
{
    const QByteArray utf8 = name.toUtf8();
    if (const QString *rule = builtInTable().match(utf8, isDir))
        return IgnoreMatch{true, *rule};
    return std::nullopt;
}

QString IgnoreRules::ignoreFileName()
{
    return QStringLiteral(".repolensignore");
}

// ---------------------------------------------------------------------------------------------
// IgnoreScope

IgnoreMatch IgnoreScope::match(QByteArrayView nameUtf8, bool isDir) const
{
    return match(nameUtf8, isDir, nullptr);
}

IgnoreMatch IgnoreScope::matchDeferringProbe(QByteArrayView nameUtf8, bool isDir, bool *deferred) const
{
    *deferred = false;
    return match(nameUtf8, isDir, deferred);
}

// deferred: non-null when the folder's content probe (CMakeCache.txt) may be left to
// descendListed(); set when it was.
IgnoreMatch IgnoreScope::match(QByteArrayView nameUtf8, bool isDir, bool *deferred) const
{
    if (!d || nameUtf8.isEmpty())
        return {};
    const QByteArray path = joinRelative(m_dir, nameUtf8);

    if (m_config->settings) {
        if (auto hit = m_config->settings->matchUtf8(path, isDir))
            return std::move(*hit);
    }
    for (auto it = m_userLists.crbegin(); it != m_userLists.crend(); ++it) {
        if (auto hit = (*it)->matchUtf8(path, isDir))
            return std::move(*hit);
    }
    if (m_config->builtIns) {
        if (const QString *rule = builtInTable().match(nameUtf8, isDir))
            return {true, *rule};
        if (isDir && deferred) {
            // The probe outranks the .gitignore files: it can wait only when none of them decides.
            const bool gitDecides = std::any_of(m_gitLists.cbegin(), m_gitLists.cend(), [&](const auto &list) {
                return list->matchUtf8(path, isDir).has_value();
            });
            if (!gitDecides) {
                *deferred = true;
                return {};
            }
        }
        if (isDir && d->dirFiles(path)->hasCMakeCache)
            return {true, cmakeBuildDirRule()};
    }
    for (auto it = m_gitLists.crbegin(); it != m_gitLists.crend(); ++it) {
        if (auto hit = (*it)->matchUtf8(path, isDir))
            return std::move(*hit);
    }
    return {};
}

IgnoreMatch IgnoreScope::match(QStringView name, bool isDir) const
{
    return match(QByteArrayView(name.toUtf8()), isDir);
}

IgnoreScope IgnoreScope::descendListed(QByteArrayView nameUtf8, int dirFd, const ListedIgnoreFiles &listed,
                                       IgnoreMatch *folderMatch) const
{
    if (folderMatch)
        *folderMatch = {};
    if (!d)
        return {};
    IgnoreScope child(*this);
    child.m_dir = joinRelative(m_dir, nameUtf8);
    const auto files = d->dirFiles(child.m_dir, dirFd, &listed);
    if (folderMatch && m_config->builtIns && files->hasCMakeCache)
        *folderMatch = {true, cmakeBuildDirRule()};
    if (files->gitignore)
        child.m_gitLists.append(files->gitignore);
    if (files->repolensignore)
        child.m_userLists.append(files->repolensignore);
    return child;
}

IgnoreScope IgnoreScope::descend(QByteArrayView nameUtf8) const
{
    if (!d)
        return {};
    IgnoreScope child(*this);
    child.m_dir = joinRelative(m_dir, nameUtf8);
    const auto files = d->dirFiles(child.m_dir);
    if (files->gitignore)
        child.m_gitLists.append(files->gitignore);
    if (files->repolensignore)
        child.m_userLists.append(files->repolensignore);
    return child;
}

} // namespace RepoLens
