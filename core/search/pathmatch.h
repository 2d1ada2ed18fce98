#pragma once

#include "stage.h"

#include <QHash>
#include <QSet>
#include <QList>
#include <QString>
#include <QStringList>

namespace RepoLens {

class FileStore;

// The words of a path: its file name's stem split into identifier parts ("StringUtils.java" ->
// string, utils) and each folder's, lowercased and lightly stemmed.
struct PathWords
{
    QStringList stem;
    QStringList folders;
    quint64 genericStem = 0; // bit i: stem word i (of the first 64) is a generic one ("utils", "impl")
    bool isGenericStem(qsizetype i) const;
};
PathWords pathWords(const QString &path);

// Plural and verb endings off, lowercased, a final consonant + y as i (as Porter does):
// "aliases" -> "alias", "generators" -> "generator", "binding" -> "bind", "parsed" -> "pars",
// "utilities" and "utility" -> "utiliti", "cookies" -> "cooki".
QString lightStem(const QString &word);

// A query word and a path word (both stemmed) name the same thing: equal, or one a prefix of the
// other of at least 3 characters and half the longer ("util" ~ "utility", "serial" ~ "serialize").
bool wordsMatch(const QString &queryWord, const QString &pathWord);

// The query's words for path matching: identifiers split into parts, stopwords (but not "class",
// "function", "method", "file", "code") and one- or two-letter words dropped, stemmed,
// deduplicated, in order.
QStringList pathQueryWords(const QString &queryText);

// How well a path names the query: the share of the query's words found in the file name (1 each)
// or only in its folders (1/2 each), times 0.75 + 0.25 x the share of the file name's words the
// query names (generic ones such as "utils" left out); 0 when no specific word of the file name
// matches. Project words (in the folders of most candidate files: "absl", "rails", "handler" in
// a tree of handlers) say nothing about which file: they count only when the file name has them,
// and not in the share's denominator.
double pathMatchScore(const QStringList &queryWords, const PathWords &words, QStringList *matched = nullptr,
                      const QSet<QString> &projectWords = {}, double positionDecay = 0);

// Files by the words of their names, to find files named by a query that no retriever returned.
class PathWordIndex
{
public:
    static PathWordIndex load(const FileStore &files);
    // Indexed files whose name has a word matching one of `queryWords`, with their paths.
    QHash<qint64, QString> filesNamedBy(const QStringList &queryWords) const;
    // Indexed files by their file name's stem ("app" for src/flask/app.py), in path order.
    QList<qint64> filesWithStem(const QString &stem) const { return m_byStem.value(stem); }
    QString path(qint64 fileId) const { return m_paths.value(fileId); }
    const QHash<qint64, QString> &paths() const { return m_paths; }
    // pathWords() of an indexed file, computed once at load (the path's, for another file).
    PathWords wordsOf(qint64 fileId, const QString &path) const;

private:
    QList<QPair<QString, qint64>> m_words; // (stem word, file id), sorted
    QHash<qint64, QString> m_paths;
    QHash<qint64, PathWords> m_pathWords; // the folders' lists shared between files of a folder
    QHash<QString, QList<qint64>> m_byStem;
};

// Lifts candidates whose file or folder names the query's words ("array utility operations"
// -> ArrayUtils.java), by a share of the top score, and adds the best chunk of strongly named
// files that no generator returned.
class PathMatch : public SearchStage
{
public:
    QString name() const override { return QStringLiteral("path match"); }
    Result<void> run(QueryContext &context) const override;
};

} // namespace RepoLens
