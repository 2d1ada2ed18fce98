#pragma once

#include "stage.h"

#include <QHash>
#include <QSet>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

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

// File-name words that say nothing about what a file does ("utils", "impl", "index").
bool isGenericPathWord(const QString &word);

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
// Each word of the indexed paths is held once, by number; the folders' words once per folder.
class PathWordIndex
{
public:
    static PathWordIndex load(const FileStore &files);
    // Indexed files whose name has a word (not a generic one) matching one of `queryWords`,
    // by id.
    QList<qint64> filesNamedBy(const QStringList &queryWords) const;
    // Indexed files by their file name's stem ("app" for src/flask/app.py), in path order.
    QList<qint64> filesWithStem(const QString &stem) const { return m_byStem.value(stem); }
    QString path(qint64 fileId) const { return m_paths.value(fileId); }
    const QHash<qint64, QString> &paths() const { return m_paths; }

    // pathWords() of an indexed file as word numbers.
    struct Words
    {
        QList<int> stem;
        int folder = -1; // folderWords()'s argument
        quint64 genericStem = 0;
    };
    const Words *find(qint64 fileId) const;
    const QList<int> &folderWords(int folder) const { return m_folders.at(folder); }
    const QString &word(int word) const { return m_vocabulary.at(word); }
    qsizetype wordCount() const { return m_vocabulary.size(); }

private:
    QStringList m_vocabulary;
    QList<QPair<QString, int>> m_nameWords;   // (word, its number) of the files' names, generic ones left out, sorted
    QHash<int, QList<qint64>> m_filesByWord;  // such a word -> the files whose name has it
    QHash<qint64, Words> m_words;
    QList<QList<int>> m_folders;
    QHash<qint64, QString> m_paths;
    QHash<QString, QList<qint64>> m_byStem;
};

// pathMatchScore() for many paths and one query: which of the query's words (at most the first
// 64) each path word matches is worked out once per word, as most paths share their folders'
// words; the file name's words are read first, and a path none of whose specific ones matches
// scores 0 without its folders being read.
class PathQuery
{
public:
    // `wholeStems`: a query word matches a path word only when their stems are the same (a query
    // of names: "Depends" names params.py's `Depends`, not the folder dependencies/); otherwise
    // also when one is a prefix of the other (wordsMatch()).
    explicit PathQuery(const QStringList &queryWords, const PathWordIndex *index = nullptr, bool wholeStems = false);
    // Bit j: query word j matches the path word.
    quint64 mask(const QString &pathWord) const;
    // Bit j: query word j is one of `queryWords`.
    quint64 maskOfWords(const QSet<QString> &queryWords) const;
    // Bit j: query word j matches a word of the file's folders (the index's words when it holds
    // the file, the path's otherwise).
    quint64 folderMask(qint64 fileId, const QString &path) const;
    // As pathMatchScore(), with the project words as a mask of the query's words; `matched` is
    // filled only when the score is above 0.
    double score(const PathWords &words, QStringList *matched = nullptr, quint64 projectMask = 0,
                 double positionDecay = 0) const;
    // score() of a file: the index's words when it holds the file, the path's otherwise.
    double score(qint64 fileId, const QString &path, QStringList *matched = nullptr, quint64 projectMask = 0,
                 double positionDecay = 0) const;

private:
    quint64 matchMask(const QString &pathWord) const; // mask(), not remembered
    quint64 wordMask(int word) const;
    quint64 folderMask(int folder) const;
    quint64 folderMask(const PathWords &words) const;

    QStringList m_words;
    const PathWordIndex *m_index = nullptr;
    bool m_wholeStems = false;
    mutable QHash<QString, quint64> m_masks;                 // by path word
    mutable std::vector<std::optional<quint64>> m_wordMasks; // by the index's word number
    mutable QHash<int, quint64> m_folderMasks;               // by the index's folder number
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
