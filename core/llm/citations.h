#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace RepoLens {

// A source reference written in an answer.
struct CitationMatch
{
    enum class Kind { Number, PathLines, Path };
    Kind kind = Kind::Number;
    int offset = 0;       // in the scanned text (UTF-16)
    int length = 0;
    QList<int> numbers;   // [3], [1, 2], [2-4]
    QString path;         // as written
    int startLine = 0;    // 0: no line given
    int endLine = 0;
};

// Finds citations in a piece of prose: "[3]", "[1, 2]", "[2-4]", "path:line", "path:start-end",
// "path:L10-L20", "path#L10-L20", "path (lines 10-20)", and bare paths ("src/a.py", and file
// names with a known extension such as "config.py"). Not: array indexing ("a[1]"), Markdown
// links ("[1](url)"), URLs ("https://host/a.py"), version numbers. Pure; safe to fuzz.
QList<CitationMatch> findCitations(QStringView text);

// One numbered context chunk as the checker sees it.
struct CitedChunk
{
    QString path;
    int startLine = 0;
    int endLine = 0;
};

// What the checker knows about the index: every indexed file with its line count, and the
// numbered chunks sent with the question. A value: build it on a worker thread, use it anywhere.
class CitationIndex
{
public:
    void addFile(const QString &path, int lineCount);
    void setChunks(const QList<CitedChunk> &chunks) { m_chunks = chunks; }
    void setRootName(const QString &name) { m_rootName = name; }
    const QList<CitedChunk> &chunks() const { return m_chunks; }
    int fileCount() const { return int(m_lines.size()); }
    QStringList paths() const { return m_lines.keys(); }
    bool isEmpty() const { return m_lines.isEmpty(); }

    // -1 for an unknown file, 0 when the length is unknown.
    int lineCount(const QString &path) const { return m_lines.value(path, -1); }
    // The indexed path a written one means: exactly that path relative to the folder, also
    // written with "./" or the folder's own name in front. Nothing else: "README.md" does not
    // mean "src/pkg/README.md". Empty when unknown; *ambiguous set when several files end with
    // the written path.
    QString resolvePath(const QString &written, bool *ambiguous = nullptr) const;
    // Indexed paths ending with the written one on whole components (for the reason shown).
    QStringList candidates(const QString &written) const;

private:
    QHash<QString, int> m_lines;
    QHash<QString, QStringList> m_byFileName;
    QList<CitedChunk> m_chunks;
    QString m_rootName;
};

struct CheckedCitation
{
    enum class Problem { None, UnknownNumber, UnknownPath, AmbiguousPath, LineOutOfRange };
    CitationMatch match;
    bool valid = false;
    // An unresolved bare file name ("setup.py" said in passing) is not marked invalid: quiet.
    bool quiet = false;
    Problem problem = Problem::None;
    QString path;         // resolved path (for a number: its chunk's); as written when invalid
    int startLine = 0;
    int endLine = 0;
    QString detail;       // English: "no file src/foo.py in the index", "line 400 > 120 lines"
};

CheckedCitation checkCitation(const CitationMatch &match, const CitationIndex &index);

// Every citation in an answer outside fenced code blocks, checked.
QList<CheckedCitation> checkCitations(const QString &answer, const CitationIndex &index);

} // namespace RepoLens
