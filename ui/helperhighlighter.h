#pragma once

#include "highlighter.h"
#include "syntaxhelper.h"

#include <Qsci/qscilexercustom.h>

#include <QHash>

#include <vector>

namespace RepoLens {

// A QsciLexerCustom fed with the KSyntaxHighlighting helper's spans. Styles 0..30 are the
// theme's text styles (KSyntaxHighlighting::Theme::TextStyle); a format with colours of its own
// (a definition's or the chosen theme's override) gets a style from 40 up.
class HelperLexer : public QsciLexerCustom
{
    Q_OBJECT
public:
    explicit HelperLexer(const CodeTheme &theme, QObject *parent = nullptr);

    const char *language() const override { return "RepoLens.KSyntaxHighlighting"; }
    const char *lexer() const override { return nullptr; }
    QString description(int style) const override;
    void styleText(int start, int end) override;
    QColor defaultColor(int style) const override;
    QColor defaultPaper(int style) const override;
    QFont defaultFont(int style) const override;

    void setTheme(const CodeTheme &theme);
    void clearRuns();
    // Adds the spans of one block that starts at byte `base`; recolours that block.
    void addSpans(int base, int blockLength, const SyntaxHelper::Spans &spans);
    int styleAtByte(int position) const;
    int runCount() const { return int(m_runs.size()); }
    // The KSyntaxHighlighting text style a style number stands for.
    int textStyleOf(int style) const;

    static constexpr int kFirstFormatStyle = 40;

private:
    struct Run
    {
        int start;
        int end;
        int style;
    };
    struct Custom
    {
        SyntaxHelper::Format format;
    };
    int styleFor(const SyntaxHelper::Format &format);
    void applyStyle(int style);

    CodeTheme m_theme;
    std::vector<Run> m_runs;
    QHash<QByteArray, int> m_customByKey;
    QList<Custom> m_custom; // style kFirstFormatStyle + i
};

// Highlights through the repolens-highlighter process, block by block (kLinesPerBlock lines
// per request, each starting from the state the previous block ended in), so a large file is
// coloured from the top while the rest is still being worked on.
class HelperHighlighter : public Highlighter
{
    Q_OBJECT
public:
    HelperHighlighter(SyntaxHelper *helper, const CodeTheme &theme, QObject *parent = nullptr);

    static constexpr int kLinesPerBlock = 2000;

    Backend backend() const override { return Backend::SyntaxHelper; }
    QsciLexer *lexer() const override { return m_lexer; }
    HelperLexer *helperLexer() const { return m_lexer; }
    void setTheme(const CodeTheme &theme) override;
    void highlight(const LoadedFile &file, const QString &fileName) override;
    bool isFinished() const override { return m_finished; }
    int blocksDone() const { return m_blocks; }

Q_SIGNALS:
    // One more block of lines is highlighted (`blocks` so far).
    void blockHighlighted(int blocks);

private:
    void requestNext();
    void giveUp(const QString &reason);
    void finish();

    SyntaxHelper *m_helper;
    HelperLexer *m_lexer;
    QString m_themeName;
    QByteArray m_text;
    QString m_fileName;
    QString m_mimeType;
    int m_offset = 0;
    quint32 m_state = 0;
    int m_blocks = 0;
    bool m_finished = true;
    quint64 m_generation = 0;
};

} // namespace RepoLens
