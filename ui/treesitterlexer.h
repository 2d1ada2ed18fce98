#pragma once

#include "codetheme.h"

#include "core/parse/highlighter.h"
#include "core/parse/language.h"

#include <Qsci/qscilexercustom.h>

#include <QList>

#include <vector>

namespace RepoLens {

// A QsciLexerCustom fed by tree-sitter highlight spans (core/parse/highlighter.h). The spans
// are computed on a worker thread for the whole document and handed over with setSpans();
// styleText() only copies them into Scintilla's style buffer, so it is cheap on the GUI thread.
// One style per CodeTheme::Category.
class TreeSitterLexer : public QsciLexerCustom
{
    Q_OBJECT
public:
    TreeSitterLexer(LanguageId language, const CodeTheme &theme, QObject *parent = nullptr);

    LanguageId languageId() const { return m_language; }
    const char *language() const override;
    const char *lexer() const override { return nullptr; }
    QString description(int style) const override;
    void styleText(int start, int end) override;

    QColor defaultColor(int style) const override;
    QColor defaultPaper(int style) const override;
    QFont defaultFont(int style) const override;

    void setTheme(const CodeTheme &theme);
    void setSpans(const QList<HighlightSpan> &spans);
    bool hasSpans() const { return !m_runs.empty(); }
    // The style at a byte position (tests).
    int styleAtByte(int position) const;

private:
    struct Run
    {
        int start;
        int end;
        int style;
    };
    LanguageId m_language;
    QByteArray m_name;
    CodeTheme m_theme;
    std::vector<Run> m_runs;
};

} // namespace RepoLens
